import { distanceFromFurlongs, speedFigure } from './distance';

describe(distanceFromFurlongs.name, () => {
  it('should convert a mile', () => {
    expect(distanceFromFurlongs(8)).toEqual({ furlongs: 8, miles: 1, meters: 1609 });
  });

  it('should convert six furlongs', () => {
    expect(distanceFromFurlongs(6)).toEqual({ furlongs: 6, miles: 0.75, meters: 1207 });
  });

  it('should refuse a distance that is not positive', () => {
    expect(() => distanceFromFurlongs(0)).toThrow(RangeError);
  });
});

describe(speedFigure.name, () => {
  it('should rate a faster time higher over the same distance', () => {
    expect(speedFigure(1207, 70_000)).toBeGreaterThan(speedFigure(1207, 72_000));
  });

  it('should put a good six-furlong time near 100', () => {
    expect(speedFigure(1207, 71_400)).toBeGreaterThanOrEqual(95);
    expect(speedFigure(1207, 71_400)).toBeLessThanOrEqual(105);
  });

  it('should stay within 0–130', () => {
    expect(speedFigure(1207, 1_000)).toBe(130);
    expect(speedFigure(1207, 10_000_000)).toBe(0);
  });
});
