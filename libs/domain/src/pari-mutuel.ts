/**
 * Pari-mutuel maths (ARCHITECTURE §5). Integer cents in, integer cents out.
 *
 * - Takeout: takeout_cents = round(gross × takeout); net = gross − takeout_cents.
 * - Price per $1 = $1 stake back + profit per $1, profit broken DOWN to the dime (breakage), and
 *   never below MIN_PRICE_PER_DOLLAR_CENTS ($1.05 per $1, so a winning $2 pays at least $2.10; the
 *   house covers a minus pool).
 * - Win / exotics / Pick N: profit = net − money on the winning interest, over that money.
 *   Place (Show): profit = net − money on the 2 (3) placing horses, split in 2 (3) equal shares,
 *   each share over the money on its horse. A placing horse nobody backed gets no share; its share
 *   goes to the others.
 * - Nobody holds a winning interest (Win/Place/Show/exotics): everything is refunded, no takeout.
 *   Pick N with no all-correct ticket: the tickets with the most races correct share the net pool
 *   (consolation); if no ticket has even one race right, the net pool is carried over.
 * - A Pick N pool may hold a carryover from an earlier pool of its type at its track: it is added to
 *   the net pool and is not subject to takeout again (net = gross − takeout + carryover in).
 * - Law: paid + breakage + takeout + carryover out − cover = gross + carryover in. Breakage and cover
 *   are netted per pool, so at most one of them is non-zero.
 * - Amounts are multiples of 10 cents (wagering-rules.ts) and prices multiples of 10 cents, so a
 *   ticket pays amount × price / 100 exactly (ticketPayoutCents).
 */

/** A winning $2 never pays less than $2.10: $1.05 per $1. */
export const MIN_PRICE_PER_DOLLAR_CENTS = 105;
/** Profit per $1 is broken down to this many cents. */
export const BREAKAGE_CENTS = 10;

/** Money on each interest, in cents. Keys from interestKey (or a program number for W/P/S). */
export type PoolMoney = Readonly<Record<string, number>>;

export interface Pool {
  /** Fraction of gross kept by the house, 0 ≤ takeout < 1. */
  takeout: number;
  money: PoolMoney;
  /**
   * Pick N: cents carried into this pool from an earlier one (added to the net pool, no takeout).
   * Only settlePickPool and pickWillPays use it.
   */
  carryover_cents?: number;
}

export interface WinningPrice {
  interest: string;
  /** Money on the interest, cents. */
  money_cents: number;
  /** What $1 returns, stake included, after breakage and the minimum. */
  price_per_dollar_cents: number;
  /** money × price / 100. */
  paid_cents: number;
}

export interface PoolSettlement {
  gross_cents: number;
  takeout_cents: number;
  net_cents: number;
  prices: WinningPrice[];
  paid_cents: number;
  breakage_cents: number;
  /** What the house adds to pay the minimum price (minus pool). */
  cover_cents: number;
  /** Net pool carried to a later pool (Pick N with no race right). */
  carryover_cents: number;
  /** Carried into this pool from an earlier one (part of net_cents, not of gross_cents). */
  carryover_in_cents: number;
  /** Every ticket was given its money back (no one held a winning interest). */
  refunded: boolean;
  /** Pick N: races correct by the tickets paid (fewer than the legs means consolation). */
  races_correct?: number;
}

/** Canonical key of a combination: '3' for a horse, '3-5' ordered, quinella sorted ascending. */
export function interestKey(tuple: readonly number[], unordered = false): string {
  const t = unordered ? [...tuple].sort((a, b) => a - b) : tuple;
  return t.join('-');
}

export function grossCents(money: PoolMoney): number {
  let g = 0;
  for (const v of Object.values(money)) g += v;
  return g;
}

export function takeoutCents(gross: number, takeout: number): number {
  return Math.round(gross * takeout);
}

/** What a pool pays out before breakage: gross less takeout, plus any carryover in (never taxed again). */
export function netPoolCents(gross: number, takeout: number, carryoverInCents = 0): number {
  return gross - takeoutCents(gross, takeout) + carryoverInCents;
}

/**
 * Price per $1 in cents when `profitCents` of profit is shared by `moneyCents` backing it:
 * 100 + profit per $1 broken down to the dime, at least $1.05. `moneyCents` must be > 0. With
 * `shares` > 1 (Place 2, Show 3) the profit is split first, each share over this money.
 */
export function pricePerDollarCents(profitCents: number, moneyCents: number, shares = 1): number {
  if (moneyCents <= 0) throw new RangeError('No money on the interest.');
  const dimes = Math.floor((profitCents * 10) / (moneyCents * shares));
  return Math.max(MIN_PRICE_PER_DOLLAR_CENTS, 100 + dimes * BREAKAGE_CENTS);
}

/** What a winning ticket of `amountCents` pays at `pricePerDollarCents` (stake included). */
export function ticketPayoutCents(amountCents: number, pricePerDollar: number): number {
  return Math.floor((amountCents * pricePerDollar) / 100);
}

/** Every ticket gets its money back; a carryover that came in goes on to the next pool untouched. */
function refund(gross: number, carryIn = 0): PoolSettlement {
  return {
    gross_cents: gross,
    takeout_cents: 0,
    net_cents: gross + carryIn,
    prices: [],
    paid_cents: gross,
    breakage_cents: 0,
    cover_cents: 0,
    carryover_cents: carryIn,
    carryover_in_cents: carryIn,
    refunded: true,
  };
}

function finish(
  gross: number,
  tk: number,
  prices: WinningPrice[],
  extra: Partial<PoolSettlement> = {},
  carryIn = 0,
): PoolSettlement {
  const net = gross - tk + carryIn;
  const paid = prices.reduce((s, p) => s + p.paid_cents, 0);
  return {
    gross_cents: gross,
    takeout_cents: tk,
    net_cents: net,
    prices,
    paid_cents: paid,
    breakage_cents: Math.max(0, net - paid),
    cover_cents: Math.max(0, paid - net),
    carryover_cents: 0,
    carryover_in_cents: carryIn,
    refunded: false,
    ...extra,
  };
}

function price(interest: string, money: number, profit: number, shares: number): WinningPrice {
  const p = pricePerDollarCents(profit, money, shares);
  return { interest, money_cents: money, price_per_dollar_cents: p, paid_cents: ticketPayoutCents(money, p) };
}

/**
 * Settle a pool whose profit is shared by `winners` (1 for Win and exotics, 2 for Place, 3 for
 * Show): profit = net − money on the winners, split in equal shares among the backed winners.
 */
export function settleSharedPool(pool: Pool, winners: readonly string[]): PoolSettlement {
  const gross = grossCents(pool.money);
  const backed = [...new Set(winners)].filter((k) => (pool.money[k] ?? 0) > 0);
  if (backed.length === 0) return refund(gross);
  const tk = takeoutCents(gross, pool.takeout);
  const net = gross - tk;
  const onWinners = backed.reduce((s, k) => s + pool.money[k], 0);
  const profit = net - onWinners;
  // Each share over the money on its horse: (profit / shares) / money = profit / (shares × money).
  const prices = backed.map((k) => price(k, pool.money[k], profit, backed.length));
  return finish(gross, tk, prices);
}

/** Win pool: `winner` is the winner's key (program number). */
export function settleWinPool(pool: Pool, winner: number | string): PoolSettlement {
  return settleSharedPool(pool, [String(winner)]);
}

/** Place pool: the first two finishers' keys. */
export function settlePlacePool(pool: Pool, firstTwo: readonly (number | string)[]): PoolSettlement {
  return settleSharedPool(pool, firstTwo.slice(0, 2).map(String));
}

/** Show pool: the first three finishers' keys. */
export function settleShowPool(pool: Pool, firstThree: readonly (number | string)[]): PoolSettlement {
  return settleSharedPool(pool, firstThree.slice(0, 3).map(String));
}

/** Exacta/Quinella/Trifecta/Superfecta/Daily Double: one winning combination key. */
export function settleExoticPool(pool: Pool, winningKey: string): PoolSettlement {
  return settleSharedPool(pool, [winningKey]);
}

/**
 * Pick N (and Daily Double with consolation): keys are interestKey of one horse per leg; `winners`
 * the winner of each leg. Pays the combinations with the most races correct; carries the net pool
 * over when none has a race right; refunds an empty pool. A carryover in (`pool.carryover_cents`)
 * adds to the net pool untaxed, and goes on again when the pool is refunded or carried over.
 */
export function settlePickPool(pool: Pool, winners: readonly number[]): PoolSettlement {
  const gross = grossCents(pool.money);
  const carryIn = carryoverIn(pool);
  let best = 0;
  let onBest = 0;
  const bestKeys: string[] = [];
  for (const [key, money] of Object.entries(pool.money)) {
    if (money <= 0) continue;
    const tuple = key.split('-').map(Number);
    const correct = tuple.reduce((n, h, i) => (winners[i] === h ? n + 1 : n), 0);
    if (correct > best) {
      best = correct;
      bestKeys.length = 0;
      onBest = 0;
    }
    if (correct === best && correct > 0) {
      bestKeys.push(key);
      onBest += money;
    }
  }
  if (gross === 0) return refund(0, carryIn);
  const tk = takeoutCents(gross, pool.takeout);
  const net = gross - tk + carryIn;
  if (best === 0) {
    return { ...finish(gross, tk, [], {}, carryIn), breakage_cents: 0, carryover_cents: net, races_correct: 0 };
  }
  const dimes = Math.floor(((net - onBest) * 10) / onBest);
  const p = Math.max(MIN_PRICE_PER_DOLLAR_CENTS, 100 + dimes * BREAKAGE_CENTS);
  const prices = bestKeys.map((k) => ({
    interest: k,
    money_cents: pool.money[k],
    price_per_dollar_cents: p,
    paid_cents: ticketPayoutCents(pool.money[k], p),
  }));
  return finish(gross, tk, prices, { races_correct: best }, carryIn);
}

function carryoverIn(pool: Pool): number {
  const c = pool.carryover_cents ?? 0;
  if (!Number.isSafeInteger(c) || c < 0) throw new RangeError('carryover_cents must be whole cents ≥ 0.');
  return c;
}

/** Net pool of a pool as the tote shows it: gross − takeout, plus any carryover in (untaxed). */
export function poolNetCents(pool: Pool): number {
  return netPoolCents(grossCents(pool.money), pool.takeout, carryoverIn(pool));
}

/** A ticket as settlement sees it: its combination keys and its base amount per combination. */
export interface SettlementTicket {
  interests: readonly string[];
  amount_cents: number;
}

export interface TicketSettlement {
  /** What each ticket is paid (stake included), in ticket order; the full cost on a refund. */
  payouts: number[];
  paid_cents: number;
  breakage_cents: number;
  cover_cents: number;
}

/**
 * Pay the tickets of a settled pool one by one: each winning combination pays
 * ticketPayoutCents(amount, price). Per-ticket flooring can leave a cent or so (only at the $1.05
 * minimum with 10-cent amounts); it is breakage, so paid + breakage + takeout + carryover − cover =
 * gross holds at ticket level too, given tickets that add up to the pool's money.
 */
export function payTickets(settlement: PoolSettlement, tickets: readonly SettlementTicket[]): TicketSettlement {
  const prices = new Map(settlement.prices.map((p) => [p.interest, p.price_per_dollar_cents]));
  const payouts = tickets.map((t) => {
    if (settlement.refunded) return t.amount_cents * t.interests.length;
    let paid = 0;
    for (const k of t.interests) {
      const p = prices.get(k);
      if (p !== undefined) paid += ticketPayoutCents(t.amount_cents, p);
    }
    return paid;
  });
  const paid = payouts.reduce((a, b) => a + b, 0);
  const available = settlement.net_cents - settlement.carryover_cents;
  return {
    payouts,
    paid_cents: paid,
    breakage_cents: Math.max(0, available - paid),
    cover_cents: Math.max(0, paid - available),
  };
}

// ─── Odds display ────────────────────────────────────────────────────────────────────────────────

/** The standard tote odds ladder, lowest first, as [numerator, denominator]. */
export const TOTE_ODDS_LADDER: readonly (readonly [number, number])[] = [
  [1, 9],
  [1, 5],
  [2, 5],
  [1, 2],
  [3, 5],
  [4, 5],
  [1, 1],
  [6, 5],
  [7, 5],
  [3, 2],
  [8, 5],
  [9, 5],
  [2, 1],
  [5, 2],
  [3, 1],
  [7, 2],
  [4, 1],
  [9, 2],
  ...Array.from({ length: 95 }, (_, i) => [i + 5, 1] as const),
];

export interface OddsDisplay {
  /** Tote board odds, e.g. '5-2'; rounded down to the ladder, '1-9' at least, '99-1' at most. */
  fractional: string;
  /** Odds to 1, unrounded (net ÷ money − 1), e.g. 2.65. */
  toOne: number;
  /** Decimal (European) odds of the ladder entry shown: odds to 1 + 1. */
  decimal: number;
}

/** Board odds for odds-to-1 `x`: the highest ladder entry at or below x. */
export function formatOdds(toOne: number): OddsDisplay {
  let entry = TOTE_ODDS_LADDER[0];
  for (const e of TOTE_ODDS_LADDER) if (e[0] / e[1] <= toOne + 1e-9) entry = e;
  return { fractional: `${entry[0]}-${entry[1]}`, toOne, decimal: Math.round((entry[0] / entry[1] + 1) * 100) / 100 };
}

/** Win odds of one horse from the win pool; null when nobody has backed it. */
export function winOdds(pool: Pool, key: number | string): OddsDisplay | null {
  const money = pool.money[String(key)] ?? 0;
  if (money <= 0) return null;
  const net = netPoolCents(grossCents(pool.money), pool.takeout);
  return formatOdds(net / money - 1);
}

/**
 * Probables (will-pays per $1, cents) for every backed combination of an exacta or daily double
 * pool, as if that combination won: net pool ÷ money on it, broken and at the minimum.
 */
export function probables(pool: Pool): Record<string, number> {
  const net = netPoolCents(grossCents(pool.money), pool.takeout);
  const out: Record<string, number> = {};
  for (const [k, m] of Object.entries(pool.money)) if (m > 0) out[k] = pricePerDollarCents(net - m, m);
  return out;
}

/**
 * Pick N will-pays (per $1, cents) once every leg but the last is official: for each horse of the
 * last leg, what the ticket holding every earlier winner and that horse returns if it wins: the net
 * pool (`netCents`, poolNetCents of the whole pool, carryover in included) over the money on that
 * sequence, broken and at the minimum; null when no money is on it (consolation would then apply).
 * `money` needs to hold only the sequences that start with the earlier winners.
 */
export function pickWillPays(
  netCents: number,
  money: PoolMoney,
  earlierWinners: readonly number[],
  lastLeg: readonly number[],
): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const h of lastLeg) {
    const m = money[interestKey([...earlierWinners, h])] ?? 0;
    out[String(h)] = m > 0 ? pricePerDollarCents(netCents - m, m) : null;
  }
  return out;
}

// ─── House liquidity ─────────────────────────────────────────────────────────────────────────────

/**
 * Spread a house stake of `grossCents` over the interests in proportion to `probabilities`
 * (largest remainder; the result sums to grossCents exactly, in whole cents). With a fair model
 * each interest then shows odds near (1 − takeout) / p − 1. Interests with probability 0 get 0.
 */
export function seedPool(takeout: number, grossCents: number, probabilities: Readonly<Record<string, number>>): Pool {
  if (!(takeout >= 0 && takeout < 1)) throw new RangeError('takeout must be in [0, 1).');
  if (!Number.isInteger(grossCents) || grossCents < 0) throw new RangeError('grossCents must be whole cents ≥ 0.');
  const entries = Object.entries(probabilities).map(([k, p]) => [k, Number.isFinite(p) && p > 0 ? p : 0] as const);
  const total = entries.reduce((s, [, p]) => s + p, 0);
  const money: Record<string, number> = {};
  if (total <= 0) {
    for (const [k] of entries) money[k] = 0;
    return { takeout, money };
  }
  const raw = entries.map(([k, p]) => ({ k, exact: (grossCents * p) / total }));
  let given = 0;
  for (const r of raw) {
    money[r.k] = Math.floor(r.exact);
    given += money[r.k];
  }
  const byRemainder = [...raw].sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)));
  for (let i = 0; given < grossCents; i++, given++) money[byRemainder[i % byRemainder.length].k] += 1;
  return { takeout, money };
}

/**
 * Harville: probability of each ordered finish of `n` horses from win probabilities
 * (P(a, b) = p_a × p_b / (1 − p_a), …). Keys are interestKey of the tuple. n ≤ 4.
 */
export function harvilleOrdered(winProbabilities: Readonly<Record<string, number>>, n: number): Record<string, number> {
  const horses = Object.keys(winProbabilities);
  const total = horses.reduce((s, h) => s + winProbabilities[h], 0);
  const out: Record<string, number> = {};
  const walk = (prefix: string[], prob: number, left: number): void => {
    if (prefix.length === n) {
      out[prefix.join('-')] = prob;
      return;
    }
    for (const h of horses) {
      if (prefix.includes(h) || left <= 0) continue;
      const p = winProbabilities[h];
      walk([...prefix, h], (prob * p) / left, left - p);
    }
  };
  if (total > 0) walk([], 1, total);
  return out;
}

/** Quinella probabilities: both orders of each pair under Harville; keys ascending 'a-b'. */
export function quinellaProbabilities(winProbabilities: Readonly<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, p] of Object.entries(harvilleOrdered(winProbabilities, 2))) {
    const key = interestKey(k.split('-').map(Number), true);
    out[key] = (out[key] ?? 0) + p;
  }
  return out;
}

/** Probability each horse finishes in the top `places` (2 for Place, 3 for Show) under Harville. */
export function topProbabilities(
  winProbabilities: Readonly<Record<string, number>>,
  places: number,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const h of Object.keys(winProbabilities)) out[h] = 0;
  for (const [k, p] of Object.entries(harvilleOrdered(winProbabilities, places))) {
    for (const h of k.split('-')) out[h] += p;
  }
  return out;
}

/**
 * Multi-race (product model): probability of each one-winner-per-leg sequence. Refuses more than
 * `limit` sequences (Pick N fields multiply fast).
 */
export function sequenceProbabilities(
  legs: readonly Readonly<Record<string, number>>[],
  limit = 5000,
): Record<string, number> {
  const size = legs.reduce((s, l) => s * Object.keys(l).length, 1);
  if (size > limit) throw new RangeError(`${size} sequences exceed the limit of ${limit}.`);
  let acc: [string[], number][] = [[[], 1]];
  for (const leg of legs) {
    const total = Object.values(leg).reduce((s, p) => s + p, 0);
    acc = acc.flatMap(([t, p]) =>
      Object.entries(leg).map(([h, q]) => [[...t, h], total > 0 ? (p * q) / total : 0] as [string[], number]),
    );
  }
  return Object.fromEntries(acc.map(([t, p]) => [t.join('-'), p]));
}

/**
 * The `limit` most likely keys of `probabilities` (ties by key), with their probabilities. Used to
 * bound the interests a house seed spreads over (a 12-runner superfecta has 11,880).
 */
export function mostLikely(probabilities: Readonly<Record<string, number>>, limit: number): Record<string, number> {
  const kept = Object.entries(probabilities)
    .filter(([, p]) => Number.isFinite(p) && p > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, Math.max(0, limit));
  return Object.fromEntries(kept);
}

/**
 * Multi-race (product model), bounded: the `limit` most likely one-winner-per-leg sequences with
 * their probabilities (each leg normalised to 1). Exact: a sequence among the best `limit` has its
 * prefix among the best `limit` prefixes (else `limit` better prefixes with the same suffix beat
 * it), so the list is cut to `limit` after each leg and stays at most limit × field size wide.
 */
export function topSequences(legs: readonly Readonly<Record<string, number>>[], limit: number): Record<string, number> {
  if (legs.length === 0 || limit <= 0) return {};
  let acc: [string, number][] = [['', 1]];
  for (const leg of legs) {
    const entries = Object.entries(leg).filter(([, p]) => Number.isFinite(p) && p > 0);
    const total = entries.reduce((s, [, p]) => s + p, 0);
    if (total <= 0) return {};
    const next: [string, number][] = [];
    for (const [prefix, p] of acc) {
      for (const [h, q] of entries) next.push([prefix === '' ? h : `${prefix}-${h}`, (p * q) / total]);
    }
    next.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    acc = next.slice(0, limit);
  }
  return Object.fromEntries(acc);
}
