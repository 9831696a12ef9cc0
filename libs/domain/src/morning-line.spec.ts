import fc from 'fast-check';
import {
  cardMorningLine,
  MORNING_LINE_WEIGHTS,
  type MorningLineEntry,
  morningLine,
  morningLineOdds,
  morningLineScores,
  normaliseFactor,
  storedMorningLine,
  topIndices,
  winProbabilities,
} from './morning-line';
import { formatOdds } from './pari-mutuel';

const entry = (over: Partial<MorningLineEntry>): MorningLineEntry => ({
  winRate: 0.2,
  averageSpeed: 16,
  earningsCents: 5_000_000,
  lastRaceTimeSeconds: 72,
  jockeyWinRate: 0.15,
  ...over,
});

describe(morningLine.name, () => {
  it('should weigh the factors as spec §9 says', () => {
    expect(MORNING_LINE_WEIGHTS).toEqual({
      winRate: 0.2,
      averageSpeed: 0.3,
      earnings: 0.1,
      lastRaceTime: 0.3,
      jockeyWinRate: 0.1,
    });
  });

  it('should normalise each factor onto [0.1, 1] across the field', () => {
    expect(normaliseFactor([10, 20, 15])).toEqual([0.1, 1, 0.55]);
    expect(normaliseFactor([3, 3])).toEqual([1, 1]);
    expect(normaliseFactor([3, null])).toEqual([1, 0.1]);
  });

  it('should score a horse best in every factor 1 and worst in every factor 0.1', () => {
    const best = entry({
      winRate: 0.5,
      averageSpeed: 18,
      earningsCents: 9e7,
      lastRaceTimeSeconds: 70,
      jockeyWinRate: 0.3,
    });
    const worst = entry({
      winRate: 0,
      averageSpeed: 15,
      earningsCents: 0,
      lastRaceTimeSeconds: 75,
      jockeyWinRate: 0.05,
    });
    const [a, b] = morningLineScores([best, worst]);
    expect(a).toBeCloseTo(1);
    expect(b).toBeCloseTo(0.1);
  });

  it('should give odds of 1 ÷ share − 1 with two decimals (spec §9)', () => {
    // Shares 0.5, 0.3, 0.2 → 1, 2.33, 4.
    expect(morningLineOdds([5, 3, 2])).toEqual([1, 2.33, 4]);
  });

  it('should not let a unit dominate: speed in km/h or m/s gives the same line', () => {
    const field = [entry({ averageSpeed: 16 }), entry({ averageSpeed: 17 }), entry({ averageSpeed: 16.5 })];
    const kmh = field.map((e) => ({ ...e, averageSpeed: (e.averageSpeed ?? 0) * 3.6 }));
    const a = morningLineScores(field);
    const b = morningLineScores(kmh);
    for (const [i, x] of a.entries()) expect(x).toBeCloseTo(b[i]);
  });

  it('should show the Top 3, best first', () => {
    const field = [
      entry({ winRate: 0.1 }),
      entry({ winRate: 0.4 }),
      entry({ winRate: 0.3 }),
      entry({ winRate: 0 }),
      entry({ winRate: 0.2 }),
    ];
    expect(morningLine(field).top).toEqual([1, 2, 4]);
    expect(topIndices([1, 1, 1, 1])).toEqual([0, 1, 2]);
  });

  it('should give win probabilities that sum to one and follow the scores', () => {
    const factor = fc.option(fc.double({ min: 0, max: 1000, noNaN: true }), { nil: null });
    const entryArb = fc.record({
      winRate: factor,
      averageSpeed: factor,
      earningsCents: factor,
      lastRaceTimeSeconds: factor,
      jockeyWinRate: factor,
    });
    fc.assert(
      fc.property(fc.array(entryArb, { minLength: 1, maxLength: 12 }), (field) => {
        const sut = morningLine(field);
        const sum = sut.probabilities.reduce((a, b) => a + b, 0);
        const ordered = sut.scores.every((s, i) =>
          sut.scores.every((t, j) => s <= t || sut.probabilities[i] >= sut.probabilities[j]),
        );
        return Math.abs(sum - 1) < 1e-9 && ordered && sut.odds.every((o) => Number.isFinite(o) && o >= 0);
      }),
      { numRuns: 200 },
    );
  });

  it('should share equally when every score is zero', () => {
    expect(winProbabilities([0, 0])).toEqual([0.5, 0.5]);
  });
});

describe(cardMorningLine.name, () => {
  const field = [
    entry({ winRate: 0.1 }),
    entry({ winRate: 0.4, averageSpeed: 17 }),
    entry({ winRate: 0.3 }),
    entry({ winRate: 0 }),
  ];

  it("should store each runner's score and odds to 1 with two decimals", () => {
    const sut = cardMorningLine(field);
    const line = morningLine(field);
    expect(sut.map((r) => r.score)).toEqual(line.scores);
    expect(sut.map((r) => r.odds)).toEqual(line.odds);
    for (const r of sut) expect(Math.round(r.odds * 100) / 100).toBe(r.odds);
  });

  it("should read back from storage the line the card made, whatever the runners' form does after", () => {
    const stored = cardMorningLine(field);
    const before = storedMorningLine(stored);
    // The race is run: the winner's figures improve, so a line made now would differ.
    const after = [...field];
    after[3] = entry({ winRate: 0.5, averageSpeed: 18, earningsCents: 9e7 });
    expect(cardMorningLine(after)).not.toEqual(stored);
    // The stored line is what every page and the pools read: the same before and after.
    expect(storedMorningLine(stored)).toEqual(before);
    expect(before.probabilities).toEqual(morningLine(field).probabilities);
    expect(before.top).toEqual(morningLine(field).top);
  });
});

describe(storedMorningLine.name, () => {
  it('should show the odds as the tote does (5-2, not 2.59-1)', () => {
    const sut = storedMorningLine([
      { score: 0.5, odds: 2.59 },
      { score: 0.3, odds: 1.8 },
      { score: 0.2, odds: 6.65 },
    ]);
    expect(sut.display).toEqual(['5-2', '9-5', '6-1']);
    expect(sut.display[0]).toBe(formatOdds(2.59).fractional);
  });

  it('should leave a runner without a stored line out of the Top 3 and show no odds for it', () => {
    const sut = storedMorningLine([
      { score: null, odds: null },
      { score: 0.2, odds: 4 },
      { score: 0.6, odds: 0.67 },
      { score: 0.2, odds: 4 },
    ]);
    expect(sut.display).toEqual([null, '4-1', '3-5', '4-1']);
    expect(sut.top).toEqual([2, 1, 3]);
    expect(sut.probabilities).toEqual([0, 0.2, 0.6, 0.2]);
  });

  it('should share equally when no runner has a line', () => {
    expect(
      storedMorningLine([
        { score: null, odds: null },
        { score: null, odds: null },
      ]),
    ).toEqual({
      probabilities: [0.5, 0.5],
      display: [null, null],
      top: [],
    });
  });
});
