import { formatAge, formatClock, formatMegabytes, formatMs, formatRate, formatShare } from './ops-format';

describe('ops-format', () => {
  it("should give the time of day in this browser's zone with seconds, labelled with the zone", () => {
    const at = new Date(2026, 10, 25, 13, 5, 9).getTime();
    expect(formatClock(at)).toMatch(/^1:05:09 PM \S+/);
    expect(formatClock(new Date(at).toISOString())).toBe(formatClock(at));
    expect(formatClock('not a date')).toBe('—');
  });

  it.each([
    [0, '0 s'],
    [45_900, '45 s'],
    [252_000, '4 min 12 s'],
    [7_500_000, '2 h 05 min'],
    [273_600_000, '3 d 4 h'],
    [-5000, '0 s'],
  ])('should say %i ms lasted %s', (ms, text) => {
    expect(formatAge(ms)).toBe(text);
  });

  it('should round rates, times, shares and sizes for the tiles', () => {
    expect(formatRate(12.46)).toBe('12.5');
    expect(formatRate(1234.4)).toBe('1,234');
    expect(formatMs(8.44)).toBe('8.4 ms');
    expect(formatMs(120.4)).toBe('120 ms');
    expect(formatMs(null)).toBe('—');
    expect(formatShare(0.0123)).toBe('1.2%');
    expect(formatMegabytes(150 * 1024 * 1024)).toBe('150 MB');
  });
});
