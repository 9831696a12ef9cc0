import fc from 'fast-check';
import { settlePool, winningInterests } from './bet-types';
import {
  formatOdds,
  harvilleOrdered,
  interestKey,
  mostLikely,
  type Pool,
  type PoolSettlement,
  payTickets,
  pickWillPayPrefixes,
  pickWillPays,
  poolNetCents,
  pricePerDollarCents,
  probables,
  quinellaProbabilities,
  seedPool,
  sequenceProbabilities,
  settleExoticPool,
  settlementBalances,
  settlePickPool,
  settlePlacePool,
  settleShowPool,
  settleWinPool,
  ticketPayoutCents,
  topProbabilities,
  topSequences,
  winOdds,
} from './pari-mutuel';

const dollars = (d: number): number => Math.round(d * 100);

const balances = settlementBalances;

const priceOf = (s: PoolSettlement, interest: string): number | undefined =>
  s.prices.find((p) => p.interest === interest)?.price_per_dollar_cents;

describe(settleWinPool.name, () => {
  it('should pay $7.20 on $2 when the net pool is $84,000 with $23,000 on the winner', () => {
    // Worked example of the brief, by the win-pool rule of Ohio Admin. Code 3769-3-12(B) ("the net
    // pool shall be divided by the amount wagered on the horse finishing first"): gross $100,000 at
    // 16% takeout = net $84,000; 84,000 / 23,000 = 3.652 → profit 2.652 broken to 2.60 → $3.60 per
    // $1, $7.20 per $2.
    const pool: Pool = { takeout: 0.16, money: { '1': dollars(23_000), '2': dollars(50_000), '3': dollars(27_000) } };
    const sut = settleWinPool(pool, 1);
    expect(sut.net_cents).toBe(dollars(84_000));
    expect(priceOf(sut, '1')).toBe(360);
    expect(ticketPayoutCents(200, 360)).toBe(720);
    expect(sut.paid_cents).toBe(dollars(82_800));
    expect(sut.breakage_cents).toBe(dollars(1_200));
    expect(balances(sut)).toBe(true);
  });

  it('should break the profit down to the dime', () => {
    // Source: "Understanding Breakage in Horse Race Gambling" (frizzii.com): pool $1,400 at 15%
    // takeout = $1,190; $200 on A: (1190 − 200) / 200 = 4.95, broken to 4.90, so $20 returns $118.
    const pool: Pool = { takeout: 0.15, money: { A: dollars(200), B: dollars(300), C: dollars(400), D: dollars(500) } };
    const sut = settleWinPool(pool, 'A');
    expect(priceOf(sut, 'A')).toBe(590);
    expect(ticketPayoutCents(dollars(20), 590)).toBe(dollars(118));
  });

  it('should pay at least $2.10 on $2 and have the house cover the minus pool', () => {
    // ARCHITECTURE §5: a winning $2 never pays less than $2.10.
    const pool: Pool = { takeout: 0.16, money: { '1': dollars(950), '2': dollars(50) } };
    const sut = settleWinPool(pool, 1);
    expect(priceOf(sut, '1')).toBe(105);
    expect(ticketPayoutCents(200, 105)).toBe(210);
    expect(sut.paid_cents).toBe(dollars(997.5));
    expect(sut.cover_cents).toBe(dollars(997.5) - dollars(840));
    expect(sut.breakage_cents).toBe(0);
    expect(balances(sut)).toBe(true);
  });

  it('should refund every ticket when no one backed the winner', () => {
    const sut = settleWinPool({ takeout: 0.16, money: { '2': 1000, '3': 500 } }, 1);
    expect(sut).toMatchObject({ refunded: true, paid_cents: 1500, takeout_cents: 0, prices: [] });
    expect(balances(sut)).toBe(true);
  });
});

describe(settlePlacePool.name, () => {
  it('should pay $4.60 and $7.40 on $2 when the net place pool is $33,600 with $8,000 and $4,000 on the placers', () => {
    // Worked example of the brief, by the place-pool rule of Ohio Admin. Code 3769-3-12(C): profit
    // = 33,600 − 12,000 = 21,600, halves of 10,800; 10,800 / 8,000 = 1.35 → 1.30 → $2.30 per $1;
    // 10,800 / 4,000 = 2.70 → $3.70 per $1. Gross $40,000 at 16% = net $33,600.
    const pool: Pool = { takeout: 0.16, money: { '4': dollars(8_000), '6': dollars(4_000), '1': dollars(28_000) } };
    const sut = settlePlacePool(pool, [4, 6, 1]);
    expect(sut.net_cents).toBe(dollars(33_600));
    expect(ticketPayoutCents(200, priceOf(sut, '4') ?? 0)).toBe(460);
    expect(ticketPayoutCents(200, priceOf(sut, '6') ?? 0)).toBe(740);
    expect(balances(sut)).toBe(true);
  });

  it('should give the whole profit to the one placer that was backed', () => {
    const sut = settlePlacePool({ takeout: 0, money: { '4': 1000, '9': 3000 } }, [4, 6]);
    expect(sut.prices.map((p) => p.interest)).toEqual(['4']);
    expect(priceOf(sut, '4')).toBe(400);
  });
});

describe(settleShowPool.name, () => {
  it('should split the show profit in three', () => {
    // Net $900 (no takeout), $100, $200, $300 on the first three: profit 300, thirds of 100:
    // 100/100 = 1.00 → $2.00; 100/200 = 0.50 → $1.50; 100/300 = 0.333 → 0.30 → $1.30 per $1.
    const pool: Pool = { takeout: 0, money: { '1': 10000, '2': 20000, '3': 30000, '4': 30000 } };
    const sut = settleShowPool(pool, [1, 2, 3]);
    expect(sut.prices.map((p) => [p.interest, p.price_per_dollar_cents])).toEqual([
      ['1', 200],
      ['2', 150],
      ['3', 130],
    ]);
    // Paid 200 + 300 + 390 = $890 of $900: $10 breakage.
    expect(sut.breakage_cents).toBe(1000);
    expect(balances(sut)).toBe(true);
  });
});

describe(settleExoticPool.name, () => {
  it('should pay the net pool over the money on the winning combination, or refund', () => {
    const pool: Pool = { takeout: 0.2, money: { [interestKey([3, 5])]: 5000, [interestKey([5, 3])]: 15000 } };
    const sut = settleExoticPool(pool, '3-5');
    // net 16,000 / 5,000 = 3.2 → $3.20 per $1.
    expect(priceOf(sut, '3-5')).toBe(320);
    expect(settleExoticPool(pool, '1-2').refunded).toBe(true);
  });
});

describe(settlePickPool.name, () => {
  it('should pay the all-correct tickets', () => {
    const sut = settlePickPool({ takeout: 0.25, money: { '1-2-3': 1000, '1-2-4': 3000 } }, [1, 2, 3]);
    // net 3,000 / 1,000 = 3.00 per $1.
    expect(sut.races_correct).toBe(3);
    expect(priceOf(sut, '1-2-3')).toBe(300);
    expect(balances(sut)).toBe(true);
  });

  it('should pay the tickets with the most races correct when no one has them all (consolation)', () => {
    const sut = settlePickPool({ takeout: 0.25, money: { '1-2-4': 1000, '1-5-4': 1000, '9-2-4': 2000 } }, [1, 2, 3]);
    expect(sut.races_correct).toBe(2);
    expect(sut.prices.map((p) => p.interest)).toEqual(['1-2-4']);
    expect(priceOf(sut, '1-2-4')).toBe(300);
  });

  it('should carry the net pool over when no ticket has a race right', () => {
    const sut = settlePickPool({ takeout: 0.25, money: { '4-5-6': 1000 } }, [1, 2, 3]);
    expect(sut).toMatchObject({ paid_cents: 0, carryover_cents: 750, takeout_cents: 250, races_correct: 0 });
    expect(balances(sut)).toBe(true);
  });

  it('should add a carryover in to the net pool without taking out of it again', () => {
    const pool: Pool = { takeout: 0.25, money: { '1-2-3': 1000, '4-5-6': 3000 }, carryover_cents: 2000 };
    const sut = settlePickPool(pool, [1, 2, 3]);
    // net = 4,000 × 0.75 + 2,000 = 5,000; (5,000 − 1,000) / 1,000 = 4.00 profit → $5.00 per $1.
    expect(sut).toMatchObject({ net_cents: 5000, takeout_cents: 1000, carryover_in_cents: 2000, carryover_cents: 0 });
    expect(priceOf(sut, '1-2-3')).toBe(500);
    expect(poolNetCents(pool)).toBe(5000);
    expect(balances(sut)).toBe(true);
  });

  it('should carry a carryover in on again with the new net pool when no ticket has a race right', () => {
    const sut = settlePickPool({ takeout: 0.25, money: { '4-5-6': 1000 }, carryover_cents: 500 }, [1, 2, 3]);
    expect(sut).toMatchObject({ paid_cents: 0, carryover_cents: 1250, races_correct: 0 });
    expect(balances(sut)).toBe(true);
  });

  it('should pass a carryover in on untouched when the pool is empty', () => {
    const sut = settlePickPool({ takeout: 0.25, money: {}, carryover_cents: 900 }, [1, 2, 3]);
    expect(sut).toMatchObject({ refunded: true, paid_cents: 0, takeout_cents: 0, carryover_cents: 900 });
    expect(balances(sut)).toBe(true);
  });

  it('should refuse a carryover that is not whole cents', () => {
    expect(() => settlePickPool({ takeout: 0.25, money: { '1-1-1': 10 }, carryover_cents: 1.5 }, [1, 1, 1])).toThrow(
      RangeError,
    );
  });
});

describe(pickWillPays.name, () => {
  it('should price each last-leg horse with the earlier winners, carryover included, null with no money', () => {
    const pool: Pool = {
      takeout: 0.25,
      money: { '1-2-1': 1000, '1-2-2': 4000, '1-3-1': 3000, '2-2-3': 2000 },
      carryover_cents: 500,
    };
    const sut = pickWillPays(poolNetCents(pool), pool.money, [1, 2], [1, 2, 3]);
    // net = 10,000 × 0.75 + 500 = 8,000: on 1-2-1 (8,000 − 1,000) / 1,000 → $8.00; on 1-2-2 → $2.00.
    expect(sut).toEqual({ '1': 800, '2': 200, '3': null });
  });

  it('should price a dead heat in an earlier leg as settlement pays it: every dead-heated winner right', () => {
    const pool: Pool = {
      takeout: 0,
      money: { '1-2-1': 1000, '3-2-1': 500, '1-2-2': 2000, '2-2-1': 700, '1-3-1': 300 },
    };
    // Leg 1 a dead heat of 1 and 3, leg 2 won by 2: 1-2-1 and 3-2-1 are both all right on horse 1.
    const sut = pickWillPays(poolNetCents(pool), pool.money, [[1, 3], 2], [1, 2, 3]);
    const settled = settlePickPool(pool, [[1, 3], 2, 1]);
    // net 4,500 over 1,500 on horse 1 → $3.00 per $1; on 2 only 1-2-2 (2,000) → $2.20 (broken).
    expect(sut).toEqual({ '1': 300, '2': 220, '3': null });
    expect(priceOf(settled, '1-2-1')).toBe(sut['1']);
    expect(priceOf(settled, '3-2-1')).toBe(sut['1']);
    expect(priceOf(settlePickPool(pool, [[1, 3], 2, 2]), '1-2-2')).toBe(sut['2']);
  });
});

describe(pickWillPayPrefixes.name, () => {
  it('should give one prefix per way through the earlier winners', () => {
    expect(pickWillPayPrefixes([4, 7])).toEqual(['4-7-']);
    expect(pickWillPayPrefixes([[1, 3], 2, [5, 6]])).toEqual(['1-2-5-', '1-2-6-', '3-2-5-', '3-2-6-']);
  });
});

describe('pool laws', () => {
  const moneyArb = fc.dictionary(
    fc.integer({ min: 1, max: 10 }).map(String),
    fc.integer({ min: 0, max: 100_000 }).map((d) => d * 10),
    { minKeys: 1, maxKeys: 10 },
  );
  const takeoutArb = fc.constantFrom(0, 0.15, 0.16, 0.2, 0.25);

  it('should balance paid + breakage + takeout + carryover − cover = gross in every pool', () => {
    fc.assert(
      fc.property(
        moneyArb,
        takeoutArb,
        fc.shuffledSubarray(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], { minLength: 3, maxLength: 3 }),
        (money, takeout, order) => {
          const pool: Pool = { takeout, money };
          for (const sut of [
            settleWinPool(pool, order[0]),
            settlePlacePool(pool, order),
            settleShowPool(pool, order),
          ]) {
            if (!balances(sut) || sut.breakage_cents < 0 || sut.cover_cents < 0) return false;
            if (
              sut.prices.some(
                (p) =>
                  p.price_per_dollar_cents < 105 ||
                  (p.price_per_dollar_cents !== 105 && p.price_per_dollar_cents % 10 !== 0),
              )
            )
              return false;
          }
          return true;
        },
      ),
      { numRuns: 200 },
    );
  });

  it('should pay exactly net pool minus breakage, losing less than a dime per winning dollar to breakage', () => {
    fc.assert(
      fc.property(
        moneyArb,
        takeoutArb,
        fc.shuffledSubarray(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], { minLength: 3, maxLength: 3 }),
        (money, takeout, order) => {
          const pool: Pool = { takeout, money };
          for (const sut of [
            settleWinPool(pool, order[0]),
            settlePlacePool(pool, order),
            settleShowPool(pool, order),
          ]) {
            if (sut.refunded || sut.cover_cents > 0) continue;
            const onWinners = sut.prices.reduce((s, p) => s + p.money_cents, 0);
            if (sut.paid_cents !== sut.net_cents - sut.breakage_cents) return false;
            if (sut.breakage_cents * 10 >= onWinners + 10) return false;
          }
          return true;
        },
      ),
      { numRuns: 200 },
    );
  });

  it('should lose no money along a chain of pick pools that carry over into each other', () => {
    const keyArb = fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 3, maxLength: 3 }).map((t) => t.join('-'));
    const legArb = fc.record({
      money: fc.dictionary(
        keyArb,
        fc.integer({ min: 1, max: 10_000 }).map((d) => d * 10),
        { maxKeys: 6 },
      ),
      winners: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 3, maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(legArb, { minLength: 1, maxLength: 6 }), takeoutArb, (chain, takeout) => {
        let carry = 0;
        let gross = 0;
        let out = 0;
        for (const { money, winners } of chain) {
          const sut = settlePickPool({ takeout, money, carryover_cents: carry }, winners);
          if (!balances(sut) || sut.carryover_in_cents !== carry) return false;
          gross += sut.gross_cents;
          out += sut.paid_cents + sut.breakage_cents + sut.takeout_cents - sut.cover_cents;
          carry = sut.carryover_cents;
        }
        // Every cent bet is paid, kept by the house or still carried: none made, none lost.
        return gross === out + carry;
      }),
      { numRuns: 300 },
    );
  });

  it('should balance every pick pool, consolation and carryover included', () => {
    const keyArb = fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 3, maxLength: 3 }).map((t) => t.join('-'));
    fc.assert(
      fc.property(
        fc.dictionary(
          keyArb,
          fc.integer({ min: 1, max: 10_000 }).map((d) => d * 10),
          { maxKeys: 12 },
        ),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 3, maxLength: 3 }),
        (money, winners) => balances(settlePickPool({ takeout: 0.25, money }, winners)),
      ),
      { numRuns: 200 },
    );
  });
});

describe(settlePool.name, () => {
  it('should find the winning interests of each single-race type', () => {
    const order = [7, 2, 5, 1];
    expect(
      ['Win', 'Place', 'Show', 'Exacta', 'Quinella', 'Trifecta', 'Superfecta'].map((t) => winningInterests(t, order)),
    ).toEqual([['7'], ['7', '2'], ['7', '2', '5'], ['7-2'], ['2-7'], ['7-2-5'], ['7-2-5-1']]);
    expect(winningInterests('Superfecta', [7, 2, 5])).toEqual([]);
  });

  it('should settle by bet type', () => {
    expect(
      priceOf(settlePool('Quinella', { takeout: 0.2, money: { '2-7': 1000, '1-2': 1000 } }, [7, 2, 5]), '2-7'),
    ).toBe(160);
    expect(
      priceOf(settlePool('Daily Double', { takeout: 0.2, money: { '3-4': 1000, '1-2': 1000 } }, [3, 4]), '3-4'),
    ).toBe(160);
    // No one holds 3-4: the leg-1 winner's tickets are paid (bet-settlement.spec.ts has the rules).
    expect(settlePool('Daily Double', { takeout: 0.2, money: { '3-5': 1000 } }, [3, 4]).tier).toBe(1);
    expect(settlePool('Daily Double', { takeout: 0.2, money: { '1-5': 1000 } }, [3, 4]).refunded).toBe(true);
    expect(settlePool('Pick 3', { takeout: 0.25, money: { '3-5-1': 1000 } }, [3, 4, 1]).races_correct).toBe(2);
    expect(settlePool('Superfecta', { takeout: 0.25, money: { '4-3-2-1': 1000 } }, [1, 2, 3]).refunded).toBe(true);
  });
});

describe(payTickets.name, () => {
  it('should pay each ticket its winning combinations and keep the law at ticket level', () => {
    const ticketArb = fc.record({
      interests: fc.uniqueArray(fc.constantFrom('1-2', '2-1', '1-3', '3-1', '2-3', '3-2'), {
        minLength: 1,
        maxLength: 6,
      }),
      amount_cents: fc.integer({ min: 1, max: 300 }).map((d) => d * 10),
    });
    fc.assert(
      fc.property(
        fc.array(ticketArb, { maxLength: 20 }),
        takeoutArb2(),
        fc.constantFrom('1-2', '2-1', '3-1'),
        (tickets, takeout, winner) => {
          const money: Record<string, number> = {};
          for (const t of tickets) for (const k of t.interests) money[k] = (money[k] ?? 0) + t.amount_cents;
          const pool = settleExoticPool({ takeout, money }, winner);
          const sut = payTickets(pool, tickets);
          const law = sut.paid_cents + sut.breakage_cents + pool.takeout_cents + pool.carryover_cents - sut.cover_cents;
          const expected = tickets.map((t) =>
            pool.refunded
              ? t.amount_cents * t.interests.length
              : t.interests.includes(winner)
                ? ticketPayoutCents(t.amount_cents, pool.prices[0].price_per_dollar_cents)
                : 0,
          );
          return law === pool.gross_cents && sut.payouts.every((p, i) => p === expected[i]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('should floor a 10-cent ticket at the $1.05 minimum to 10 cents', () => {
    const pool = settleExoticPool({ takeout: 0.25, money: { '1-2-3-4': 10 } }, '1-2-3-4');
    const sut = payTickets(pool, [{ interests: ['1-2-3-4'], amount_cents: 10 }]);
    // Takeout round(2.5) = 3, net 7 cents; $1.05 per $1 on 10 cents = 10.5 → 10; the house covers 3.
    expect(sut).toEqual({ payouts: [10], paid_cents: 10, breakage_cents: 0, cover_cents: 3 });
  });
});

function takeoutArb2(): fc.Arbitrary<number> {
  return fc.constantFrom(0, 0.16, 0.2, 0.25);
}

describe('odds display', () => {
  it.each([
    [2.65, '5-2'],
    [1.8, '9-5'],
    [0.2, '1-5'],
    [0.05, '1-9'],
    [6.65, '6-1'],
    [0.53, '1-2'],
    [150, '99-1'],
  ])('should show odds of %p to 1 as %p on the tote ladder', (toOne, shown) => {
    expect(formatOdds(toOne).fractional).toBe(shown);
  });

  it('should compute win odds as net pool over money on the horse, minus one', () => {
    // Source: had2know.org "Horse Racing Betting Odds and Payout Calculator": $100/$300/$500 on A/B/C,
    // 15% takeout, net $765: A (765 − 100)/100 = 6.65, B 1.55, C 0.53.
    const pool: Pool = { takeout: 0.15, money: { A: dollars(100), B: dollars(300), C: dollars(500) } };
    expect(winOdds(pool, 'A')?.toOne).toBeCloseTo(6.65);
    expect(winOdds(pool, 'B')?.toOne).toBeCloseTo(1.55);
    expect(winOdds(pool, 'B')?.fractional).toBe('3-2');
    expect(winOdds(pool, 'B')?.decimal).toBe(2.5);
    expect(winOdds(pool, 'D')).toBeNull();
  });

  it('should give exacta probables per $1 for every backed combination', () => {
    const sut = probables({ takeout: 0.2, money: { '1-2': 2000, '2-1': 6000, '3-1': 0 } });
    // net 6,400: 6,400 / 2,000 = 3.20; 6,400 / 6,000 = 1.066 → $1.05 minimum.
    expect(sut).toEqual({ '1-2': 320, '2-1': 105 });
  });

  it('should price a winning interest with no profit at the $1.05 minimum', () => {
    expect(pricePerDollarCents(0, 100)).toBe(105);
  });
});

describe('house liquidity', () => {
  it('should spread the stake in proportion to the probabilities, to the cent', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.001, max: 1, noNaN: true }), { minLength: 2, maxLength: 12 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (ps, gross) => {
          const probs = Object.fromEntries(ps.map((p, i) => [String(i + 1), p]));
          const total = ps.reduce((a, b) => a + b, 0);
          const sut = seedPool(0.16, gross, probs);
          const sum = Object.values(sut.money).reduce((a, b) => a + b, 0);
          return (
            sum === gross && ps.every((p, i) => Math.abs(sut.money[String(i + 1)] - (gross * p) / total) < 1 + 1e-6)
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('should make a seeded win pool show the fair odds less the takeout', () => {
    const sut = seedPool(0.16, dollars(10_000), { '1': 0.5, '2': 0.3, '3': 0.2 });
    // (1 − 0.16) / 0.5 − 1 = 0.68.
    expect(winOdds(sut, '1')?.toOne).toBeCloseTo(0.68);
  });

  it('should give Harville ordered probabilities that sum to one', () => {
    const win = { '1': 0.5, '2': 0.3, '3': 0.2 };
    const exacta = harvilleOrdered(win, 2);
    // P(1 then 2) = 0.5 × 0.3 / (1 − 0.5) = 0.3.
    expect(exacta['1-2']).toBeCloseTo(0.3);
    expect(Object.values(harvilleOrdered(win, 3)).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    expect(Object.values(quinellaProbabilities(win)).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    expect(Object.values(topProbabilities(win, 2)).reduce((a, b) => a + b, 0)).toBeCloseTo(2);
    const dd = sequenceProbabilities([win, { '1': 0.25, '2': 0.75 }]);
    expect(dd['1-2']).toBeCloseTo(0.375);
    expect(() => sequenceProbabilities([win, win], 5)).toThrow(RangeError);
  });

  it('should keep the most likely keys only', () => {
    expect(mostLikely({ '1': 0.2, '2': 0.5, '3': 0.3, '4': 0 }, 2)).toEqual({ '2': 0.5, '3': 0.3 });
    expect(Object.keys(harvilleOrdered({ '1': 1, '2': 1, '3': 1, '4': 1, '5': 1 }, 4))).toHaveLength(120);
    expect(Object.keys(mostLikely(harvilleOrdered({ '1': 1, '2': 2, '3': 3, '4': 4, '5': 5 }, 4), 10))).toHaveLength(
      10,
    );
  });

  it('should find the same best sequences as ranking every sequence of the product model', () => {
    const legArb = fc
      .array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 6 })
      .map((ws) => Object.fromEntries(ws.map((w, i) => [String(i + 1), w])));
    fc.assert(
      fc.property(fc.array(legArb, { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 40 }), (legs, limit) => {
        const sut = topSequences(legs, limit);
        const all = Object.entries(sequenceProbabilities(legs, 10_000)).sort((a, b) => b[1] - a[1]);
        const kept = Object.entries(sut);
        if (kept.length !== Math.min(limit, all.length)) return false;
        // Same probabilities in the same order (ties may pick different keys of equal probability).
        const best = all.slice(0, kept.length).map(([, p]) => p);
        const got = kept.map(([, p]) => p).sort((a, b) => b - a);
        return (
          got.every((p, i) => Math.abs(p - (best[i] as number)) < 1e-12) &&
          kept.every(([k, p]) => Math.abs(p - (all.find(([k2]) => k2 === k)?.[1] ?? -1)) < 1e-12)
        );
      }),
      { numRuns: 200 },
    );
  });

  it('should seed a Pick 3 over a bounded number of sequences, to the cent', () => {
    const leg = { '1': 0.4, '2': 0.3, '3': 0.2, '4': 0.1 };
    const probs = topSequences([leg, leg, leg], 20);
    expect(Object.keys(probs)).toHaveLength(20);
    expect(Object.keys(probs)[0]).toBe('1-1-1');
    const sut = seedPool(0.24, 100_000, probs);
    expect(Object.values(sut.money).reduce((a, b) => a + b, 0)).toBe(100_000);
    expect(sut.money['1-1-1']).toBeGreaterThan(sut.money['2-2-2'] ?? 0);
  });
});
