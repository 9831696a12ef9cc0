import { chooseBucket } from './earnings-bucket';

describe(chooseBucket.name, () => {
  it('should keep race days while they fit', () => {
    expect(chooseBucket({ day: 120, week: 18, month: 5, year: 1 })).toBe('day');
    expect(chooseBucket({ day: 0, week: 0, month: 0, year: 0 })).toBe('day');
    expect(chooseBucket({ day: 400, week: 60, month: 14, year: 2 })).toBe('day');
  });

  it('should move to weeks, months and years as the history grows', () => {
    expect(chooseBucket({ day: 401, week: 60, month: 14, year: 2 })).toBe('week');
    expect(chooseBucket({ day: 3000, week: 430, month: 100, year: 9 })).toBe('month');
    expect(chooseBucket({ day: 9, week: 8, month: 7, year: 2 }, 5)).toBe('year');
    expect(chooseBucket({ day: 9, week: 8, month: 7, year: 6 }, 5)).toBe('year');
  });
});
