import type { RaceFrame } from '@furlong/contracts';
import { RACE_SAMPLE_MS, raceClockMs, type SimulatedRace } from '@furlong/domain';

/** Racing-clock instant (epoch ms) at which sample k is due: the off + k × 500 ms. */
export function sampleDueTime(offMs: number, k: number): number {
  return offMs + k * RACE_SAMPLE_MS;
}

/**
 * The latest sample due at racing instant `nowMs` for a race off at `offMs`, capped at the last
 * sample; −1 before the off. A runner that starts (or resumes) mid-race continues from here.
 */
export function sampleDueAt(offMs: number, nowMs: number, sampleCount: number): number {
  if (nowMs < offMs) return -1;
  return Math.min(sampleCount - 1, Math.floor((nowMs - offMs) / RACE_SAMPLE_MS));
}

/**
 * The next countdown instant (wall ms) after `wallNowMs`: whole wall seconds before the off
 * (off − n s, n ≥ 1), so the last countdown falls one second before it; null when none is left.
 */
export function nextCountdownWall(offWallMs: number, wallNowMs: number): number | null {
  const n = Math.ceil((offWallMs - wallNowMs) / 1000) - 1;
  return n >= 1 ? offWallMs - n * 1000 : null;
}

const round = (value: number, places: number): number => {
  const f = 10 ** places;
  return Math.round(value * f) / f;
};

/** The compact wire form of one sample (progress to 4 decimals, speed to 1). */
export function toFrame(raceId: number, k: number, race: SimulatedRace, wallNowMs: number): RaceFrame {
  const sample = race.samples[k];
  if (!sample) throw new RangeError(`race ${raceId} has no sample ${k}`);
  return {
    r: raceId,
    s: k,
    c: raceClockMs(race, k),
    ts: wallNowMs,
    p: sample.progress.map((x) => round(x, 4)),
    v: sample.speed.map((x) => round(x, 1)),
    l: sample.leaderboard,
  };
}
