/**
 * How house liquidity (and the simulated crowd's money) spreads over a pool of each bet type: the
 * seed shapes the bet-type table (bet-types.ts) names per type. seedPool (pari-mutuel.ts) turns a
 * shape and a stake into whole cents per interest.
 */
import { harvilleOrdered, mostLikely, quinellaProbabilities, topProbabilities, topSequences } from './pari-mutuel';

/** Win probabilities of one race's field, by program number. */
export type LegProbabilities = Readonly<Record<string, number>>;

/** The probability of each interest of a pool, from the win probabilities of each of its races (one per leg). */
export type SeedShape = (legs: readonly LegProbabilities[]) => Record<string, number>;

// A house seed spreads over a bounded number of interests, the most likely ones: a 12-runner
// superfecta has 11,880 combinations and a Pick 6 of 12-runner fields about 3 million. The rest
// stay unbacked (no probable) until someone bets them; the cap keeps an opening to a few thousand
// rows however long the card. A double (at most 12 × 12) is seeded whole.
export const SUPERFECTA_SEEDED_INTERESTS = 240;
export const DOUBLE_SEEDED_INTERESTS = 144;
export const PICK_SEEDED_INTERESTS = 120;

function firstLeg(legs: readonly LegProbabilities[]): LegProbabilities {
  return legs[0] ?? {};
}

/** Win: the morning line itself. */
export const winShape: SeedShape = (legs) => ({ ...firstLeg(legs) });

/** Place (2) and Show (3): each horse's chance to finish in the first `places`. */
export function topPlacesShape(places: number): SeedShape {
  return (legs) => topProbabilities(firstLeg(legs), places);
}

/** Exacta (2), Trifecta (3), Superfecta (4, the `limit` most likely): ordered finishes under Harville. */
export function orderedFinishShape(n: number, limit?: number): SeedShape {
  return (legs) => {
    const all = harvilleOrdered(firstLeg(legs), n);
    return limit === undefined ? all : mostLikely(all, limit);
  };
}

/** Quinella: both orders of each pair. */
export const quinellaShape: SeedShape = (legs) => quinellaProbabilities(firstLeg(legs));

/** Daily Double and Pick N: the `limit` most likely one-winner-per-leg sequences over every leg given. */
export function sequenceShape(limit: number): SeedShape {
  return (legs) => topSequences(legs, limit);
}
