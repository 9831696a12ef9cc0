import { FEATURED_HOUR_MS, featuredBonusCents, featuredHourStart, isFeaturedRunner, pickFeatured } from './featured';

const runners = [
  { horse_id: 1, jockey_id: 10, trainer_id: 100, owner_id: 1000 },
  { horse_id: 2, jockey_id: 11, trainer_id: 101, owner_id: null },
  { horse_id: 3, jockey_id: 10, trainer_id: null, owner_id: 1001 },
];

describe('featuredHourStart', () => {
  it('should key every instant of an hour to the hour start', () => {
    const start = Date.UTC(2026, 10, 26, 8, 0, 0);
    expect(featuredHourStart(start)).toBe(start);
    expect(featuredHourStart(start + FEATURED_HOUR_MS - 1)).toBe(start);
    expect(featuredHourStart(start + FEATURED_HOUR_MS)).toBe(start + FEATURED_HOUR_MS);
  });
});

describe('pickFeatured', () => {
  const hour = Date.UTC(2026, 10, 26, 8);

  it('should pick the same four for the same seed and hour whatever the runners order', () => {
    const sut = pickFeatured(runners, 42, hour);
    expect(pickFeatured([...runners].reverse(), 42, hour + 1234)).toEqual(sut);
  });

  it('should pick each performer from those running', () => {
    const sut = pickFeatured(runners, 7, hour);
    expect([1, 2, 3]).toContain(sut?.horse_id);
    expect([10, 11]).toContain(sut?.jockey_id);
    expect([100, 101]).toContain(sut?.trainer_id);
    expect([1000, 1001]).toContain(sut?.owner_id);
  });

  it('should rotate over the hours', () => {
    const many = [...Array(20)].map((_, i) => ({
      horse_id: i + 1,
      jockey_id: 50 + i,
      trainer_id: null,
      owner_id: null,
    }));
    const horses = new Set([...Array(24)].map((_, h) => pickFeatured(many, 1, hour + h * FEATURED_HOUR_MS)?.horse_id));
    expect(horses.size).toBeGreaterThan(1);
  });

  it('should leave a person out when no runner has one, and pick nothing when nobody runs', () => {
    expect(pickFeatured([{ horse_id: 1, jockey_id: 2, trainer_id: null, owner_id: null }], 1, hour)).toEqual({
      horse_id: 1,
      jockey_id: 2,
      trainer_id: null,
      owner_id: null,
    });
    expect(pickFeatured([], 1, hour)).toBeUndefined();
  });
});

describe('isFeaturedRunner', () => {
  const featured = { horse_id: 9, jockey_id: 10, trainer_id: 100, owner_id: 1001 };
  it('should match on horse, jockey, trainer or owner', () => {
    expect(isFeaturedRunner({ horse_id: 9, jockey_id: 0, trainer_id: null, owner_id: null }, featured)).toBe(true);
    expect(isFeaturedRunner(runners[0] as (typeof runners)[0], featured)).toBe(true);
    expect(isFeaturedRunner(runners[2] as (typeof runners)[0], featured)).toBe(true);
    expect(isFeaturedRunner({ horse_id: 2, jockey_id: 11, trainer_id: null, owner_id: null }, featured)).toBe(false);
  });
});

describe('featuredBonusCents', () => {
  const terms = { share: 0.1, cap_cents: 5000 };
  it('should pay a share of the payout rounded down', () => {
    expect(featuredBonusCents(1234, terms)).toBe(123);
  });
  it('should cap the bonus', () => {
    expect(featuredBonusCents(1_000_000, terms)).toBe(5000);
  });
  it('should pay nothing on no payout', () => {
    expect(featuredBonusCents(0, terms)).toBe(0);
  });
});
