import fc from 'fast-check';
import {
  advancedFinalizeProblem,
  advancedRaceCountProblem,
  advancedTotal,
  type BetRequest,
  canAddBet,
  canSelectMoreHorses,
  combinations,
  DEFAULT_BET_AMOUNT,
  expandCombinations,
  formatMoney,
  isOrdered,
  isWinningCombination,
  isWinningSequence,
  legsFor,
  MAX_COMBINATIONS,
  minimumAmountCents,
  offersAdvancedBet,
  ordinal,
  racesCorrect,
  requiredHorses,
  validateBet,
} from './wagering-rules';

const bet = (over: Partial<BetRequest>): BetRequest => ({
  bet_type: 'Win',
  race_ids: [1],
  amount_cents: 200,
  selections: [[3]],
  box: false,
  ...over,
});

function reasons(b: BetRequest, fieldSizes?: number[]): string[] {
  const r = validateBet(b, { fieldSizes });
  return r.ok ? [] : r.problems.map((p) => p.reason);
}

describe('bet type rules', () => {
  it('should require the horse counts of spec §5 and the legs of spec §9', () => {
    // Source: spec §5 "Required horse counts", §9 "Pick counts".
    const sut = ['Win', 'Place', 'Show', 'Exacta', 'Quinella', 'Trifecta', 'Superfecta', 'Daily Double', 'Pick 7'];
    expect(sut.map(requiredHorses)).toEqual([1, 1, 1, 2, 2, 3, 4, 2, 7]);
    expect(sut.map(legsFor)).toEqual([1, 1, 1, 1, 1, 1, 1, 2, 7]);
    expect(sut.filter(isOrdered)).toEqual(['Exacta', 'Trifecta', 'Superfecta']);
    expect(sut.filter(offersAdvancedBet)).toEqual(['Daily Double', 'Pick 7']);
    expect(requiredHorses('Pick 11')).toBe(0);
  });

  it('should default the amount to $2 and take dimes only on trifecta, superfecta and pick n', () => {
    expect(DEFAULT_BET_AMOUNT).toBe(2);
    expect(['Win', 'Exacta', 'Daily Double', 'Trifecta', 'Superfecta', 'Pick 4'].map(minimumAmountCents)).toEqual([
      100, 100, 100, 10, 10, 10,
    ]);
  });

  it('should format totals with two decimals and thousands separators', () => {
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(5)).toBe('$0.05');
    expect(advancedTotal(2, 4)).toBe(8);
  });
});

describe(combinations.name, () => {
  it('should count a straight ticket as one', () => {
    expect(combinations(bet({ bet_type: 'Trifecta', selections: [[1], [2], [3]] }))).toBe(1);
  });

  it('should count a box of k for n slots as k!/(k−n)!', () => {
    expect(combinations(bet({ bet_type: 'Exacta', box: true, selections: [[1, 2, 3]] }))).toBe(6);
    expect(combinations(bet({ bet_type: 'Trifecta', box: true, selections: [[1, 2, 3, 4]] }))).toBe(24);
    expect(combinations(bet({ bet_type: 'Superfecta', box: true, selections: [[1, 2, 3, 4, 5]] }))).toBe(120);
  });

  it('should count a quinella box as k(k−1)/2', () => {
    expect(combinations(bet({ bet_type: 'Quinella', selections: [[1, 2]] }))).toBe(1);
    expect(combinations(bet({ bet_type: 'Quinella', selections: [[1, 2, 3, 4]] }))).toBe(6);
  });

  it('should count a key/wheel as the tuples with no horse twice', () => {
    // 1 keyed over 2,3,4 for second: 3; trifecta 1 / 2,3 / 2,3,4: 1-2-3, 1-2-4, 1-3-2, 1-3-4 = 4.
    expect(combinations(bet({ bet_type: 'Exacta', selections: [[1], [2, 3, 4]] }))).toBe(3);
    expect(combinations(bet({ bet_type: 'Trifecta', selections: [[1], [2, 3], [2, 3, 4]] }))).toBe(4);
  });

  it('should multiply the horses per leg for multi-race types', () => {
    expect(combinations(bet({ bet_type: 'Pick 3', selections: [[1, 2], [3], [4, 5, 6]] }))).toBe(6);
  });

  it('should agree with the expansion, which holds distinct tuples with no horse twice', () => {
    const types = ['Exacta', 'Trifecta', 'Superfecta', 'Quinella', 'Daily Double', 'Pick 3'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...types),
        fc.boolean(),
        fc.array(fc.uniqueArray(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 6 }), {
          minLength: 1,
          maxLength: 4,
        }),
        (type, box, lists) => {
          const b = { bet_type: type, box, selections: lists };
          const sut = expandCombinations(b);
          const n = combinations(b);
          if (n === 0) return !sut.ok;
          if (!sut.ok) return false;
          const keys = new Set(sut.tuples.map((t) => t.join('-')));
          const multi = legsFor(type) > 1;
          return (
            sut.tuples.length === n && keys.size === n && sut.tuples.every((t) => multi || new Set(t).size === t.length)
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('should refuse to expand more than the limit', () => {
    const sut = expandCombinations({
      bet_type: 'Superfecta',
      box: true,
      selections: [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]],
    });
    expect(sut).toEqual({ ok: false, reason: 'This ticket has 5,040 combinations; at most 5,000 are allowed.' });
  });
});

describe(validateBet.name, () => {
  it('should accept a $2 win bet and cost $2', () => {
    expect(validateBet(bet({}))).toEqual({ ok: true, combinations: 1, total_cents: 200 });
  });

  it('should cost combinations × amount for a $1 trifecta box of 4', () => {
    expect(
      validateBet(bet({ bet_type: 'Trifecta', amount_cents: 100, box: true, selections: [[1, 2, 3, 4]] })),
    ).toEqual({
      ok: true,
      combinations: 24,
      total_cents: 2400,
    });
  });

  it('should refuse an unknown bet type', () => {
    expect(reasons(bet({ bet_type: 'Pick 11' }))).toEqual(["Unknown bet type 'Pick 11'."]);
  });

  it('should ask for exactly n races with the spec §5 wording', () => {
    const sut = bet({ bet_type: 'Pick 4', race_ids: [1, 2, 3], selections: [[1], [2], [3], [4]], amount_cents: 100 });
    expect(reasons(sut)).toEqual(['Please select exactly 4 races for the Pick 4 bet type.']);
  });

  it('should ask for one horse per race when a leg is empty', () => {
    const sut = bet({ bet_type: 'Daily Double', race_ids: [1, 2], selections: [[1], []] });
    expect(reasons(sut)).toEqual(['Please select one horse per race.']);
  });

  it.each([0, -200, Number.NaN])('should ask for a bet amount when it is %p', (amount_cents) => {
    expect(reasons(bet({ amount_cents }))).toEqual(['Please enter a bet amount.']);
  });

  it('should hold the minimum and the step per type', () => {
    expect(reasons(bet({ amount_cents: 50 }))).toEqual(['The minimum Win bet is $1.00.']);
    expect(reasons(bet({ amount_cents: 250 }))).toEqual(['A Win bet amount must be a multiple of $1.00.']);
    expect(reasons(bet({ amount_cents: 10.5 }))).toEqual(['The bet amount must be a whole number of cents.']);
    const superfecta = bet({ bet_type: 'Superfecta', amount_cents: 10, selections: [[1], [2], [3], [4]] });
    expect(validateBet(superfecta)).toEqual({ ok: true, combinations: 1, total_cents: 10 });
    expect(reasons({ ...superfecta, amount_cents: 15 })).toEqual([
      'A Superfecta bet amount must be a multiple of $0.10.',
    ]);
  });

  it('should refuse a horse twice in one slot and a horse in two positions of a straight exacta', () => {
    expect(reasons(bet({ bet_type: 'Quinella', selections: [[2, 2, 3]] }))).toEqual([
      'Horse 2 is selected twice in the selection.',
    ]);
    expect(reasons(bet({ bet_type: 'Exacta', selections: [[5], [5]] }))).toEqual([
      'The same horse cannot finish in two positions of an Exacta.',
    ]);
  });

  it('should refuse program numbers outside the field when the field sizes are known', () => {
    expect(reasons(bet({ selections: [[9]] }), [8])).toEqual(['Horse 9 is not in the race (program numbers 1 to 8).']);
    const dd = bet({ bet_type: 'Daily Double', race_ids: [4, 5], selections: [[1], [12]] });
    expect(reasons(dd, [12, 10])).toEqual(['Horse 12 is not in race 2 of the ticket (program numbers 1 to 10).']);
  });

  it('should refuse a box on a win bet and a wheel that makes no combination', () => {
    expect(reasons(bet({ box: true }))).toEqual(['A Win bet cannot be boxed.']);
    expect(
      reasons(
        bet({
          bet_type: 'Exacta',
          selections: [
            [1, 2],
            [1, 2],
          ],
        }),
      ),
    ).toEqual([]);
    expect(
      reasons(
        bet({
          bet_type: 'Trifecta',
          amount_cents: 100,
          selections: [
            [1, 2],
            [1, 2],
            [1, 2],
          ],
        }),
      ),
    ).toEqual(['The selections make no combination with a different horse in each position.']);
  });

  it('should refuse a ticket of more than the maximum combinations', () => {
    const legs = Array.from({ length: 5 }, () => [1, 2, 3, 4, 5, 6]);
    const sut = bet({ bet_type: 'Pick 5', race_ids: [1, 2, 3, 4, 5], amount_cents: 10, selections: legs });
    expect(reasons(sut)).toEqual([`This ticket has 7,776 combinations; at most 5,000 are allowed.`]);
    expect(MAX_COMBINATIONS).toBe(5000);
  });

  it('should price every valid ticket at combinations × amount', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('Exacta', 'Trifecta', 'Quinella'),
        fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { minLength: 4, maxLength: 6 }),
        fc.integer({ min: 1, max: 50 }),
        (type, horses, dollars) => {
          const sut = validateBet(
            bet({ bet_type: type, box: true, selections: [horses], amount_cents: dollars * 100 }),
          );
          return sut.ok && sut.total_cents === sut.combinations * dollars * 100;
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe(isWinningCombination.name, () => {
  const order = [7, 2, 5, 1, 3];

  it.each([
    ['Win', [7], true],
    ['Win', [2], false],
    ['Place', [2], true],
    ['Place', [5], false],
    ['Show', [5], true],
    ['Show', [1], false],
    ['Exacta', [7, 2], true],
    ['Exacta', [2, 7], false],
    ['Quinella', [2, 7], true],
    ['Quinella', [7, 5], false],
    ['Trifecta', [7, 2, 5], true],
    ['Trifecta', [7, 5, 2], false],
    ['Superfecta', [7, 2, 5, 1], true],
    ['Superfecta', [7, 2, 5, 3], false],
  ] as const)('should judge %s %p against 7-2-5-1-3 as %p', (type, tuple, wins) => {
    expect(isWinningCombination(type, tuple, order)).toBe(wins);
  });

  it('should find exactly one winning tuple in a box that covers the top n', () => {
    const sut = expandCombinations({ bet_type: 'Trifecta', box: true, selections: [[1, 2, 5, 7]] });
    if (!sut.ok) throw new Error(sut.reason);
    expect(sut.tuples.filter((t) => isWinningCombination('Trifecta', t, order))).toEqual([[7, 2, 5]]);
  });

  it('should count races correct for multi-race sequences', () => {
    expect(racesCorrect([1, 4, 6], [1, 5, 6])).toBe(2);
    expect(isWinningSequence([1, 5, 6], [1, 5, 6])).toBe(true);
    expect(isWinningSequence([1, 4, 6], [1, 5, 6])).toBe(false);
  });
});

describe(canAddBet.name, () => {
  it('should enable Add Bet only with a type, the required count and an amount > 0 (spec §5)', () => {
    expect(canAddBet({ betType: 'Exacta', selectedHorses: [1, 2], amount: 2, orders: [1, 2] })).toBe(true);
    expect(canAddBet({ betType: null, selectedHorses: [1], amount: 2 })).toBe(false);
    expect(canAddBet({ betType: 'Win', selectedHorses: [1, 2], amount: 2 })).toBe(false);
    expect(canAddBet({ betType: 'Win', selectedHorses: [1], amount: 0 })).toBe(false);
    expect(canAddBet({ betType: 'Win', selectedHorses: [1], amount: 2 })).toBe(true);
  });

  it('should need an order value from 1 to n on every horse of an ordered type', () => {
    expect(canAddBet({ betType: 'Trifecta', selectedHorses: [1, 2, 3], amount: 2, orders: [1, 2] })).toBe(false);
    expect(canAddBet({ betType: 'Trifecta', selectedHorses: [1, 2, 3], amount: 2, orders: [1, 2, 4] })).toBe(false);
    expect(canAddBet({ betType: 'Trifecta', selectedHorses: [1, 2, 3], amount: 2, orders: [3, 1, 2] })).toBe(true);
  });

  it('should cap the horse multi-select at the required count', () => {
    expect(canSelectMoreHorses('Exacta', 1)).toBe(true);
    expect(canSelectMoreHorses('Exacta', 2)).toBe(false);
    expect(canSelectMoreHorses(null, 0)).toBe(false);
  });

  it('should give the advanced bet messages of spec §5', () => {
    expect(advancedRaceCountProblem('Pick 3', 2)).toBe('Please select exactly 3 races for the Pick 3 bet type.');
    expect(advancedRaceCountProblem('Pick 3', 3)).toBeNull();
    expect(advancedFinalizeProblem('Daily Double', [1, null], 2)).toBe('Please select one horse per race.');
    expect(advancedFinalizeProblem('Daily Double', [1, 4], 0)).toBe('Please enter a bet amount.');
    expect(advancedFinalizeProblem('Daily Double', [1, 4], 2)).toBeNull();
  });
});

describe('ordinal', () => {
  it('should write positions as a race card does, teens included', () => {
    expect([1, 2, 3, 4, 10, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '10th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
    ]);
  });
});
