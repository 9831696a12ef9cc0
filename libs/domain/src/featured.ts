import { Prng } from './prng';

/** The featured performers rotate every hour (the spec's one-hour timer). */
export const FEATURED_HOUR_MS = 3_600_000;

/** One runner of today's cards, as the featured pick sees it. */
export interface FeaturedCandidate {
  horse_id: number;
  jockey_id: number;
  trainer_id: number | null;
  owner_id: number | null;
}

/** The hour's four featured performers; null where no runner today has one (e.g. no trainer known). */
export interface FeaturedFour {
  horse_id: number;
  jockey_id: number;
  trainer_id: number | null;
  owner_id: number | null;
}

/** The bonus terms: a share of the win payout, capped, in integer cents. */
export interface FeaturedBonusTerms {
  share: number;
  cap_cents: number;
}

/** The start (epoch ms) of the hour that `ms` falls in: the key of that hour's featured four. */
export function featuredHourStart(ms: number): number {
  return Math.floor(ms / FEATURED_HOUR_MS) * FEATURED_HOUR_MS;
}

function pickOne(prng: Prng, ids: readonly number[]): number | null {
  if (ids.length === 0) return null;
  return ids[prng.nextUint32() % ids.length] as number;
}

const distinctSorted = (ids: readonly (number | null)[]): number[] =>
  [...new Set(ids.filter((id): id is number => id !== null))].sort((a, b) => a - b);

/**
 * The featured horse, jockey, trainer and owner of an hour, each drawn from the distinct ids among
 * today's runners with a PRNG seeded by the deployment's seed and the hour: the same inputs give
 * the same four whatever the order of the runners. Undefined when nobody runs today.
 */
export function pickFeatured(
  runners: readonly FeaturedCandidate[],
  seed: number,
  hourStartMs: number,
): FeaturedFour | undefined {
  if (runners.length === 0) return undefined;
  const prng = new Prng(`featured:${seed}:${featuredHourStart(hourStartMs)}`);
  return {
    horse_id: pickOne(prng, distinctSorted(runners.map((r) => r.horse_id))) as number,
    jockey_id: pickOne(prng, distinctSorted(runners.map((r) => r.jockey_id))) as number,
    trainer_id: pickOne(prng, distinctSorted(runners.map((r) => r.trainer_id))),
    owner_id: pickOne(prng, distinctSorted(runners.map((r) => r.owner_id))),
  };
}

/** Whether a runner has one of the hour's featured four: its horse, rider, trainer or owner. */
export function isFeaturedRunner(runner: FeaturedCandidate, featured: FeaturedFour): boolean {
  return (
    runner.horse_id === featured.horse_id ||
    runner.jockey_id === featured.jockey_id ||
    (runner.trainer_id !== null && runner.trainer_id === featured.trainer_id) ||
    (runner.owner_id !== null && runner.owner_id === featured.owner_id)
  );
}

/** The bonus on a winning bet's payout: min(cap, floor(payout × share)) cents, never negative. */
export function featuredBonusCents(payoutCents: number, terms: FeaturedBonusTerms): number {
  if (!(payoutCents > 0)) return 0;
  return Math.max(0, Math.min(terms.cap_cents, Math.floor(payoutCents * terms.share)));
}
