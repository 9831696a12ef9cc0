import { MORNING_LINE_WEIGHTS, type MorningLineEntry, morningLine } from './morning-line';
import {
  DEFAULT_PREDICTOR_WEIGHTS,
  PREDICTOR_FACTORS,
  type PredictorWeights,
  predictorWeightsProblems,
  rankField,
} from './predictor';
import { Prng } from './prng';

const entry = (over: Partial<MorningLineEntry>): MorningLineEntry => ({
  winRate: 0.2,
  averageSpeed: 16,
  earningsCents: 5_000_000,
  lastRaceTimeSeconds: 72,
  jockeyWinRate: 0.15,
  ...over,
});

const only = (over: Partial<PredictorWeights>): PredictorWeights => ({
  winRate: 0,
  averageSpeed: 0,
  earnings: 0,
  lastRaceTime: 0,
  jockeyWinRate: 0,
  ...over,
});

// A field of 2–12 runners with plausible figures, now and then a missing one, and now and then a
// runner entered twice (so that equal scores occur).
function randomField(prng: Prng): MorningLineEntry[] {
  const maybe = (x: number): number | null => (prng.chance(0.1) ? null : x);
  const field = Array.from({ length: prng.int(2, 12) }, () => ({
    winRate: maybe(prng.float(0, 0.5)),
    averageSpeed: maybe(prng.float(15, 18)),
    earningsCents: maybe(prng.int(0, 100_000_000)),
    lastRaceTimeSeconds: maybe(prng.float(60, 140)),
    jockeyWinRate: maybe(prng.float(0, 0.3)),
  }));
  if (prng.chance(0.3)) field.push({ ...prng.pick(field) });
  return field;
}

// Weights a user could set: 0..1 in steps of 0.01, not all zero.
function randomWeights(prng: Prng): PredictorWeights {
  const w = only({});
  for (const f of PREDICTOR_FACTORS) w[f] = prng.chance(0.2) ? 0 : prng.int(0, 100) / 100;
  if (PREDICTOR_FACTORS.every((f) => w[f] === 0)) w[prng.pick(PREDICTOR_FACTORS)] = 0.01;
  return w;
}

describe(rankField.name, () => {
  it('should start from the spec §9 weights, the morning line’s own', () => {
    expect(DEFAULT_PREDICTOR_WEIGHTS).toBe(MORNING_LINE_WEIGHTS);
    expect(DEFAULT_PREDICTOR_WEIGHTS).toEqual({
      winRate: 0.2,
      averageSpeed: 0.3,
      earnings: 0.1,
      lastRaceTime: 0.3,
      jockeyWinRate: 0.1,
    });
  });

  it('should give the morning line’s scores, shares, odds and Top 3 at the default weights', () => {
    const field = [
      entry({ winRate: 0.1, lastRaceTimeSeconds: 74 }),
      entry({ winRate: 0.4, averageSpeed: 17 }),
      entry({ winRate: 0.3, earningsCents: 0 }),
      entry({ winRate: 0, jockeyWinRate: null }),
    ];
    const line = morningLine(field);

    const sut = rankField(field);

    const byIndex = [...sut].sort((a, b) => a.index - b.index);
    expect(byIndex.map((r) => r.score)).toEqual(line.scores);
    expect(byIndex.map((r) => r.share)).toEqual(line.probabilities);
    expect(byIndex.map((r) => r.odds)).toEqual(line.odds);
    expect(sut.slice(0, 3).map((r) => r.index)).toEqual(line.top);
  });

  it('should weigh win rate alone: 1 and the floor 0.1, shares 10/11 and 1/11, odds 0.10 and 10', () => {
    // Hand-computed: normalised win rates 1 (best) and 0.1 (worst); odds 1 ÷ (10/11) − 1 = 0.1 and 11 − 1 = 10.
    const sut = rankField([entry({ winRate: 0.1 }), entry({ winRate: 0.3 })], only({ winRate: 1 }));

    expect(sut.map((r) => [r.index, r.rank, r.odds])).toEqual([
      [1, 1, 0.1],
      [0, 2, 10],
    ]);
    expect(sut[0].share).toBeCloseTo(10 / 11, 12);
    expect(sut[1].share).toBeCloseTo(1 / 11, 12);
  });

  it('should rank a field of three under win rate 0.5 and average speed 0.5 as worked by hand', () => {
    // Win rates 0.1, 0.2, 0.4 normalise to 0.1, 0.4, 1; equal speeds carry no information (1 each).
    // Scores 0.55, 0.70, 1.00 (total 2.25); odds 2.25/1 − 1 = 1.25, 2.25/0.7 − 1 = 2.21, 2.25/0.55 − 1 = 3.09.
    const field = [entry({ winRate: 0.1 }), entry({ winRate: 0.2 }), entry({ winRate: 0.4 })];

    const sut = rankField(field, only({ winRate: 0.5, averageSpeed: 0.5 }));

    expect(sut.map((r) => r.index)).toEqual([2, 1, 0]);
    expect(sut.map((r) => r.rank)).toEqual([1, 2, 3]);
    expect(sut.map((r) => r.score)).toEqual([1, expect.closeTo(0.7, 12), expect.closeTo(0.55, 12)]);
    expect(sut.map((r) => r.odds)).toEqual([1.25, 2.21, 3.09]);
    expect(sut[1].factors).toEqual({
      winRate: expect.closeTo(0.4, 12),
      averageSpeed: 1,
      earnings: 1,
      lastRaceTime: 1,
      jockeyWinRate: 1,
    });
  });

  it('should give equal scores one rank, listed in field order (1, 2, 2, 4)', () => {
    const field = [entry({ winRate: 0.1 }), entry({ winRate: 0.3 }), entry({ winRate: 0.3 }), entry({ winRate: 0.5 })];

    const sut = rankField(field, only({ winRate: 1 }));

    expect(sut.map((r) => [r.index, r.rank])).toEqual([
      [3, 1],
      [1, 2],
      [2, 2],
      [0, 4],
    ]);
  });

  it('should share equally when every weight is zero', () => {
    const sut = rankField([entry({ winRate: 0.1 }), entry({ winRate: 0.3 })], only({}));
    expect(sut.map((r) => r.share)).toEqual([0.5, 0.5]);
    expect(sut.map((r) => r.odds)).toEqual([1, 1]);
  });

  it('should refuse a negative or non-finite weight', () => {
    expect(() => rankField([entry({})], only({ earnings: -0.1 }))).toThrow(RangeError);
    expect(() => rankField([entry({})], only({ earnings: Number.NaN }))).toThrow(RangeError);
  });

  it('should give shares that sum to 1, ranks that follow the scores and odds of 1 ÷ share − 1 (property)', () => {
    const prng = new Prng('predictor:shares');
    for (let run = 0; run < 300; run++) {
      const field = randomField(prng);
      const sut = rankField(field, randomWeights(prng));

      expect(sut.reduce((a, r) => a + r.share, 0)).toBeCloseTo(1, 12);
      expect(sut.map((r) => r.index).sort((a, b) => a - b)).toEqual(field.map((_, i) => i));
      for (const [k, r] of sut.entries()) {
        expect(r.rank).toBe(1 + sut.filter((o) => o.score > r.score).length);
        if (k > 0) expect(sut[k - 1].score).toBeGreaterThanOrEqual(r.score);
        expect(r.odds).toBe(Math.round((1 / r.share - 1) * 100) / 100);
      }
    }
  });

  it('should never lower the rank of the runner best on a factor when that factor’s weight is raised (property)', () => {
    const prng = new Prng('predictor:raise');
    for (let run = 0; run < 300; run++) {
      const field = randomField(prng);
      const weights = randomWeights(prng);
      const factor = prng.pick(PREDICTOR_FACTORS);
      const raised = { ...weights, [factor]: Math.min(100, Math.round(weights[factor] * 100) + prng.int(1, 50)) / 100 };
      const before = rankField(field, weights);

      const after = rankField(field, raised);

      for (const best of before.filter((r) => r.factors[factor] === 1)) {
        const now = after.find((r) => r.index === best.index);
        expect(now?.rank).toBeLessThanOrEqual(best.rank);
      }
    }
  });

  it('should leave the shares unchanged when every weight is scaled by one constant (property)', () => {
    const prng = new Prng('predictor:scale');
    for (let run = 0; run < 300; run++) {
      const field = randomField(prng);
      const weights = randomWeights(prng);
      const c = prng.float(0.05, 20);
      const scaled = { ...weights };
      for (const f of PREDICTOR_FACTORS) scaled[f] = weights[f] * c;
      const share = (r: ReturnType<typeof rankField>): number[] =>
        [...r].sort((a, b) => a.index - b.index).map((x) => x.share);

      const sut = share(rankField(field, scaled));

      for (const [i, s] of share(rankField(field, weights)).entries()) expect(sut[i]).toBeCloseTo(s, 12);
    }
  });
});

describe(predictorWeightsProblems.name, () => {
  it('should accept weights from 0 to 1 in steps of 0.01 (spec §5), the defaults among them', () => {
    expect(predictorWeightsProblems(DEFAULT_PREDICTOR_WEIGHTS)).toEqual([]);
    expect(predictorWeightsProblems(only({ winRate: 0.07, earnings: 1, jockeyWinRate: 0.29 }))).toEqual([]);
  });

  it('should name each weight out of range, off the 0.01 step or not a number', () => {
    const sut = predictorWeightsProblems({
      winRate: 1.01,
      averageSpeed: -0.01,
      earnings: 0.075,
      lastRaceTime: Number.NaN,
      jockeyWinRate: '0.1',
    });

    expect(sut).toEqual([
      { field: 'winRate', reason: 'The weight must be from 0 to 1.' },
      { field: 'averageSpeed', reason: 'The weight must be from 0 to 1.' },
      { field: 'earnings', reason: 'The weight must be a multiple of 0.01.' },
      { field: 'lastRaceTime', reason: 'The weight must be a number.' },
      { field: 'jockeyWinRate', reason: 'The weight must be a number.' },
    ]);
  });

  it('should refuse weights that are all zero', () => {
    expect(predictorWeightsProblems(only({}))).toEqual([
      { field: 'weights', reason: 'At least one weight must be above 0.' },
    ]);
  });

  it('should accept every one of the 101 weights a slider of step 0.01 gives', () => {
    for (let k = 0; k <= 100; k++) {
      expect(predictorWeightsProblems(only({ averageSpeed: k / 100, winRate: k * 0.01 || 0.01 }))).toEqual([]);
    }
  });
});
