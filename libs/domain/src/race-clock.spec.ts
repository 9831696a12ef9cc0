import { raceClockMs } from './race-clock';
import { officialTimeMs, RACE_SAMPLE_MS, simulateRace } from './race-engine';

const input = {
  seed: 'c0ffee',
  runners: [1, 2, 3, 4, 5, 6].map((post) => ({
    post_position: post,
    horse_id: 100 + post,
    speed_figure: 80 + post,
    stamina: 0.5,
    jockey_skill: 0.5,
    early_speed: post / 6,
  })),
  conditions: { furlongs: 6, surface: 'Dirt', condition: 'Fast' },
};

describe(raceClockMs.name, () => {
  const race = simulateRace(input);
  const last = race.samples.length - 1;

  it('should run with the samples until the winner reaches the wire', () => {
    const before = Math.floor(race.winner_time_ms / RACE_SAMPLE_MS);
    expect(raceClockMs(race, 0)).toBe(0);
    expect(raceClockMs(race, before)).toBe(before * RACE_SAMPLE_MS);
    expect(raceClockMs(race, before)).toBeLessThan(race.winner_time_ms);
  });

  it("should stop at the winner's official time, which the last sample shows too", () => {
    // The field is spread out: the last runner comes home seconds after the winner.
    expect(last * RACE_SAMPLE_MS - race.winner_time_ms).toBeGreaterThan(RACE_SAMPLE_MS);
    const official = officialTimeMs(race.winner_time_ms);
    const after = Math.ceil(race.winner_time_ms / RACE_SAMPLE_MS);
    expect(raceClockMs(race, after)).toBe(official);
    expect(raceClockMs(race, last)).toBe(official);
  });

  it('should never go backwards', () => {
    for (let k = 1; k <= last; k++) expect(raceClockMs(race, k)).toBeGreaterThanOrEqual(raceClockMs(race, k - 1));
    // A winner a hair under a sample boundary: the stopped clock is not below the sample before.
    expect(raceClockMs({ winner_time_ms: 72_499.6 }, 145)).toBe(72_500);
    expect(raceClockMs({ winner_time_ms: 72_000.2 }, 144)).toBe(72_000);
    expect(raceClockMs({ winner_time_ms: 72_000.2 }, 143)).toBe(71_500);
  });
});

describe(officialTimeMs.name, () => {
  it('should record to the hundredth of a second, never below one hundredth', () => {
    expect(officialTimeMs(72_345)).toBe(72_350);
    expect(officialTimeMs(72_344.9)).toBe(72_340);
    expect(officialTimeMs(0.2)).toBe(10);
  });
});
