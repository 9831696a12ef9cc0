import { showFractionalOdds, showOdds } from './odds-format';

describe('showOdds', () => {
  // Decimal odds = fractional odds + 1 (the stake comes back): 5-2 pays $3.50 per $1, so 3.50.
  it.each([
    [2.65, 'fractional', '5-2'],
    [2.65, 'decimal', '3.50'],
    [1, 'fractional', '1-1'],
    [1, 'decimal', '2.00'],
    [0.05, 'fractional', '1-9'],
    [0.05, 'decimal', '1.11'],
    [150, 'fractional', '99-1'],
    [150, 'decimal', '100.00'],
  ] as const)('should show odds of %p to 1 in the %s format as %p', (toOne, format, shown) => {
    expect(showOdds(toOne, format)).toBe(shown);
  });

  it('should name the same ladder price in both formats', () => {
    for (const toOne of [0.3, 0.85, 1.7, 2.2, 4.4, 12.9]) {
      const [num, den] = showOdds(toOne, 'fractional').split('-').map(Number) as [number, number];
      expect(Number(showOdds(toOne, 'decimal'))).toBeCloseTo(num / den + 1, 2);
    }
  });

  it('should show a dash for odds that are not a number', () => {
    expect(showOdds(Number.NaN, 'decimal')).toBe('—');
    expect(showOdds(Number.POSITIVE_INFINITY, 'fractional')).toBe('—');
  });
});

describe('showFractionalOdds', () => {
  it.each([
    ['5-2', 'decimal', '3.50'],
    ['5/2', 'decimal', '3.50'],
    ['8-5', 'decimal', '2.60'],
    ['1-9', 'decimal', '1.11'],
    ['5/2', 'fractional', '5-2'],
    ['8-5', 'fractional', '8-5'],
  ] as const)('should show %p in the %s format as %p', (text, format, shown) => {
    expect(showFractionalOdds(text, format)).toBe(shown);
  });

  it('should leave text that is not a fraction as it is', () => {
    expect(showFractionalOdds('—', 'decimal')).toBe('—');
    expect(showFractionalOdds('SCR', 'decimal')).toBe('SCR');
    expect(showFractionalOdds('3-0x', 'decimal')).toBe('3-0x');
    expect(showFractionalOdds('3-0', 'decimal')).toBe('3-0');
  });
});
