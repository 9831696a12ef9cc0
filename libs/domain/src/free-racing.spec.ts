import fc from 'fast-check';
import {
  decimalOdds,
  drawDistinct,
  FREE_BOARDS_MAX,
  FREE_BOARDS_MIN,
  FREE_ODDS_REFRESH_MAX_MS,
  FREE_ODDS_REFRESH_MIN_MS,
  FREE_ODDS_WINDOW_MS,
  formatFreeOdds,
  freeBoardCount,
  freeOddsTick,
  freePickPoints,
  freeRaceInput,
  nextOddsTickAt,
} from './free-racing';
import { simulateFinish } from './race-engine';

describe(freeOddsTick.name, () => {
  it('should draw odds n/m with n and m from 1 to 10 and a wait of 8 to 30 s (spec §9)', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 7 }), fc.nat(1000), (seed, post, tick) => {
        const sut = freeOddsTick(seed, post, tick);
        expect(sut.odds.n).toBeGreaterThanOrEqual(1);
        expect(sut.odds.n).toBeLessThanOrEqual(10);
        expect(sut.odds.m).toBeGreaterThanOrEqual(1);
        expect(sut.odds.m).toBeLessThanOrEqual(10);
        expect(Number.isInteger(sut.next_in_ms)).toBe(true);
        expect(sut.next_in_ms).toBeGreaterThanOrEqual(FREE_ODDS_REFRESH_MIN_MS);
        expect(sut.next_in_ms).toBeLessThanOrEqual(FREE_ODDS_REFRESH_MAX_MS);
      }),
    );
  });

  it('should draw the same tick twice from the same seed, and differ between horses', () => {
    expect(freeOddsTick('abc', 3, 5)).toEqual(freeOddsTick('abc', 3, 5));
    const draws = new Set([1, 2, 3, 4, 5, 6, 7].map((post) => JSON.stringify(freeOddsTick('abc', post, 0))));
    expect(draws.size).toBeGreaterThan(1);
  });

  it('should reach every value of n and m and both ends of the interval over many draws', () => {
    const ns = new Set<number>();
    const ms = new Set<number>();
    let shortest = Number.POSITIVE_INFINITY;
    let longest = 0;
    for (let tick = 0; tick < 3000; tick++) {
      const t = freeOddsTick('spread', 1, tick);
      ns.add(t.odds.n);
      ms.add(t.odds.m);
      shortest = Math.min(shortest, t.next_in_ms);
      longest = Math.max(longest, t.next_in_ms);
    }
    expect([...ns].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ms.size).toBe(10);
    expect(shortest).toBeLessThan(8_100);
    expect(longest).toBeGreaterThan(29_900);
  });
});

describe(nextOddsTickAt.name, () => {
  it('should give the next refresh while it falls inside the 5-minute window, and null from its end', () => {
    const open = 1_000_000;
    const end = open + FREE_ODDS_WINDOW_MS;
    expect(nextOddsTickAt(open, 8_000, end)).toBe(open + 8_000);
    expect(nextOddsTickAt(end - 10_000, 9_999, end)).toBe(end - 1);
    expect(nextOddsTickAt(end - 10_000, 10_000, end)).toBeNull();
    expect(nextOddsTickAt(end - 5_000, 30_000, end)).toBeNull();
  });

  it('should stop every horse within the window: a chain of refreshes never passes its end', () => {
    const end = FREE_ODDS_WINDOW_MS;
    for (let post = 1; post <= 7; post++) {
      let at: number | null = 0;
      let tick = 0;
      let last = 0;
      while (at !== null) {
        last = at;
        at = nextOddsTickAt(at, freeOddsTick('chain', post, tick++).next_in_ms, end);
      }
      expect(last).toBeLessThan(end);
      // 5 minutes at 8–30 s: between 10 and 38 refreshes after the first draw.
      expect(tick).toBeGreaterThanOrEqual(10);
      expect(tick).toBeLessThanOrEqual(38);
    }
  });
});

describe(freePickPoints.name, () => {
  // round(10 × decimal odds): the longer the odds, the more points.
  it.each([
    [{ n: 1, m: 10 }, 11],
    [{ n: 1, m: 1 }, 20],
    [{ n: 7, m: 2 }, 45],
    [{ n: 2, m: 3 }, 17],
    [{ n: 10, m: 1 }, 110],
  ])('should score %o as %i', (odds, points) => {
    expect(freePickPoints(odds)).toBe(points);
  });

  it('should never score fewer points for longer odds', () => {
    const all = [];
    for (let n = 1; n <= 10; n++) for (let m = 1; m <= 10; m++) all.push({ n, m });
    all.sort((a, b) => decimalOdds(a) - decimalOdds(b));
    for (let i = 1; i < all.length; i++) {
      expect(freePickPoints(all[i] as { n: number; m: number })).toBeGreaterThanOrEqual(
        freePickPoints(all[i - 1] as { n: number; m: number }),
      );
    }
  });

  it('should format odds as n/m', () => {
    expect(formatFreeOdds({ n: 7, m: 2 })).toBe('7/2');
  });
});

describe(freeBoardCount.name, () => {
  it('should make 6 to 12 boards and reach both ends', () => {
    const counts = new Set<number>();
    for (let i = 0; i < 500; i++) counts.add(freeBoardCount(`set-${i}`));
    expect(Math.min(...counts)).toBe(FREE_BOARDS_MIN);
    expect(Math.max(...counts)).toBe(FREE_BOARDS_MAX);
  });
});

describe(drawDistinct.name, () => {
  it('should pick distinct items, the same for the same seed', () => {
    fc.assert(
      fc.property(fc.string(), fc.uniqueArray(fc.integer(), { maxLength: 40 }), fc.nat(50), (seed, items, count) => {
        const sut = drawDistinct(seed, items, count);
        expect(sut).toHaveLength(Math.min(count, items.length));
        expect(new Set(sut).size).toBe(sut.length);
        for (const x of sut) expect(items).toContain(x);
        expect(drawDistinct(seed, items, count)).toEqual(sut);
      }),
    );
  });
});

describe(freeRaceInput.name, () => {
  it('should make a race that is a function of the seed and the horses', () => {
    const horses = [1, 2, 3, 4, 5, 6, 7].map((post) => ({ post, horse_id: 100 + post * 13 }));
    const a = simulateFinish(freeRaceInput('f00d', horses));
    expect(simulateFinish(freeRaceInput('f00d', horses))).toEqual(a);
    expect([...a.finish_order].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
