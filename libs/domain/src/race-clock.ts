import { officialTimeMs, RACE_SAMPLE_MS, type SimulatedRace } from './race-engine';

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
