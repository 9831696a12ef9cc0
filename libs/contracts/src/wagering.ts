import { BET_TYPE_NAMES, expandCombinations, findBetType, parseCalendarDate, validateBet } from '@furlong/domain';
import { z } from 'zod';
import {
  defineOperation,
  idParams,
  isoDate,
  isoDateTime,
  listResponseSchema,
  queryDate,
  queryEnum,
  queryInteger,
} from './api';
import { scratchedRunnerSchema } from './program';

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

const INT_MAX = 2_147_483_647;

const betTypeSchema = z.enum(BET_TYPE_NAMES);
const betStatusSchema = z.enum(BET_STATUSES);
const selectionsSchema = z
  .array(z.array(z.int().min(1).max(99)).max(24))
  .min(1)
  .max(10)
  .meta({
    description: 'program numbers per slot: one list (Win/Place/Show/Quinella/box), one per position, or one per leg',
    examples: [[[4], [1, 7]]],
  });

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
export const betRequestSchema = z
  .object({
    bet_type: betTypeSchema,
    race_ids: z.array(z.int().min(1).max(INT_MAX)).min(1).max(10).describe('one per leg, in order'),
    amount_cents: z
      .int()
      .min(1)
      .max(WAGER_LIMITS.maxAmountCents)
      .meta({ description: 'base amount per combination', examples: [200] }),
    selections: selectionsSchema,
    box: z.boolean().default(false),
  })
  .meta({ id: 'BetRequest' });
export type BetRequest = z.infer<typeof betRequestSchema>;

/** POST /api/bets (header `Idempotency-Key` required): the whole slip, all or nothing. */
export const placeBetsRequestSchema = z
  .object({ bets: z.array(betRequestSchema).min(1).max(WAGER_LIMITS.maxBetsPerSlip) })
  .strict()
  .meta({ id: 'PlaceBetsRequest' });
/** What a client sends (`box` may be left out: false). */
export type PlaceBetsRequest = z.input<typeof placeBetsRequestSchema>;

// The checks of a slip, in the order and with the field names (`bets[i].field`) a 400 has always
// given: the slip's shape first; then each bet's fields, and only for a bet whose fields are
// fine its bet type and the domain's rules, so one 400 names every bad bet.
const slipFieldsSchema = z.object({ bets: z.array(z.unknown()).min(1).max(WAGER_LIMITS.maxBetsPerSlip) }).strict();
const betFieldsSchema = betRequestSchema.extend({ bet_type: z.string().max(40) });

function checkSlip(body: unknown, ctx: z.RefinementCtx): unknown {
  const slip = slipFieldsSchema.safeParse(body);
  if (!slip.success) {
    for (const issue of slip.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return body;
  }
  slip.data.bets.forEach((raw, index) => {
    const problem = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
    const parsed = betFieldsSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [head, ...rest] = issue.path.map(String);
        const path = head ? `.${head}${rest.map((p) => `[${p}]`).join('')}` : '';
        problem(`bets[${index}]${path}`, issue.message);
      }
      return;
    }
    const { bet_type, ...fields } = parsed.data;
    const betType = findBetType(bet_type)?.name;
    if (betType === undefined) {
      problem(`bets[${index}].bet_type`, `Unknown bet type '${bet_type}'.`);
      return;
    }
    const bet = { bet_type: betType, ...fields };
    const verdict = validateBet(bet);
    if (!verdict.ok) {
      for (const p of verdict.problems) problem(`bets[${index}].${p.field}`, p.reason);
      return;
    }
    const expanded = expandCombinations(bet);
    if (!expanded.ok) problem(`bets[${index}].selections`, expanded.reason);
  });
  return body;
}

/** The slip as the server reads it: every bet checked against the bet-type rules (but not yet against its races). */
const placeBetsBodySchema = z.preprocess(checkSlip, placeBetsRequestSchema);

/**
 * The `Idempotency-Key` header (Express hands header names over in lower case). A missing or
 * malformed key is named `Idempotency-Key`, as the client sends it.
 */
export const idempotencyHeadersSchema = z
  .object({
    'idempotency-key': z
      .string()
      .optional()
      .meta({
        description: `${IDEMPOTENCY_HEADER}: 8-100 characters [A-Za-z0-9_.:-]; a retry with the same key is carried out at most once`,
        param: { required: true },
        override: { pattern: WAGER_LIMITS.idempotencyKeyPattern },
      }),
  })
  .superRefine((headers, ctx) => {
    const key = headers['idempotency-key'];
    if (key !== undefined && new RegExp(WAGER_LIMITS.idempotencyKeyPattern).test(key)) return;
    ctx.addIssue({
      code: 'custom',
      path: [IDEMPOTENCY_HEADER],
      message:
        key === undefined
          ? 'the header is required'
          : `must be 8-100 characters of letters, digits, '_', '.', ':' or '-'`,
    });
  });
export type IdempotencyHeaders = z.output<typeof idempotencyHeadersSchema>;

/** One bet as placed. */
export const placedBetSchema = z
  .object({
    id: z.int(),
    /** Position on the slip. */
    slip_index: z.int().describe('position on the slip'),
    bet_type: betTypeSchema,
    race_ids: z.array(z.int()),
    selections: selectionsSchema,
    box: z.boolean(),
    amount_cents: z.int(),
    combinations: z.int(),
    /** What it cost: combinations × amount_cents. */
    total_cents: z.int().describe('combinations × amount_cents'),
    status: betStatusSchema,
  })
  .meta({ id: 'PlacedBet' });
export type PlacedBet = z.infer<typeof placedBetSchema>;

/** 201 from POST /api/bets; a replay with the same key answers the same body again. */
export const placeBetsResponseSchema = z
  .object({
    idempotency_key: z.string(),
    bets: z.array(placedBetSchema),
    /** Sum of the bets' totals. */
    total_cents: z.int().describe("sum of the bets' totals"),
    /** The wallet after the debit. */
    balance_cents: z.int().describe('the wallet after the debit'),
  })
  .meta({ id: 'PlaceBetsResponse' });
export type PlaceBetsResponse = z.infer<typeof placeBetsResponseSchema>;

/** One leg (race) of a bet in the history. */
export const betLegViewSchema = z
  .object({
    leg: z.int(),
    current_race_id: z.int(),
    race_name: z.string(),
    race_number: z.int(),
    race_date: isoDate(),
    post_time: isoDateTime(),
    track_id: z.int(),
    track_name: z.string(),
    status: z.string().describe('the phase of the race'),
  })
  .meta({ id: 'BetLegView' });
export type BetLegView = z.infer<typeof betLegViewSchema>;

/** A selected runner named: program number and horse. */
export const betRunnerSchema = z.object({ program_number: z.int(), horse_name: z.string() }).meta({ id: 'BetRunner' });
export type BetRunner = z.infer<typeof betRunnerSchema>;

/** One bet of GET /api/me/bets and GET /api/users/{id}/bets. */
export const betViewSchema = z
  .object({
    id: z.int(),
    /** ISO instant the bet was accepted. */
    bet_date: isoDateTime().describe('the instant the bet was accepted'),
    bet_type: betTypeSchema,
    legs: z.array(betLegViewSchema),
    selections: selectionsSchema,
    /** The selections named: slot by slot as `selections`, each program number with its horse. */
    selection_runners: z
      .array(z.array(betRunnerSchema))
      .describe('slot by slot as selections: each program number with its horse (in that slot’s race)'),
    box: z.boolean(),
    amount_cents: z.int(),
    combinations: z.int(),
    total_cents: z.int(),
    status: betStatusSchema,
    payout_cents: z.int(),
    /** What scratches gave back (combinations naming a scratched runner); the rest of the ticket stayed in play. */
    refunded_cents: z
      .int()
      .describe('what scratches gave back (combinations naming a scratched runner); the rest stayed in play'),
    settled_at: isoDateTime().nullable(),
  })
  .meta({ id: 'BetView' });
export type BetView = z.infer<typeof betViewSchema>;

export const betListResponseSchema = listResponseSchema(betViewSchema).meta({ id: 'BetListResponse' });
export type BetListResponse = z.infer<typeof betListResponseSchema>;

/** Sort keys of the betting history (`sort=`, `order=asc|desc`; default bet_date desc). */
export const BET_SORTS = ['bet_date', 'total_cents', 'payout_cents', 'status'] as const;
export type BetSort = (typeof BET_SORTS)[number];

/** GET /api/me/bets and /api/users/{id}/bets: a page of the history, newest first by default. */
export const betHistoryQuerySchema = z
  .object({
    limit: queryInteger(1, 200, 25),
    offset: queryInteger(0, 10_000_000, 0),
    sort: queryEnum(BET_SORTS, 'bet_date'),
    order: queryEnum(['asc', 'desc'], 'desc'),
    status: queryEnum(BET_STATUSES),
    race_id: queryInteger(1, INT_MAX).meta({ description: 'only the bets with a leg in this current race' }),
  })
  .strict();
export type BetHistoryQuery = z.output<typeof betHistoryQuerySchema>;

/** Money on one program number in a win, place or show pool. */
export const toteRunnerSchema = z
  .object({
    post_position: z.int(),
    horse_name: z.string(),
    /** Morning line as "5-2". */
    morning_line: z.string().meta({ examples: ['5-2'] }),
    win_cents: z.int(),
    place_cents: z.int(),
    show_cents: z.int(),
    /** Tote win odds to 1 (e.g. 2.5 means 5-2), from the win pool after takeout; null with no money on it. */
    win_odds: z.number().nullable().describe('to 1 (2.5 means 5-2), from the win pool after takeout'),
    /** The same as a board shows it, e.g. "5-2". */
    win_odds_display: z.string().nullable(),
  })
  .meta({ id: 'ToteRunner' });
export type ToteRunner = z.infer<typeof toteRunnerSchema>;

/** One pool of the race (per sequence for Daily Double and Pick N, keyed by its first race). */
export const totePoolSchema = z
  .object({
    bet_type: betTypeSchema,
    /** The races of the pool (one, or the sequence). */
    race_ids: z.array(z.int()),
    gross_cents: z.int(),
    /** Takeout as a fraction, e.g. 0.16. */
    takeout: z.number().describe('a fraction, e.g. 0.16'),
    /** What the pool pays from: gross − takeout, plus any carryover in (which is not taxed again). */
    net_cents: z.int().describe('gross − takeout, plus any carryover in'),
    /** Pick N: carried in from an earlier pool of the type at this track (0 otherwise). */
    carryover_cents: z.int(),
  })
  .meta({ id: 'TotePool' });
export type TotePool = z.infer<typeof totePoolSchema>;

/** Exacta probable: what $2 pays on first-second, from the exacta pool. */
export const exactaProbableSchema = z
  .object({
    first: z.int(),
    second: z.int(),
    /** Payout of a $2 ticket in cents; null with no money on the combination. */
    payout_cents: z.int().nullable(),
  })
  .meta({ id: 'ExactaProbable' });
export type ExactaProbable = z.infer<typeof exactaProbableSchema>;

export const dailyDoubleRowSchema = z
  .object({
    /** Leg-1 program number. */
    first: z.int(),
    /** Payout of a $2 ticket in cents for (first, second[j]); null with no money on it. */
    payouts_cents: z.array(z.int().nullable()),
  })
  .meta({ id: 'DailyDoubleRow' });
export type DailyDoubleRow = z.infer<typeof dailyDoubleRowSchema>;

/**
 * Daily Double probables of the double starting at this race: what a $2 ticket pays on each
 * leg-1 horse × leg-2 horse, as a grid (rows: leg-1 horses with money on them; columns: `second`).
 */
export const dailyDoubleProbablesSchema = z
  .object({
    /** The two races of the double. */
    race_ids: z.array(z.int()),
    /**
     * Leg 1's official winner once its result is in (then only its row is given), else null; in a
     * dead heat the lowest program number, with every dead-heated winner in `leg1_winners`.
     */
    leg1_winner: z.int().nullable(),
    /** Every official winner of leg 1 (more than one in a dead heat, each with its row); null before. */
    leg1_winners: z.array(z.int()).min(1).nullable(),
    /** Program numbers of leg 2's field: the columns of every row. */
    second: z.array(z.int()),
    rows: z.array(dailyDoubleRowSchema),
  })
  .meta({ id: 'DailyDoubleProbables' });
export type DailyDoubleProbables = z.infer<typeof dailyDoubleProbablesSchema>;

export const pickWillPaySchema = z
  .object({
    post_position: z.int(),
    /** Payout of a $2 ticket in cents; null when no ticket holds that sequence. */
    payout_cents: z.int().nullable(),
  })
  .meta({ id: 'PickWillPay' });
export type PickWillPay = z.infer<typeof pickWillPaySchema>;

/** Pick N will-pays of a pool whose last leg is this race. */
export const pickWillPaysSchema = z
  .object({
    bet_type: betTypeSchema,
    race_ids: z.array(z.int()),
    carryover_cents: z.int(),
    /**
     * Winners of the earlier legs, in order, once they are all official; null before. A leg won in a
     * dead heat shows the lowest program number here and every dead-heated winner in `leg_winners`.
     */
    winners: z.array(z.int()).nullable(),
    /**
     * Every winner of each earlier leg (more than one where horses dead-heated for the win: a ticket
     * with any of them has the leg right, and the will-pays count them all); null with `winners`.
     */
    leg_winners: z.array(z.array(z.int()).min(1)).nullable(),
    /**
     * Once every earlier leg is official and this one has not run: what a $2 ticket with every
     * earlier winner and each horse of this race pays; null before (and after this race is official).
     */
    will_pays: z.array(pickWillPaySchema).nullable(),
  })
  .meta({ id: 'PickWillPays' });
export type PickWillPays = z.infer<typeof pickWillPaysSchema>;

/** GET /api/current_races/{id}/tote and the `tote:update` event. */
export const toteViewSchema = z
  .object({
    race_id: z.int(),
    status: z.string(),
    /** True from the close on: the board no longer moves and is what settlement pays from. */
    frozen: z.boolean().describe('from the close on: the board no longer moves and is what settlement pays from'),
    /** ISO instant of the figures (the racing clock). */
    as_of: isoDateTime().describe('the instant of the figures (the racing clock)'),
    pools: z.array(totePoolSchema),
    runners: z.array(toteRunnerSchema),
    exacta_probables: z.array(exactaProbableSchema),
    /** The Daily Double starting at this race; null when it has no pool. */
    daily_double: dailyDoubleProbablesSchema.nullable(),
    /** Every Pick N pool whose last leg is this race. */
    pick_will_pays: z.array(pickWillPaysSchema),
    /** The state's price rules the prices are worked with (a client's own estimates use them too). */
    price_rules: z
      .object({
        /** What a winning $1 returns at least, stake included (105: $2.10 per $2). */
        min_price_per_dollar_cents: z.int(),
        /** Profit per $1 is broken down to a multiple of this (10: dime, 5: nickel). */
        breakage_cents: z.int(),
      })
      .describe('the minimum price and the breakage the prices are worked with'),
    /** Runners scratched (not on the board: their money was refunded, or goes to their leg's favourite). */
    scratched: z.array(scratchedRunnerSchema).describe('runners scratched, by post position (not on the board)'),
  })
  .meta({ id: 'ToteView' });
export type ToteView = z.infer<typeof toteViewSchema>;

/**
 * The `tote:odds` event: what a bet moves at once — the pools' totals and each runner's money and
 * win odds — without the probables and will-pays (the next `tote:update`, every few seconds, brings
 * those). A client merges it into the board it holds.
 */
export const toteOddsSchema = toteViewSchema
  .pick({ race_id: true, status: true, frozen: true, as_of: true, pools: true, runners: true })
  .meta({ id: 'ToteOdds' });
export type ToteOdds = z.infer<typeof toteOddsSchema>;

// ─── Results with payoffs ────────────────────────────────────────────────────────────────────────

/**
 * What a pool came to: paid its winners (all correct, or a Pick N consolation), paid a fallback
 * class (nobody held the winning combination: the published rules' next class, e.g. the winner
 * first, any second), refunded, carried over, or not yet settled.
 */
export const POOL_OUTCOMES = [
  'paid',
  'consolation',
  'fallback',
  'refunded',
  'carried_over',
  'pending',
  'not_recorded',
] as const;
export type PoolOutcomeName = (typeof POOL_OUTCOMES)[number];

/** One winning combination of a settled pool, as the settlement priced and kept it. */
export const poolPayoffSchema = z
  .object({
    /** The combination as the pool keys it: '4', '4-1-7', a quinella '1-4' (ascending), one horse per leg for a sequence. */
    combination: z.string().meta({ examples: ['4-1-7'] }),
    /** What $1 returns, stake included (cents; profit broken to the dime, at least $1.05). */
    price_per_dollar_cents: z.int().describe('what $1 returns, stake included (broken to the dime, at least $1.05)'),
    /** What a winning ticket of the pool's base amount is paid. */
    base_payout_cents: z.int().describe("what a winning ticket of the pool's base amount is paid"),
    /** What a winning $2 ticket is paid. */
    two_dollar_payout_cents: z.int().describe('what a winning $2 ticket is paid'),
    /** Money on the combination when the pool was settled. */
    winning_cents: z.int().describe('money on the combination when the pool was settled'),
    /** What the pool paid on it: winning × price per $1. */
    paid_cents: z.int().describe('what the pool paid on it: winning × price per $1'),
    /** Pick N: races the combination has right (fewer than the legs for a consolation); null otherwise. */
    races_correct: z.int().nullable(),
    /**
     * Paid as a fallback class (nobody held the winning combination): the class's pattern, '3-*' the
     * winner first and any second, '*-5' any first and the runner-up second, '3-5-*'; '4/6' either
     * of a dead heat. Null for a winning combination.
     */
    paid_class: z
      .string()
      .nullable()
      .describe(
        "the fallback class it was paid as ('3-*': the winner first, any second); null for a winning combination",
      )
      .meta({ examples: ['3-*'] }),
  })
  .meta({ id: 'PoolPayoff' });
export type PoolPayoffView = z.infer<typeof poolPayoffSchema>;

/** One pool that ended with the race (its own, and the Daily Double or Pick N whose last leg it is). */
export const resultPoolSchema = z
  .object({
    bet_type: betTypeSchema,
    /** The races of the pool (one, or the sequence ending with this race). */
    race_ids: z.array(z.int()),
    /** The smallest ticket of the type, which its payoff is quoted per ($1, or 10¢). */
    base_amount_cents: z.int().describe('the smallest ticket of the type ($1 or 10¢): the payoff is quoted per it'),
    outcome: z.enum(POOL_OUTCOMES),
    gross_cents: z.int(),
    /** Gross − takeout, plus any carryover in: what the pool paid from (a refunded pool gave back its gross instead). */
    net_cents: z.int().describe('gross − takeout, plus any carryover in (a refunded pool gave back its gross instead)'),
    /** Pick N: carried into this pool from the last one of its type at the track. */
    carryover_in_cents: z.int(),
    /** Pick N: carried on to the next pool of its type at the track (nobody had a race right, or refunded). */
    carried_over_cents: z.int(),
    /** Winning combinations, best paid first; empty unless paid or a consolation. */
    payoffs: z.array(poolPayoffSchema),
  })
  .meta({ id: 'ResultPool' });
export type ResultPool = z.infer<typeof resultPoolSchema>;

/** A horse's $2 Win, Place and Show prices (null: that pool paid nothing on it). */
export const straightPricesSchema = z
  .object({
    finish_position: z.int(),
    post_position: z.int(),
    horse_name: z.string(),
    win_cents: z.int().nullable(),
    place_cents: z.int().nullable(),
    show_cents: z.int().nullable(),
  })
  .meta({ id: 'StraightPrices' });
export type StraightPrices = z.infer<typeof straightPricesSchema>;

/** GET /api/current_races/{id}/payoffs: what a finished race paid, as every result board leads with. */
export const racePayoffsSchema = z
  .object({
    current_race_id: z.int(),
    /** Every pool that ends with this race has been settled or refunded: the figures are final. */
    settled: z.boolean().describe('every pool ending with this race is settled or refunded: the figures are final'),
    /** The first three finishers with their $2 Win, Place and Show prices. */
    win_place_show: z.array(straightPricesSchema),
    /** Each pool ending with this race, in the bet-type table's order. */
    pools: z.array(resultPoolSchema),
  })
  .meta({ id: 'RacePayoffs' });
export type RacePayoffs = z.infer<typeof racePayoffsSchema>;

/** One live result of GET /api/race_results. */
export const raceResultSummarySchema = z
  .object({
    result_id: z.int(),
    current_race_id: z.int(),
    race_name: z.string(),
    race_number: z.int(),
    track_id: z.int(),
    track_name: z.string(),
    /** The card's day at the track. */
    race_date: isoDate(),
    post_time: isoDateTime(),
    finished_at: isoDateTime(),
    runners: z.int(),
    winner_post_position: z.int(),
    winner_horse_id: z.int(),
    winner_name: z.string(),
    /** What a winning $2 Win ticket paid; null until the win pool is settled (or when it was refunded). */
    win_payoff_cents: z.int().nullable().describe('what a $2 Win ticket on the winner paid; null until settled'),
  })
  .meta({ id: 'RaceResultSummary' });
export type RaceResultSummary = z.infer<typeof raceResultSummarySchema>;

export const raceResultListResponseSchema = listResponseSchema(raceResultSummarySchema).meta({
  id: 'RaceResultListResponse',
});
export type RaceResultListResponse = z.infer<typeof raceResultListResponseSchema>;

export const RACE_RESULTS_DEFAULT_LIMIT = 25;
export const RACE_RESULTS_MAX_LIMIT = 100;

/** GET /api/race_results: recent live results, newest first; all tracks, or one track, one day. */
export const raceResultListQuerySchema = z
  .object({
    track_id: queryInteger(1, INT_MAX),
    date: queryDate()
      .refine((text) => text === undefined || parseCalendarDate(text) !== null, {
        error: (issue) => `must be a date YYYY-MM-DD, got '${String(issue.input).slice(0, 40)}'`,
      })
      .meta({ description: "the card's day at the track (YYYY-MM-DD)" }),
    limit: queryInteger(1, RACE_RESULTS_MAX_LIMIT, RACE_RESULTS_DEFAULT_LIMIT),
    offset: queryInteger(0, INT_MAX, 0),
  })
  .strict();
export type RaceResultListQuery = z.output<typeof raceResultListQuerySchema>;

export const wageringApi = {
  placeBets: defineOperation({
    method: 'post',
    path: '/bets',
    tags: ['wagering'],
    access: 'session',
    summary: 'Place a slip of bets, all or nothing; a replay of the Idempotency-Key answers the first answer',
    description:
      'Every bet is checked first (a 400 names each bad `bets[i].field`), then in one transaction the key is ' +
      "claimed, each race must still take bets by the server's racing clock, and the wallet is debited into the pools.",
    headers: idempotencyHeadersSchema,
    body: placeBetsBodySchema,
    status: 201,
    response: placeBetsResponseSchema,
    errors: {
      400: 'a bad slip: every bad bets[i].field named; or a missing or malformed Idempotency-Key',
      401: 'not signed in',
      409: 'betting closed, or insufficient funds',
      422: 'the key was used for another slip',
    },
  }),
  myBets: defineOperation({
    method: 'get',
    path: '/me/bets',
    tags: ['wagering'],
    access: 'session',
    summary: 'Your bets (limit, offset, sort=bet_date|total_cents|payout_cents|status, order, status, race_id)',
    query: betHistoryQuerySchema,
    status: 200,
    response: betListResponseSchema,
    errors: { 400: 'a bad query parameter', 401: 'not signed in' },
  }),
  userBets: defineOperation({
    method: 'get',
    path: '/users/{id}/bets',
    tags: ['wagering'],
    access: 'session',
    summary: "A user's bets: your own, or any as an admin (403 otherwise)",
    params: idParams(),
    query: betHistoryQuerySchema,
    status: 200,
    response: betListResponseSchema,
    errors: { 400: 'a bad id or query parameter', 401: 'not signed in', 403: "another user's bets, not as an admin" },
  }),
  tote: defineOperation({
    method: 'get',
    path: '/current_races/{id}/tote',
    tags: ['wagering'],
    access: 'public',
    summary: "A race's tote board: pool totals, money per horse, win odds beside the morning line, exacta probables",
    params: idParams(),
    status: 200,
    response: toteViewSchema,
    errors: { 400: 'a bad id', 404: 'no such race' },
  }),
  racePayoffs: defineOperation({
    method: 'get',
    path: '/current_races/{id}/payoffs',
    tags: ['wagering'],
    access: 'public',
    summary: "A finished race's payoffs: $2 Win/Place/Show prices, each pool's winning combinations and totals",
    description:
      'The prices the settlement kept (they never change once settled), quoted per the base amount of the type and per $2; ' +
      'the Daily Double and every Pick N whose last leg is the race, with carryovers; refunds said as such.',
    params: idParams(),
    status: 200,
    response: racePayoffsSchema,
    errors: { 400: 'a bad id', 404: 'no such race, or it has not finished' },
  }),
  raceResults: defineOperation({
    method: 'get',
    path: '/race_results',
    tags: ['wagering'],
    access: 'public',
    summary: 'Recent live results, newest first, with the winner and its $2 win price (track_id, date, limit, offset)',
    query: raceResultListQuerySchema,
    status: 200,
    response: raceResultListResponseSchema,
    errors: { 400: 'a bad filter or page parameter' },
  }),
};

export const toteRoom = (raceId: number): string => `tote:${raceId}`;
