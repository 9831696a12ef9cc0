/**
 * The odds calculator (spec §2.3, §3 "Odds calculator inputs: distance in meters, runners, track
 * condition (fast, wet, muddy), bets per horse, trainer experience, first place finishes, total
 * winnings"; §9 "distance-based; condition multiplier fast 1, wet and muddy 1.5; two decimals").
 * The spec gives only that shape; the formula is ours:
 *
 *   odds = (runners − 1) × √(meters ÷ 1200) × condition ÷ form, two decimals, at least 0.10
 *   form = (1 + 0.25 ln(1 + bets)) × (1 + 0.15 ln(1 + trainer years))
 *        × (1 + 0.2 ln(1 + first places)) × (1 + 0.1 ln(1 + winnings in dollars ÷ 1000))
 *
 * - runners − 1: with nothing else known each of n runners has a 1-in-n chance, and odds = 1 ÷ share
 *   − 1 (spec §9's rule) makes that n − 1 to 1.
 * - √(meters ÷ 1200): the calculator knows nothing of a horse's stamina, and a longer trip is harder
 *   to call (more ground for trouble, stamina untested), so the odds lengthen with distance, gently:
 *   twice the trip, about 1.41 times the odds. 1,200 m (six furlongs, the race engine's par trip) is 1.
 * - condition: spec §9's multiplier, fast 1, wet 1.5, muddy 1.5.
 * - form: each of the horse's credentials shortens the odds, each extra bet, year, win or dollar a
 *   little less than the one before (the natural logarithm), and none can lengthen them. Bets are a
 *   count of bets placed on the horse, not an amount: the calculator has no pool to take a share of,
 *   and a count is what a user can see and type.
 *
 * Rounding to two decimals and the 0.10 floor are both non-decreasing, so every direction above
 * holds for the shown odds too (weakly: two inputs may round to the same odds).
 */

/** Track conditions the calculator takes (spec §3). */
export type OddsCalculatorCondition = 'fast' | 'wet' | 'muddy';

/** Spec §9: condition multiplier fast 1, wet and muddy 1.5. */
export const ODDS_CONDITION_MULTIPLIERS: Readonly<Record<OddsCalculatorCondition, number>> = {
  fast: 1,
  wet: 1.5,
  muddy: 1.5,
};

/** The trip at which the distance factor is 1: six furlongs, a sprint. */
export const ODDS_PAR_METERS = 1200;
/** Odds are never shown shorter than 1-10. */
export const MIN_CALCULATED_ODDS = 0.1;
export const ODDS_CALCULATOR_MIN_RUNNERS = 2;
export const ODDS_CALCULATOR_MAX_RUNNERS = 20;
/** Distances the calculator takes, in meters (a 2-furlong dash to a marathon over two miles and a half). */
export const ODDS_CALCULATOR_MIN_METERS = 100;
export const ODDS_CALCULATOR_MAX_METERS = 10_000;

// Weights of the form factor's four credentials.
const BETS_WEIGHT = 0.25;
const TRAINER_WEIGHT = 0.15;
const WINS_WEIGHT = 0.2;
const WINNINGS_WEIGHT = 0.1;
const WINNINGS_UNIT_DOLLARS = 1000;

/** The formula in plain English: the calculator page shows it as its help text. */
export const ODDS_CALCULATOR_FORMULA = [
  'Odds (to 1) = (runners − 1) × distance factor × condition factor ÷ form factor, rounded to two decimals and never below 0.10.',
  'Runners − 1: with nothing else known, each of n runners has a 1 in n chance, which is odds of n − 1 to 1.',
  'Distance factor = √(distance in meters ÷ 1,200). A 1,200 m sprint is 1; a longer trip is harder to call, so the odds lengthen: twice the distance gives about 1.41 times the odds.',
  'Condition factor: fast 1, wet 1.5, muddy 1.5.',
  'Form factor = (1 + 0.25 × ln(1 + bets on the horse)) × (1 + 0.15 × ln(1 + trainer’s years of experience)) × (1 + 0.2 × ln(1 + first-place finishes)) × (1 + 0.1 × ln(1 + total winnings in dollars ÷ 1,000)).',
  'Bets on the horse is the number of bets placed on it. Each bet, year, win and dollar shortens the odds, each a little less than the one before (ln is the natural logarithm).',
].join('\n');

export interface OddsCalculatorInput {
  /** Race distance in meters, 100..10,000. */
  distanceMeters: number;
  /** Runners in the race, a whole number 2..20. */
  runners: number;
  condition: OddsCalculatorCondition;
  /** How many bets have been placed on the horse (a count, not an amount), a whole number ≥ 0. */
  betsOnHorse: number;
  /** The trainer's years of experience, a whole number ≥ 0. */
  trainerYears: number;
  /** The horse's first-place finishes, a whole number ≥ 0. */
  firstPlaceFinishes: number;
  /** The horse's total winnings in cents, a whole number ≥ 0. */
  totalWinningsCents: number;
}

export type OddsCalculatorField = keyof OddsCalculatorInput;

export interface OddsCalculatorProblem {
  field: OddsCalculatorField;
  reason: string;
}

/** The odds and the factors they were made of. */
export interface OddsCalculation {
  /** Odds to 1, two decimals, at least 0.10. */
  odds: number;
  /** The odds before rounding and the floor. */
  exact: number;
  /** Runners − 1. */
  fieldFactor: number;
  /** √(meters ÷ 1200). */
  distanceFactor: number;
  /** Fast 1, wet and muddy 1.5. */
  conditionFactor: number;
  /** 1 or more; the odds are divided by it. */
  formFactor: number;
}

export type OddsCalculatorResult =
  | { ok: true; value: OddsCalculation }
  | { ok: false; problems: OddsCalculatorProblem[] };

/** What is wrong with the calculator's inputs, field by field (empty when they are fine). */
export function oddsCalculatorProblems(input: Readonly<Record<OddsCalculatorField, unknown>>): OddsCalculatorProblem[] {
  const problems: OddsCalculatorProblem[] = [];
  const d = input.distanceMeters;
  if (!isNumber(d)) problems.push({ field: 'distanceMeters', reason: 'The distance must be a number of meters.' });
  else if (d < ODDS_CALCULATOR_MIN_METERS || d > ODDS_CALCULATOR_MAX_METERS) {
    problems.push({ field: 'distanceMeters', reason: 'The distance must be from 100 to 10,000 meters.' });
  }
  const n = input.runners;
  if (!(isNumber(n) && Number.isInteger(n) && n >= ODDS_CALCULATOR_MIN_RUNNERS && n <= ODDS_CALCULATOR_MAX_RUNNERS)) {
    problems.push({ field: 'runners', reason: 'The runners must be a whole number from 2 to 20.' });
  }
  if (!(typeof input.condition === 'string' && Object.hasOwn(ODDS_CONDITION_MULTIPLIERS, input.condition))) {
    problems.push({ field: 'condition', reason: 'The track condition must be fast, wet or muddy.' });
  }
  const counts: readonly [OddsCalculatorField, string][] = [
    ['betsOnHorse', 'The bets on the horse'],
    ['trainerYears', 'The trainer’s years of experience'],
    ['firstPlaceFinishes', 'The first-place finishes'],
    ['totalWinningsCents', 'The total winnings in cents'],
  ];
  for (const [field, what] of counts) {
    const v = input[field];
    if (!(isNumber(v) && Number.isSafeInteger(v) && v >= 0)) {
      problems.push({ field, reason: `${what} must be a whole number, 0 or more.` });
    }
  }
  return problems;
}

function isNumber(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** The calculator's odds for valid inputs, or the problems with them (see the module comment). */
export function calculateOdds(input: OddsCalculatorInput): OddsCalculatorResult {
  const problems = oddsCalculatorProblems(input);
  if (problems.length > 0) return { ok: false, problems };
  const fieldFactor = input.runners - 1;
  const distanceFactor = Math.sqrt(input.distanceMeters / ODDS_PAR_METERS);
  const conditionFactor = ODDS_CONDITION_MULTIPLIERS[input.condition];
  const formFactor =
    (1 + BETS_WEIGHT * Math.log1p(input.betsOnHorse)) *
    (1 + TRAINER_WEIGHT * Math.log1p(input.trainerYears)) *
    (1 + WINS_WEIGHT * Math.log1p(input.firstPlaceFinishes)) *
    (1 + WINNINGS_WEIGHT * Math.log1p(input.totalWinningsCents / 100 / WINNINGS_UNIT_DOLLARS));
  const exact = (fieldFactor * distanceFactor * conditionFactor) / formFactor;
  return {
    ok: true,
    value: {
      odds: Math.max(MIN_CALCULATED_ODDS, Math.round(exact * 100) / 100),
      exact,
      fieldFactor,
      distanceFactor,
      conditionFactor,
      formFactor,
    },
  };
}
