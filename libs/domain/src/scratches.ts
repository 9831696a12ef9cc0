/**
 * Scratches: a runner withdrawn before the off. The rules follow common US pari-mutuel practice
 * (we have not checked them against one state's rule book word for word, so none is cited):
 *
 * - Single-race pools (Win, Place, Show, Exacta, Quinella, Trifecta, Superfecta): every
 *   combination of a ticket that names a scratched runner in any position is refunded; the
 *   ticket's other combinations stay in play. The money on those combinations (the house's seed
 *   and crowd money too) comes out of the pool.
 * - Daily Double and Pick N: a scratched selection in a leg is replaced by that leg's post-time
 *   favourite (the starter with the most money in the leg's final win pool; on a tie, the lowest
 *   program number, our documented choice). Nothing is refunded; the pool's money on the scratched
 *   runner is re-keyed to the favourite before the pool is settled.
 * - A race left with fewer than MIN_RUNNERS starters (day-card.ts, one owner) is cancelled and
 *   every pool holding it refunded.
 */
import { type BetTypeRule, combinationKey, findBetType } from './bet-types';
import { MIN_RUNNERS } from './day-card';
import type { PoolMoney } from './pari-mutuel';
import { Prng } from './prng';
import { type BetRequest, expandCombinations } from './wagering-rules';

/** The reasons the simulation gives when it scratches a runner (an admin writes their own). */
export const SIMULATED_SCRATCH_REASONS = [
  'Vet scratch',
  "Trainer's decision",
  'Lame on arrival',
  'Sick',
  'Track condition',
] as const;

/** Whether a field of `starters` runners may still run (MIN_RUNNERS of the day card). */
export function enoughStarters(starters: number): boolean {
  return starters >= MIN_RUNNERS;
}

/** Whether the simulation may scratch from a field of `starters`: only when the race keeps MIN_RUNNERS. */
export function mayScratchBySimulation(starters: number): boolean {
  return starters > MIN_RUNNERS;
}

function scratchedSet(scratched: Iterable<number>): Set<number> {
  return new Set(scratched);
}

/** Whether a pool interest key ('4', '4-1-7', '1-4') names one of the scratched program numbers. */
export function interestNamesScratched(key: string, scratched: Iterable<number>): boolean {
  const set = scratchedSet(scratched);
  return key.split('-').some((pp) => set.has(Number(pp)));
}

/**
 * The interests of a single-race pool that are refunded for the scratches: every key naming a
 * scratched runner. Empty for a multi-race type (its selections are substituted instead).
 */
export function scratchedInterests(betType: string, money: PoolMoney, scratched: Iterable<number>): string[] {
  const rule = findBetType(betType);
  if (!rule || rule.legs > 1) return [];
  const set = scratchedSet(scratched);
  return Object.keys(money).filter((k) => interestNamesScratched(k, set));
}

/** What scratches take back from one ticket (single-race types). */
export interface TicketScratchRefund {
  /** The combinations refunded (pool keys), each of the ticket's base amount. */
  interests: string[];
  /** Combinations still in play. */
  remaining: number;
  refund_cents: number;
}

/**
 * The refund of one ticket when runners of its race are scratched: its base amount for every
 * combination naming a scratched runner. A multi-race ticket is never refunded for a scratch (its
 * selection becomes the leg's favourite): zero.
 */
export function ticketScratchRefund(
  bet: Pick<BetRequest, 'bet_type' | 'selections' | 'box' | 'amount_cents'>,
  scratched: Iterable<number>,
): TicketScratchRefund {
  const rule = findBetType(bet.bet_type);
  const expanded = expandCombinations(bet, Number.POSITIVE_INFINITY);
  if (!rule || !expanded.ok) return { interests: [], remaining: 0, refund_cents: 0 };
  if (rule.legs > 1) return { interests: [], remaining: expanded.tuples.length, refund_cents: 0 };
  const set = scratchedSet(scratched);
  const interests = expanded.tuples.filter((t) => t.some((pp) => set.has(pp))).map((t) => combinationKey(rule, t));
  return {
    interests,
    remaining: expanded.tuples.length - interests.length,
    refund_cents: interests.length * bet.amount_cents,
  };
}

/**
 * The post-time favourite of a leg: the starter with the most money in the leg's final win pool;
 * a tie goes to the lowest program number; a pool with no money on any starter gives the lowest
 * program number among the starters. Null when there are no starters.
 */
export function postTimeFavourite(winMoney: PoolMoney, starters: readonly number[]): number | null {
  let best: number | null = null;
  let bestMoney = -1;
  for (const pp of [...starters].sort((a, b) => a - b)) {
    const money = winMoney[String(pp)] ?? 0;
    if (money > bestMoney) {
      best = pp;
      bestMoney = money;
    }
  }
  return best;
}

/**
 * Per leg of a sequence, how its scratched runners map to the leg's favourite: `[from, to]` pairs.
 * `scratchedByLeg[k]` are leg k's scratched runners, `favourites[k]` its post-time favourite.
 */
export function sequenceSubstitutions(
  scratchedByLeg: readonly (readonly number[])[],
  favourites: readonly (number | null)[],
): { leg: number; from: number; to: number }[] {
  const out: { leg: number; from: number; to: number }[] = [];
  scratchedByLeg.forEach((list, k) => {
    const to = favourites[k];
    if (to === null || to === undefined) return;
    for (const from of list) if (from !== to) out.push({ leg: k + 1, from, to });
  });
  return out;
}

/** A sequence key ('3-7-1', leg by leg) with each leg's scratched selection replaced by its favourite. */
export function substituteSequenceKey(
  key: string,
  scratchedByLeg: readonly (readonly number[])[],
  favourites: readonly (number | null)[],
): string {
  return key
    .split('-')
    .map((text, k) => {
      const pp = Number(text);
      const to = favourites[k];
      return scratchedByLeg[k]?.includes(pp) && to !== null && to !== undefined ? String(to) : text;
    })
    .join('-');
}

/**
 * A Daily Double or Pick N pool's money re-keyed for its scratches: the money on every key naming a
 * scratched selection moves to the key holding the leg's favourite instead (added to what is there).
 * The gross does not change. The pool is then settled as usual.
 */
export function rekeySequencePool(
  money: PoolMoney,
  scratchedByLeg: readonly (readonly number[])[],
  favourites: readonly (number | null)[],
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, cents] of Object.entries(money)) {
    const next = substituteSequenceKey(key, scratchedByLeg, favourites);
    out[next] = (out[next] ?? 0) + cents;
  }
  return out;
}

/** A leg of a sequence as its scratches need it: the scratched runners, the starters and the leg's win pool. */
export interface LegScratchMoney {
  scratched: readonly number[];
  starters: readonly number[];
  win_money: PoolMoney;
}

/**
 * A Daily Double or Pick N pool's money with each leg's scratched selections standing for that
 * leg's favourite by its win pool (postTimeFavourite: the post-time favourite once the leg is
 * closed), and the substitutions made; the money as it is when no leg has a scratch. Settlement
 * pays by it; the will-pays price by it, an open leg's favourite being the one of the moment.
 */
export function substituteScratchedSelections(
  money: PoolMoney,
  legs: readonly LegScratchMoney[],
): { money: PoolMoney; substitutions: { leg: number; from: number; to: number }[] } {
  if (legs.every((l) => l.scratched.length === 0)) return { money, substitutions: [] };
  const scratched = legs.map((l) => l.scratched);
  const favourites = legs.map((l) => (l.scratched.length > 0 ? postTimeFavourite(l.win_money, l.starters) : null));
  return {
    money: rekeySequencePool(money, scratched, favourites),
    substitutions: sequenceSubstitutions(scratched, favourites),
  };
}

/** Whether a bet type's tickets are substituted (multi-race) rather than refunded for a scratch. */
export function substitutesScratches(rule: Pick<BetTypeRule, 'legs'>): boolean {
  return rule.legs > 1;
}

/** The runner the simulation scratches from a field, or null: per starter a draw under `rate`. */
export function simulatedScratch(
  starters: readonly number[],
  rate: number,
  draw: () => number,
): { post_position: number; reason: string } | null {
  if (rate <= 0 || !mayScratchBySimulation(starters.length)) return null;
  for (const pp of starters) {
    if (draw() < rate) {
      const reason = SIMULATED_SCRATCH_REASONS[Math.floor(draw() * SIMULATED_SCRATCH_REASONS.length)];
      return { post_position: pp, reason: reason ?? SIMULATED_SCRATCH_REASONS[0] };
    }
  }
  return null;
}

/** The simulation's scratch of a race: which runner, why, and when (a fraction of the betting window). */
export interface ScratchPlan {
  post_position: number;
  reason: string;
  /** 0 at the opening of betting, 1 at post: when in the betting window the scratch comes. */
  at_fraction: number;
}

/**
 * The simulation's scratch of a race, a function of the race's seed and its drawn field (the same
 * on every instance and every time it is asked): at most one runner, only from a field larger than
 * MIN_RUNNERS, with a reason from SIMULATED_SCRATCH_REASONS. Null when nobody is scratched.
 */
export function scratchPlan(seed: string, field: readonly number[], rate: number): ScratchPlan | null {
  const prng = new Prng(`scratch:${seed}`);
  const hit = simulatedScratch(field, rate, () => prng.next());
  return hit && { ...hit, at_fraction: prng.next() };
}
