import type { EngineRunner } from '@furlong/domain';
import { Injectable } from '@nestjs/common';

/** A race being opened, as a rater sees it: its conditions and the runners the form gave. */
export interface RaceToRate {
  race_id: number;
  surface: string;
  condition: string;
  runners: readonly EngineRunner[];
}

/** Replaces some runners' ratings (same post positions); runners it does not know it returns as given. */
export type RunnerRater = (races: readonly RaceToRate[]) => Promise<Map<number, EngineRunner[]>>;

/**
 * The seam through which another module rates its own runners when betting opens (the stable's
 * horses run on their ability and condition, not on form alone), without racing knowing it. The
 * rated runners are what `engine_runners` fixes with the seed, so Verify re-runs the race exactly.
 * One rater; its failure fails the opening (the scheduler tries again), never a race run on other ratings.
 */
@Injectable()
export class RunnerRatings {
  private rater?: RunnerRater;

  handle(rater: RunnerRater): void {
    if (this.rater) throw new Error('a runner rater is already set');
    this.rater = rater;
  }

  async rate(races: readonly RaceToRate[]): Promise<Map<number, EngineRunner[]>> {
    const out = new Map(races.map((r) => [r.race_id, [...r.runners]]));
    if (!this.rater || races.length === 0) return out;
    const rated = await this.rater(races);
    for (const [raceId, runners] of rated) {
      const given = out.get(raceId);
      if (!given) continue;
      const byPost = new Map(runners.map((r) => [r.post_position, r]));
      out.set(
        raceId,
        given.map((r) => byPost.get(r.post_position) ?? r),
      );
    }
    return out;
  }
}
