import type { RaceSample, SimulatedRace } from '@furlong/domain';
import { nextCountdownWall, sampleDueAt, sampleDueTime, toFrame } from './sample-timetable';

const OFF = Date.parse('2026-11-23T14:00:00Z');

describe('the sample timetable', () => {
  it('should make sample k due at the off + k × 500 ms', () => {
    expect(sampleDueTime(OFF, 0)).toBe(OFF);
    expect(sampleDueTime(OFF, 3)).toBe(OFF + 1500);
  });

  it('should have no sample due before the off, sample 0 at the off, and the latest one due after', () => {
    expect(sampleDueAt(OFF, OFF - 1, 150)).toBe(-1);
    expect(sampleDueAt(OFF, OFF, 150)).toBe(0);
    expect(sampleDueAt(OFF, OFF + 499, 150)).toBe(0);
    expect(sampleDueAt(OFF, OFF + 500, 150)).toBe(1);
    expect(sampleDueAt(OFF, OFF + 61_250, 150)).toBe(122);
  });

  it('should resume a race mid-way at the sample due now, and stop at the last sample', () => {
    // A runner taking over 40.2 s after the off carries on from sample 80, not from the start.
    expect(sampleDueAt(OFF, OFF + 40_200, 150)).toBe(80);
    expect(sampleDueAt(OFF, OFF + 10 * 60_000, 150)).toBe(149);
  });

  it('should count down on whole seconds before the off, the last one a second before it', () => {
    expect(nextCountdownWall(OFF, OFF - 2500)).toBe(OFF - 2000);
    expect(nextCountdownWall(OFF, OFF - 2000)).toBe(OFF - 1000);
    expect(nextCountdownWall(OFF, OFF - 1000)).toBeNull();
    expect(nextCountdownWall(OFF, OFF - 300)).toBeNull();
  });

  it('should send a sample compactly: progress to 4 decimals, speed to 1, the leaderboard as it is', () => {
    const sample: RaceSample = {
      t_ms: 1500,
      progress: [0.123456, 0.5, 1],
      speed: [16.87, 17.04, 0],
      leaderboard: [3, 2, 1],
    };
    const race: SimulatedRace = { finish_order: [3, 2, 1], finish_times_ms: [], winner_time_ms: 9000, samples: [] };
    race.samples[3] = sample;
    expect(toFrame(7, 3, race, 1234)).toEqual({
      r: 7,
      s: 3,
      c: 1500,
      ts: 1234,
      p: [0.1235, 0.5, 1],
      v: [16.9, 17, 0],
      l: [3, 2, 1],
    });
  });

  it("should stop the frames' race clock at the winner's official time, where the result has it", () => {
    // Winner home at 1.2346 s of race time (1.23 s to the hundredth), the last runner two samples later.
    const at = (t: number): RaceSample => ({ t_ms: t, progress: [1, 1], speed: [0, 0], leaderboard: [1, 2] });
    const race: SimulatedRace = {
      finish_order: [1, 2],
      finish_times_ms: [1234.6, 2001],
      winner_time_ms: 1234.6,
      samples: [0, 500, 1000, 1500, 2000, 2500].map(at),
    };
    expect([0, 1, 2, 3, 4, 5].map((k) => toFrame(7, k, race, 0).c)).toEqual([0, 500, 1000, 1230, 1230, 1230]);
  });
});
