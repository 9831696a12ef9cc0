import type { FreeRaceFrame } from '@furlong/contracts';
import { RACE_SAMPLE_MS } from '@furlong/domain';

/** What the live-stream panel's meters read, all taken from the race's frames. */
export interface MeterReadout {
  /** Race time of the latest frame, seconds. */
  raceTimeS: number;
  /** The leader's post position. */
  leaderPost: number;
  /** The leader's speed, metres per second, and in miles per hour. */
  leaderSpeedMps: number;
  leaderSpeedMph: number;
  /** Furlongs the leader has run (whole ones). */
  furlongsRun: number;
  /** The leader's time for the last whole furlong run, seconds (null until two furlong marks are seen). */
  lastSplitS: number | null;
}

const MPS_TO_MPH = 3600 / 1609.344;

/**
 * The meters at the latest of `frames` (any order; one per sample number): the leader (first of the
 * running order), its speed, and its last furlong's split — the times the front of the field crossed
 * each furlong mark, interpolated between samples, one mark minus the one before.
 */
export function meterReadouts(frames: readonly FreeRaceFrame[], furlongs: number): MeterReadout | null {
  const sorted = [...frames].sort((a, b) => a.s - b.s);
  const last = sorted.at(-1);
  if (!last) return null;
  const leaderPost = last.l[0] ?? 1;
  const leaderIdx = Math.max(0, leaderPost - 1);
  const speed = last.v[leaderIdx] ?? 0;
  // Crossing times (ms) of each furlong mark by the front of the field.
  const crossings: number[] = [];
  let prevT = 0;
  let prevP = 0;
  for (const f of sorted) {
    const t = f.s * RACE_SAMPLE_MS;
    const p = Math.max(0, ...f.p) * furlongs;
    for (let mark = Math.floor(prevP) + 1; mark <= Math.floor(p) && mark <= furlongs; mark++) {
      // Only marks crossed between two frames seen here (a late joiner starts from its first frame).
      if (f !== sorted[0]) crossings[mark] = prevT + ((mark - prevP) / (p - prevP)) * (t - prevT);
    }
    prevT = t;
    prevP = p;
  }
  const furlongsRun = Math.min(furlongs, Math.floor(Math.max(0, ...last.p) * furlongs));
  const a = crossings[furlongsRun];
  const b = furlongsRun === 1 ? 0 : crossings[furlongsRun - 1];
  const fromStart = sorted[0]?.s === 0;
  const lastSplitS =
    a !== undefined && b !== undefined && (furlongsRun > 1 || fromStart) ? Math.round((a - b) / 10) / 100 : null;
  return {
    raceTimeS: (last.s * RACE_SAMPLE_MS) / 1000,
    leaderPost,
    leaderSpeedMps: speed,
    leaderSpeedMph: Math.round(speed * MPS_TO_MPH * 10) / 10,
    furlongsRun,
    lastSplitS,
  };
}
