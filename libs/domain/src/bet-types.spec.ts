import { BET_TYPES, type BetTypeRule, betTypeRule, combinationKey, findBetType, TAKEOUT_GROUPS } from './bet-types';
import { grossCents } from './pari-mutuel';

describe('BET_TYPES', () => {
  it('should offer every bet type of the spec, single-race first', () => {
    expect(BET_TYPES.map((t) => t.name)).toEqual([
      'Win',
      'Place',
      'Show',
      'Exacta',
      'Quinella',
      'Trifecta',
      'Superfecta',
      'Daily Double',
      'Pick 3',
      'Pick 4',
      'Pick 5',
      'Pick 6',
      'Pick 7',
      'Pick 8',
      'Pick 9',
      'Pick 10',
    ]);
  });

  it('should require the horse counts of spec §5 and the race counts of §9', () => {
    const counts = Object.fromEntries(BET_TYPES.map((t) => [t.name, [t.horsesRequired, t.legs]]));
    expect(counts).toMatchObject({
      Win: [1, 1],
      Place: [1, 1],
      Show: [1, 1],
      Exacta: [2, 1],
      Quinella: [2, 1],
      Trifecta: [3, 1],
      Superfecta: [4, 1],
      'Daily Double': [2, 2],
      'Pick 3': [3, 3],
      'Pick 10': [10, 10],
    });
  });

  it('should mark exactly Exacta, Trifecta and Superfecta as ordered', () => {
    expect(BET_TYPES.filter((t) => t.ordered).map((t) => t.name)).toEqual(['Exacta', 'Trifecta', 'Superfecta']);
  });

  it('should find a type by name and nothing for an unknown one', () => {
    expect(findBetType('Quinella')?.horsesRequired).toBe(2);
    expect(findBetType('Pick 11')).toBeUndefined();
  });
});

/** A finish of every leg: horse 1 first, then 2, 3, … in a field of `size`. */
const resultOf = (type: BetTypeRule, size = 6): number[][][] =>
  Array.from({ length: type.legs }, () => Array.from({ length: size }, (_, i) => [i + 1]));

/** The straight ticket on that result: horse 1 in every leg, or the first n finishers in order. */
const straightTicket = (type: BetTypeRule): number[] =>
  type.legs > 1 ? Array(type.legs).fill(1) : Array.from({ length: type.horsesRequired }, (_, i) => i + 1);

/** A ticket with no horse right: horse 9 (not in a 6-horse field) in every slot, then 8, 7, … */
const losingTicket = (type: BetTypeRule): number[] =>
  type.legs > 1 ? Array(type.legs).fill(9) : Array.from({ length: type.horsesRequired }, (_, i) => 9 - i);

describe('the bet-type table', () => {
  it('should name every type once', () => {
    const names = BET_TYPES.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(BET_TYPES.map((t) => [t.name, t] as const))(
    'should keep the legs, horses and kind of %s consistent',
    (_, t) => {
      expect(t.kind === 'sequence').toBe(t.legs > 1);
      if (t.kind === 'sequence') expect(t.horsesRequired).toBe(t.legs);
      if (t.kind === 'single') expect(t.horsesRequired).toBe(1);
      if (t.kind === 'ordered' || t.kind === 'unordered') expect(t.horsesRequired).toBeGreaterThan(1);
      expect(t.ordered).toBe(t.kind === 'ordered');
      expect(t.boxable).toBe(t.kind === 'ordered' || t.kind === 'unordered');
    },
  );

  it('should put every type in one of the takeout groups and leave no group empty', () => {
    expect(BET_TYPES.filter((t) => !TAKEOUT_GROUPS.includes(t.takeoutGroup))).toEqual([]);
    expect(TAKEOUT_GROUPS.filter((g) => !BET_TYPES.some((t) => t.takeoutGroup === g))).toEqual([]);
  });

  it('should carry over exactly the Pick N pools', () => {
    expect(BET_TYPES.filter((t) => t.carriesOver).map((t) => t.name)).toEqual(
      [3, 4, 5, 6, 7, 8, 9, 10].map((n) => `Pick ${n}`),
    );
  });

  it('should share a crowd tick out in full', () => {
    expect(BET_TYPES.reduce((s, t) => s + t.crowdShare, 0)).toBeCloseTo(1, 9);
  });

  it.each(BET_TYPES.map((t) => [t.name, t] as const))(
    'should settle the %s pool by paying the straight ticket on the result',
    (_, t) => {
      const winning = combinationKey(t, straightTicket(t));
      const money = { [winning]: 1000, [combinationKey(t, losingTicket(t))]: 3000 };

      const sut = t.settle({ takeout: 0.2, money }, resultOf(t));

      expect(sut.refunded).toBe(false);
      expect(sut.prices.map((p) => p.interest)).toEqual([winning]);
      expect(sut.prices[0]?.price_per_dollar_cents).toBeGreaterThan(100);
      expect(t.winningInterests(resultOf(t))).toContain(winning);
    },
  );

  it.each(BET_TYPES.map((t) => [t.name, t] as const))(
    'should refund the %s pool nobody holds a winner of, unless it carries over',
    (_, t) => {
      const money = { [combinationKey(t, losingTicket(t))]: 3000 };

      const sut = t.settle({ takeout: 0.2, money }, resultOf(t));

      expect(sut.refunded).toBe(!t.carriesOver);
      expect(sut.carryover_cents > 0).toBe(t.carriesOver);
      expect(sut.paid_cents).toBe(t.carriesOver ? 0 : grossCents(money));
    },
  );

  it.each(BET_TYPES.map((t) => [t.name, t] as const))(
    'should seed the %s pool on interests keyed like its tickets',
    (_, t) => {
      const field = { 1: 0.4, 2: 0.25, 3: 0.15, 4: 0.1, 5: 0.06, 6: 0.04 };
      const horses = t.kind === 'single' ? 1 : t.horsesRequired;

      const sut = Object.keys(t.seedShape(Array(t.legs).fill(field)));

      expect(sut.length).toBeGreaterThan(0);
      for (const key of sut) {
        const tuple = key.split('-').map(Number);
        expect(tuple).toHaveLength(horses);
        expect(combinationKey(t, tuple)).toBe(key);
      }
    },
  );

  it('should refuse a name that is no bet type', () => {
    expect(() => betTypeRule('Pick 11')).toThrow("Unknown bet type 'Pick 11'.");
    expect(betTypeRule('Pick 10').legs).toBe(10);
  });
});
