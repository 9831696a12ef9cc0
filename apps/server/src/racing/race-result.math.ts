import { type EngineRunner, officialTimeMs, type SimulatedRace, speedFigure } from '@furlong/domain';

/** Shares of the purse for finishing positions 1–6; what the shares leave (rounding, short fields) goes to the winner. */
export const LIVE_PURSE_SHARES = [0.6, 0.2, 0.1, 0.05, 0.03, 0.02] as const;

/** The purse in integer cents per finishing position (index 0 = the winner); it sums to the purse. */
export function livePurseSplit(purseCents: number, runners: number): number[] {
  const split = Array.from({ length: runners }, (_, i) =>
    i === 0 ? 0 : Math.floor(purseCents * (LIVE_PURSE_SHARES[i] ?? 0)),
  );
  if (runners > 0) split[0] = purseCents - split.reduce((a, b) => a + b, 0);
  return split;
}

/** One finisher row of an official result. */
export interface OfficialFinisher {
  finish_position: number;
  post_position: number;
  horse_id: number;
  finish_time_ms: number;
  speed_figure: number;
  earnings_cents: number;
}

/**
 * The official result of a simulated race: finishers winner first, with their times (to the
 * millisecond), speed figures from time and distance, and purse money.
 */
export function officialFinishers(
  race: SimulatedRace,
  runners: readonly EngineRunner[],
  meters: number,
  purseCents: number,
): OfficialFinisher[] {
  const indexByPost = new Map(runners.map((r, i) => [r.post_position, i]));
  const purse = livePurseSplit(purseCents, race.finish_order.length);
  return race.finish_order.map((post, position) => {
    const i = indexByPost.get(post);
    if (i === undefined) throw new Error(`finish order names post ${post}, which has no runner`);
    // The race clock stops at the same figure (raceClockMs).
    const timeMs = officialTimeMs(race.finish_times_ms[i] as number);
    return {
      finish_position: position + 1,
      post_position: post,
      horse_id: (runners[i] as EngineRunner).horse_id,
      finish_time_ms: timeMs,
      speed_figure: speedFigure(meters, timeMs),
      earnings_cents: purse[position] as number,
    };
  });
}

/**
 * The stored result in the engine's shape (times in the order of `runners`), so that a re-run can
 * be compared with it by sameResult. Samples are not stored and stay empty.
 */
export function storedRace(
  /** Winner first. */
  finishers: readonly { post_position: number; finish_time_ms: number }[],
  runners: readonly EngineRunner[],
): SimulatedRace {
  const timeByPost = new Map(finishers.map((f) => [f.post_position, f.finish_time_ms]));
  return {
    finish_order: finishers.map((f) => f.post_position),
    finish_times_ms: runners.map((r) => timeByPost.get(r.post_position) ?? Number.NaN),
    winner_time_ms: finishers[0]?.finish_time_ms ?? Number.NaN,
    samples: [],
  };
}
