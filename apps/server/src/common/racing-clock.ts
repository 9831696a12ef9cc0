import { Clock } from './clock';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC of the day that `wallMs` falls on. */
export function utcMidnight(wallMs: number): number {
  return Math.floor(wallMs / DAY_MS) * DAY_MS;
}

/**
 * The clock races run by: the wall clock sped up `scale` times around a fixed anchor, midnight UTC
 * of the wall day, so that every instance computes the same racing time from its own wall clock
 * (racing = anchor + (wall − anchor) × scale). Scale 1 is the wall clock itself. With a scale above
 * 1 racing time runs through several days per wall day and falls back to the wall day at midnight:
 * that is for demos and tests only.
 */
export class RacingClock {
  constructor(
    private readonly wall: Clock,
    readonly scale: number,
  ) {
    if (!(scale > 0) || !Number.isFinite(scale)) throw new RangeError(`racing time scale must be > 0: ${scale}`);
  }

  /** The wall clock (epoch ms). */
  wallNow(): number {
    return this.wall.now().getTime();
  }

  /** Racing time now. */
  now(): Date {
    return new Date(this.toRacing(this.wallNow()));
  }

  nowMs(): number {
    return this.toRacing(this.wallNow());
  }

  /** The racing instant of a wall instant (both epoch ms). */
  toRacing(wallMs: number): number {
    if (this.scale === 1) return wallMs;
    const anchor = utcMidnight(wallMs);
    return anchor + (wallMs - anchor) * this.scale;
  }

  /** The wall instant at which the racing clock shows `racingMs` (in today's anchor frame). */
  toWall(racingMs: number): number {
    if (this.scale === 1) return racingMs;
    const anchor = utcMidnight(this.wallNow());
    return anchor + (racingMs - anchor) / this.scale;
  }

  /** A racing-time span in wall milliseconds. */
  wallSpan(racingMs: number): number {
    return racingMs / this.scale;
  }
}
