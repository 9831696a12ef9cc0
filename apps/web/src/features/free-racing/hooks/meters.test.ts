import type { FreeRaceFrame } from '@furlong/contracts';
import { freeRaceInput, simulateRace } from '@furlong/domain';
import { meterReadouts } from './meters';

const frame = (s: number, p: number[], v: number[], l: number[]): FreeRaceFrame => ({ b: 1, s, p, v, l });

describe(meterReadouts.name, () => {
  it('should read the leader, its speed and its last furlong’s split from the frames', () => {
    // A field of two on a 2-furlong trip: the front reaches 1 furlong (0.5) at 12.5 s, 2 at 25 s.
    const frames = [
      frame(0, [0, 0], [0, 0], [1, 2]),
      frame(20, [0.4, 0.38], [16, 15.8], [1, 2]),
      frame(30, [0.6, 0.62], [16, 16.2], [2, 1]),
      frame(50, [1, 0.98], [16.5, 16], [1, 2]),
    ];
    const sut = meterReadouts(frames, 2);
    expect(sut).toMatchObject({ raceTimeS: 25, leaderPost: 1, leaderSpeedMps: 16.5, furlongsRun: 2 });
    expect(sut?.leaderSpeedMph).toBeCloseTo(36.9, 1);
    // Mark 1 at 10 s + (0.5 - 0.4) / (0.62 - 0.4) × 5 s ≈ 12.27 s; mark 2 at 25 s: split ≈ 12.73 s.
    expect(sut?.lastSplitS).toBeCloseTo(12.73, 2);
  });

  it('should give no split before a furlong is run, or to a late joiner who saw one mark only', () => {
    expect(meterReadouts([frame(0, [0], [0], [1]), frame(4, [0.05], [10], [1])], 6)?.lastSplitS).toBeNull();
    expect(meterReadouts([frame(40, [0.3], [16], [1]), frame(44, [0.34], [16], [1])], 6)?.lastSplitS).toBeNull();
    expect(meterReadouts([], 6)).toBeNull();
  });

  it('should give furlong splits of a real free race about 10 to 16 s, summing to the winner’s time', () => {
    const race = simulateRace(
      freeRaceInput(
        'c0ffee',
        [1, 2, 3, 4, 5, 6, 7].map((post) => ({ post, horse_id: post * 17 })),
      ),
    );
    const frames = race.samples.map((x, s) => frame(s, x.progress, x.speed, x.leaderboard));
    let total = 0;
    let seen = 0;
    for (let s = 1; s <= frames.length; s++) {
      const r = meterReadouts(frames.slice(0, s), 6);
      if (r && r.furlongsRun > seen && r.lastSplitS !== null) {
        seen = r.furlongsRun;
        total += r.lastSplitS;
        expect(r.lastSplitS).toBeGreaterThan(10);
        expect(r.lastSplitS).toBeLessThan(16);
      }
    }
    expect(seen).toBe(6);
    // Interpolated between 500 ms samples: within half a second of the engine's own time.
    expect(Math.abs(total * 1000 - race.winner_time_ms)).toBeLessThan(500);
  });
});
