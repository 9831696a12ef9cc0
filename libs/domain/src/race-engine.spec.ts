import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { Prng } from './prng';
import {
  type EngineConditions,
  type EngineInput,
  type EngineRunner,
  horseTraits,
  jockeySkill,
  officialOrder,
  RACE_SAMPLE_MS,
  type SimulatedRace,
  sameResult,
  simulateFinish,
  simulateRace,
} from './race-engine';

const POSTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const FAST: EngineConditions = { furlongs: 6, surface: 'Dirt', condition: 'Fast' };

const unit = fc.double({ min: 0, max: 1, noNaN: true });

function fieldArb(options: { minRunners?: number; minFigure?: number; maxFigure?: number } = {}) {
  const { minRunners = 6, minFigure = 70, maxFigure = 110 } = options;
  const ratings = fc.record({
    speed_figure: fc.double({ min: minFigure, max: maxFigure, noNaN: true }),
    stamina: unit,
    jockey_skill: unit,
    early_speed: unit,
  });
  return fc
    .shuffledSubarray(POSTS, { minLength: minRunners, maxLength: 12 })
    .chain((posts) =>
      fc
        .array(ratings, { minLength: posts.length, maxLength: posts.length })
        .map((rs): EngineRunner[] =>
          rs.map((r, i) => ({ ...r, post_position: posts[i] as number, horse_id: (posts[i] as number) * 7 })),
        ),
    );
}

const conditionsArb: fc.Arbitrary<EngineConditions> = fc.record({
  furlongs: fc.constantFrom(5, 5.5, 6, 6.5, 7, 8, 8.5, 9, 10, 12),
  surface: fc.constantFrom('Dirt', 'Turf', 'Synthetic'),
  condition: fc.constantFrom('Fast', 'Firm', 'Good', 'Muddy', 'Sloppy', 'Soft', 'Yielding', 'Heavy', 'Wet'),
});

const inputArb: fc.Arbitrary<EngineInput> = fc.record({
  seed: fc.string({ minLength: 1, maxLength: 24 }),
  runners: fieldArb({ minRunners: 1 }),
  conditions: conditionsArb,
});

function runner(post: number, overrides: Partial<EngineRunner> = {}): EngineRunner {
  return {
    post_position: post,
    horse_id: post,
    speed_figure: 90,
    stamina: 0.5,
    jockey_skill: 0.5,
    early_speed: 0.5,
    ...overrides,
  };
}

// A typical field of one class, made from a fixed seed so that statistical tests are repeatable.
function classField(prng: Prng, size: number, low: number, high: number): EngineRunner[] {
  return Array.from({ length: size }, (_, i) =>
    runner(i + 1, {
      speed_figure: prng.float(low, high),
      stamina: prng.next(),
      jockey_skill: prng.next(),
      early_speed: prng.next(),
    }),
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] as number;
}

function winsOf(post: number, races: SimulatedRace[]): number {
  return races.filter((r) => r.finish_order[0] === post).length;
}

describe(simulateRace.name, () => {
  it('should give a deep-equal result for the same input', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        expect(simulateRace(input)).toEqual(simulateRace(structuredClone(input)));
      }),
      { numRuns: 100 },
    );
  });

  it('should give a different result for a different seed, for most seeds', () => {
    const runners = classField(new Prng('different seeds'), 10, 85, 100);
    let different = 0;
    for (let i = 0; i < 100; i++) {
      const a = simulateRace({ seed: `a${i}`, runners, conditions: FAST });
      const b = simulateRace({ seed: `b${i}`, runners, conditions: FAST });
      if (!sameResult(a, b)) different++;
    }
    expect(different).toBeGreaterThanOrEqual(95);
  });

  it('should run the same race whatever the order of the runners in the input', () => {
    fc.assert(
      fc.property(inputArb, fc.integer(), (input, shuffleSeed) => {
        const shuffled = new Prng(shuffleSeed).shuffle(input.runners);
        const sut = simulateRace(input);
        const other = simulateRace({ ...input, runners: shuffled });
        expect(other.finish_order).toEqual(sut.finish_order);
        expect(other.samples.map((s) => s.leaderboard)).toEqual(sut.samples.map((s) => s.leaderboard));
        const timeOf = (race: SimulatedRace, runners: readonly EngineRunner[], post: number) =>
          race.finish_times_ms[runners.findIndex((r) => r.post_position === post)];
        for (const r of input.runners) {
          expect(timeOf(other, shuffled, r.post_position)).toBe(timeOf(sut, input.runners, r.post_position));
        }
      }),
      { numRuns: 50 },
    );
  });

  it('should finish every runner with a finite positive time, in the order of the times', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const sut = simulateRace(input);
        expect(sut.finish_times_ms).toHaveLength(input.runners.length);
        for (const t of sut.finish_times_ms) expect(Number.isFinite(t) && t > 0).toBe(true);
        expect([...sut.finish_order].sort((a, b) => a - b)).toEqual(
          input.runners.map((r) => r.post_position).sort((a, b) => a - b),
        );
        const timeOfPost = (post: number) =>
          sut.finish_times_ms[input.runners.findIndex((r) => r.post_position === post)] as number;
        for (let i = 1; i < sut.finish_order.length; i++) {
          expect(timeOfPost(sut.finish_order[i] as number)).toBeGreaterThanOrEqual(
            timeOfPost(sut.finish_order[i - 1] as number),
          );
        }
        expect(sut.winner_time_ms).toBe(Math.min(...sut.finish_times_ms));
      }),
      { numRuns: 150 },
    );
  });

  it('should sample every 500 ms from 0 until all are home, never moving a runner backwards', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const sut = simulateRace(input);
        const n = input.runners.length;
        const posts = input.runners.map((r) => r.post_position).sort((a, b) => a - b);
        // Plain checks, one expect per property: a race has ~150 samples × 12 runners.
        let bad = 0;
        sut.samples.forEach((s, k) => {
          if (s.t_ms !== k * RACE_SAMPLE_MS || s.progress.length !== n || s.speed.length !== n) bad++;
          if ([...s.leaderboard].sort((a, b) => a - b).join() !== posts.join()) bad++;
          const before = sut.samples[k - 1]?.progress;
          for (let i = 0; i < n; i++) {
            const p = s.progress[i] as number;
            if (!(p >= 0 && p <= 1) || (before && p < (before[i] as number))) bad++;
            if (!((s.speed[i] as number) >= 0 && (s.speed[i] as number) < 25)) bad++;
          }
        });
        expect(bad).toBe(0);
        const last = sut.samples.at(-1);
        expect(last?.progress).toEqual(input.runners.map(() => 1));
        expect(last?.leaderboard).toEqual(sut.finish_order);
        // The last sample is the first one at or after the last runner home.
        const lastHome = Math.max(...sut.finish_times_ms);
        expect(last?.t_ms).toBeGreaterThanOrEqual(lastHome);
        expect((last?.t_ms ?? 0) - RACE_SAMPLE_MS).toBeLessThan(lastHome);
      }),
      { numRuns: 100 },
    );
  });

  it('should rank finishers first in finishing order, then the rest by progress', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const sut = simulateRace(input);
        const index = new Map(input.runners.map((r, i) => [r.post_position, i]));
        let bad = 0;
        for (const s of sut.samples) {
          const home = sut.finish_order.filter(
            (post) => (sut.finish_times_ms[index.get(post) as number] as number) <= s.t_ms,
          );
          if (s.leaderboard.slice(0, home.length).join() !== home.join()) bad++;
          const rest = s.leaderboard.slice(home.length).map((post) => s.progress[index.get(post) as number] as number);
          for (let i = 1; i < rest.length; i++) if ((rest[i] as number) > (rest[i - 1] as number)) bad++;
        }
        expect(bad).toBe(0);
      }),
      { numRuns: 50 },
    );
  });

  it('should run 6 furlongs on a fast track in 68–75 s for the winner, in almost every race and none far outside', () => {
    const fastTracks = fc.constantFrom<EngineConditions>(
      FAST,
      { furlongs: 6, surface: 'Turf', condition: 'Firm' },
      { furlongs: 6, surface: 'Synthetic', condition: 'Fast' },
    );
    // The band is the engine's calibration, not a bound it enforces: a lone front-runner of the
    // highest figures on a lucky day can dip a hair under 68 s (a random run once found 67.99999 s).
    // So a fixed sample of 1,000 races, the same on every run, and its spread.
    const times = fc
      .sample(fc.tuple(fc.string({ minLength: 1 }), fieldArb(), fastTracks), { numRuns: 1000, seed: 20261127 })
      .map(([seed, runners, conditions]) => simulateFinish({ seed, runners, conditions }).winner_time_ms)
      .sort((a, b) => a - b);
    const inBand = times.filter((t) => t >= 68_000 && t <= 75_000).length;
    expect(inBand / times.length).toBeGreaterThanOrEqual(0.99);
    expect(times[0]).toBeGreaterThanOrEqual(67_000);
    expect(times.at(-1)).toBeLessThanOrEqual(76_000);
    const median = times[times.length / 2] as number;
    expect(median).toBeGreaterThan(69_000);
    expect(median).toBeLessThan(73_000);
  });

  it('should run a mile in about 1:36–1:38 and 10 furlongs in about 2:02 for a typical field', () => {
    const prng = new Prng('routes');
    const winners = (furlongs: number) =>
      Array.from(
        { length: 101 },
        (_, i) =>
          simulateRace({
            seed: `route-${i}`,
            runners: classField(prng, 10, 85, 100),
            conditions: { furlongs, surface: 'Dirt', condition: 'Fast' },
          }).winner_time_ms,
      );
    const mile = median(winners(8));
    expect(mile).toBeGreaterThanOrEqual(95_000);
    expect(mile).toBeLessThanOrEqual(98_000);
    const tenFurlongs = median(winners(10));
    expect(tenFurlongs).toBeGreaterThanOrEqual(120_000);
    expect(tenFurlongs).toBeLessThanOrEqual(124_000);
  });

  it('should spread a field over a few seconds at the wire, not tens of seconds', () => {
    const prng = new Prng('spread');
    const spreads: number[] = [];
    const margins: number[] = [];
    for (let i = 0; i < 101; i++) {
      const sut = simulateRace({ seed: `spread-${i}`, runners: classField(prng, 12, 80, 100), conditions: FAST });
      const times = [...sut.finish_times_ms].sort((a, b) => a - b);
      spreads.push((times.at(-1) as number) - (times[0] as number));
      margins.push((times[1] as number) - (times[0] as number));
    }
    expect(median(spreads)).toBeGreaterThan(1_000);
    expect(Math.max(...spreads)).toBeLessThan(7_000);
    // A length is about 0.15 s: a typical winning margin is a neck to a few lengths.
    expect(median(margins)).toBeGreaterThan(50);
    expect(median(margins)).toBeLessThan(700);
  });

  it('should let a 110 horse beat a 70 horse most of the time', () => {
    const runners = [runner(1, { speed_figure: 110 }), runner(2, { speed_figure: 70 })];
    const races = Array.from({ length: 300 }, (_, i) => simulateRace({ seed: `fig-${i}`, runners, conditions: FAST }));
    expect(winsOf(1, races)).toBeGreaterThanOrEqual(270);
  });

  it('should let the better of two close speed figures win more often, not always', () => {
    const runners = [runner(1, { speed_figure: 92 }), runner(2, { speed_figure: 88 })];
    const races = Array.from({ length: 300 }, (_, i) =>
      simulateRace({ seed: `close-${i}`, runners, conditions: FAST }),
    );
    expect(winsOf(1, races)).toBeGreaterThan(165);
    expect(winsOf(1, races)).toBeLessThan(290);
  });

  it('should run slower on slow going than on fast going, on average', () => {
    const prng = new Prng('going');
    const fields = Array.from({ length: 100 }, () => classField(prng, 10, 80, 100));
    const mean = (conditions: EngineConditions) =>
      fields.reduce(
        (sum, runners, i) => sum + simulateRace({ seed: `going-${i}`, runners, conditions }).winner_time_ms,
        0,
      ) / fields.length;
    const fast = mean(FAST);
    for (const condition of ['Muddy', 'Sloppy', 'Heavy', 'Soft']) {
      const slow = mean({ ...FAST, condition });
      expect(slow / fast).toBeGreaterThan(1.015);
      expect(slow / fast).toBeLessThan(1.08);
    }
  });

  it('should make a low-stamina horse fade late in a route but not in a sprint', () => {
    const runners = [runner(1, { stamina: 0.95 }), runner(2, { stamina: 0.05 })];
    const at = (furlongs: number) =>
      Array.from({ length: 300 }, (_, i) =>
        simulateRace({ seed: `stamina-${i}`, runners, conditions: { ...FAST, furlongs } }),
      );
    const route = at(12);
    expect(winsOf(1, route)).toBeGreaterThanOrEqual(240);
    // The stayer is behind or level at halfway as often as not, and ahead at the wire.
    const halfway = route.map((r) => r.samples[r.samples.length >> 1]?.leaderboard[0]);
    expect(halfway.filter((post) => post === 1).length).toBeLessThan(winsOf(1, route));
    const sprint = winsOf(1, at(6));
    expect(sprint).toBeGreaterThan(105);
    expect(sprint).toBeLessThan(195);
  });

  it('should send a front-runner to the lead early and bring a closer late', () => {
    const runners = [runner(1, { early_speed: 1 }), runner(2, { early_speed: 0 })];
    const races = Array.from({ length: 200 }, (_, i) =>
      simulateRace({ seed: `style-${i}`, runners, conditions: FAST }),
    );
    const leaderAt = (r: SimulatedRace, fraction: number) =>
      r.samples[Math.floor(r.samples.length * fraction)]?.leaderboard[0];
    expect(races.filter((r) => leaderAt(r, 0.3) === 1).length).toBeGreaterThanOrEqual(180);
    // The closer gains ground late: it wins some of the races it trailed at 30 %.
    expect(winsOf(2, races)).toBeGreaterThan(20);
  });

  it('should keep a known result, so the revealed seeds of past races still verify', () => {
    const runners = [1, 2, 3].map((post) => runner(post, { speed_figure: 80 + 5 * post, early_speed: post / 4 }));
    const sut = simulateRace({ seed: 'c0ffee', runners, conditions: FAST });
    expect(sut.finish_order).toEqual([3, 1, 2]);
    expect(sut.finish_times_ms).toEqual([72250.06256979551, 72300.95681835839, 70440.1371826749]);
    expect(sut.samples).toHaveLength(146);
  });

  it('should keep whole races to the bit, samples and leaderboards included', () => {
    // Digests of JSON.stringify(simulateRace(input)) as the engine gave them before it stepped
    // runners four at a time (issue 17): a faster engine must not change a single number.
    const prng = new Prng('pinned fields');
    const rated = (post: number) =>
      runner(post, {
        speed_figure: prng.float(75, 105),
        stamina: prng.next(),
        jockey_skill: prng.next(),
        early_speed: prng.next(),
      });
    const cases: [EngineInput, string][] = [
      [
        { seed: `${'a3f1c2'.repeat(10)}beef`, runners: POSTS.map(rated), conditions: FAST },
        '4bee8d1fd7852391b6f3dacf1e2dfdbfa976c4958fdb802307accf03f6cef7c6',
      ],
      [
        {
          seed: 'route',
          runners: [2, 3, 5, 8, 9, 11, 12].map(rated),
          conditions: { furlongs: 10, surface: 'Turf', condition: 'Yielding' },
        },
        '474b91f4368771d066a5c0267c2e81cc13e22bc27c1e6bc2ea811ab3556bb4a8',
      ],
      [
        { seed: 'alone', runners: [runner(4)], conditions: { furlongs: 5.5, surface: 'Synthetic', condition: 'Good' } },
        'ec6eb1c8daea09cef90deda610cf75b9f85596a7f10073d9e92128334dbb1a66',
      ],
    ];
    for (const [input, digest] of cases) {
      expect(
        createHash('sha256')
          .update(JSON.stringify(simulateRace(input)))
          .digest('hex'),
      ).toBe(digest);
    }
  });

  it('should reject a race it cannot run', () => {
    expect(() => simulateRace({ seed: 's', runners: [], conditions: FAST })).toThrow(RangeError);
    expect(() => simulateRace({ seed: 's', runners: [runner(1), runner(1)], conditions: FAST })).toThrow(RangeError);
    expect(() => simulateRace({ seed: 's', runners: [runner(1, { stamina: Number.NaN })], conditions: FAST })).toThrow(
      RangeError,
    );
    expect(() => simulateRace({ seed: 's', runners: [runner(1)], conditions: { ...FAST, furlongs: 0 } })).toThrow(
      RangeError,
    );
  });
});

describe(simulateFinish.name, () => {
  it("should give simulateRace's finish to the bit, without the samples", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const { samples: _samples, ...finish } = simulateRace(input);
        expect(simulateFinish(input)).toEqual(finish);
      }),
      { numRuns: 200 },
    );
  });

  it('should reject a race it cannot run, as simulateRace does', () => {
    expect(() => simulateFinish({ seed: 's', runners: [], conditions: FAST })).toThrow(RangeError);
    expect(() => simulateFinish({ seed: 's', runners: [runner(1), runner(1)], conditions: FAST })).toThrow(RangeError);
  });
});

describe(officialOrder.name, () => {
  it('should list runners by official time, a dead heat by program number, whatever the unrounded times say', () => {
    // Posts 3, 1, 2 by exact time; 3 and 1 are both 60.00 s to the hundredth.
    const race = {
      finish_order: [3, 1, 2],
      finish_times_ms: [60_002.9, 61_000, 59_997.2],
      winner_time_ms: 59_997.2,
      samples: [],
    };
    expect(officialOrder(race, [1, 2, 3])).toEqual([1, 3, 2]);
    // Without a dead heat it is the engine's order.
    const clear = { ...race, finish_times_ms: [60_020, 61_000, 59_997.2] };
    expect(officialOrder(clear, [1, 2, 3])).toEqual([3, 1, 2]);
  });
});

describe(sameResult.name, () => {
  const input: EngineInput = { seed: 'same', runners: [runner(1), runner(2), runner(3)], conditions: FAST };

  it('should accept a re-run, and a result whose times were rounded to the millisecond', () => {
    const sut = simulateRace(input);
    expect(sameResult(sut, simulateRace(input))).toBe(true);
    const rounded = {
      ...sut,
      finish_times_ms: sut.finish_times_ms.map(Math.round),
      winner_time_ms: Math.round(sut.winner_time_ms),
    };
    expect(sameResult(sut, rounded)).toBe(true);
  });

  it('should reject another order or a time off by a hundredth of a second', () => {
    const sut = simulateRace(input);
    const swapped = {
      ...sut,
      finish_order: [sut.finish_order[1], sut.finish_order[0], sut.finish_order[2]] as number[],
    };
    expect(sameResult(sut, swapped)).toBe(false);
    const late = { ...sut, finish_times_ms: sut.finish_times_ms.map((t, i) => (i === 2 ? t + 10 : t)) };
    expect(sameResult(sut, late)).toBe(false);
  });
});

describe(horseTraits.name, () => {
  it('should give the same traits for an id every time, within 0..1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (id) => {
        const sut = horseTraits(id);
        expect(horseTraits(id)).toEqual(sut);
        for (const v of [sut.stamina, sut.early_speed]) expect(v >= 0 && v <= 1).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('should keep known traits, so a horse keeps its style forever', () => {
    expect(horseTraits(1)).toEqual({ stamina: 0.29663327501621095, early_speed: 0.7950772350886837 });
  });

  it('should spread the traits over the range, a different one for each horse', () => {
    const all = Array.from({ length: 1000 }, (_, i) => horseTraits(i + 1));
    expect(new Set(all.map((t) => t.early_speed)).size).toBe(1000);
    const mean = all.reduce((s, t) => s + t.early_speed, 0) / all.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });

  it('should reject an id that is not an integer', () => {
    expect(() => horseTraits(1.5)).toThrow(RangeError);
  });
});

describe(jockeySkill.name, () => {
  it('should map a win percentage to 0..1, never falling as the percentage rises', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -10, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        (w, d) => {
          const sut = jockeySkill(w);
          expect(sut >= 0 && sut <= 1).toBe(true);
          expect(jockeySkill(w + d)).toBeGreaterThanOrEqual(sut);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('should give 0 for no wins, about a half for a typical rider and nearly 1 for the best', () => {
    expect(jockeySkill(0)).toBe(0);
    expect(jockeySkill(Number.NaN)).toBe(0);
    expect(jockeySkill(12)).toBeCloseTo(0.5, 1);
    expect(jockeySkill(25)).toBeGreaterThan(0.8);
    expect(jockeySkill(100)).toBeLessThanOrEqual(1);
  });
});
