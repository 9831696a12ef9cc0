import type { BetTypeName } from '@furlong/domain';
import type { ListResponse } from './api';
import type { RoomJoinRefusal } from './race-events';

/**
 * Wagering over REST and Socket.IO: placing a slip (POST /api/bets with an `Idempotency-Key`
 * header), the betting history (GET /api/me/bets, GET /api/users/{id}/bets), the tote board
 * (GET /api/current_races/{id}/tote and the `tote:update` event in the room `tote:{id}`).
 * Money is always integer cents.
 */

/** Bet type names: owned by the domain's bet-type table. */
export type { BetTypeName } from '@furlong/domain';

/** The header that makes POST /api/bets safe to retry. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export const WAGER_LIMITS = {
  /** Bets on one slip. */
  maxBetsPerSlip: 20,
  /**
   * Largest base amount per combination ($10,000.00). The smallest and its step come from the
   * domain (minimumAmountCents: $1 in whole dollars, 10¢ for Trifecta, Superfecta and Pick N).
   */
  maxAmountCents: 1_000_000,
  /** Idempotency key: 8–100 characters of [A-Za-z0-9_.:-]. */
  idempotencyKeyPattern: '^[A-Za-z0-9_.:-]{8,100}$',
} as const;

export const BET_STATUSES = ['pending', 'won', 'lost', 'refunded'] as const;
export type BetStatusName = (typeof BET_STATUSES)[number];

/**
 * One bet of a slip.
 * - `race_ids`: the current races the bet covers, in order (one for single-race types, 2 for the
 *   Daily Double, N for Pick N; consecutive races of one track's card).
 * - `selections`: program numbers (post positions) per slot. Ordered types (Exacta, Trifecta,
 *   Superfecta) have one slot per finishing position; unordered single-race types (Win, Place,
 *   Show, Quinella) one slot holding the horses; multi-race types one slot per leg. Several numbers
 *   in a slot make a key or a wheel; `box: true` with one slot boxes its horses.
 * - `amount_cents`: the base amount per combination; the bet costs combinations × amount.
 */
export interface BetRequest {
  bet_type: BetTypeName;
  race_ids: number[];
  amount_cents: number;
  selections: number[][];
  box: boolean;
}

/** POST /api/bets (header `Idempotency-Key` required): the whole slip, all or nothing. */
export interface PlaceBetsRequest {
  bets: BetRequest[];
}

/** One bet as placed. */
export interface PlacedBet {
  id: number;
  /** Position on the slip. */
  slip_index: number;
  bet_type: BetTypeName;
  race_ids: number[];
  selections: number[][];
  box: boolean;
  amount_cents: number;
  combinations: number;
  /** What it cost: combinations × amount_cents. */
  total_cents: number;
  status: BetStatusName;
}

/** 201 from POST /api/bets; a replay with the same key answers the same body again. */
export interface PlaceBetsResponse {
  idempotency_key: string;
  bets: PlacedBet[];
  /** Sum of the bets' totals. */
  total_cents: number;
  /** The wallet after the debit. */
  balance_cents: number;
}

/** One leg (race) of a bet in the history. */
export interface BetLegView {
  leg: number;
  current_race_id: number;
  race_name: string;
  race_number: number;
  race_date: string;
  post_time: string;
  track_id: number;
  track_name: string;
  status: string;
}

/** One bet of GET /api/me/bets and GET /api/users/{id}/bets. */
export interface BetView {
  id: number;
  /** ISO instant the bet was accepted. */
  bet_date: string;
  bet_type: BetTypeName;
  legs: BetLegView[];
  selections: number[][];
  box: boolean;
  amount_cents: number;
  combinations: number;
  total_cents: number;
  status: BetStatusName;
  payout_cents: number;
  settled_at: string | null;
}

export type BetListResponse = ListResponse<BetView>;

/** Sort keys of the betting history (`sort=`, `order=asc|desc`; default bet_date desc). */
export const BET_SORTS = ['bet_date', 'total_cents', 'payout_cents', 'status'] as const;
export type BetSort = (typeof BET_SORTS)[number];

/** Money on one program number in a win, place or show pool. */
export interface ToteRunner {
  post_position: number;
  horse_name: string;
  /** Morning line as "5-2". */
  morning_line: string;
  win_cents: number;
  place_cents: number;
  show_cents: number;
  /** Tote win odds to 1 (e.g. 2.5 means 5-2), from the win pool after takeout; null with no money on it. */
  win_odds: number | null;
  /** The same as a board shows it, e.g. "5-2". */
  win_odds_display: string | null;
}

/** One pool of the race (per sequence for Daily Double and Pick N, keyed by its first race). */
export interface TotePool {
  bet_type: BetTypeName;
  /** The races of the pool (one, or the sequence). */
  race_ids: number[];
  gross_cents: number;
  /** Takeout as a fraction, e.g. 0.16. */
  takeout: number;
  /** What the pool pays from: gross − takeout, plus any carryover in (which is not taxed again). */
  net_cents: number;
  /** Pick N: carried in from an earlier pool of the type at this track (0 otherwise). */
  carryover_cents: number;
}

/** Exacta probable: what $2 pays on first-second, from the exacta pool. */
export interface ExactaProbable {
  first: number;
  second: number;
  /** Payout of a $2 ticket in cents; null with no money on the combination. */
  payout_cents: number | null;
}

/**
 * Daily Double probables of the double starting at this race: what a $2 ticket pays on each
 * leg-1 horse × leg-2 horse, as a grid (rows: leg-1 horses with money on them; columns: `second`).
 */
export interface DailyDoubleProbables {
  /** The two races of the double. */
  race_ids: number[];
  /** Leg 1's official winner once its result is in (then only its row is given), else null. */
  leg1_winner: number | null;
  /** Program numbers of leg 2's field: the columns of every row. */
  second: number[];
  rows: DailyDoubleRow[];
}

export interface DailyDoubleRow {
  /** Leg-1 program number. */
  first: number;
  /** Payout of a $2 ticket in cents for (first, second[j]); null with no money on it. */
  payouts_cents: (number | null)[];
}

/** Pick N will-pays of a pool whose last leg is this race. */
export interface PickWillPays {
  bet_type: BetTypeName;
  race_ids: number[];
  carryover_cents: number;
  /** Winners of the earlier legs, in order, once they are all official; null before. */
  winners: number[] | null;
  /**
   * Once every earlier leg is official and this one has not run: what a $2 ticket with every
   * earlier winner and each horse of this race pays; null before (and after this race is official).
   */
  will_pays: PickWillPay[] | null;
}

export interface PickWillPay {
  post_position: number;
  /** Payout of a $2 ticket in cents; null when no ticket holds that sequence. */
  payout_cents: number | null;
}

/** GET /api/current_races/{id}/tote and the `tote:update` event. */
export interface ToteView {
  race_id: number;
  status: string;
  /** True from the close on: the board no longer moves and is what settlement pays from. */
  frozen: boolean;
  /** ISO instant of the figures (the racing clock). */
  as_of: string;
  pools: TotePool[];
  runners: ToteRunner[];
  exacta_probables: ExactaProbable[];
  /** The Daily Double starting at this race; null when it has no pool. */
  daily_double: DailyDoubleProbables | null;
  /** Every Pick N pool whose last leg is this race. */
  pick_will_pays: PickWillPays[];
}

export const toteRoom = (raceId: number): string => `tote:${raceId}`;

export type ToteJoinReply = { ok: true; tote: ToteView } | RoomJoinRefusal;
