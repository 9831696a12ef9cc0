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
 * - Paying tiers (settleTiers): a pool pays its first tier that has money on it. A tier is one or
 *   more classes, each a set of interests paid at one price and a whole-number weight: the profit is
 *   split over the backed classes by weight, each class's part over the money on the class. Outright
 *   winners are the first tier (a dead heat makes several classes of it); the fallback classes of the
 *   published rules (bet-settlement.ts) come after. No tier backed: everything is refunded, no takeout.
 * - Pick N (settlePickPool): all-correct tickets take the whole net pool and any carryover in; with a
 *   major share (a jackpot type) and no all-correct ticket, the most-correct tickets share the minor
 *   part and the major part is carried over with the carryover in; without one (the default), they
 *   share the net pool and only the carryover in goes on. No ticket with a race right: all goes on.
 * - A Pick N pool may hold a carryover from an earlier pool of its type at its track: it is added to
 *   the net pool and is not subject to takeout again (net = gross − takeout + carryover in).
 * - The minimum price and the breakage are rules of the state (PriceRules): $2.10 per $2 and dimes
 *   here by default, $2.20 and nickels elsewhere. With nickel breakage a ticket of 10 cents can pay
 *   half a cent: it is floored per ticket and the half cent is breakage.
 * - Law: paid + breakage + takeout + carryover out − cover = gross + carryover in. Breakage and cover
 *   are netted per pool, so at most one of them is non-zero.
 * - Amounts are multiples of 10 cents (wagering-rules.ts) and prices multiples of 10 cents, so a
 *   ticket pays amount × price / 100 exactly (ticketPayoutCents).
 */

/** A winning $2 never pays less than $2.10: $1.05 per $1 (the default of PriceRules). */
export const MIN_PRICE_PER_DOLLAR_CENTS = 105;
/** Profit per $1 is broken down to this many cents (the default of PriceRules). */
export const BREAKAGE_CENTS = 10;

/** The state's price rules: the minimum a winning $1 returns and the breakage (cents). */
export interface PriceRules {
  /** What a winning $1 returns at least, stake included: 105 ($2.10 per $2), 110 ($2.20 per $2). */
  minPricePerDollarCents: number;
  /** Profit per $1 is broken down to a multiple of this: 10 (dime breakage) or 5 (nickel). */
  breakageCents: number;
}

export const DEFAULT_PRICE_RULES: PriceRules = {
  minPricePerDollarCents: MIN_PRICE_PER_DOLLAR_CENTS,
  breakageCents: BREAKAGE_CENTS,
};

/** The breakage steps a state may use: nickel or dime. */
export const BREAKAGE_STEPS = [5, 10] as const;

/**
 * What is wrong with a set of price rules (empty when none): the minimum is whole cents between
 * $1.00 and $1.50 per $1 (states use $1.05 or $1.10); the breakage a nickel or a dime.
 */
export function priceRulesProblems(rules: PriceRules): string[] {
  const problems: string[] = [];
  const min = rules.minPricePerDollarCents;
  if (!Number.isInteger(min) || min < 100 || min > 150) {
    problems.push('the minimum price per $1 must be whole cents from 100 to 150 (105 pays $2.10 per $2)');
  }
  if (!(BREAKAGE_STEPS as readonly number[]).includes(rules.breakageCents)) {
    problems.push(`the breakage must be one of ${BREAKAGE_STEPS.join(' or ')} cents`);
  }
  return problems;
}

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
  /** The minimum price and the breakage; DEFAULT_PRICE_RULES when absent. */
  rules?: PriceRules;
}

export interface WinningPrice {
  interest: string;
  /** A fallback class's pattern ('3-*': the winner first, any second) when the interest was paid as one. */
  label?: string;
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
  /** The paying tier: 0 the winning combinations, 1 and on the fallback classes in rule order. */
  tier?: number;
}

/**
 * The pool law: paid + breakage + takeout + carryover out − cover = gross + carryover in. Every
 * settlement keeps it; tests and audits check it.
 */
export function settlementBalances(s: PoolSettlement): boolean {
  return (
    s.paid_cents + s.breakage_cents + s.takeout_cents + s.carryover_cents - s.cover_cents ===
    s.gross_cents + s.carryover_in_cents
  );
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
 * 100 + profit per $1 broken down to the breakage (a dime), at least the minimum ($1.05). `moneyCents`
 * must be > 0. With `shares` > 1 (Place 2, Show 3) the profit is split first, each share over this money.
 */
export function pricePerDollarCents(
  profitCents: number,
  moneyCents: number,
  shares = 1,
  rules: PriceRules = DEFAULT_PRICE_RULES,
): number {
  return weightedPriceCents(profitCents, 1, shares, moneyCents, rules);
}

/**
 * Price per $1 of a class that takes `weight` of `totalWeight` parts of the profit, over the
 * `moneyCents` on it: 100 + (profit × weight ÷ total ÷ money) per $1 broken down, at least the
 * minimum. Integer arithmetic throughout, so a quarter or a sixth of a profit breaks exactly.
 */
export function weightedPriceCents(
  profitCents: number,
  weight: number,
  totalWeight: number,
  moneyCents: number,
  rules: PriceRules = DEFAULT_PRICE_RULES,
): number {
  if (moneyCents <= 0) throw new RangeError('No money on the interest.');
  const steps = Math.floor((profitCents * weight * 100) / (moneyCents * totalWeight * rules.breakageCents));
  return Math.max(rules.minPricePerDollarCents, 100 + steps * rules.breakageCents);
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

/** What a settlement comes to once its prices are known; `carryOut` of the net pool goes on. */
function finish(
  gross: number,
  tk: number,
  prices: WinningPrice[],
  extra: Partial<PoolSettlement> = {},
  carryIn = 0,
  carryOut = 0,
): PoolSettlement {
  const net = gross - tk + carryIn;
  const available = net - carryOut;
  const paid = prices.reduce((s, p) => s + p.paid_cents, 0);
  return {
    gross_cents: gross,
    takeout_cents: tk,
    net_cents: net,
    prices,
    paid_cents: paid,
    breakage_cents: Math.max(0, available - paid),
    cover_cents: Math.max(0, paid - available),
    carryover_cents: carryOut,
    carryover_in_cents: carryIn,
    refunded: false,
    ...extra,
  };
}

/** A set of interests paid at one price, and its part of the profit beside the other classes of its tier. */
export interface PayingClass {
  interests: readonly string[];
  /** Parts of the profit (a whole number ≥ 1): equal parts for a dead heat, 2 : 1 : 1 for a place dead heat. */
  weight: number;
  /** A fallback class's pattern ('3-*'); absent for a winning combination. */
  label?: string;
}

/** The classes paid together; a pool pays its first tier with money on it. */
export type PayingTier = readonly PayingClass[];

/** One class per interest, equal weights: the winning combinations of a race without fallback. */
export function equalShares(interests: readonly string[]): PayingTier {
  return interests.map((k) => ({ interests: [k], weight: 1 }));
}

/**
 * Settle a pool by tiers: the first tier with money on any of its classes is paid; profit = net −
 * money on the backed classes, split over them by weight, each part over its class's money (one
 * price per class); a class nobody backed gets no part, its part goes to the others. No tier
 * backed: every ticket is refunded. An interest is counted in the first class that names it.
 */
export function settleTiers(pool: Pool, tiers: readonly PayingTier[]): PoolSettlement {
  const gross = grossCents(pool.money);
  const rules = pool.rules ?? DEFAULT_PRICE_RULES;
  for (let t = 0; t < tiers.length; t++) {
    const seen = new Set<string>();
    const backed: { cls: PayingClass; keys: string[]; money: number }[] = [];
    for (const cls of tiers[t] as PayingTier) {
      const keys = cls.interests.filter((k) => !seen.has(k) && (pool.money[k] ?? 0) > 0);
      for (const k of cls.interests) seen.add(k);
      const money = keys.reduce((s, k) => s + (pool.money[k] as number), 0);
      if (money > 0) backed.push({ cls, keys, money });
    }
    if (backed.length === 0) continue;
    const tk = takeoutCents(gross, pool.takeout);
    const profit = gross - tk - backed.reduce((s, b) => s + b.money, 0);
    const total = backed.reduce((s, b) => s + b.cls.weight, 0);
    const prices = backed.flatMap(({ cls, keys, money }) => {
      const p = weightedPriceCents(profit, cls.weight, total, money, rules);
      return keys.map((k) => winningPrice(k, pool.money[k] as number, p, cls.label));
    });
    return finish(gross, tk, prices, { tier: t });
  }
  return refund(gross);
}

function winningPrice(interest: string, money: number, p: number, label?: string): WinningPrice {
  const price: WinningPrice = {
    interest,
    money_cents: money,
    price_per_dollar_cents: p,
    paid_cents: ticketPayoutCents(money, p),
  };
  if (label !== undefined) price.label = label;
  return price;
}

/**
 * Settle a pool whose profit is shared by `winners` (1 for Win and exotics, 2 for Place, 3 for
 * Show): profit = net − money on the winners, split in equal shares among the backed winners.
 */
export function settleSharedPool(pool: Pool, winners: readonly string[]): PoolSettlement {
  // Each share over the money on its horse: (profit / shares) / money = profit / (shares × money).
  return settleTiers(pool, [equalShares([...new Set(winners)])]);
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

/** Each leg's winners: a number, or the horses that dead-heated for the win. */
export type LegWinners = readonly (number | readonly number[])[];

/**
 * Pick N: keys are interestKey of one horse per leg; `winners` each leg's winner (or the horses
 * that dead-heated for it: a selection of any of them is right). All-correct tickets take the net
 * pool and any carryover in. With none, the tickets with the most races correct take the minor part
 * of the new net pool (all of it when `majorShare` is 0, the default of Pick 3/4/5), and the major
 * part goes on with the carryover in: carried-over money is paid to all-correct tickets only
 * (Okla. Admin. Code 325:65-9-7 for the 75 % / 25 % Pick 6). No ticket with a race right: the whole
 * net pool goes on. An empty pool is refunded (its carryover in goes on).
 */
export function settlePickPool(pool: Pool, winners: LegWinners, majorShare = 0): PoolSettlement {
  if (!(majorShare >= 0 && majorShare <= 1)) throw new RangeError('majorShare must be in [0, 1].');
  const gross = grossCents(pool.money);
  const carryIn = carryoverIn(pool);
  const legs = winners.map((w) => new Set(typeof w === 'number' ? [w] : w));
  let best = 0;
  let onBest = 0;
  const bestKeys: string[] = [];
  for (const [key, money] of Object.entries(pool.money)) {
    if (money <= 0) continue;
    const tuple = key.split('-').map(Number);
    const correct = tuple.reduce((n, h, i) => (legs[i]?.has(h) ? n + 1 : n), 0);
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
  const netNew = gross - tk;
  if (best === 0) return finish(gross, tk, [], { races_correct: 0 }, carryIn, netNew + carryIn);
  const perfect = best === legs.length;
  const major = Math.floor(netNew * majorShare);
  // All correct: everything. Otherwise the minor part; the major part and the carryover in go on.
  const available = perfect ? netNew + carryIn : netNew - major;
  const carryOut = perfect ? 0 : major + carryIn;
  const p = weightedPriceCents(available - onBest, 1, 1, onBest, pool.rules ?? DEFAULT_PRICE_RULES);
  const prices = bestKeys.map((k) => winningPrice(k, pool.money[k] as number, p));
  return finish(gross, tk, prices, { races_correct: best, tier: 0 }, carryIn, carryOut);
}

/** Every ticket of the pool gets its money back; a carryover in goes on untouched. */
export function refundPool(pool: Pool): PoolSettlement {
  return refund(grossCents(pool.money), carryoverIn(pool));
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
  for (const [k, m] of Object.entries(pool.money)) if (m > 0) out[k] = pricePerDollarCents(net - m, m, 1, pool.rules);
  return out;
}

/**
 * Pick N will-pays (per $1, cents) once every leg but the last is official: for each horse of the
 * last leg, what a ticket with every earlier leg right and that horse returns if it wins: the net
 * pool (`netCents`, poolNetCents of the whole pool, carryover in included) over the money on every
 * such sequence, broken and at the minimum; null when no money is on it (consolation would then
 * apply). An earlier leg won in a dead heat has each of its winners right, as settlePickPool pays
 * them: the money of every sequence through any of them shares the price. `money` needs to hold only
 * the sequences through the earlier winners (pickWillPayPrefixes).
 */
export function pickWillPays(
  netCents: number,
  money: PoolMoney,
  earlierWinners: LegWinners,
  lastLeg: readonly number[],
  rules: PriceRules = DEFAULT_PRICE_RULES,
): Record<string, number | null> {
  const right = earlierWinners.map((w) => new Set(typeof w === 'number' ? [w] : w));
  const onLast = new Map<number, number>();
  for (const [key, cents] of Object.entries(money)) {
    const tuple = key.split('-').map(Number);
    if (tuple.length !== right.length + 1 || !right.every((set, i) => set.has(tuple[i] as number))) continue;
    const last = tuple[right.length] as number;
    onLast.set(last, (onLast.get(last) ?? 0) + cents);
  }
  const out: Record<string, number | null> = {};
  for (const h of lastLeg) {
    const m = onLast.get(h) ?? 0;
    out[String(h)] = m > 0 ? pricePerDollarCents(netCents - m, m, 1, rules) : null;
  }
  return out;
}

/** The key prefixes ('3-5-') of the sequences pickWillPays prices: one per way through the earlier legs' winners. */
export function pickWillPayPrefixes(earlierWinners: LegWinners): string[] {
  let prefixes = [''];
  for (const w of earlierWinners) {
    const horses = typeof w === 'number' ? [w] : w;
    prefixes = prefixes.flatMap((p) => horses.map((h) => `${p}${h}-`));
  }
  return prefixes;
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
