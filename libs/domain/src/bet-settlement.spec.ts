import fc from 'fast-check';
import { finishFromPositions, finishPositions, hasDeadHeat } from './bet-settlement';
import { BET_TYPES, settlePoolByFinish, winningInterests } from './bet-types';
import {
  type Pool,
  type PoolSettlement,
  payTickets,
  pricePerDollarCents,
  priceRulesProblems,
  settlementBalances,
  settlePickPool,
  ticketPayoutCents,
} from './pari-mutuel';

const dollars = (d: number): number => Math.round(d * 100);

const balances = settlementBalances;

const priceOf = (s: PoolSettlement, interest: string): number | undefined =>
  s.prices.find((p) => p.interest === interest)?.price_per_dollar_cents;

/** What a $2 ticket on `interest` is paid. */
const twoDollars = (s: PoolSettlement, interest: string): number | undefined => {
  const p = priceOf(s, interest);
  return p === undefined ? undefined : ticketPayoutCents(200, p);
};

describe('dead heats', () => {
  it('should rank equal recorded times as one place: 1, 2, 2, 4', () => {
    expect(finishPositions([70_000, 70_010, 70_010, 70_500])).toEqual([1, 2, 2, 4]);
    expect(finishPositions([70_000, 70_000, 70_000])).toEqual([1, 1, 1]);
    const finish = finishFromPositions([
      { post_position: 7, finish_position: 2 },
      { post_position: 3, finish_position: 1 },
      { post_position: 5, finish_position: 2 },
      { post_position: 1, finish_position: 4 },
    ]);
    expect(finish).toEqual([[3], [5, 7], [1]]);
    expect(hasDeadHeat(finish)).toBe(true);
    expect(hasDeadHeat([[3], [5]])).toBe(false);
  });

  it('should split the win profit between the tied runners, each on its own money (Ohio 3769-13-16)', () => {
    // Gross $10,000 at 16 %: net $8,400; $2,000 on 1 and $1,000 on 2, who dead-heat. Profit
    // 8,400 − 3,000 = 5,400, half each: 2,700 / 2,000 = 1.35 → 1.30, $4.60 per $2; 2,700 / 1,000
    // = 2.70, $7.40 per $2.
    const pool: Pool = { takeout: 0.16, money: { '1': dollars(2000), '2': dollars(1000), '3': dollars(7000) } };
    const sut = settlePoolByFinish('Win', pool, [[[1, 2], [3]]]);
    expect(twoDollars(sut, '1')).toBe(460);
    expect(twoDollars(sut, '2')).toBe(740);
    expect(sut.tier).toBe(0);
    expect(balances(sut)).toBe(true);
  });

  it('should give the winner half the place profit and the two tied for second a quarter each (Ill. 11 IAC 301.30(c)(2))', () => {
    // Net $8,400 (gross $10,000 at 16 %); $2,000 on the winner 1, $1,000 and $500 on 2 and 3 who
    // dead-heat for second: profit 8,400 − 3,500 = 4,900. 1: 2,450 / 2,000 = 1.225 → 1.20 ($4.40);
    // 2: 1,225 / 1,000 → 1.20 ($4.40); 3: 1,225 / 500 = 2.45 → 2.40 ($6.80).
    const pool: Pool = {
      takeout: 0.16,
      money: { '1': dollars(2000), '2': dollars(1000), '3': dollars(500), '4': dollars(6500) },
    };
    const sut = settlePoolByFinish('Place', pool, [[[1], [2, 3], [4]]]);
    expect([twoDollars(sut, '1'), twoDollars(sut, '2'), twoDollars(sut, '3')]).toEqual([440, 440, 680]);
    expect(priceOf(sut, '4')).toBeUndefined();
    expect(balances(sut)).toBe(true);
  });

  it('should split the place profit equally between two that dead-heat for the win', () => {
    // Both hold first and second: two equal halves, as in a place pool without a dead heat.
    const pool: Pool = { takeout: 0.2, money: { '1': dollars(100), '2': dollars(300), '3': dollars(600) } };
    const sut = settlePoolByFinish('Place', pool, [[[1, 2], [3]]]);
    // Net 800, profit 400, 200 each: 1 → 200 / 100 = 2.00 ($6.00); 2 → 200 / 300 = 0.66 → 0.60 ($3.20).
    expect([twoDollars(sut, '1'), twoDollars(sut, '2')]).toEqual([600, 320]);
  });

  it('should give the two tied for third a sixth of the show profit each (Cal. 4 CCR 1972)', () => {
    // Gross $15,625 at 20 %: net $12,500; $3,000 on 1, $2,000 on 2, $1,000 and $500 on 3 and 4 who
    // dead-heat for third: profit 12,500 − 6,500 = 6,000; thirds of 2,000 to 1 and 2, sixths of
    // 1,000 to 3 and 4. 1: 2,000 / 3,000 = 0.66 → 0.60 ($3.20); 2: 1.00 ($4.00); 3: 1.00 ($4.00);
    // 4: 2.00 ($6.00).
    const pool: Pool = {
      takeout: 0.2,
      money: { '1': dollars(3000), '2': dollars(2000), '3': dollars(1000), '4': dollars(500), '5': dollars(9125) },
    };
    const sut = settlePoolByFinish('Show', pool, [[[1], [2], [3, 4], [5]]]);
    expect(['1', '2', '3', '4'].map((k) => twoDollars(sut, k))).toEqual([320, 400, 400, 600]);
    expect(balances(sut)).toBe(true);
  });

  it('should pay every exacta the dead heat makes winning, the profit split equally', () => {
    // 1 and 2 dead-heat for the win: 1-2 and 2-1 both win. Net 1,600 (gross 2,000 at 20 %), $100 on
    // 1-2 and $300 on 2-1: profit 1,200, 600 each: 1-2 pays 6.00 profit ($7.00 per $1), 2-1 2.00 ($3.00).
    const pool: Pool = { takeout: 0.2, money: { '1-2': dollars(100), '2-1': dollars(300), '3-1': dollars(1600) } };
    const sut = settlePoolByFinish('Exacta', pool, [[[1, 2], [3]]]);
    expect([priceOf(sut, '1-2'), priceOf(sut, '2-1')]).toEqual([700, 300]);
    expect(winningInterests('Exacta', [[1], [2, 3]])).toEqual(['1-2', '1-3']);
    expect(winningInterests('Trifecta', [[1], [2, 3]])).toEqual(['1-2-3', '1-3-2']);
    expect(winningInterests('Quinella', [[1, 2], [3]])).toEqual(['1-2']);
    expect(balances(sut)).toBe(true);
  });

  it('should pay a Daily Double on either winner of a leg that dead-heated', () => {
    const pool: Pool = { takeout: 0.2, money: { '4-1': dollars(100), '4-2': dollars(100), '5-1': dollars(800) } };
    const sut = settlePoolByFinish('Daily Double', pool, [
      [[4], [5]],
      [[1, 2], [3]],
    ]);
    // Net 800, profit 600, 300 each over $100: $4.00 per $1 for both.
    expect([priceOf(sut, '4-1'), priceOf(sut, '4-2')]).toEqual([400, 400]);
  });
});

describe('no winning ticket: the fallback classes', () => {
  it('should pay the win pool on the second-place finisher (Va. 11VAC10-20-320)', () => {
    // Nobody backed the winner 1. Gross $2,000 at 16 %: net $1,680; $500 on the runner-up 2:
    // 1,180 / 500 = 2.36 → 2.30, $3.30 per $1.
    const pool: Pool = { takeout: 0.16, money: { '2': dollars(500), '3': dollars(1500) } };
    const sut = settlePoolByFinish('Win', pool, [[[1], [2], [3]]]);
    expect(sut).toMatchObject({ refunded: false, tier: 1 });
    expect(priceOf(sut, '2')).toBe(330);
    expect(balances(sut)).toBe(true);
  });

  it('should pay place on the third finisher and show on the fourth when the placers had no money', () => {
    const pool: Pool = { takeout: 0.16, money: { '3': dollars(400), '4': dollars(600) } };
    // Place: net 840 over the $400 on the third: 1.10 profit, $2.10 per $1.
    expect(priceOf(settlePoolByFinish('Place', pool, [[[1], [2], [3], [4]]]), '3')).toBe(210);
    // Show with nothing on the first three: the fourth, 4, takes net 840 − 600 = 240 / 600 → $1.40.
    const show = settlePoolByFinish('Show', { takeout: 0.16, money: { '4': dollars(600), '5': dollars(400) } }, [
      [[1], [2], [3], [4], [5]],
    ]);
    expect(priceOf(show, '4')).toBe(140);
  });

  it('should pay exacta tickets with the winner first, then with the runner-up second (Conn. 12-574-A18)', () => {
    // 3 won, 5 second, nobody holds 3-5. Gross $1,000 at 20 %: net $800; 3-1 ($50) and 3-2 ($150)
    // have the winner first: one class of $200, profit 600 / 200 = 3.00, $4.00 per $1 for both.
    const first: Pool = { takeout: 0.2, money: { '3-1': dollars(50), '3-2': dollars(150), '1-5': dollars(800) } };
    const sut = settlePoolByFinish('Exacta', first, [[[3], [5], [1]]]);
    expect(sut.tier).toBe(1);
    expect(sut.prices).toEqual([
      {
        interest: '3-1',
        label: '3-*',
        money_cents: dollars(50),
        price_per_dollar_cents: 400,
        paid_cents: dollars(200),
      },
      {
        interest: '3-2',
        label: '3-*',
        money_cents: dollars(150),
        price_per_dollar_cents: 400,
        paid_cents: dollars(600),
      },
    ]);
    // Nobody has 3 first either: the tickets with 5 second ($100 + $100) share 600 profit.
    const second: Pool = { takeout: 0.2, money: { '1-5': dollars(100), '2-5': dollars(100), '4-1': dollars(800) } };
    const then = settlePoolByFinish('Exacta', second, [[[3], [5], [1]]]);
    expect(then.tier).toBe(2);
    expect(then.prices.map((p) => [p.interest, p.label, p.price_per_dollar_cents])).toEqual([
      ['1-5', '*-5', 400],
      ['2-5', '*-5', 400],
    ]);
  });

  it('should pay quinella pairs with the winner, then with the runner-up', () => {
    const pool: Pool = { takeout: 0.2, money: { '1-3': dollars(200), '2-4': dollars(800) } };
    const sut = settlePoolByFinish('Quinella', pool, [[[3], [5], [1]]]);
    // Net 800 over $200: 3.00 profit, $4.00 per $1.
    expect(sut.prices.map((p) => [p.interest, p.label, p.price_per_dollar_cents])).toEqual([['1-3', '3-*', 400]]);
    const runnerUp = settlePoolByFinish('Quinella', { takeout: 0.2, money: { '2-5': 100, '1-2': 900 } }, [
      [[3], [5], [1]],
    ]);
    expect(runnerUp.tier).toBe(2);
    expect(runnerUp.prices.map((p) => p.interest)).toEqual(['2-5']);
  });

  it('should pay trifecta tickets with the first two in order, then the winner (Kan. 112-9-40a)', () => {
    const pool: Pool = { takeout: 0.25, money: { '3-5-2': 100, '3-5-4': 300, '3-1-5': 400, '1-3-5': 200 } };
    const sut = settlePoolByFinish('Trifecta', pool, [[[3], [5], [1], [2]]]);
    expect(sut.tier).toBe(1);
    // Net 750 over $4 on 3-5-x: profit 350 / 400 = 0.875 → 0.80, $1.80 per $1.
    expect(sut.prices.map((p) => [p.interest, p.label, p.price_per_dollar_cents])).toEqual([
      ['3-5-2', '3-5-*', 180],
      ['3-5-4', '3-5-*', 180],
    ]);
    const winnerOnly = settlePoolByFinish('Trifecta', { takeout: 0.25, money: { '3-1-5': 400, '1-3-5': 600 } }, [
      [[3], [5], [1], [2]],
    ]);
    expect(winnerOnly.tier).toBe(2);
    expect(winnerOnly.prices.map((p) => p.label)).toEqual(['3-*-*']);
  });

  it('should step a superfecta down from the first three in order to the winner', () => {
    const legs = [[[3], [5], [1], [2], [4]]];
    const pool = (money: Record<string, number>): Pool => ({ takeout: 0.25, money });
    expect(settlePoolByFinish('Superfecta', pool({ '3-5-1-4': 10, '9-9-9-9': 90 }), legs).tier).toBe(1);
    expect(settlePoolByFinish('Superfecta', pool({ '3-5-4-1': 10, '9-9-9-9': 90 }), legs).tier).toBe(2);
    expect(settlePoolByFinish('Superfecta', pool({ '3-4-5-1': 10, '9-9-9-9': 90 }), legs).tier).toBe(3);
    expect(settlePoolByFinish('Superfecta', pool({ '4-3-5-1': 10, '9-9-9-9': 90 }), legs).refunded).toBe(true);
  });

  it('should pay Daily Double tickets with the leg-1 winner, then with the leg-2 winner (Ill. 11 IAC 303.20)', () => {
    const legs = [
      [[4], [5]],
      [[1], [2]],
    ];
    const first = settlePoolByFinish('Daily Double', { takeout: 0.2, money: { '4-2': 200, '5-1': 800 } }, legs);
    expect(first.prices.map((p) => [p.interest, p.label, p.price_per_dollar_cents])).toEqual([['4-2', '4-*', 400]]);
    const second = settlePoolByFinish('Daily Double', { takeout: 0.2, money: { '5-1': 200, '5-2': 800 } }, legs);
    expect(second.prices.map((p) => [p.interest, p.label])).toEqual([['5-1', '*-1']]);
  });

  it('should refund only when no class has a ticket', () => {
    const sut = settlePoolByFinish('Exacta', { takeout: 0.2, money: { '1-2': 500, '2-1': 500 } }, [[[3], [5], [1]]]);
    expect(sut).toMatchObject({ refunded: true, paid_cents: 1000, takeout_cents: 0 });
  });
});

describe('Daily Double with its second race cancelled (Cal. 4 CCR 1957(g))', () => {
  it("should pay the leg-1 winner's tickets the net pool", () => {
    // Net 800 (gross 1,000 at 20 %) over $200 on 4-x: $4.00 per $1.
    const sut = settlePoolByFinish('Daily Double', { takeout: 0.2, money: { '4-1': 100, '4-2': 100, '5-1': 800 } }, [
      [[4], [5]],
      null,
    ]);
    expect(sut.prices.map((p) => [p.interest, p.price_per_dollar_cents])).toEqual([
      ['4-1', 400],
      ['4-2', 400],
    ]);
  });

  it('should refund when nobody has the leg-1 winner, or when the first race is cancelled', () => {
    const money = { '5-1': 800 };
    expect(settlePoolByFinish('Daily Double', { takeout: 0.2, money }, [[[4], [5]], null]).refunded).toBe(true);
    expect(settlePoolByFinish('Daily Double', { takeout: 0.2, money }, [null, [[1]]]).refunded).toBe(true);
  });
});

describe('Pick N major and minor shares, and the jackpot (Okla. Admin. Code 325:65-9-7)', () => {
  const winners = [1, 1, 1, 1, 1, 1];

  it('should pay the minor 25 % to the most correct and carry the major 75 % with the carryover in', () => {
    // Gross $10,000 at 25 %: new net $7,500; major 5,625, minor 1,875. Nobody has 6: the 5-of-6
    // tickets ($200) take 1,875: profit 1,675 / 200 = 8.375 → 8.30, $9.30 per $1. The major share
    // and the $5,000 carried in go on: 10,625.
    const pool: Pool = {
      takeout: 0.25,
      carryover_cents: dollars(5000),
      money: { '1-1-1-1-1-2': dollars(200), '2-2-2-2-2-2': dollars(9800) },
    };
    const sut = settlePickPool(pool, winners, 0.75);
    expect(sut).toMatchObject({
      races_correct: 5,
      carryover_cents: dollars(10_625),
      carryover_in_cents: dollars(5000),
    });
    expect(priceOf(sut, '1-1-1-1-1-2')).toBe(930);
    expect(balances(sut)).toBe(true);
  });

  it('should pay everything, the carryover in included, to all-correct tickets', () => {
    // 7,500 + 5,000 over $20: profit 12,480 / 20 = 624, $625 per $1.
    const pool: Pool = {
      takeout: 0.25,
      carryover_cents: dollars(5000),
      money: { '1-1-1-1-1-1': dollars(20), '1-1-1-1-1-2': dollars(200), '2-2-2-2-2-2': dollars(9780) },
    };
    const sut = settlePickPool(pool, winners, 0.75);
    expect(sut).toMatchObject({ races_correct: 6, carryover_cents: 0 });
    expect(sut.prices.map((p) => p.interest)).toEqual(['1-1-1-1-1-1']);
    expect(priceOf(sut, '1-1-1-1-1-1')).toBe(62_500);
  });

  it('should give a Pick 4 consolation the new net pool only, carrying the carryover in on', () => {
    // No split (Pick 3/4/5): the 3-of-4 tickets share net 750, the $500 carried in goes on.
    const pool: Pool = { takeout: 0.25, carryover_cents: 500, money: { '1-1-1-2': 250, '2-2-2-2': 750 } };
    const sut = settlePickPool(pool, [1, 1, 1, 1]);
    expect(sut).toMatchObject({ races_correct: 3, carryover_cents: 500 });
    expect(priceOf(sut, '1-1-1-2')).toBe(300);
    expect(balances(sut)).toBe(true);
  });

  it('should count a selection of either horse of a dead heat for the win as right', () => {
    const sut = settlePickPool({ takeout: 0.25, money: { '1-2-1': 100, '1-3-1': 100, '2-2-2': 800 } }, [1, [2, 3], 1]);
    expect(sut.races_correct).toBe(3);
    expect(sut.prices.map((p) => p.interest)).toEqual(['1-2-1', '1-3-1']);
  });

  it('should carry everything over when no ticket has a race right, and refuse a share outside 0..1', () => {
    const sut = settlePickPool({ takeout: 0.25, carryover_cents: 100, money: { '2-2-2': 1000 } }, [1, 1, 1], 0.75);
    expect(sut).toMatchObject({ races_correct: 0, carryover_cents: 850, paid_cents: 0 });
    expect(() => settlePickPool({ takeout: 0.25, money: {} }, [1], 1.5)).toThrow('majorShare');
  });
});

describe('price rules', () => {
  it('should break to the nickel and pay at least $2.20 where the state says so', () => {
    // Profit 2.37 per $1: dime breakage pays $3.30, nickel $3.35.
    expect(pricePerDollarCents(237, 100)).toBe(330);
    expect(pricePerDollarCents(237, 100, 1, { minPricePerDollarCents: 105, breakageCents: 5 })).toBe(335);
    // A minus pool: $2.10 per $2 by default, $2.20 under a $1.10 minimum.
    expect(pricePerDollarCents(-10, 100)).toBe(105);
    expect(pricePerDollarCents(-10, 100, 1, { minPricePerDollarCents: 110, breakageCents: 10 })).toBe(110);
  });

  it('should settle a pool under its rules', () => {
    const pool: Pool = {
      takeout: 0.16,
      money: { '1': 1000, '2': 99_000 },
      rules: { minPricePerDollarCents: 110, breakageCents: 5 },
    };
    // Net 84,000 over 99,000 on 2: no profit, paid at the $1.10 minimum.
    expect(priceOf(settlePoolByFinish('Win', pool, [[[2], [1]]]), '2')).toBe(110);
  });

  it('should name what is wrong with a set of rules', () => {
    expect(priceRulesProblems({ minPricePerDollarCents: 105, breakageCents: 10 })).toEqual([]);
    expect(priceRulesProblems({ minPricePerDollarCents: 99, breakageCents: 3 })).toHaveLength(2);
  });
});

describe('settlement laws with dead heats, fallbacks and cancelled legs', () => {
  /** A random finish of runners 1..n with random dead heats. */
  const finishArb = (n: number) =>
    fc
      .tuple(
        fc.shuffledSubarray(
          Array.from({ length: n }, (_, i) => i + 1),
          { minLength: n, maxLength: n },
        ),
        fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      )
      .map(([order, ties]) => {
        const groups: number[][] = [];
        order.forEach((h, i) => {
          if (i > 0 && ties[i]) (groups[groups.length - 1] as number[]).push(h);
          else groups.push([h]);
        });
        return groups;
      });

  it('should balance every pool of every type and pay every ticket what the prices say', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BET_TYPES.filter((t) => t.legs <= 3)),
        fc.array(finishArb(5), { minLength: 3, maxLength: 3 }),
        fc.array(
          fc.tuple(
            fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 4, maxLength: 4 }),
            fc.integer({ min: 1, max: 50 }),
          ),
          {
            maxLength: 12,
          },
        ),
        fc.constantFrom(0, 0.16, 0.25),
        fc.integer({ min: 0, max: 2000 }),
        fc.boolean(),
        (type, finishes, tickets, takeout, carryIn, cancelLast) => {
          const keyed = tickets.map(([t, dimes]) => ({
            key: (type.kind === 'unordered'
              ? [...t.slice(0, 2)].sort((a, b) => a - b)
              : t.slice(0, type.horsesRequired)
            ).join('-'),
            amount: dimes * 10,
          }));
          const money: Record<string, number> = {};
          for (const k of keyed) money[k.key] = (money[k.key] ?? 0) + k.amount;
          const pool: Pool = { takeout, money, carryover_cents: type.carriesOver ? carryIn * 10 : 0 };
          const legs = finishes.slice(0, type.legs).map((f, i) => (cancelLast && i === type.legs - 1 ? null : f));
          const sut = settlePoolByFinish(type.name, pool, legs, { majorShare: type.legs === 3 ? 0.75 : 0 });
          const paid = payTickets(
            sut,
            keyed.map((k) => ({ interests: [k.key], amount_cents: k.amount })),
          );
          return (
            balances(sut) &&
            sut.breakage_cents >= 0 &&
            sut.cover_cents >= 0 &&
            paid.payouts.every((p) => p >= 0) &&
            // The tickets add up to the pool, so ticket-level pay matches the pool's to a cent per ticket.
            Math.abs(paid.paid_cents - sut.paid_cents) <= keyed.length
          );
        },
      ),
      { numRuns: 400 },
    );
  });
});
