import { type EngineRunner, finishPositions, officialTimeMs, type SimulatedRace, speedFigure } from '@furlong/domain';

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
 * The purse per finisher (finishing order) when some dead-heated: runners sharing a position share
 * the money of the places they span equally, the odd cents to the first of them. Sums to the purse.
 */
export function deadHeatPurse(split: readonly number[], positions: readonly number[]): number[] {
  const out = positions.map(() => 0);
  for (let i = 0; i < positions.length; ) {
    let j = i;
    while (j < positions.length && positions[j] === positions[i]) j++;
    const pot = split.slice(i, j).reduce((a, b) => a + b, 0);
    const each = Math.floor(pot / (j - i));
    for (let k = i; k < j; k++) out[k] = each;
    out[i] = (out[i] as number) + pot - each * (j - i);
    i = j;
  }
  return out;
}

/**
 * The official result of a simulated race: finishers winner first, with their times (to the
 * hundredth of a second: equal recorded times dead-heat and share a position, 1, 2, 2, 4), speed
 * figures from time and distance, and purse money (shared in a dead heat).
 */
export function officialFinishers(
  race: SimulatedRace,
  runners: readonly EngineRunner[],
  meters: number,
  purseCents: number,
): OfficialFinisher[] {
  const indexByPost = new Map(runners.map((r, i) => [r.post_position, i]));
  const rows = race.finish_order.map((post) => {
    const i = indexByPost.get(post);
    if (i === undefined) throw new Error(`finish order names post ${post}, which has no runner`);
    // The race clock stops at the same figure (raceClockMs).
    return { post, i, timeMs: officialTimeMs(race.finish_times_ms[i] as number) };
  });
  const positions = finishPositions(rows.map((r) => r.timeMs));
  const purse = deadHeatPurse(livePurseSplit(purseCents, rows.length), positions);
  return rows.map(({ post, i, timeMs }, k) => ({
    finish_position: positions[k] as number,
    post_position: post,
    horse_id: (runners[i] as EngineRunner).horse_id,
    finish_time_ms: timeMs,
    speed_figure: speedFigure(meters, timeMs),
    earnings_cents: purse[k] as number,
  }));
}
