/**
 * The bet types: one table that every part of Furlong reads a type's rules from (the bet slip, the
 * validation, pool seeding, takeout, settlement). Adding a bet type is one entry here, its settle
 * function (bet-settlement.ts) and its tests.
 */
import {
  dailyDoublePool,
  type Finish,
  finishingPool,
  finishOf,
  type LegFinishes,
  pickPool,
  type Settlement,
  type SettleOptions,
  straightPool,
} from './bet-settlement';
import { interestKey, type Pool, type PoolSettlement } from './pari-mutuel';
import {
  DOUBLE_SEEDED_INTERESTS,
  orderedFinishShape,
  PICK_SEEDED_INTERESTS,
  quinellaShape,
  type SeedShape,
  SUPERFECTA_SEEDED_INTERESTS,
  sequenceShape,
  topPlacesShape,
  winShape,
} from './pool-seeding';

/**
 * How a ticket names its horses and how its combinations are keyed:
 * - `single`: one horse (Win, Place, Show);
 * - `ordered`: one horse per finishing position, or a box (Exacta, Trifecta, Superfecta);
 * - `unordered`: one list of horses, keyed as ascending pairs (Quinella);
 * - `sequence`: one horse per race (Daily Double, Pick N).
 */
export type BetKind = 'single' | 'ordered' | 'unordered' | 'sequence';

/** The takeout groups of the configuration (`config.wagering.takeout` keys). */
export const TAKEOUT_GROUPS = ['winPlaceShow', 'exactaQuinellaDouble', 'trifectaSuperfectaPick'] as const;
export type TakeoutGroup = (typeof TAKEOUT_GROUPS)[number];

/** The house stake a pool is seeded with when its first race opens (`config.wagering` keys). */
export type SeedStake = 'seedWinCents' | 'seedExoticCents';

/** One row of the table; `Name` is a literal while the table is written, BetTypeName after. */
interface BetTypeEntry<Name extends string> extends Settlement {
  readonly name: Name;
  /** Races the ticket spans. */
  readonly legs: number;
  /** Horses a straight ticket names: one per finishing slot, or one per race for multi-race types. */
  readonly horsesRequired: number;
  /** Whether the named horses must finish in the named order. */
  readonly ordered: boolean;
  readonly kind: BetKind;
  /** Whether one list of horses may be boxed. */
  readonly boxable: boolean;
  /** Smallest base amount and the step of amounts, in cents ($1, or 10¢). */
  readonly amountStepCents: 10 | 100;
  readonly takeoutGroup: TakeoutGroup;
  /** Whether a pool that no ticket has a race right of carries its net pool to the next one at the track. */
  readonly carriesOver: boolean;
  readonly seedStake: SeedStake;
  /** How the house seed (and the crowd's money) spreads over the pool's interests. */
  readonly seedShape: SeedShape;
  /** Share of a simulated crowd tick this type's pool takes (0: the crowd leaves it alone). */
  readonly crowdShare: number;
  readonly description: string;
}

function pick<N extends number>(n: N) {
  return {
    name: `Pick ${n}` as `Pick ${N}`,
    legs: n,
    horsesRequired: n,
    ordered: false,
    kind: 'sequence',
    boxable: false,
    amountStepCents: 10,
    takeoutGroup: 'trifectaSuperfectaPick',
    carriesOver: true,
    seedStake: 'seedExoticCents',
    seedShape: sequenceShape(PICK_SEEDED_INTERESTS),
    crowdShare: n === 3 ? 0.04 : 0,
    ...pickPool,
    description: `Pick the winners of ${n} races in a row, all chosen before the first of them.`,
  } as const;
}

// Amounts (documented choice, like real tracks): Win, Place, Show, Exacta, Quinella and Daily Double
// take whole dollars; Trifecta, Superfecta and Pick N 10-cent steps. Every amount is then a multiple
// of 10 cents, so a price per $1 broken to the dime (pari-mutuel.ts) pays whole cents.
// Crowd shares add up to 1.
const TABLE = [
  {
    name: 'Win',
    legs: 1,
    horsesRequired: 1,
    ordered: false,
    kind: 'single',
    boxable: false,
    amountStepCents: 100,
    takeoutGroup: 'winPlaceShow',
    carriesOver: false,
    seedStake: 'seedWinCents',
    seedShape: winShape,
    crowdShare: 0.35,
    ...straightPool(1),
    description: 'Pick the horse that finishes first.',
  },
  {
    name: 'Place',
    legs: 1,
    horsesRequired: 1,
    ordered: false,
    kind: 'single',
    boxable: false,
    amountStepCents: 100,
    takeoutGroup: 'winPlaceShow',
    carriesOver: false,
    seedStake: 'seedWinCents',
    seedShape: topPlacesShape(2),
    crowdShare: 0.12,
    ...straightPool(2),
    description: 'Pick a horse that finishes first or second.',
  },
  {
    name: 'Show',
    legs: 1,
    horsesRequired: 1,
    ordered: false,
    kind: 'single',
    boxable: false,
    amountStepCents: 100,
    takeoutGroup: 'winPlaceShow',
    carriesOver: false,
    seedStake: 'seedWinCents',
    seedShape: topPlacesShape(3),
    crowdShare: 0.12,
    ...straightPool(3),
    description: 'Pick a horse that finishes first, second or third.',
  },
  {
    name: 'Exacta',
    legs: 1,
    horsesRequired: 2,
    ordered: true,
    kind: 'ordered',
    boxable: true,
    amountStepCents: 100,
    takeoutGroup: 'exactaQuinellaDouble',
    carriesOver: false,
    seedStake: 'seedExoticCents',
    seedShape: orderedFinishShape(2),
    crowdShare: 0.16,
    ...finishingPool(2, false),
    description: 'Pick the first two finishers in exact order.',
  },
  {
    name: 'Quinella',
    legs: 1,
    horsesRequired: 2,
    ordered: false,
    kind: 'unordered',
    boxable: true,
    amountStepCents: 100,
    takeoutGroup: 'exactaQuinellaDouble',
    carriesOver: false,
    seedStake: 'seedExoticCents',
    seedShape: quinellaShape,
    crowdShare: 0,
    ...finishingPool(2, true),
    description: 'Pick the first two finishers in either order.',
  },
  {
    name: 'Trifecta',
    legs: 1,
    horsesRequired: 3,
    ordered: true,
    kind: 'ordered',
    boxable: true,
    amountStepCents: 10,
    takeoutGroup: 'trifectaSuperfectaPick',
    carriesOver: false,
    seedStake: 'seedExoticCents',
    seedShape: orderedFinishShape(3),
    crowdShare: 0.09,
    ...finishingPool(3, false),
    description: 'Pick the first three finishers in exact order.',
  },
  {
    name: 'Superfecta',
    legs: 1,
    horsesRequired: 4,
    ordered: true,
    kind: 'ordered',
    boxable: true,
    amountStepCents: 10,
    takeoutGroup: 'trifectaSuperfectaPick',
    carriesOver: false,
    seedStake: 'seedExoticCents',
    seedShape: orderedFinishShape(4, SUPERFECTA_SEEDED_INTERESTS),
    crowdShare: 0.05,
    ...finishingPool(4, false),
    description: 'Pick the first four finishers in exact order.',
  },
  {
    name: 'Daily Double',
    legs: 2,
    horsesRequired: 2,
    ordered: false,
    kind: 'sequence',
    boxable: false,
    amountStepCents: 100,
    takeoutGroup: 'exactaQuinellaDouble',
    carriesOver: false,
    seedStake: 'seedExoticCents',
    seedShape: sequenceShape(DOUBLE_SEEDED_INTERESTS),
    crowdShare: 0.07,
    // Fallback classes, not a consolation, when no one holds the winning pair.
    ...dailyDoublePool,
    description: 'Pick the winners of two consecutive races, chosen before the first of them.',
  },
  pick(3),
  pick(4),
  pick(5),
  pick(6),
  pick(7),
  pick(8),
  pick(9),
  pick(10),
] as const satisfies readonly BetTypeEntry<string>[];

/** Every bet type's name, in display order. */
export const BET_TYPE_NAMES = TABLE.map((t) => t.name) as unknown as NamesOf<typeof TABLE>;
type NamesOf<T extends readonly { name: string }[]> = {
  readonly [K in keyof T]: T[K] extends { name: infer N } ? N : never;
};

/** A bet type's name as stored in bet_types. */
export type BetTypeName = (typeof TABLE)[number]['name'];

/** A kind of wager, as offered on the bet-type select and stored in bet_types: its row of the table. */
export type BetTypeRule = BetTypeEntry<BetTypeName>;

/** Every bet type of spec §1, with the counts of spec §5 and §9, in display order. */
export const BET_TYPES: readonly BetTypeRule[] = TABLE;

/** The rule for a bet type name, or undefined when there is no such type. */
export function findBetType(name: string): BetTypeRule | undefined {
  return BET_TYPES.find((t) => t.name === name);
}

/** The rule for a bet type name; throws for a name that is no bet type. */
export function betTypeRule(name: string): BetTypeRule {
  const rule = findBetType(name);
  if (!rule) throw new RangeError(`Unknown bet type '${name}'.`);
  return rule;
}

/** The pool key of one combination of a ticket: quinella pairs ascending, everything else in ticket order. */
export function combinationKey(rule: BetTypeRule, tuple: readonly number[]): string {
  return interestKey(tuple, rule.kind === 'unordered');
}

/** Each leg's finish from a plain result: the official order of a single race, or each leg's winner. */
function legFinishes(rule: BetTypeRule, result: readonly number[]): Finish[] {
  return rule.legs > 1 ? result.map((winner) => [[winner]]) : [finishOf(result)];
}

/**
 * The winning interest keys of a single-race pool from the official finish (rank groups, or a
 * plain order, winner first): Win [1st], Place [1st, 2nd], Show [1st, 2nd, 3rd], Exacta/Trifecta/
 * Superfecta the ordered key, Quinella the ascending pair; a dead heat adds the combinations it makes
 * winning. Empty when the order is too short, the type is a multi-race one or unknown.
 */
export function winningInterests(betType: string, official: readonly number[] | Finish): string[] {
  const rule = findBetType(betType);
  if (!rule || rule.legs > 1) return [];
  return rule.winningInterests([toFinish(official)]);
}

function toFinish(official: readonly number[] | Finish): Finish {
  return official.map((x) => (typeof x === 'number' ? [x] : x));
}

/**
 * Settle any pool by bet type (the table's settle function). `result` is the official order
 * (program numbers, winner first) for single-race types, or each leg's winner for Daily Double and
 * Pick N. Throws for an unknown type. settlePoolByFinish takes dead heats and cancelled legs.
 */
export function settlePool(betType: string, pool: Pool, result: readonly number[]): PoolSettlement {
  const rule = betTypeRule(betType);
  return rule.settle(pool, legFinishes(rule, result));
}

/** Settle any pool by bet type from each leg's finish (null: that race was cancelled). */
export function settlePoolByFinish(
  betType: string,
  pool: Pool,
  legs: LegFinishes,
  options?: SettleOptions,
): PoolSettlement {
  return betTypeRule(betType).settle(pool, legs, options);
}

/**
 * Whether a pool can be settled from the status of each of its races (leg order): every race
 * finished or cancelled; or a cancelled race that decides the pool alone (a refund of a single-race
 * pool or a Pick N, or a Daily Double whose first race is off). A Daily Double whose second race is
 * cancelled waits for its first race's winner.
 */
export function poolSettleable(betType: string, statuses: readonly string[]): boolean {
  if (statuses.every((s) => s === 'finished' || s === 'cancelled')) return true;
  if (betTypeRule(betType).name === 'Daily Double') return statuses[0] === 'cancelled';
  return statuses.includes('cancelled');
}
