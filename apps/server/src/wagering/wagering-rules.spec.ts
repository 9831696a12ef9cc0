import type { WageringConfig } from '../config/app-config';
import { interestOf, majorShareFor, matchesAsOneList, takeoutFor } from './wagering-rules';

describe('wagering rules', () => {
  const config: WageringConfig = {
    takeout: { winPlaceShow: 0.16, exactaQuinellaDouble: 0.185, trifectaSuperfectaPick: 0.24 },
    seedWinCents: 0,
    seedExoticCents: 0,
    crowdCentsPerTick: 0,
    toteIntervalMs: 1000,
    priceRules: { minPricePerDollarCents: 105, breakageCents: 10 },
    pickMajorShare: { 6: 0.75 },
    slipGroupMax: 64,
    slipGroupsInFlight: 2,
    featuredBonus: { share: 0.1, capCents: 5000 },
  };

  it('should keep the configured major share for a Pick N only', () => {
    expect(['Pick 6', 'Pick 4', 'Win', 'Daily Double'].map((t) => majorShareFor(config, t))).toEqual([0.75, 0, 0, 0]);
  });

  it("should take the configured takeout of each type's group", () => {
    const sut = ['Win', 'Show', 'Exacta', 'Quinella', 'Daily Double', 'Trifecta', 'Superfecta', 'Pick 3', 'Pick 10'];
    expect(sut.map((t) => takeoutFor(config, t))).toEqual([0.16, 0.16, 0.185, 0.185, 0.185, 0.24, 0.24, 0.24, 0.24]);
  });

  it('should refuse a takeout for a name that is no bet type', () => {
    expect(() => takeoutFor(config, 'Pick 11')).toThrow("Unknown bet type 'Pick 11'.");
  });

  it('should key quinella pairs ascending and every other combination in ticket order', () => {
    expect(interestOf('Quinella', [7, 2])).toBe('2-7');
    expect(interestOf('Exacta', [7, 2])).toBe('7-2');
    expect(interestOf('Daily Double', [7, 2])).toBe('7-2');
    expect(matchesAsOneList('Quinella', false)).toBe(true);
    expect(matchesAsOneList('Exacta', false)).toBe(false);
    expect(matchesAsOneList('Exacta', true)).toBe(true);
  });
});
