// Worked examples of the scratch rules (common US practice; see scratches.ts for the rules followed).
import { settlePool } from './bet-types';
import { MIN_RUNNERS } from './day-card';
import {
  enoughStarters,
  interestNamesScratched,
  type LegScratchMoney,
  mayScratchBySimulation,
  postTimeFavourite,
  rekeySequencePool,
  SIMULATED_SCRATCH_REASONS,
  scratchedInterests,
  scratchPlan,
  sequenceSubstitutions,
  simulatedScratch,
  substituteScratchedSelections,
  substituteSequenceKey,
  ticketScratchRefund,
} from './scratches';

describe('scratches', () => {
  describe(ticketScratchRefund.name, () => {
    it('should refund a $2 Win ticket on the scratched horse in full', () => {
      const sut = ticketScratchRefund({ bet_type: 'Win', selections: [[4]], box: false, amount_cents: 200 }, [4]);
      expect(sut).toEqual({ interests: ['4'], remaining: 0, refund_cents: 200 });
    });

    it('should leave a Place ticket on another horse alone', () => {
      const sut = ticketScratchRefund({ bet_type: 'Place', selections: [[2]], box: false, amount_cents: 500 }, [4]);
      expect(sut).toEqual({ interests: [], remaining: 1, refund_cents: 0 });
    });

    it('should refund every combination of a 10-cent trifecta box 1-2-4 when 4 is scratched', () => {
      // A box of 1, 2, 4 holds 6 ordered tuples; every one names 4, so all 6 come back: $0.60 at 10¢.
      const sut = ticketScratchRefund(
        { bet_type: 'Trifecta', selections: [[1, 2, 4]], box: true, amount_cents: 10 },
        [4],
      );
      expect(sut.remaining).toBe(0);
      expect(sut.refund_cents).toBe(60);
    });

    it('should refund only the combinations naming the scratched horse in an exacta box of four', () => {
      // Box 1-2-3-4: 12 exactas; those naming 3 are 3-x (3) and x-3 (3): 6 refunded, 6 stay.
      const sut = ticketScratchRefund(
        { bet_type: 'Exacta', selections: [[1, 2, 3, 4]], box: true, amount_cents: 200 },
        [3],
      );
      expect(sut.interests.sort()).toEqual(['1-3', '2-3', '3-1', '3-2', '3-4', '4-3']);
      expect(sut.remaining).toBe(6);
      expect(sut.refund_cents).toBe(1200);
    });

    it('should refund a key whose second position holds the scratched horse for those combinations only', () => {
      // Exacta key 5 over 1, 6, 7 ($2): 5-6 is refunded, 5-1 and 5-7 stay.
      const sut = ticketScratchRefund(
        { bet_type: 'Exacta', selections: [[5], [1, 6, 7]], box: false, amount_cents: 200 },
        [6],
      );
      expect(sut).toEqual({ interests: ['5-6'], remaining: 2, refund_cents: 200 });
    });

    it('should refund a quinella box by its sorted pairs', () => {
      // Quinella box 2, 5, 8 ($1): pairs 2-5, 2-8, 5-8; scratched 8 takes 2-8 and 5-8.
      const sut = ticketScratchRefund(
        { bet_type: 'Quinella', selections: [[8, 2, 5]], box: true, amount_cents: 100 },
        [8],
      );
      expect(sut).toEqual({ interests: ['2-8', '5-8'], remaining: 1, refund_cents: 200 });
    });

    it('should never refund a Daily Double or Pick N ticket: the selection is substituted', () => {
      const sut = ticketScratchRefund(
        { bet_type: 'Pick 3', selections: [[1], [2, 3], [4]], box: false, amount_cents: 100 },
        [2],
      );
      expect(sut).toEqual({ interests: [], remaining: 2, refund_cents: 0 });
    });
  });

  describe(scratchedInterests.name, () => {
    it('should name every key of a single-race pool holding the scratched runner, in any position', () => {
      const money = { '1-2': 100, '2-1': 200, '1-3': 300, '3-1': 400, '2-3': 500 };
      expect(scratchedInterests('Exacta', money, [3]).sort()).toEqual(['1-3', '2-3', '3-1']);
      expect(scratchedInterests('Win', { '1': 10, '3': 20 }, [3])).toEqual(['3']);
    });

    it('should take nothing out of a sequence pool (its money is re-keyed at settlement)', () => {
      expect(scratchedInterests('Daily Double', { '3-1': 100 }, [3])).toEqual([]);
    });

    it('should not mistake program number 1 for 11 or 12', () => {
      expect(interestNamesScratched('11-12', [1])).toBe(false);
      expect(interestNamesScratched('11-1', [1])).toBe(true);
    });
  });

  describe(postTimeFavourite.name, () => {
    it('should be the starter with the most money in the final win pool', () => {
      expect(postTimeFavourite({ '1': 5000, '2': 9000, '3': 7000 }, [1, 2, 3])).toBe(2);
    });

    it('should ignore money on a runner that is not a starter', () => {
      expect(postTimeFavourite({ '1': 5000, '2': 9000, '3': 7000 }, [1, 3])).toBe(3);
    });

    it('should give a tie to the lowest program number', () => {
      expect(postTimeFavourite({ '4': 800, '2': 800, '6': 100 }, [6, 4, 2])).toBe(2);
    });

    it('should give the lowest starter when nobody backed any, and null for no starters', () => {
      expect(postTimeFavourite({}, [5, 3, 7])).toBe(3);
      expect(postTimeFavourite({ '1': 100 }, [])).toBeNull();
    });
  });

  describe(substituteScratchedSelections.name, () => {
    it("should give each leg's scratched selections to the leg's favourite by its win pool, and say so", () => {
      // Pick 3: 3 scratched from leg 2, where 5 holds the most win money of the starters.
      const legs: LegScratchMoney[] = [
        { scratched: [], starters: [1, 2], win_money: { '1': 900, '2': 100 } },
        { scratched: [3], starters: [4, 5], win_money: { '4': 300, '5': 700 } },
        { scratched: [], starters: [1, 2], win_money: {} },
      ];
      const sut = substituteScratchedSelections({ '1-3-2': 500, '1-5-2': 200, '2-4-1': 100 }, legs);
      expect(sut).toEqual({ money: { '1-5-2': 700, '2-4-1': 100 }, substitutions: [{ leg: 2, from: 3, to: 5 }] });
    });

    it('should leave the money as it is when no leg has a scratch', () => {
      const money = { '1-3': 1000 };
      const legs = [
        { scratched: [], starters: [1, 2], win_money: {} },
        { scratched: [], starters: [3, 4], win_money: {} },
      ];
      expect(substituteScratchedSelections(money, legs)).toEqual({ money, substitutions: [] });
    });
  });

  describe(rekeySequencePool.name, () => {
    it('should move the money on a scratched leg-2 selection to the leg favourite', () => {
      // Daily Double: horse 3 scratched from leg 2, whose post-time favourite is 5.
      const money = { '1-3': 1000, '1-5': 400, '2-3': 600, '2-4': 200 };
      const sut = rekeySequencePool(money, [[], [3]], [null, 5]);
      expect(sut).toEqual({ '1-5': 1400, '2-5': 600, '2-4': 200 });
    });

    it('should keep the gross of the pool', () => {
      const money = { '1-3-2': 300, '4-3-6': 700, '1-1-1': 50 };
      const sut = rekeySequencePool(money, [[4], [3], []], [1, 2, null]);
      expect(Object.values(sut).reduce((s, c) => s + c, 0)).toBe(1050);
      expect(sut).toEqual({ '1-2-2': 300, '1-2-6': 700, '1-1-1': 50 });
    });

    it('should pay the double on the scratched horse as on the favourite when the favourite wins', () => {
      // $10 on 1-3 (3 scratched from leg 2; favourite 5 wins), $4 on 1-5, $6 on 2-5: net of $20 at
      // 18.5% is $16.30; winning money 1-5 = $14 → profit $2.30 per $14 → $1.10 per $1 ($1.16 → $1.10).
      const money = rekeySequencePool({ '1-3': 1000, '1-5': 400, '2-5': 600 }, [[], [3]], [null, 5]);
      const settled = settlePool('Daily Double', { takeout: 0.185, money }, [1, 5]);
      expect(settled.prices).toEqual([expect.objectContaining({ interest: '1-5', money_cents: 1400 })]);
      expect(settled.prices[0]?.price_per_dollar_cents).toBe(110);
    });
  });

  describe(substituteSequenceKey.name, () => {
    it('should replace only the leg that had the scratch', () => {
      expect(substituteSequenceKey('3-3-3', [[], [3], []], [null, 8, null])).toBe('3-8-3');
    });

    it('should list the substitutions per leg (1-based) for the settlement', () => {
      expect(sequenceSubstitutions([[2, 9], [], [4]], [1, null, 4])).toEqual([
        { leg: 1, from: 2, to: 1 },
        { leg: 1, from: 9, to: 1 },
      ]);
    });
  });

  describe('minimum starters', () => {
    it('should use the day card minimum of six', () => {
      expect(MIN_RUNNERS).toBe(6);
      expect(enoughStarters(6)).toBe(true);
      expect(enoughStarters(5)).toBe(false);
    });

    it('should let the simulation scratch only from fields larger than the minimum', () => {
      expect(mayScratchBySimulation(7)).toBe(true);
      expect(mayScratchBySimulation(6)).toBe(false);
    });
  });

  describe(simulatedScratch.name, () => {
    it('should scratch nobody at rate 0 or from a field of six', () => {
      expect(simulatedScratch([1, 2, 3, 4, 5, 6, 7], 0, () => 0)).toBeNull();
      expect(simulatedScratch([1, 2, 3, 4, 5, 6], 1, () => 0)).toBeNull();
    });

    it('should scratch the first runner whose draw falls under the rate, with a listed reason', () => {
      const draws = [0.9, 0.01, 0.5];
      const sut = simulatedScratch([1, 2, 3, 4, 5, 6, 7], 0.03, () => draws.shift() ?? 0.99);
      expect(sut?.post_position).toBe(2);
      expect(SIMULATED_SCRATCH_REASONS).toContain(sut?.reason);
    });
  });

  describe(scratchPlan.name, () => {
    it('should be a function of the seed and the field', () => {
      const field = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
      expect(scratchPlan('ab12', field, 0.2)).toEqual(scratchPlan('ab12', field, 0.2));
    });

    it('should scratch about `rate` of the races of ten at rate 0.03 (one runner at most)', () => {
      const field = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
      let hits = 0;
      for (let i = 0; i < 2000; i++) {
        const plan = scratchPlan(`seed-${i}`, field, 0.03);
        if (plan) {
          hits++;
          expect(field).toContain(plan.post_position);
          expect(plan.at_fraction).toBeGreaterThanOrEqual(0);
          expect(plan.at_fraction).toBeLessThan(1);
        }
      }
      // 1 − 0.97^10 ≈ 26% of races.
      expect(hits / 2000).toBeGreaterThan(0.2);
      expect(hits / 2000).toBeLessThan(0.32);
    });
  });
});
