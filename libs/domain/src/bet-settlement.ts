/**
 * Which combinations of a bet type win, and how its pool is split: the settle functions the bet-type
 * table (bet-types.ts) names per type. The pool maths itself is pari-mutuel.ts.
 */
import { interestKey, type Pool, type PoolSettlement, settlePickPool, settleSharedPool } from './pari-mutuel';

/** Each leg's official order (program numbers, winner first), in ticket order: one for single-race types. */
export type LegOrders = readonly (readonly number[])[];

/** The interests that win outright from the official result (Pick N also pays consolation). */
export type WinningInterests = (orders: LegOrders) => string[];

/** The pari-mutuel settlement of one pool of a type from the official result. */
export type PoolSettler = (pool: Pool, orders: LegOrders) => PoolSettlement;

/** What a bet-type table entry names to settle its pools. */
export interface Settlement {
  /** The combinations that win outright (a Pick N's consolation aside). */
  readonly winningInterests: WinningInterests;
  /** How the pool is split: prices per winning interest, or a refund, or a carryover. */
  readonly settle: PoolSettler;
}

function firstLeg(orders: LegOrders): readonly number[] {
  return orders[0] ?? [];
}

function legWinners(orders: LegOrders): number[] {
  return orders.map((o) => o[0] as number);
}

/** Win 1, Place 2, Show 3: each of the first `places` finishers is a winning interest of its own. */
export function topFinishers(places: number): WinningInterests {
  return (orders) => firstLeg(orders).slice(0, places).map(String);
}

/**
 * Exacta, Trifecta, Superfecta (in order) and Quinella (`unordered`, an ascending pair): the first
 * `n` finishers as one combination; none when fewer than `n` finished.
 */
export function finishingCombination(n: number, unordered: boolean): WinningInterests {
  return (orders) => {
    const top = firstLeg(orders).slice(0, n);
    return top.length < n ? [] : [interestKey(top, unordered)];
  };
}

/** Daily Double and Pick N: each leg's winner, as one sequence. */
export const legWinnerSequence: WinningInterests = (orders) => [interestKey(legWinners(orders))];

/**
 * Win, Place, Show, the exotics and the Daily Double: the winning interests share the profit in
 * equal shares (settleSharedPool); everyone is refunded when nobody holds one.
 */
export function settledOutright(winningInterests: WinningInterests): Settlement {
  return { winningInterests, settle: (pool, orders) => settleSharedPool(pool, winningInterests(orders)) };
}

/** Pick N: the most races correct share the net pool; carried over when no ticket has a race right. */
export const settledWithConsolation: Settlement = {
  winningInterests: legWinnerSequence,
  settle: (pool, orders) => settlePickPool(pool, legWinners(orders)),
};
