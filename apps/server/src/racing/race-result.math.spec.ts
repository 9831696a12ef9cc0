import { type EngineRunner, horseTraits, sameResult, simulateRace, speedFigure, storedRace } from '@furlong/domain';
import { deadHeatPurse, LIVE_PURSE_SHARES, livePurseSplit, officialFinishers } from './race-result.math';

const runners: EngineRunner[] = Array.from({ length: 8 }, (_, i) => ({
  post_position: i + 1,
  horse_id: 100 + i,
  speed_figure: 75 + i * 2,
  ...horseTraits(100 + i),
  jockey_skill: 0.5,
}));
const race = simulateRace({
  seed: 'ab'.repeat(32),
  runners,
  conditions: { furlongs: 6, surface: 'Dirt', condition: 'Fast' },
});

describe(livePurseSplit.name, () => {
  it('should pay 60/20/10/5/3/2 % in whole cents, the rounding to the winner, summing to the purse', () => {
    expect(LIVE_PURSE_SHARES.reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    expect(livePurseSplit(1_000_000, 8)).toEqual([600_000, 200_000, 100_000, 50_000, 30_000, 20_000, 0, 0]);
    const odd = livePurseSplit(1_234_567, 10);
    expect(odd.reduce((a, b) => a + b, 0)).toBe(1_234_567);
    expect(odd.every(Number.isInteger)).toBe(true);
  });

  it('should give a short field the whole purse still', () => {
    expect(livePurseSplit(100_000, 3).reduce((a, b) => a + b, 0)).toBe(100_000);
  });
});

describe(officialFinishers.name, () => {
  it('should list the finishers winner first with times to the hundredth, figures and money', () => {
    const sut = officialFinishers(race, runners, 1207, 1_000_000);
    expect(sut.map((f) => f.post_position)).toEqual(race.finish_order);
    expect(sut.map((f) => f.finish_position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const times = sut.map((f) => f.finish_time_ms);
    expect(times).toEqual([...times].sort((x, y) => x - y));
    for (const f of sut) {
      expect(f.horse_id).toBe(100 + f.post_position - 1);
      expect(f.speed_figure).toBe(speedFigure(1207, f.finish_time_ms));
    }
    expect(sut.reduce((sum, f) => sum + f.earnings_cents, 0)).toBe(1_000_000);
  });
});

describe('dead heats in the official result', () => {
  it('should give runners with equal recorded times one position and share the money of their places', () => {
    // Second and third home 4 ms apart: both recorded 61.23 s, a dead heat for second.
    const close = {
      ...race,
      finish_order: [1, 2, 3],
      finish_times_ms: [60_000, 61_231, 61_227],
      winner_time_ms: 60_000,
    };
    const sut = officialFinishers(close, runners.slice(0, 3), 1207, 1_000_001);
    expect(sut.map((f) => [f.post_position, f.finish_position, f.finish_time_ms])).toEqual([
      [1, 1, 60_000],
      [2, 2, 61_230],
      [3, 2, 61_230],
    ]);
    // 60 % + the odd cent to the winner; 20 % + 10 % shared: 150,000 each.
    expect(sut.map((f) => f.earnings_cents)).toEqual([700_001, 150_000, 150_000]);
  });

  it('should split a pot with an odd cent to the first of the tied', () => {
    expect(deadHeatPurse([601, 200, 101], [1, 1, 3])).toEqual([401, 400, 101]);
    expect(deadHeatPurse([600, 200, 100], [1, 2, 3])).toEqual([600, 200, 100]);
  });

  it('should verify a dead heat stored in either order', () => {
    const close = {
      ...race,
      finish_order: [1, 2, 3],
      finish_times_ms: [60_000, 61_231, 61_227],
      winner_time_ms: 60_000,
    };
    const stored = storedRace(
      [
        { post_position: 1, finish_time_ms: 60_000 },
        { post_position: 3, finish_time_ms: 61_230 },
        { post_position: 2, finish_time_ms: 61_230 },
      ],
      runners.slice(0, 3),
    );
    expect(sameResult(stored, close, [1, 2, 3])).toBe(true);
    expect(sameResult(stored, { ...close, finish_times_ms: [60_000, 61_231, 61_300] }, [1, 2, 3])).toBe(false);
  });
});

describe(storedRace.name, () => {
  it('should match a re-run of the same seed, and not one of another seed', () => {
    const stored = storedRace(officialFinishers(race, runners, 1207, 0), runners);
    const rerun = simulateRace({
      seed: 'ab'.repeat(32),
      runners,
      conditions: { furlongs: 6, surface: 'Dirt', condition: 'Fast' },
    });
    const other = simulateRace({
      seed: 'cd'.repeat(32),
      runners,
      conditions: { furlongs: 6, surface: 'Dirt', condition: 'Fast' },
    });
    expect(sameResult(stored, rerun)).toBe(true);
    expect(sameResult(stored, other)).toBe(false);
  });
});
