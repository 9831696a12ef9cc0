import { settleSharedPool } from './pari-mutuel';
import { baseAmountCents, QUOTED_STAKE_CENTS, quotedPayoff } from './payoffs';

describe(quotedPayoff.name, () => {
  it('should quote a $2 win price from the price per $1: $3.60 per $1 pays $7.20', () => {
    // The worked example of pari-mutuel.spec.ts (settleWinPool): $3.60 per $1.
    const sut = quotedPayoff('Win', 360);
    expect(sut).toEqual({ base_amount_cents: 100, base_payout_cents: 360, two_dollar_payout_cents: 720 });
  });

  it('should quote each exotic per its base amount from the bet-type table: $1 exacta, 10¢ trifecta, superfecta and Pick N', () => {
    expect(quotedPayoff('Exacta', 2_450).base_amount_cents).toBe(100);
    expect(quotedPayoff('Daily Double', 2_450).base_amount_cents).toBe(100);
    const superfecta = quotedPayoff('Superfecta', 123_450);
    expect(superfecta).toEqual({
      base_amount_cents: 10,
      base_payout_cents: 12_345,
      two_dollar_payout_cents: 246_900,
    });
    expect(quotedPayoff('Trifecta', 8_760).base_payout_cents).toBe(876);
    expect(quotedPayoff('Pick 4', 50_000).base_payout_cents).toBe(5_000);
  });

  it('should pay the $2.10 minimum on a minus pool and what a 10¢ ticket is really paid at $1.05 per $1', () => {
    // A $1.05 price: 10¢ × 1.05 = 10.5¢, paid 10¢ (ticketPayoutCents floors, as settlement pays it).
    expect(quotedPayoff('Show', 105).two_dollar_payout_cents).toBe(210);
    expect(quotedPayoff('Superfecta', 105).base_payout_cents).toBe(10);
  });

  it('should quote what the settlement pays a winning $2 ticket', () => {
    // Gross $1,000, 16 % takeout: net $840; $200 on the winner → profit $640 over $200 = $3.20 per $1, so $1 returns $4.20.
    const settlement = settleSharedPool({ takeout: 0.16, money: { '1': 30_000, '2': 50_000, '3': 20_000 } }, ['3']);
    const [price] = settlement.prices;
    expect(price?.price_per_dollar_cents).toBe(420);
    const sut = quotedPayoff('Win', price?.price_per_dollar_cents ?? 0);
    expect(sut.two_dollar_payout_cents).toBe(840);
    // The $200 on the winner is a hundred $2 tickets.
    expect(sut.two_dollar_payout_cents * (20_000 / QUOTED_STAKE_CENTS)).toBe(price?.paid_cents);
  });

  it('should refuse an unknown bet type and a price below $1 or not in whole cents', () => {
    expect(() => quotedPayoff('Pick 11', 300)).toThrow(RangeError);
    expect(() => quotedPayoff('Win', 99)).toThrow(RangeError);
    expect(() => quotedPayoff('Win', 250.5)).toThrow(RangeError);
  });
});

describe(baseAmountCents.name, () => {
  it("should be the bet type's amount step: $1 for the straight pools, exacta, quinella and double, 10¢ for the rest", () => {
    expect(['Win', 'Place', 'Show', 'Exacta', 'Quinella', 'Daily Double'].map(baseAmountCents)).toEqual([
      100, 100, 100, 100, 100, 100,
    ]);
    expect(['Trifecta', 'Superfecta', 'Pick 3', 'Pick 10'].map(baseAmountCents)).toEqual([10, 10, 10, 10]);
    expect(() => baseAmountCents('Pick 11')).toThrow(RangeError);
  });
});
