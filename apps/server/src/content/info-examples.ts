import type { InfoBlock } from '@furlong/contracts';
import {
  type BetTypeRule,
  combinations,
  formatMoney,
  formatOdds,
  grossCents,
  horseTraits,
  interestKey,
  jockeySkill,
  netPoolCents,
  officialOrder,
  officialTimeMs,
  ordinal,
  type Pool,
  type PoolMoney,
  type PoolSettlement,
  quotedPayoff,
  settlePool,
  simulateRace,
  takeoutCents,
  totalCents,
  weightedPriceCents,
  winOdds,
} from '@furlong/domain';
import type { WageringConfig } from '../config/app-config';
import { seedHash } from '../racing/racing.service';

// The worked examples of the information pages. Only the inputs (who bet what, the official order)
// are written here; every figure a reader sees is what the domain's own functions make of them, so
// the pages cannot drift from the rules the tote pays by.

/** What the pages need of the configuration: the takeout per group and the state's price rules. */
export type InfoSettings = Pick<WageringConfig, 'takeout' | 'priceRules'>;

type Example = Extract<InfoBlock, { type: 'example' }>;

/** The official order of every example race, winner first (program numbers). */
export const EXAMPLE_ORDER = [4, 7, 2, 9, 1, 6, 3, 8, 5, 10] as const;

/** Win, Place and Show money by program number (cents): the crowd's view of the example race. */
export const EXAMPLE_WIN_MONEY: PoolMoney = {
  '1': 90_000,
  '2': 120_000,
  '3': 70_000,
  '4': 180_000,
  '5': 40_000,
  '6': 80_000,
  '7': 250_000,
  '8': 50_000,
  '9': 100_000,
  '10': 20_000,
};

// Gross pool and the money on the winning combination (cents) of each exotic example.
const EXOTIC_MONEY: Record<string, { gross: number; winning: number }> = {
  Exacta: { gross: 400_000, winning: 15_000 },
  Quinella: { gross: 200_000, winning: 16_000 },
  Trifecta: { gross: 300_000, winning: 2_450 },
  Superfecta: { gross: 150_000, winning: 230 },
  'Daily Double': { gross: 250_000, winning: 11_000 },
};

// Pick N: the more races, the fewer tickets hold every winner.
function pickMoney(legs: number): { gross: number; winning: number } {
  // Rounded to the dime: every ticket is a multiple of 10 cents.
  return { gross: 500_000, winning: Math.max(100, Math.round(30_000 / 2 ** (legs - 3) / 10) * 10) };
}

/** The takeout of a bet type under the configuration (a fraction). */
export function takeoutOf(rule: BetTypeRule, settings: InfoSettings): number {
  return settings.takeout[rule.takeoutGroup];
}

export function percent(fraction: number): string {
  return `${Number((fraction * 100).toFixed(2))}%`;
}

function races(legs: number): string {
  return legs === 2 ? 'races 1 and 2' : `races 1 to ${legs}`;
}

function perDollar(cents: number): string {
  return formatMoney(cents);
}

/** The winning combination of a bet type in the example race (or the example races, one winner each). */
export function winningTuple(rule: BetTypeRule): number[] {
  return [...EXAMPLE_ORDER.slice(0, rule.horsesRequired)];
}

/** The pool of a bet type's worked example. */
export function examplePool(rule: BetTypeRule, settings: InfoSettings): Pool {
  const base = { takeout: takeoutOf(rule, settings), rules: settings.priceRules };
  if (rule.kind === 'single') return { ...base, money: EXAMPLE_WIN_MONEY };
  const { gross, winning } = EXOTIC_MONEY[rule.name] ?? pickMoney(rule.legs);
  const win = winningTuple(rule);
  // Everything else is on one losing combination: the last horse swapped for another.
  const last = win[win.length - 1] as number;
  const losing = [...win.slice(0, -1), last === 10 ? 11 : 10];
  const unordered = rule.kind === 'unordered';
  return {
    ...base,
    money: { [interestKey(win, unordered)]: winning, [interestKey(losing, unordered)]: gross - winning },
  };
}

/** The result the example is settled on: the official order, or each leg's winner. */
function exampleResult(rule: BetTypeRule): number[] {
  return rule.legs > 1 ? winningTuple(rule) : [...EXAMPLE_ORDER];
}

export interface BetExample {
  block: Example;
  settlement: PoolSettlement;
  /** The interest the example's ticket is on, and the price per $1 it is paid at. */
  interest: string;
  pricePerDollarCents: number;
  /** What a winning $2 ticket of that interest is paid (cents). */
  twoDollarPayoutCents: number;
}

/** A bet type's worked example: a pool, the official result, and what the settlement pays. */
export function betExample(rule: BetTypeRule, settings: InfoSettings): BetExample {
  const pool = examplePool(rule, settings);
  const settlement = settlePool(rule.name, pool, exampleResult(rule));
  const winners = settlement.prices;
  const paid = winners[0];
  if (!paid) throw new Error(`The ${rule.name} example pays no one.`);
  const gross = grossCents(pool.money);
  const takeout = takeoutCents(gross, pool.takeout);
  const net = netPoolCents(gross, pool.takeout);
  const onWinners = winners.reduce((s, p) => s + p.money_cents, 0);
  const profit = net - onWinners;
  const shares = winners.length;
  const quoted = quotedPayoff(rule.name, paid.price_per_dollar_cents);
  const step = settings.priceRules.breakageCents;
  const exact = profit / shares / paid.money_cents;
  // The profit per $1 broken down, before the minimum price is applied (a floor of $1: the stake).
  const broken =
    weightedPriceCents(profit, 1, shares, paid.money_cents, { ...settings.priceRules, minPricePerDollarCents: 100 }) -
    100;
  const raised = 100 + broken < paid.price_per_dollar_cents;
  const what =
    rule.kind === 'single'
      ? `horse ${paid.interest}`
      : rule.legs > 1
        ? `${paid.interest.split('-').join(', ')} in ${races(rule.legs)}`
        : `${paid.interest}`;
  const steps = [
    rule.legs > 1
      ? `The winners of ${races(rule.legs)}: ${winningTuple(rule)
          .map((h, i) => `${h} (race ${i + 1})`)
          .join(', ')}.`
      : `The race finishes ${EXAMPLE_ORDER.slice(0, Math.max(rule.horsesRequired, 3))
          .map((h, i) => `${h} ${ordinal(i + 1)}`)
          .join(', ')}.`,
    `Gross pool: ${formatMoney(gross)}.`,
    `Takeout ${percent(pool.takeout)}: ${formatMoney(takeout)} to the house, leaving a net pool of ${formatMoney(net)}.`,
    shares > 1
      ? `Money on the ${shares} paying horses (${winners.map((p) => `${p.interest}: ${formatMoney(p.money_cents)}`).join(', ')}): ${formatMoney(onWinners)}.`
      : `Money on the winning combination ${paid.interest}: ${formatMoney(onWinners)}.`,
    `Profit to share: ${formatMoney(net)} − ${formatMoney(onWinners)} = ${formatMoney(profit)}${
      shares > 1 ? `, split into ${shares} equal parts of ${formatMoney(Math.floor(profit / shares))}` : ''
    }.`,
    `Profit per $1 on ${what}: ${shares > 1 ? 'one part' : formatMoney(profit)} ÷ ${formatMoney(paid.money_cents)} = ${exact.toFixed(4)}, broken down to the ${step === 10 ? 'dime' : 'nickel'}: ${perDollar(broken)}.`,
    raised
      ? `That is below the minimum, so the price is raised to ${perDollar(paid.price_per_dollar_cents)} per $1 (the house covers the difference).`
      : `Price per $1: the $1 stake back plus ${perDollar(broken)} = ${perDollar(paid.price_per_dollar_cents)}.`,
  ];
  const base =
    quoted.base_amount_cents !== 200
      ? ` A ${formatMoney(quoted.base_amount_cents)} ticket, the smallest, pays ${formatMoney(quoted.base_payout_cents)}.`
      : '';
  return {
    block: {
      type: 'example',
      title: `${rule.name}: a $2 ticket on ${what}`,
      steps,
      result: `A winning $2 ${rule.name} ticket on ${what} pays ${formatMoney(quoted.two_dollar_payout_cents)}.${base}`,
    },
    settlement,
    interest: paid.interest,
    pricePerDollarCents: paid.price_per_dollar_cents,
    twoDollarPayoutCents: quoted.two_dollar_payout_cents,
  };
}

/** A show pool that a heavy favourite leaves with too little profit: the minimum price applies. */
export const MINUS_POOL_SHOW_MONEY: PoolMoney = { '4': 900_000, '7': 40_000, '2': 30_000, '9': 30_000 };

export function minusPoolExample(rule: BetTypeRule, settings: InfoSettings): BetExample {
  const pool: Pool = { takeout: takeoutOf(rule, settings), money: MINUS_POOL_SHOW_MONEY, rules: settings.priceRules };
  const settlement = settlePool(rule.name, pool, [...EXAMPLE_ORDER]);
  const paid = settlement.prices.find((p) => p.interest === '4');
  if (!paid) throw new Error('The minus-pool example pays no one.');
  const quoted = quotedPayoff(rule.name, paid.price_per_dollar_cents);
  return {
    block: {
      type: 'example',
      title: `A minus pool: ${rule.name} on a heavy favourite`,
      steps: [
        `Gross ${rule.name} pool ${formatMoney(settlement.gross_cents)}, of it ${formatMoney(paid.money_cents)} on horse 4, which wins.`,
        `Takeout ${percent(pool.takeout)} leaves ${formatMoney(settlement.net_cents)}; the money on the three placed horses comes to more than that, so there is no profit to share.`,
        `Each placed horse still pays the minimum, ${perDollar(settings.priceRules.minPricePerDollarCents)} per $1; the house adds ${formatMoney(settlement.cover_cents)} to pay it.`,
      ],
      result: `A winning $2 ${rule.name} ticket on horse 4 pays ${formatMoney(quoted.two_dollar_payout_cents)}.`,
    },
    settlement,
    interest: paid.interest,
    pricePerDollarCents: paid.price_per_dollar_cents,
    twoDollarPayoutCents: quoted.two_dollar_payout_cents,
  };
}

/** The win pool of the example race as the tote board shows it: money, odds to 1, board odds. */
export function oddsTable(rule: BetTypeRule, settings: InfoSettings): InfoBlock {
  const pool: Pool = { takeout: takeoutOf(rule, settings), money: EXAMPLE_WIN_MONEY };
  const net = netPoolCents(grossCents(pool.money), pool.takeout);
  const rows = Object.keys(pool.money)
    .map(Number)
    .sort((a, b) => a - b)
    .map((post) => {
      const odds = winOdds(pool, post) ?? formatOdds(0);
      return [String(post), formatMoney(pool.money[String(post)] ?? 0), odds.toOne.toFixed(2), odds.fractional];
    });
  return {
    type: 'table',
    caption: `Win odds of the example race: net pool ${formatMoney(net)}; odds to 1 = net ÷ money on the horse − 1`,
    columns: ['Horse', 'Win money', 'Odds to 1', 'Board odds'],
    rows,
  };
}

/** What a boxed ticket costs: combinations × base amount. */
export function boxExample(rule: BetTypeRule, horses: readonly number[], amountCents: number): Example {
  const bet = { bet_type: rule.name, selections: [[...horses]], box: true, amount_cents: amountCents };
  const n = combinations(bet);
  return {
    type: 'example',
    title: `Cost of a ${formatMoney(amountCents)} ${rule.name} box of ${horses.join(', ')}`,
    steps: [
      `A box covers every order of the ${horses.length} horses taken ${rule.horsesRequired} at a time: ${n} combinations.`,
      `Each combination is one ticket of ${formatMoney(amountCents)}.`,
    ],
    result: `The box costs ${n} × ${formatMoney(amountCents)} = ${formatMoney(totalCents(bet))}.`,
  };
}

/** The published seed hash, the race and the revealed seed: what Verify checks. */
export interface VerifyExample {
  seed: string;
  seedHash: string;
  finishOrder: number[];
  winnerTimeMs: number;
  block: Example;
}

// The example race's field: post position, horse id, speed figure, jockey's win percentage.
const VERIFY_FIELD = [
  [1, 101, 92, 14],
  [2, 102, 88, 9],
  [3, 103, 95, 18],
  [4, 104, 84, 11],
  [5, 105, 90, 22],
  [6, 106, 86, 7],
] as const;

export function verifyExample(): VerifyExample {
  // A seed like the server's (64 hex digits), made from a fixed phrase so the page never changes.
  const seed = seedHash('furlong: learn about racing');
  const runners = VERIFY_FIELD.map(([post, horse, figure, winPct]) => ({
    post_position: post,
    horse_id: horse,
    speed_figure: figure,
    jockey_skill: jockeySkill(winPct),
    ...horseTraits(horse),
  }));
  const conditions = { furlongs: 6, surface: 'Dirt', condition: 'Fast' };
  const race = simulateRace({ seed, runners, conditions });
  const again = simulateRace({ seed, runners, conditions });
  const posts = runners.map((r) => r.post_position);
  const order = officialOrder(race, posts);
  const rerun = officialOrder(again, posts);
  const hash = seedHash(seed);
  const winnerTime = officialTimeMs(race.winner_time_ms);
  return {
    seed,
    seedHash: hash,
    finishOrder: order,
    winnerTimeMs: winnerTime,
    block: {
      type: 'example',
      title: 'Verifying a six-furlong race on fast dirt',
      steps: [
        `When betting opens the race's secret seed is drawn and only its SHA-256 is published: ${hash}.`,
        `The engine runs the race from the seed and the field (6 runners, their speed figures, stamina, riders and running styles): it finishes ${order.join(', ')} in ${(winnerTime / 1000).toFixed(2)} s.`,
        `After the finish the seed is revealed: ${seed}.`,
        `Anyone computes SHA-256 of the revealed seed and gets ${seedHash(seed)}: the hash published before the off, so the seed was fixed before any bet.`,
        `Re-running the engine from that seed gives ${rerun.join(', ')} again, to the hundredth of a second.`,
      ],
      result:
        order.join('-') === rerun.join('-')
          ? 'The race was decided by the published seed, not after the bets were in.'
          : 'The re-run differs: the result could not be verified.',
    },
  };
}
