/** Metres in one furlong (an eighth of a mile). */
export const METERS_PER_FURLONG = 201.168;
export const FURLONGS_PER_MILE = 8;

/** A race distance expressed in the three units the program shows. */
export interface Distance {
  furlongs: number;
  miles: number;
  meters: number;
}

/** Converts furlongs to the program's three units (miles to 3 places, whole metres). */
export function distanceFromFurlongs(furlongs: number): Distance {
  if (!(furlongs > 0)) throw new RangeError(`distance must be positive, got ${furlongs} furlongs`);
  return {
    furlongs,
    miles: Math.round((furlongs / FURLONGS_PER_MILE) * 1000) / 1000,
    meters: Math.round(furlongs * METERS_PER_FURLONG),
  };
}

/**
 * A speed figure on the familiar 0–120 scale: 100 is a good allowance horse covering the distance
 * at about 16.9 m/s on a fast dirt track. Higher is faster.
 */
export function speedFigure(meters: number, timeMs: number): number {
  if (!(meters > 0) || !(timeMs > 0)) throw new RangeError('speedFigure needs a positive distance and time');
  const metersPerSecond = meters / (timeMs / 1000);
  const figure = 100 + (metersPerSecond - 16.9) * 25;
  return Math.max(0, Math.min(130, Math.round(figure)));
}
