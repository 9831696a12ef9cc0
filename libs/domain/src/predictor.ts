/**
 * The race predictor (spec §2.3 "race predictor with adjustable weights"; §5 "Predictor weights: 0 to
 * 1, step 0.01"): the morning line's five factors of spec §9 — win rate, average speed, earnings (on
 * its natural logarithm), last race time (on its reciprocal), jockey win rate — weighed as the user
 * chooses, and the field ranked.
 *
 * The rule lives once, in morning-line.ts: the factor transforms, the min–max normalisation across
 * the field onto [MORNING_LINE_FLOOR, 1], the weighted sum, shares of the total and odds = 1 ÷ share
 * − 1 to two decimals. The morning line is this predictor at the spec's weights, so at those weights
 * both give the same scores, shares and odds.
 */
import {
  MORNING_LINE_WEIGHTS,
  type MorningLineEntry,
  type MorningLineWeights,
  morningLineFactors,
  oddsFromShare,
  topIndices,
  weightedScores,
  winProbabilities,
} from './morning-line';

/** One of the five factors of spec §9. */
export type PredictorFactor = keyof MorningLineWeights;

/** A weight per factor, each 0..1 in steps of 0.01 (spec §5). */
export type PredictorWeights = MorningLineWeights;

/** The factors in the order the spec lists them (and the page shows its sliders). */
export const PREDICTOR_FACTORS: readonly PredictorFactor[] = [
  'winRate',
  'averageSpeed',
  'earnings',
  'lastRaceTime',
  'jockeyWinRate',
];

/** The spec §9 weights: the predictor starts at the morning line. The same object, not a copy. */
export const DEFAULT_PREDICTOR_WEIGHTS: Readonly<PredictorWeights> = MORNING_LINE_WEIGHTS;

/** Spec §5: predictor weights run 0 to 1 in steps of 0.01. */
export const PREDICTOR_WEIGHT_MIN = 0;
export const PREDICTOR_WEIGHT_MAX = 1;
export const PREDICTOR_WEIGHT_STEP = 0.01;

/** A problem with the weights: the factor it concerns, or 'weights' for the set as a whole. */
export interface PredictorWeightProblem {
  field: PredictorFactor | 'weights';
  reason: string;
}

/**
 * What is wrong with a set of weights a user sent (empty when they are fine): each weight a number
 * from 0 to 1 in steps of 0.01 (spec §5), and not all zero (that would rank nothing).
 */
export function predictorWeightsProblems(
  weights: Readonly<Record<PredictorFactor, unknown>>,
): PredictorWeightProblem[] {
  const problems: PredictorWeightProblem[] = [];
  for (const field of PREDICTOR_FACTORS) {
    const w = weights[field];
    if (typeof w !== 'number' || !Number.isFinite(w)) {
      problems.push({ field, reason: 'The weight must be a number.' });
    } else if (w < PREDICTOR_WEIGHT_MIN || w > PREDICTOR_WEIGHT_MAX) {
      problems.push({ field, reason: 'The weight must be from 0 to 1.' });
    } else if (!onStep(w)) {
      problems.push({ field, reason: 'The weight must be a multiple of 0.01.' });
    }
  }
  if (problems.length === 0 && PREDICTOR_FACTORS.every((f) => weights[f] === 0)) {
    problems.push({ field: 'weights', reason: 'At least one weight must be above 0.' });
  }
  return problems;
}

// 0.07 × 100 is 7.000000000000001 in binary floating point: compare with a tolerance.
function onStep(w: number): boolean {
  const hundredths = w / PREDICTOR_WEIGHT_STEP;
  return Math.abs(hundredths - Math.round(hundredths)) < 1e-9;
}

/** One runner of a ranked field. */
export interface RankedRunner<T extends MorningLineEntry = MorningLineEntry> {
  /** The runner as given. */
  runner: T;
  /** Its position in the field as given. */
  index: number;
  /** Each factor normalised across the field onto [MORNING_LINE_FLOOR, 1] (1 is the field's best). */
  factors: Record<PredictorFactor, number>;
  /** The weighted sum of its factors. */
  score: number;
  /** Its score's share of the field's total: a win probability (the field's shares sum to 1). */
  share: number;
  /** Odds to 1 = 1 ÷ share − 1, two decimals (spec §9, as the morning line). */
  odds: number;
  /** 1 for the best score; equal scores share a rank (1, 2, 2, 4). */
  rank: number;
}

/**
 * Scores, shares, odds and ranks of a field under the given weights, best first (equal scores in
 * field order). The weights need only be finite and non-negative here (scaling them all by one
 * constant leaves the shares as they were); a user's weights are checked by predictorWeightsProblems
 * first. With every weight 0 every score is 0 and the shares are equal.
 *
 * @throws RangeError when a weight is negative or not a finite number
 */
export function rankField<T extends MorningLineEntry>(
  runners: readonly T[],
  weights: Readonly<PredictorWeights> = DEFAULT_PREDICTOR_WEIGHTS,
): RankedRunner<T>[] {
  for (const f of PREDICTOR_FACTORS) {
    const w = weights[f];
    if (!(Number.isFinite(w) && w >= 0)) {
      throw new RangeError(`rankField: weight ${f} must be finite and >= 0, got ${w}`);
    }
  }
  const factors = morningLineFactors(runners);
  const scores = weightedScores(factors, weights);
  const shares = winProbabilities(scores);
  return topIndices(scores, runners.length).map((i) => {
    let rank = 1;
    for (const s of scores) if (s > scores[i]) rank++;
    return {
      runner: runners[i],
      index: i,
      factors: {
        winRate: factors.winRate[i],
        averageSpeed: factors.averageSpeed[i],
        earnings: factors.earnings[i],
        lastRaceTime: factors.lastRaceTime[i],
        jockeyWinRate: factors.jockeyWinRate[i],
      },
      score: scores[i],
      share: shares[i],
      odds: oddsFromShare(shares[i]),
      rank,
    };
  });
}
