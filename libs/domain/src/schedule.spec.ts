import { formatClockTime, parseClockTime, raceStartTime } from './schedule';

describe(raceStartTime.name, () => {
  it('should start race 1 at the track start time', () => {
    expect(raceStartTime('13:00:00', 1, 30)).toBe('13:00:00');
  });

  it('should add (n − 1) × interval minutes for race n (spec §9)', () => {
    expect(raceStartTime('12:30:00', 5, 25)).toBe('14:10:00');
  });

  it('should wrap past midnight', () => {
    expect(raceStartTime('23:00', 3, 45)).toBe('00:30:00');
  });

  it('should refuse a race number below 1', () => {
    expect(() => raceStartTime('12:00:00', 0, 30)).toThrow(RangeError);
  });
});

describe(parseClockTime.name, () => {
  it.each([
    ['12:00:00', 43200],
    ['9:05', 32700],
    ['23:59:59', 86399],
  ])('should read %s as %d seconds', (text, seconds) => {
    expect(parseClockTime(text)).toBe(seconds);
  });

  it.each(['12', '24:00:00', '12:60', 'noon', '12-00-00'])('should refuse %p', (text) => {
    expect(() => parseClockTime(text)).toThrow(RangeError);
  });

  it('should round-trip through formatClockTime', () => {
    for (const s of [0, 1, 3599, 43200, 86399]) expect(parseClockTime(formatClockTime(s))).toBe(s);
  });
});
