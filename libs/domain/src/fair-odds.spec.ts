import type { Finish } from './bet-settlement';
import { binomialStandardError, FairOddsTally, fairOdds, finishOfRun, isOverlay, simulateFairOdds } from './fair-odds';
import { Prng } from './prng';
import { type EngineRunner, officialOrder, simulateRace } from './race-engine';

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

// A random finish of the given runners: a random order, now and then a dead heat of two or three.
function randomFinish(prng: Prng, runners: readonly number[]): Finish {
  const order = prng.shuffle(runners);
  const groups: number[][] = [];
  for (let i = 0; i < order.length; ) {
    const size = prng.chance(0.15) ? Math.min(order.length - i, prng.int(2, 3)) : 1;
    groups.push(order.slice(i, i + size));
    i += size;
  }
  return groups;
}

describe(FairOddsTally.name, () => {
  it('should count three runs of three runners as worked by hand', () => {
    // Runs 1-2-3, 2-1-3, 1-3-2: 1 wins twice, 2 once; 1 places every time, 2 twice, 3 once; all show.
    const sut = new FairOddsTally([1, 2, 3]).add([1, 2, 3]).add([2, 1, 3]).add([1, 3, 2]);

    const [one, two, three] = sut.result();

    expect(sut.runs).toBe(3);
    expect([one.win, two.win, three.win]).toEqual([2 / 3, 1 / 3, 0]);
    expect([one.place, two.place, three.place]).toEqual([1, 2 / 3, 1 / 3]);
    expect([one.show, two.show, three.show]).toEqual([1, 1, 1]);
    // (1 − p) ÷ p: 2/3 → 0.50, 1/3 → 2.00, never won → no chance seen.
    expect([one.winOdds, two.winOdds, three.winOdds]).toEqual([0.5, 2, null]);
    expect([one.placeOdds, two.placeOdds, three.placeOdds]).toEqual([0, 0.5, 2]);
  });

  it('should share the places a dead heat spans, as the tote splits the pools', () => {
    // Run 1: 1 and 2 dead-heat for the win (half a win, a whole place each), then 3, then 4.
    // Run 2: 1 wins; 2 and 3 dead-heat for second (half a place, a whole show each); then 4.
    const sut = new FairOddsTally([1, 2, 3, 4]).add([[1, 2], [3], [4]]).add([[1], [2, 3], [4]]);

    const r = sut.result();

    expect(r.map((x) => x.win)).toEqual([0.75, 0.25, 0, 0]);
    expect(r.map((x) => x.place)).toEqual([1, 0.75, 0.25, 0]);
    expect(r.map((x) => x.show)).toEqual([1, 1, 1, 0]);
    expect(r.map((x) => x.winOdds)).toEqual([0.33, 3, null, null]);
  });

  it('should give the standard error of each chance, and none before any run', () => {
    const sut = new FairOddsTally([1, 2]);
    expect(sut.result()[0]).toMatchObject({ win: 0, winOdds: null, winError: null });

    for (let k = 0; k < 100; k++) sut.add(k % 5 === 0 ? [1, 2] : [2, 1]);

    // 20 wins in 100: √(0.2 × 0.8 ÷ 100) = 0.04.
    expect(sut.result()[0].win).toBe(0.2);
    expect(sut.result()[0].winError).toBeCloseTo(0.04, 12);
  });

  it('should refuse a stranger or a runner twice, and leave the tally as it was', () => {
    const sut = new FairOddsTally([1, 2, 3]).add([1, 2, 3]);

    expect(() => sut.add([1, 4, 2])).toThrow(RangeError);
    expect(() => sut.add([[1, 2], [2]])).toThrow(RangeError);
    expect(() => new FairOddsTally([1, 1])).toThrow(RangeError);

    expect(sut.runs).toBe(1);
    expect(sut.result().map((x) => x.win)).toEqual([1, 0, 0]);
    expect(
      sut
        .add([2, 1, 3])
        .result()
        .map((x) => x.win),
    ).toEqual([0.5, 0.5, 0]);
  });

  it('should sum win to 1, place to 2 and show to 3, each chance in order win ≤ place ≤ show (property)', () => {
    const prng = new Prng('fair-odds:sums');
    for (let race = 0; race < 100; race++) {
      const runners = prng.sample([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], prng.int(3, 12));
      const sut = new FairOddsTally(runners);
      for (let run = prng.int(1, 60); run > 0; run--) sut.add(randomFinish(prng, runners));

      const r = sut.result();

      expect(sum(r.map((x) => x.win))).toBeCloseTo(1, 12);
      expect(sum(r.map((x) => x.place))).toBeCloseTo(2, 12);
      expect(sum(r.map((x) => x.show))).toBeCloseTo(3, 12);
      for (const x of r) {
        expect(0 <= x.win && x.win <= x.place + 1e-12 && x.place <= x.show + 1e-12 && x.show <= 1 + 1e-12).toBe(true);
        expect(x.winOdds).toBe(x.win > 0 ? Math.round(((1 - x.win) / x.win) * 100) / 100 : null);
      }
    }
  });

  it('should not depend on the order the runs come in (property)', () => {
    const prng = new Prng('fair-odds:order');
    for (let race = 0; race < 50; race++) {
      const runners = [1, 2, 3, 4, 5, 6].slice(0, prng.int(2, 6));
      const finishes = Array.from({ length: prng.int(1, 30) }, () => randomFinish(prng, runners));
      const a = new FairOddsTally(runners);
      const b = new FairOddsTally(runners);

      for (const f of finishes) a.add(f);
      for (const f of prng.shuffle(finishes)) b.add(f);

      const [ra, rb] = [a.result(), b.result()];
      for (const [i, x] of ra.entries()) {
        expect(rb[i].win).toBeCloseTo(x.win, 12);
        expect(rb[i].place).toBeCloseTo(x.place, 12);
        expect(rb[i].show).toBeCloseTo(x.show, 12);
      }
    }
  });
});

describe(finishOfRun.name, () => {
  it('should make runners with equal official times one dead-heat group, in program-number order', () => {
    // Posts 3 and 1 both 60.00 s to the hundredth (as race-engine.spec's officialOrder example); 2 at 61.00 s.
    const race = {
      finish_order: [3, 1, 2],
      finish_times_ms: [60_002.9, 61_000, 59_997.2],
      winner_time_ms: 59_997.2,
      samples: [],
    };
    expect(finishOfRun(race, [1, 2, 3])).toEqual([[1, 3], [2]]);
    expect(finishOfRun({ ...race, finish_times_ms: [60_020, 61_000, 59_997.2] }, [1, 2, 3])).toEqual([[3], [1], [2]]);
  });
});

describe(simulateFairOdds.name, () => {
  const runner = (post: number, speed_figure: number): EngineRunner => ({
    post_position: post,
    horse_id: post,
    speed_figure,
    stamina: 0.5,
    jockey_skill: 0.5,
    early_speed: 0.5,
  });
  const race = {
    runners: [runner(1, 80), runner(2, 95), runner(3, 80), runner(4, 80), runner(5, 70), runner(6, 80)],
    conditions: { furlongs: 6, surface: 'Dirt', condition: 'Fast' },
  };

  it('should tally 200 runs of the engine: chances that sum right, the class horse favourite', () => {
    const sut = simulateFairOdds(race, 200, 'fair-odds-spec');

    const r = sut.result();

    expect(sut.runs).toBe(200);
    expect(sum(r.map((x) => x.win))).toBeCloseTo(1, 12);
    expect(sum(r.map((x) => x.place))).toBeCloseTo(2, 12);
    expect(sum(r.map((x) => x.show))).toBeCloseTo(3, 12);
    const best = r.reduce((a, b) => (b.win > a.win ? b : a));
    expect(best.runner).toBe(2);
    expect(r[4].win).toBeLessThan(r[1].win);
    // Each run is the engine's official order for its own seed, never the race's.
    const first = simulateRace({ ...race, seed: 'fair-odds-spec|fair-odds|0' });
    expect(new FairOddsTally([1, 2, 3, 4, 5, 6]).add(finishOfRun(first, [1, 2, 3, 4, 5, 6])).result()).toEqual(
      simulateFairOdds(race, 1, 'fair-odds-spec').result(),
    );
    expect(finishOfRun(first, [1, 2, 3, 4, 5, 6]).flat()).toEqual(officialOrder(first, [1, 2, 3, 4, 5, 6]));
  });

  it('should give the same tally for the same seed', () => {
    expect(simulateFairOdds(race, 20, 'again').result()).toEqual(simulateFairOdds(race, 20, 'again').result());
  });
});

describe(fairOdds.name, () => {
  it('should be (1 − p) ÷ p to two decimals, and null for a chance never seen', () => {
    expect(fairOdds(0.2)).toBe(4);
    expect(fairOdds(0.3)).toBe(2.33);
    expect(fairOdds(1)).toBe(0);
    expect(fairOdds(0)).toBeNull();
  });
});

describe(isOverlay.name, () => {
  it('should call 5-1 an overlay on a horse whose fair odds are 4-1: $1.20 back per $1 on average', () => {
    // Fair 4-1 is a chance of 1/5; a $1 bet at 5-1 returns 6 × 1/5 = 1.20 on average, 20 % ahead.
    expect(isOverlay(5, 4)).toBe(true);
    expect(isOverlay(5, 4, 0.19)).toBe(true);
    expect(isOverlay(5, 4, 0.2)).toBe(false);
    expect(isOverlay(4, 4)).toBe(false);
    expect(isOverlay(3, 4)).toBe(false);
  });

  it('should never call an overlay without fair odds or live odds', () => {
    expect(isOverlay(99, null)).toBe(false);
    expect(isOverlay(null, 4)).toBe(false);
    expect(isOverlay(Number.POSITIVE_INFINITY, 4)).toBe(false);
    expect(() => isOverlay(5, 4, Number.NaN)).toThrow(RangeError);
  });

  it('should call an overlay exactly when the live odds beat the fair odds, at margin 0 (property)', () => {
    const prng = new Prng('fair-odds:overlay');
    for (let k = 0; k < 500; k++) {
      const live = Math.round(prng.float(0, 50) * 100) / 100;
      const fair = Math.round(prng.float(0, 50) * 100) / 100;
      expect(isOverlay(live, fair)).toBe(live > fair);
      // A higher margin never makes more overlays.
      if (isOverlay(live, fair, 0.1)) expect(isOverlay(live, fair, 0)).toBe(true);
    }
  });
});

describe(binomialStandardError.name, () => {
  it('should be √(p(1 − p) ÷ n): 0.04 for 0.2 over 100 runs, 0.005 for 0.5 over 10,000', () => {
    expect(binomialStandardError(0.2, 100)).toBeCloseTo(0.04, 12);
    expect(binomialStandardError(0.5, 10_000)).toBeCloseTo(0.005, 12);
    expect(binomialStandardError(0, 500)).toBe(0);
  });

  it('should refuse a chance outside 0..1 or a number of runs that is not a positive whole number', () => {
    expect(() => binomialStandardError(1.1, 10)).toThrow(RangeError);
    expect(() => binomialStandardError(0.5, 0)).toThrow(RangeError);
    expect(() => binomialStandardError(0.5, 2.5)).toThrow(RangeError);
  });

  it('should hold the true chance within 1.96 standard errors about 95 times in 100 (property)', () => {
    const prng = new Prng('fair-odds:coverage');
    let covered = 0;
    const experiments = 400;
    for (let e = 0; e < experiments; e++) {
      const p = prng.float(0.1, 0.9);
      const n = 400;
      let hits = 0;
      for (let k = 0; k < n; k++) if (prng.chance(p)) hits++;
      const estimate = hits / n;
      if (Math.abs(estimate - p) <= 1.96 * binomialStandardError(estimate, n)) covered++;
    }
    expect(covered / experiments).toBeGreaterThan(0.91);
    expect(covered / experiments).toBeLessThan(0.99);
  });
});
