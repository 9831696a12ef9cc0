import { type BacktestRace, backtest, impliedProbabilities } from './backtest';
import { Prng } from './prng';

// A forecast that sums to 1 over 2–12 runners, and a winner drawn from it (so it is calibrated).
function calibratedRace(prng: Prng, runners = prng.int(2, 12)): BacktestRace {
  const raw = Array.from({ length: runners }, () => prng.next() ** 2 + 0.01);
  const total = raw.reduce((a, b) => a + b, 0);
  const probabilities = raw.map((x) => x / total);
  let u = prng.next();
  let winner = runners - 1;
  for (let i = 0; i < runners; i++) {
    u -= probabilities[i];
    if (u < 0) {
      winner = i;
      break;
    }
  }
  return { probabilities, winners: [winner], winPayCents: [prng.int(210, 4000)] };
}

describe(backtest.name, () => {
  // Two races worked by hand.
  //   A: forecasts 0.5, 0.3, 0.2; runner 0 wins and pays $3.80 on $2.
  //   B: forecasts 0.6, 0.25, 0.15; runner 1 wins and pays $8.20 on $2.
  const races: BacktestRace[] = [
    { probabilities: [0.5, 0.3, 0.2], winners: [0], winPayCents: [380] },
    { probabilities: [0.6, 0.25, 0.15], winners: [1], winPayCents: [820] },
  ];

  it('should count the top pick’s wins: A’s won, B’s lost, hit rate 1/2', () => {
    const sut = backtest(races);
    expect(sut.races).toBe(2);
    expect(sut.runners).toBe(6);
    expect(sut.hitRate).toBe(0.5);
  });

  it('should average the log-loss: (−ln 0.5 − ln 0.25) ÷ 2 = 1.5 ln 2 ≈ 1.0397', () => {
    expect(backtest(races).logLoss).toBeCloseTo(1.5 * Math.LN2, 12);
  });

  it('should average the multi-category Brier score: A 0.25 + 0.09 + 0.04 = 0.38, B 0.36 + 0.5625 + 0.0225 = 0.945, mean 0.6625', () => {
    // Brier (1950), Monthly Weather Review 78(1): Σ over categories of (forecast − outcome)².
    expect(backtest(races).brier).toBeCloseTo(0.6625, 12);
  });

  it('should return $3.80 on $4 staked flat on the top picks: 0.95 in the dollar, 20 cents down', () => {
    expect(backtest(races).flatBet).toEqual({
      races: 2,
      stakedCents: 400,
      returnedCents: 380,
      netCents: -20,
      returnPerDollar: 0.95,
    });
  });

  it('should bin the six forecasts and weigh the calibration error by count: 2.1 ÷ 6 = 0.35', () => {
    // 0.15 → [0.1, 0.2) lost; 0.2 lost and 0.25 won → [0.2, 0.3): mean 0.225, observed 0.5;
    // 0.3 → [0.3, 0.4) lost; 0.5 → [0.5, 0.6) won; 0.6 → [0.6, 0.7) lost.
    // |0 − 0.15| + 2 × |0.5 − 0.225| + |0 − 0.3| + |1 − 0.5| + |0 − 0.6| = 2.1 over 6 runners.
    const sut = backtest(races).calibration;

    expect(sut.bins).toHaveLength(10);
    expect(sut.bins.map((b) => b.count)).toEqual([0, 1, 2, 1, 0, 1, 1, 0, 0, 0]);
    expect(sut.bins[0]).toEqual({ from: 0, to: 0.1, count: 0, meanPredicted: null, observed: null });
    expect(sut.bins[2]).toEqual({ from: 0.2, to: 0.3, count: 2, meanPredicted: 0.225, observed: 0.5 });
    expect(sut.bins[5]).toEqual({ from: 0.5, to: 0.6, count: 1, meanPredicted: 0.5, observed: 1 });
    expect(sut.meanAbsoluteError).toBeCloseTo(0.35, 12);
  });

  it('should take other bins when asked, a forecast of 1 in the last', () => {
    const sut = backtest([{ probabilities: [1, 0], winners: [0] }], { bins: 4 }).calibration.bins;
    expect(sut.map((b) => [b.from, b.to, b.count])).toEqual([
      [0, 0.25, 1],
      [0.25, 0.5, 0],
      [0.5, 0.75, 0],
      [0.75, 1, 1],
    ]);
  });

  it('should treat each of k dead-heat winners as a winner of weight 1/k', () => {
    // Forecasts 0.4, 0.4, 0.2; runners 0 and 1 dead-heat for the win (y = 0.5 each) and pay $3.00 and $2.80.
    // Top pick runner 0 (the first of equal forecasts): hit 0.5; log-loss −(0.5 ln 0.4 + 0.5 ln 0.4) = −ln 0.4;
    // Brier 0.1² + 0.1² + 0.2² = 0.06; the flat bet returns runner 0's $3.00.
    const sut = backtest([{ probabilities: [0.4, 0.4, 0.2], winners: [0, 1], winPayCents: [300, 280] }]);

    expect(sut.hitRate).toBe(0.5);
    expect(sut.logLoss).toBeCloseTo(-Math.log(0.4), 12);
    expect(sut.brier).toBeCloseTo(0.06, 12);
    expect(sut.flatBet?.returnedCents).toBe(300);
    expect(sut.calibration.bins[4]).toEqual({ from: 0.4, to: 0.5, count: 2, meanPredicted: 0.4, observed: 0.5 });
  });

  it('should clamp a winner’s forecast of 0 at 1e-6: log-loss ln 10⁶, not infinity', () => {
    const sut = backtest([{ probabilities: [1, 0], winners: [1] }]);
    expect(sut.logLoss).toBeCloseTo(6 * Math.LN10, 9);
    expect(sut.brier).toBe(2);
    expect(sut.hitRate).toBe(0);
  });

  it('should bet only in races with the winners’ prices, and report no bet when none has them', () => {
    const sut = backtest([races[0], { ...races[1], winPayCents: undefined }]);
    expect(sut.flatBet).toEqual({
      races: 1,
      stakedCents: 200,
      returnedCents: 380,
      netCents: 180,
      returnPerDollar: 1.9,
    });
    expect(backtest([{ probabilities: [0.5, 0.5], winners: [0] }]).flatBet).toBeNull();
  });

  it('should report no measures for no races', () => {
    const sut = backtest([]);
    expect(sut).toMatchObject({ races: 0, runners: 0, hitRate: null, logLoss: null, brier: null, flatBet: null });
    expect(sut.calibration.meanAbsoluteError).toBeNull();
  });

  it('should refuse a forecast outside 0..1, a race without a winner, a stranger or repeated winner, and prices that do not match', () => {
    expect(() => backtest([{ probabilities: [1.2, 0], winners: [0] }])).toThrow(RangeError);
    expect(() => backtest([{ probabilities: [Number.NaN, 0], winners: [0] }])).toThrow(RangeError);
    expect(() => backtest([{ probabilities: [0.5, 0.5], winners: [] }])).toThrow(RangeError);
    expect(() => backtest([{ probabilities: [0.5, 0.5], winners: [2] }])).toThrow(RangeError);
    expect(() => backtest([{ probabilities: [0.5, 0.5], winners: [1, 1] }])).toThrow(RangeError);
    expect(() => backtest([{ probabilities: [0.5, 0.5], winners: [1], winPayCents: [300, 400] }])).toThrow(RangeError);
    expect(() => backtest([{ probabilities: [0.5, 0.5], winners: [0] }], { bins: 0 })).toThrow(RangeError);
  });

  it('should score a sure forecast perfect and an even one at ln n and 1 − 1/n (property)', () => {
    const prng = new Prng('backtest:bounds');
    for (let run = 0; run < 200; run++) {
      const n = prng.int(2, 14);
      const winner = prng.int(0, n - 1);
      const sure = Array.from({ length: n }, (_, i) => (i === winner ? 1 : 0));
      const even = Array.from({ length: n }, () => 1 / n);

      const perfect = backtest([{ probabilities: sure, winners: [winner] }]);
      const uniform = backtest([{ probabilities: even, winners: [winner] }]);

      expect(perfect).toMatchObject({ hitRate: 1, logLoss: 0, brier: 0 });
      expect(perfect.calibration.meanAbsoluteError).toBe(0);
      expect(uniform.logLoss).toBeCloseTo(Math.log(n), 12);
      expect(uniform.brier).toBeCloseTo(1 - 1 / n, 12);
    }
  });

  it('should average race by race: the report of two lists together is the race-weighted mean of theirs (property)', () => {
    const prng = new Prng('backtest:pooled');
    for (let run = 0; run < 50; run++) {
      const a = Array.from({ length: prng.int(1, 40) }, () => calibratedRace(prng));
      const b = Array.from({ length: prng.int(1, 40) }, () => calibratedRace(prng));
      const [ra, rb, sut] = [backtest(a), backtest(b), backtest([...a, ...b])];
      const mean = (x: number | null, y: number | null): number =>
        ((x ?? 0) * a.length + (y ?? 0) * b.length) / (a.length + b.length);

      expect(sut.hitRate).toBeCloseTo(mean(ra.hitRate, rb.hitRate), 12);
      expect(sut.logLoss).toBeCloseTo(mean(ra.logLoss, rb.logLoss), 12);
      expect(sut.brier).toBeCloseTo(mean(ra.brier, rb.brier), 12);
      expect(sut.flatBet?.returnedCents).toBe((ra.flatBet?.returnedCents ?? 0) + (rb.flatBet?.returnedCents ?? 0));
      expect(sut.calibration.bins.map((x) => x.count)).toEqual(
        ra.calibration.bins.map((x, i) => x.count + rb.calibration.bins[i].count),
      );
    }
  });

  it('should keep every measure in its range: bins hold every runner, Brier in 0..2, error in 0..1 (property)', () => {
    const prng = new Prng('backtest:ranges');
    for (let run = 0; run < 100; run++) {
      const list = Array.from({ length: prng.int(1, 30) }, () => {
        const race = calibratedRace(prng);
        // Now and then a dead heat for the win.
        if (prng.chance(0.1)) {
          const other = (race.winners[0] + 1) % race.probabilities.length;
          return { ...race, winners: [race.winners[0], other], winPayCents: [300, 320] };
        }
        return race;
      });

      const sut = backtest(list, { bins: prng.int(1, 20) });

      expect(sut.calibration.bins.reduce((s, b) => s + b.count, 0)).toBe(sut.runners);
      expect(sut.hitRate).toBeGreaterThanOrEqual(0);
      expect(sut.hitRate).toBeLessThanOrEqual(1);
      expect(sut.logLoss).toBeGreaterThanOrEqual(0);
      expect(sut.brier).toBeGreaterThanOrEqual(0);
      expect(sut.brier).toBeLessThanOrEqual(2);
      expect(sut.calibration.meanAbsoluteError).toBeGreaterThanOrEqual(0);
      expect(sut.calibration.meanAbsoluteError).toBeLessThanOrEqual(1);
    }
  });

  it('should find winners drawn from the forecasts well calibrated, and a forecast made overconfident less so', () => {
    const prng = new Prng('backtest:calibrated');
    const list = Array.from({ length: 5000 }, () => calibratedRace(prng, 8));
    // Squaring and renormalising pushes forecasts to the extremes: the favourite is oversold.
    const sharpened = list.map((r) => {
      const sq = r.probabilities.map((p) => p * p);
      const total = sq.reduce((a, b) => a + b, 0);
      return { ...r, probabilities: sq.map((p) => p / total) };
    });

    const sut = backtest(list).calibration.meanAbsoluteError ?? 1;
    const over = backtest(sharpened).calibration.meanAbsoluteError ?? 0;

    expect(sut).toBeLessThan(0.02);
    expect(over).toBeGreaterThan(2 * sut);
  });
});

describe(impliedProbabilities.name, () => {
  it('should turn odds of 1-1, 2-1 and 3-1 into 6/13, 4/13 and 3/13', () => {
    // 1 ÷ (odds + 1) = 1/2, 1/3, 1/4, which sum to 13/12 (the take shows as the excess over 1).
    const sut = impliedProbabilities([1, 2, 3]);
    expect(sut[0]).toBeCloseTo(6 / 13, 12);
    expect(sut[1]).toBeCloseTo(4 / 13, 12);
    expect(sut[2]).toBeCloseTo(3 / 13, 12);
  });

  it('should give a runner without odds 0, and equal shares when none has odds', () => {
    expect(impliedProbabilities([1, null, 1])).toEqual([0.5, 0, 0.5]);
    expect(impliedProbabilities([null, Number.POSITIVE_INFINITY])).toEqual([0.5, 0.5]);
  });

  it('should sum to 1 and put the shortest odds highest (property)', () => {
    const prng = new Prng('backtest:implied');
    for (let run = 0; run < 200; run++) {
      const odds = Array.from({ length: prng.int(2, 14) }, () => Math.round(prng.float(0.1, 99) * 100) / 100);

      const sut = impliedProbabilities(odds);

      expect(sut.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      const misordered = odds.filter((o, i) => odds.some((q, j) => o < q && !(sut[i] > sut[j])));
      expect(misordered).toEqual([]);
    }
  });
});
