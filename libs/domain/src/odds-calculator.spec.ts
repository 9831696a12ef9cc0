import {
  calculateOdds,
  MIN_CALCULATED_ODDS,
  ODDS_CALCULATOR_FORMULA,
  ODDS_CONDITION_MULTIPLIERS,
  type OddsCalculation,
  type OddsCalculatorCondition,
  type OddsCalculatorInput,
  oddsCalculatorProblems,
} from './odds-calculator';
import { Prng } from './prng';

const input = (over: Partial<OddsCalculatorInput> = {}): OddsCalculatorInput => ({
  distanceMeters: 1200,
  runners: 8,
  condition: 'fast',
  betsOnHorse: 0,
  trainerYears: 0,
  firstPlaceFinishes: 0,
  totalWinningsCents: 0,
  ...over,
});

const calc = (i: OddsCalculatorInput): OddsCalculation => {
  const result = calculateOdds(i);
  if (!result.ok) throw new Error(`unexpected problems: ${JSON.stringify(result.problems)}`);
  return result.value;
};

const CONDITIONS: readonly OddsCalculatorCondition[] = ['fast', 'wet', 'muddy'];

// Valid inputs over the whole range the calculator takes.
function randomInput(prng: Prng): OddsCalculatorInput {
  return {
    distanceMeters: Math.round(prng.float(100, 10_000)),
    runners: prng.int(2, 20),
    condition: prng.pick(CONDITIONS),
    betsOnHorse: prng.chance(0.2) ? 0 : prng.int(0, 2000),
    trainerYears: prng.int(0, 50),
    firstPlaceFinishes: prng.int(0, 60),
    totalWinningsCents: prng.chance(0.2) ? 0 : prng.int(0, 500_000_000),
  };
}

describe(calculateOdds.name, () => {
  it('should give n − 1 to 1 for n runners over 1,200 m on a fast track with nothing else known', () => {
    // 7 × √(1200 ÷ 1200) × 1 ÷ 1 = 7.00: an even field of 8 is 1 in 8, odds 1 ÷ (1/8) − 1 (spec §9's rule).
    expect(calc(input())).toEqual({
      odds: 7,
      exact: 7,
      fieldFactor: 7,
      distanceFactor: 1,
      conditionFactor: 1,
      formFactor: 1,
    });
  });

  it('should multiply by 1.5 on a wet or muddy track (spec §9): 7.00 becomes 10.50', () => {
    expect(ODDS_CONDITION_MULTIPLIERS).toEqual({ fast: 1, wet: 1.5, muddy: 1.5 });
    expect(calc(input({ condition: 'wet' })).odds).toBe(10.5);
    expect(calc(input({ condition: 'muddy' })).odds).toBe(10.5);
  });

  it('should lengthen with the square root of the trip: 2,400 m gives 7 × √2 = 9.8995, shown 9.90', () => {
    expect(calc(input({ distanceMeters: 2400 })).odds).toBe(9.9);
  });

  it('should shorten for a backed, proven horse with an experienced trainer: 7 ÷ 5.686 = 1.23', () => {
    // Form = (1 + 0.25 ln 51)(1 + 0.15 ln 11)(1 + 0.2 ln 6)(1 + 0.1 ln 251)
    //      = 1.98296 × 1.35968 × 1.35835 × 1.55255 = 5.68601 (50 bets, 10 years, 5 wins, $250,000).
    const sut = calc(
      input({ betsOnHorse: 50, trainerYears: 10, firstPlaceFinishes: 5, totalWinningsCents: 25_000_000 }),
    );
    expect(sut.formFactor).toBeCloseTo(5.68601, 5);
    expect(sut.odds).toBe(1.23);
  });

  it('should put all four factors together: 12 runners, a mile (1,609 m), wet, 3 bets, 7 years → 10.82', () => {
    // 11 × √(1609 ÷ 1200) × 1.5 ÷ ((1 + 0.25 ln 4)(1 + 0.15 ln 8)) = 11 × 1.15794 × 1.5 ÷ 1.76659 = 10.8152.
    const sut = calc(input({ runners: 12, distanceMeters: 1609, condition: 'wet', betsOnHorse: 3, trainerYears: 7 }));
    expect(sut.exact).toBeCloseTo(10.8152, 4);
    expect(sut.odds).toBe(10.82);
  });

  it('should never show odds shorter than 0.10', () => {
    // 1 × 1 × 1 ÷ 17.567 = 0.057 for a two-horse race and an overwhelming favourite.
    const sut = calc(
      input({
        runners: 2,
        betsOnHorse: 1000,
        trainerYears: 40,
        firstPlaceFinishes: 100,
        totalWinningsCents: 10_000_000_000,
      }),
    );
    expect(sut.exact).toBeCloseTo(0.0569, 4);
    expect(sut.odds).toBe(MIN_CALCULATED_ODDS);
  });

  it('should name every field that is wrong', () => {
    const sut = calculateOdds({
      distanceMeters: Number.POSITIVE_INFINITY,
      runners: 21,
      condition: 'sloppy' as OddsCalculatorCondition,
      betsOnHorse: -1,
      trainerYears: 2.5,
      firstPlaceFinishes: Number.NaN,
      totalWinningsCents: 10.5,
    });

    expect(sut).toEqual({
      ok: false,
      problems: [
        { field: 'distanceMeters', reason: 'The distance must be a number of meters.' },
        { field: 'runners', reason: 'The runners must be a whole number from 2 to 20.' },
        { field: 'condition', reason: 'The track condition must be fast, wet or muddy.' },
        { field: 'betsOnHorse', reason: 'The bets on the horse must be a whole number, 0 or more.' },
        { field: 'trainerYears', reason: 'The trainer’s years of experience must be a whole number, 0 or more.' },
        { field: 'firstPlaceFinishes', reason: 'The first-place finishes must be a whole number, 0 or more.' },
        { field: 'totalWinningsCents', reason: 'The total winnings in cents must be a whole number, 0 or more.' },
      ],
    });
  });

  it('should take 2 to 20 runners and 100 to 10,000 meters, and nothing outside', () => {
    const fields = (over: Partial<Record<keyof OddsCalculatorInput, unknown>>) =>
      oddsCalculatorProblems({ ...input(), ...over }).map((p) => p.field);
    expect(fields({ runners: 2 })).toEqual([]);
    expect(fields({ runners: 20 })).toEqual([]);
    expect(fields({ runners: 1 })).toEqual(['runners']);
    expect(fields({ runners: 8.5 })).toEqual(['runners']);
    expect(fields({ runners: '8' })).toEqual(['runners']);
    expect(fields({ distanceMeters: 100 })).toEqual([]);
    expect(fields({ distanceMeters: 10_000 })).toEqual([]);
    expect(fields({ distanceMeters: 1207.008 })).toEqual([]);
    expect(fields({ distanceMeters: 99 })).toEqual(['distanceMeters']);
    expect(fields({ distanceMeters: 10_001 })).toEqual(['distanceMeters']);
    expect(fields({ condition: 'toString' })).toEqual(['condition']);
  });

  it('should state the formula it uses as the help text', () => {
    expect(ODDS_CALCULATOR_FORMULA).toContain(
      'Odds (to 1) = (runners − 1) × distance factor × condition factor ÷ form factor',
    );
    expect(ODDS_CALCULATOR_FORMULA).toContain('Condition factor: fast 1, wet 1.5, muddy 1.5.');
    expect(ODDS_CALCULATOR_FORMULA).toContain('√(distance in meters ÷ 1,200)');
  });

  // Each direction a handicapper expects, over random valid inputs: the exact odds move strictly,
  // the shown odds (rounded, floored) never the wrong way. `from` leaves room for the change.
  const directions: readonly {
    what: string;
    from?: (i: OddsCalculatorInput) => Partial<OddsCalculatorInput>;
    change: (i: OddsCalculatorInput, prng: Prng) => Partial<OddsCalculatorInput>;
    way: 'longer' | 'shorter';
  }[] = [
    {
      what: 'more runners',
      from: (i) => ({ runners: Math.min(19, i.runners) }),
      change: (i, p) => ({ runners: p.int(i.runners + 1, 20) }),
      way: 'longer',
    },
    {
      what: 'a longer trip',
      from: (i) => ({ distanceMeters: Math.min(9999, i.distanceMeters) }),
      change: (i, p) => ({ distanceMeters: p.int(i.distanceMeters + 1, 10_000) }),
      way: 'longer',
    },
    {
      what: 'a worse track (fast to wet or muddy)',
      from: () => ({ condition: 'fast' }),
      change: (_, p) => ({ condition: p.pick(['wet', 'muddy'] as const) }),
      way: 'longer',
    },
    {
      what: 'more bets on the horse',
      change: (i, p) => ({ betsOnHorse: i.betsOnHorse + p.int(1, 100) }),
      way: 'shorter',
    },
    {
      what: 'more trainer experience',
      change: (i, p) => ({ trainerYears: i.trainerYears + p.int(1, 10) }),
      way: 'shorter',
    },
    {
      what: 'more first-place finishes',
      change: (i, p) => ({ firstPlaceFinishes: i.firstPlaceFinishes + p.int(1, 10) }),
      way: 'shorter',
    },
    {
      what: 'more winnings',
      change: (i, p) => ({ totalWinningsCents: i.totalWinningsCents + p.int(1, 10_000_000) }),
      way: 'shorter',
    },
  ];

  for (const { what, from, change, way } of directions) {
    it(`should make the odds ${way} with ${what} (property)`, () => {
      const prng = new Prng(`odds-calculator:${what}`);
      for (let run = 0; run < 300; run++) {
        const random = randomInput(prng);
        const before = { ...random, ...from?.(random) };
        const after = { ...before, ...change(before, prng) };

        const [a, b] = [calc(before), calc(after)];

        if (way === 'longer') {
          expect(b.exact).toBeGreaterThan(a.exact);
          expect(b.odds).toBeGreaterThanOrEqual(a.odds);
        } else {
          expect(b.exact).toBeLessThan(a.exact);
          expect(b.odds).toBeLessThanOrEqual(a.odds);
        }
      }
    });
  }

  it('should show the exact odds rounded to two decimals, never below 0.10 (property)', () => {
    const prng = new Prng('odds-calculator:rounding');
    for (let run = 0; run < 1000; run++) {
      const sut = calc(randomInput(prng));

      expect(sut.odds).toBeGreaterThanOrEqual(MIN_CALCULATED_ODDS);
      expect(Math.round(sut.odds * 100) / 100).toBe(sut.odds);
      if (sut.exact >= MIN_CALCULATED_ODDS) expect(Math.abs(sut.odds - sut.exact)).toBeLessThanOrEqual(0.005 + 1e-12);
      else expect(sut.odds).toBe(MIN_CALCULATED_ODDS);
      expect(sut.exact).toBeCloseTo((sut.fieldFactor * sut.distanceFactor * sut.conditionFactor) / sut.formFactor, 12);
    }
  });
});
