import { minutesToPost } from './minutes-to-post';

describe(minutesToPost.name, () => {
  const post = Date.parse('2026-11-23T19:05:00Z');

  it('should count whole minutes when post time is minutes away', () => {
    expect(minutesToPost(post, post - 5 * 60_000)).toBe(5);
  });

  it('should round a part minute up, as a tote board does (4 min 1 s is 5 MTP, 30 s is 1 MTP)', () => {
    expect(minutesToPost(post, post - (4 * 60_000 + 1000))).toBe(5);
    expect(minutesToPost(post, post - 30_000)).toBe(1);
    expect(minutesToPost(post, post - 1)).toBe(1);
  });

  it('should be 0 at post time and stay 0 after it until the race is off', () => {
    expect(minutesToPost(post, post)).toBe(0);
    expect(minutesToPost(post, post + 45_000)).toBe(0);
  });

  it('should refuse an instant that is not a number', () => {
    expect(() => minutesToPost(Number.NaN, post)).toThrow(RangeError);
  });
});
