/**
 * Morning line (spec §9): score = 0.2 × win rate + 0.3 × average speed + 0.1 × ln(earnings)
 * + 0.3 × (1 ÷ last race time) + 0.1 × jockey win rate; odds = 1 ÷ share of total score − 1.
 *
 * Normalisation (so no unit dominates): each factor is first transformed (earnings → ln(1 +
 * earnings in dollars), so $0 is 0; last race time → 1 ÷ seconds), then min–max scaled across the
 * field onto [MORNING_LINE_FLOOR, 1]: the field's best gets 1, its worst the floor. The floor keeps
 * every horse's score above zero, so every horse has finite odds. A factor equal for the whole
 * field (or missing for everyone) carries no information and scales to 1 for all. A horse missing a
 * factor (null, or no last race) gets the floor for it.
 *
 * Uses Math.log; this is not part of the race engine, so platform float differences don't matter.
 *
 * A race's line is made once, when its card is made (cardMorningLine), stored per runner and never
 * made again: form changes after the card (the race itself joins the history at the finish) must
 * not move it. Everything after reads the stored line (storedMorningLine).
 */
import { formatOdds } from './pari-mutuel';

export interface MorningLineEntry {
  /** Wins ÷ starts, 0..1. */
  winRate: number | null;
  /** Average speed in any unit (m/s), the same for the whole field. */
  averageSpeed: number | null;
  /** Career earnings in cents. */
  earningsCents: number | null;
  /** Last race time in seconds (> 0). */
  lastRaceTimeSeconds: number | null;
  /** Jockey's wins ÷ rides, 0..1. */
  jockeyWinRate: number | null;
}

export interface MorningLineWeights {
  winRate: number;
  averageSpeed: number;
  earnings: number;
  lastRaceTime: number;
  jockeyWinRate: number;
}

/** Spec §9 weights. */
export const MORNING_LINE_WEIGHTS: MorningLineWeights = {
  winRate: 0.2,
  averageSpeed: 0.3,
  earnings: 0.1,
  lastRaceTime: 0.3,
  jockeyWinRate: 0.1,
};

/** Lowest normalised value of a factor (the field's worst). */
export const MORNING_LINE_FLOOR = 0.1;
/** Spec §9: Top 3 shown. */
export const MORNING_LINE_TOP = 3;

function present(x: number | null): x is number {
  return x !== null && Number.isFinite(x);
}

/** Min–max onto [floor, 1]; null → floor; all equal → 1. */
export function normaliseFactor(values: readonly (number | null)[], floor = MORNING_LINE_FLOOR): number[] {
  const known = values.filter(present);
  if (known.length === 0) return values.map(() => 1);
  const min = Math.min(...known);
  const max = Math.max(...known);
  if (max === min) return values.map((v) => (present(v) ? 1 : floor));
  return values.map((v) => (present(v) ? floor + ((1 - floor) * (v - min)) / (max - min) : floor));
}

/** Each factor of each horse (field order), transformed and normalised across the field onto [floor, 1]. */
export function morningLineFactors(field: readonly MorningLineEntry[]): Record<keyof MorningLineWeights, number[]> {
  return {
    winRate: normaliseFactor(field.map((e) => e.winRate)),
    averageSpeed: normaliseFactor(field.map((e) => e.averageSpeed)),
    earnings: normaliseFactor(
      field.map((e) => (present(e.earningsCents) ? Math.log(1 + Math.max(0, e.earningsCents) / 100) : null)),
    ),
    lastRaceTime: normaliseFactor(
      field.map((e) =>
        present(e.lastRaceTimeSeconds) && e.lastRaceTimeSeconds > 0 ? 1 / e.lastRaceTimeSeconds : null,
      ),
    ),
    jockeyWinRate: normaliseFactor(field.map((e) => e.jockeyWinRate)),
  };
}

/** Weighted score of each horse, in field order, after normalising each factor across the field. */
export function morningLineScores(
  field: readonly MorningLineEntry[],
  weights: MorningLineWeights = MORNING_LINE_WEIGHTS,
): number[] {
  return weightedScores(morningLineFactors(field), weights);
}

/**
 * The weighted sum of each horse's normalised factors (as morningLineFactors gives them), in field
 * order. The race predictor (predictor.ts) is this with the user's weights.
 */
export function weightedScores(
  factors: Readonly<Record<keyof MorningLineWeights, readonly number[]>>,
  weights: MorningLineWeights,
): number[] {
  return factors.winRate.map(
    (_, i) =>
      weights.winRate * factors.winRate[i] +
      weights.averageSpeed * factors.averageSpeed[i] +
      weights.earnings * factors.earnings[i] +
      weights.lastRaceTime * factors.lastRaceTime[i] +
      weights.jockeyWinRate * factors.jockeyWinRate[i],
  );
}

/** Each score's share of the total (sums to 1); equal shares when every score is 0. */
export function winProbabilities(scores: readonly number[]): number[] {
  const clean = scores.map((s) => (Number.isFinite(s) && s > 0 ? s : 0));
  const total = clean.reduce((a, b) => a + b, 0);
  if (total <= 0) return clean.map(() => 1 / clean.length);
  return clean.map((s) => s / total);
}

/**
 * Spec §9: odds to 1 of a share (a win probability) = 1 ÷ share − 1, two decimals; Infinity for a
 * zero share. The predictor and the simulated fair odds use the same rule.
 */
export function oddsFromShare(share: number): number {
  return share > 0 ? Math.round((1 / share - 1) * 100) / 100 : Number.POSITIVE_INFINITY;
}

/** Spec §9: odds = 1 ÷ share − 1, two decimals (Infinity for a zero share). */
export function morningLineOdds(scores: readonly number[]): number[] {
  return winProbabilities(scores).map(oddsFromShare);
}

/** Indices of the `n` highest scores, best first (ties: lower index first). */
export function topIndices(scores: readonly number[], n: number = MORNING_LINE_TOP): number[] {
  return scores
    .map((s, i) => [s, i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1])
    .slice(0, n)
    .map(([, i]) => i);
}

export interface MorningLine {
  scores: number[];
  probabilities: number[];
  odds: number[];
  /** Indices into the field of the Top 3. */
  top: number[];
}

/** Scores, shares, odds and the Top 3 of a field, in field order. */
export function morningLine(
  field: readonly MorningLineEntry[],
  weights: MorningLineWeights = MORNING_LINE_WEIGHTS,
): MorningLine {
  const scores = morningLineScores(field, weights);
  return {
    scores,
    probabilities: winProbabilities(scores),
    odds: morningLineOdds(scores),
    top: topIndices(scores),
  };
}

/** One runner's line as the card stores it. */
export interface CardLine {
  /** The weighted score (spec §9). */
  score: number;
  /** Odds to 1, two decimals (spec §9). */
  odds: number;
}

/** The line of a field when its card is made, in field order: what the card stores per runner. */
export function cardMorningLine(
  field: readonly MorningLineEntry[],
  weights: MorningLineWeights = MORNING_LINE_WEIGHTS,
): CardLine[] {
  const line = morningLine(field, weights);
  return line.scores.map((score, i) => ({ score, odds: line.odds[i] ?? Number.POSITIVE_INFINITY }));
}

/** A stored line as the pages and the pools read it. */
export interface StoredMorningLine {
  /** Win probabilities: each score's share over the runners given (equal shares when none has a line). */
  probabilities: number[];
  /** The odds as the tote shows odds ('5-2'), or null for a runner without a stored line. */
  display: (string | null)[];
  /** Indices of the Top 3 by score (runners with a line only). */
  top: number[];
}

/**
 * Reads a stored line (scores and odds per runner, null where none was stored): the odds shown
 * on the tote's ladder by formatOdds, the probabilities the pools are seeded from, the Top 3.
 */
export function storedMorningLine(
  runners: readonly { score: number | null; odds: number | null }[],
): StoredMorningLine {
  const scores = runners.map((r) => (r.score !== null && Number.isFinite(r.score) ? r.score : 0));
  const lined = runners.flatMap((r, i) => (r.score === null ? [] : [i]));
  return {
    probabilities: winProbabilities(scores),
    display: runners.map((r) => (r.odds !== null && Number.isFinite(r.odds) ? formatOdds(r.odds).fractional : null)),
    top: topIndices(
      lined.map((i) => scores[i] as number),
      MORNING_LINE_TOP,
    ).map((j) => lined[j] as number),
  };
}
