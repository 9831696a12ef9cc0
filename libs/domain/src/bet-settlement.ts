/**
 * Which combinations of a bet type win, and how its pool is split: the settle functions the bet-type
 * table (bet-types.ts) names per type. The pool maths itself is pari-mutuel.ts.
 *
 * Dead heats: a finish is a list of rank groups; runners whose recorded times are equal share a
 * group and every place it spans. Win, Place and Show split the profit by the places each horse
 * holds (Ohio Admin. Code 3769-13-16 for a dead heat for win; Illinois 11 IAC 301.30(c)(2) and
 * California 4 CCR 1972 for place and show); the exotics pay every combination the dead heat makes
 * winning, the profit split equally among them.
 *
 * No winning ticket: before a refund each type pays its published fallback classes in order: win
 * pays the second-place finisher (Va. 11VAC10-20-320), place the third, show the fourth; exacta the
 * tickets with the winner first, then the runner-up second (Conn. Agencies Regs. 12-574-A18);
 * quinella the pairs with the winner, then the runner-up; trifecta and superfecta the first two
 * (three) in order, then fewer (Kan. Admin. Regs. 112-9-40a); the Daily Double the leg-1 winner's
 * tickets, then the leg-2 winner's (Ill. 11 IAC 303.20), and with its second race cancelled the
 * leg-1 winner's tickets (Cal. 4 CCR 1957(g)). Refund only when no class has a ticket.
 */
import {
  equalShares,
  interestKey,
  type LegWinners,
  type PayingClass,
  type PayingTier,
  type Pool,
  type PoolMoney,
  type PoolSettlement,
  refundPool,
  settlePickPool,
  settleTiers,
} from './pari-mutuel';

/** A race's official finish as rank groups, winner first: [[3], [5, 7], [2]] (5 and 7 dead-heated for second). */
export type Finish = readonly (readonly number[])[];

/** Each leg's finish in ticket order (one for single-race types); null for a leg that was cancelled. */
export type LegFinishes = readonly (Finish | null)[];

/** The interests that win outright (the first paying tier's combinations). */
export type WinningInterests = (legs: readonly Finish[]) => string[];

/** Settle options of a pool's type: the Pick N major share (0: all to the most races correct). */
export interface SettleOptions {
  majorShare?: number;
}

/** The pari-mutuel settlement of one pool of a type from the official finishes. */
export type PoolSettler = (pool: Pool, legs: LegFinishes, options?: SettleOptions) => PoolSettlement;

/** What a bet-type table entry names to settle its pools. */
export interface Settlement {
  /** The combinations that win outright (fallback classes and a Pick N consolation aside). */
  readonly winningInterests: WinningInterests;
  /** How the pool is split: prices per winning interest, a fallback class, a refund or a carryover. */
  readonly settle: PoolSettler;
}

/** A finish without dead heats: every horse its own place. */
export function finishOf(order: readonly number[]): Finish {
  return order.map((h) => [h]);
}

/**
 * A finish from stored places (equal finish positions dead-heated), ordered by position; within a
 * group by program number.
 */
export function finishFromPositions(rows: readonly { post_position: number; finish_position: number }[]): Finish {
  const sorted = [...rows].sort((a, b) => a.finish_position - b.finish_position || a.post_position - b.post_position);
  const groups: number[][] = [];
  let last: number | undefined;
  for (const r of sorted) {
    if (r.finish_position === last) (groups[groups.length - 1] as number[]).push(r.post_position);
    else groups.push([r.post_position]);
    last = r.finish_position;
  }
  return groups;
}

/**
 * Finish positions from recorded times (equal times dead-heat): the standard competition ranking,
 * 1, 2, 2, 4. `times` in finishing order; answers the position of each.
 */
export function finishPositions(times: readonly number[]): number[] {
  return times.map((t, i) => {
    let first = i;
    while (first > 0 && times[first - 1] === t) first--;
    return first + 1;
  });
}

/** Whether a finish has any dead heat. */
export function hasDeadHeat(finish: Finish): boolean {
  return finish.some((g) => g.length > 1);
}

/** The horses that may hold place `p` (0-based): the group spanning it (empty past the field). */
function holders(finish: Finish, p: number): readonly number[] {
  let start = 0;
  for (const g of finish) {
    if (p < start + g.length) return g;
    start += g.length;
  }
  return [];
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Win 1, Place 2, Show 3: each horse's weight is the number of paying places its group spans over its size. */
function straightTier(finish: Finish, places: number): PayingTier {
  const parts: { horse: number; spans: number; size: number }[] = [];
  let start = 0;
  for (const g of finish) {
    const spans = Math.max(0, Math.min(start + g.length, places) - start);
    if (spans > 0) for (const h of g) parts.push({ horse: h, spans, size: g.length });
    start += g.length;
  }
  // Whole-number weights: spans × L / size, L the least common multiple of the group sizes.
  const l = parts.reduce((acc, p) => (acc * p.size) / gcd(acc, p.size), 1);
  return parts.map((p) => ({ interests: [String(p.horse)], weight: (p.spans * l) / p.size }));
}

/** The first group wholly after the paying places (the fallback of Win, Place and Show). */
function nextGroup(finish: Finish, places: number): readonly number[] {
  let start = 0;
  for (const g of finish) {
    if (start >= places) return g;
    start += g.length;
  }
  return [];
}

/**
 * Win 1, Place 2, Show 3: the horses in the first `places` places share the profit by the places
 * they hold; with none of them backed, the next finisher (second for win, third for place, fourth
 * for show) is paid.
 */
export function straightPool(places: number): Settlement {
  const winningInterests: WinningInterests = (legs) => straightTier(legs[0] ?? [], places).flatMap((c) => c.interests);
  return {
    winningInterests,
    settle: (pool, legs) => {
      const finish = legs[0];
      if (!finish) return refundPool(pool);
      // The next finisher(s) as a fallback class each, labelled by program number.
      const next = nextGroup(finish, places).map((h) => ({ interests: [String(h)], weight: 1, label: String(h) }));
      return settleTiers(pool, [straightTier(finish, places), next]);
    },
  };
}

/** Every ordering of the first `n` places that the finish allows (dead heats make several). */
function orderings(finish: Finish, n: number): number[][] {
  const out: number[][] = [];
  const walk = (prefix: number[]): void => {
    if (prefix.length === n) {
      out.push(prefix);
      return;
    }
    for (const h of holders(finish, prefix.length)) if (!prefix.includes(h)) walk([...prefix, h]);
  };
  walk([]);
  return out;
}

function unique(keys: readonly string[]): string[] {
  return [...new Set(keys)];
}

/**
 * One fallback class: the keys of `money` whose horse in each slot is one of `sets[slot]` (null:
 * any), or for a quinella whose pair holds one of each set; paid at one price.
 */
function classOf(money: PoolMoney, sets: readonly (readonly number[] | null)[], unordered: boolean): PayingClass {
  const interests = Object.keys(money).filter((key) => {
    const tuple = key.split('-').map(Number);
    if (unordered) return sets.every((s) => s === null || tuple.some((h) => s.includes(h)));
    return sets.every((s, i) => s === null || s.includes(tuple[i] as number));
  });
  // '3-*': 3 first, any second; a quinella's '3-*' is any pair with 3; '4/6' either of a dead heat.
  const label = [...sets.map((s) => (s === null ? '*' : s.join('/'))), ...(unordered ? ['*'] : [])].join('-');
  return { interests, weight: 1, label };
}

/**
 * Exacta, Trifecta, Superfecta (in order) and Quinella (`unordered`, an ascending pair): the first
 * `n` places as one combination (every ordering a dead heat allows, equal shares); with none backed,
 * the fallback classes: ordered types the first n−1, then fewer, places right in order (an exacta:
 * the winner first, then the runner-up second); a quinella the pairs with the winner, then the
 * runner-up.
 */
export function finishingPool(n: number, unordered: boolean): Settlement {
  const winningInterests: WinningInterests = (legs) => {
    const finish = legs[0] ?? [];
    return unique(orderings(finish, n).map((t) => interestKey(t, unordered)));
  };
  const fallbacks = (money: PoolMoney, finish: Finish): PayingTier[] => {
    const place = (p: number): readonly number[] => holders(finish, p);
    if (unordered) return [[classOf(money, [place(0)], true)], [classOf(money, [place(1)], true)]];
    if (n === 2) return [[classOf(money, [place(0), null], false)], [classOf(money, [null, place(1)], false)]];
    // Trifecta, Superfecta: the first n−1 in order, then n−2, … then the winner alone.
    return Array.from({ length: n - 1 }, (_, i) => {
      const right = n - 1 - i;
      return [
        classOf(
          money,
          Array.from({ length: n }, (_, k) => (k < right ? place(k) : null)),
          false,
        ),
      ];
    });
  };
  return {
    winningInterests,
    settle: (pool, legs) => {
      const finish = legs[0];
      if (!finish) return refundPool(pool);
      return settleTiers(pool, [equalShares(winningInterests([finish])), ...fallbacks(pool.money, finish)]);
    },
  };
}

function winnersOf(finish: Finish): readonly number[] {
  return finish[0] ?? [];
}

/** The sequences of leg winners (a dead heat for a win makes several). */
function winnerSequences(legs: readonly Finish[]): string[] {
  let acc: number[][] = [[]];
  for (const leg of legs) acc = acc.flatMap((t) => winnersOf(leg).map((h) => [...t, h]));
  return acc.map((t) => interestKey(t));
}

/**
 * Daily Double: the leg winners' pair (every pair a dead heat makes, equal shares); with none
 * backed, the tickets with the leg-1 winner, then those with the leg-2 winner. Its first race
 * cancelled: refunded; its second race cancelled: the tickets with the leg-1 winner share the net
 * pool, else refunded.
 */
export const dailyDoublePool: Settlement = {
  winningInterests: winnerSequences,
  settle: (pool, legs) => {
    const [first, second] = legs;
    if (!first) return refundPool(pool);
    if (!second) return settleTiers(pool, [[classOf(pool.money, [winnersOf(first), null], false)]]);
    return settleTiers(pool, [
      equalShares(winnerSequences([first, second])),
      [classOf(pool.money, [winnersOf(first), null], false)],
      [classOf(pool.money, [null, winnersOf(second)], false)],
    ]);
  },
};

/**
 * Pick N: the tickets with every winner take the pool; else the most races correct the minor part
 * (settlePickPool, with the type's major share), the rest carried over. A cancelled leg refunds the
 * pool (its carryover in goes on).
 */
export const pickPool: Settlement = {
  winningInterests: winnerSequences,
  settle: (pool, legs, options) => {
    if (legs.some((l) => l === null)) return refundPool(pool);
    const winners: LegWinners = (legs as readonly Finish[]).map(winnersOf);
    return settlePickPool(pool, winners, options?.majorShare ?? 0);
  },
};
