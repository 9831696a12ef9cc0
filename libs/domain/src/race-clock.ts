import { RACE_SAMPLE_MS, type SimulatedRace } from './race-engine';

/** The official timer's resolution: hundredths of a second. Equal recorded times dead-heat. */
export const OFFICIAL_TIME_STEP_MS = 10;

/** A finishing time as the official result records it: to the hundredth of a second (in ms), at least 0.01 s. */
export function officialTimeMs(engineMs: number): number {
  return Math.max(OFFICIAL_TIME_STEP_MS, Math.round(engineMs / OFFICIAL_TIME_STEP_MS) * OFFICIAL_TIME_STEP_MS);
}

/**
 * The race clock at sample `k`, as the screen shows it: the race time (k × 500 ms) until the winner
 * reaches the wire, then the winner's official time, where it stops (a teletimer stops at the winner;
 * the rest of the field coming home does not run it on). So the clock at the finish and the official
 * time are one figure. Never goes backwards.
 */
export function raceClockMs(race: Pick<SimulatedRace, 'winner_time_ms'>, k: number): number {
  const t = k * RACE_SAMPLE_MS;
  return t >= race.winner_time_ms ? officialTimeMs(race.winner_time_ms) : t;
}
