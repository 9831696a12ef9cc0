import type { RaceFrame } from '@furlong/contracts';
import { RACE_SAMPLE_MS } from '@furlong/domain';

/** A frame with the moment it arrived in this browser (performance.now() or Date.now(), one clock throughout). */
export interface TimedFrame {
  frame: RaceFrame;
  arrivedAt: number;
}

/**
 * What the screen shows between two samples: every runner moves in a straight line from `from` to
 * `to` over `durationMs`, starting at `startAt`. `from` is what was on screen when `to` arrived,
 * so a frame that comes early or late never makes a horse jump.
 */
export interface Segment {
  from: readonly number[];
  to: readonly number[];
  startAt: number;
  durationMs: number;
}

/** A late frame lets the runners carry on at their pace for at most this share of a sample, then wait. */
export const MAX_EXTRAPOLATION = 0.5;

/**
 * Wall-clock time per sample: 500 ms of race time, run `timeScale` times faster in demos and
 * tests. The server's timestamps of the two frames measure it (that absorbs network jitter and a
 * server that fell behind) when they are within a factor of four of the nominal figure.
 */
export function sampleWallMs(prev: RaceFrame | null, latest: RaceFrame, timeScale = 1): number {
  const nominal = RACE_SAMPLE_MS / (timeScale > 0 ? timeScale : 1);
  if (prev && latest.s > prev.s) {
    const perSample = (latest.ts - prev.ts) / (latest.s - prev.s);
    if (perSample >= nominal / 4 && perSample <= nominal * 4) return perSample;
  }
  return nominal;
}

const clamp01 = (x: number) => Math.min(Math.max(x, 0), 1);

/**
 * Progress of every runner at `now` on a segment: a straight line between its ends, a little
 * beyond `to` while the next frame is late, never backwards and never past the wire.
 */
export function progressAt(segment: Segment, now: number): number[] {
  const elapsed = segment.durationMs > 0 ? (now - segment.startAt) / segment.durationMs : 1;
  const t = Math.min(Math.max(elapsed, 0), 1 + MAX_EXTRAPOLATION);
  return segment.to.map((to, i) => {
    const from = segment.from[i] ?? to;
    if (to <= from) return clamp01(from);
    return clamp01(from + (to - from) * t);
  });
}

/**
 * The display one sample behind the server: the latest frame's arrival starts the move from the
 * previous frame to it, which takes one sample's wall time. Given the last two frames and a time,
 * the progress of every runner.
 */
export function interpolateFrames(prev: TimedFrame | null, latest: TimedFrame, now: number, timeScale = 1): number[] {
  if (!prev || prev.frame.s >= latest.frame.s) return latest.frame.p.map(clamp01);
  return progressAt(
    {
      from: prev.frame.p,
      to: latest.frame.p,
      startAt: latest.arrivedAt,
      durationMs: (latest.frame.s - prev.frame.s) * sampleWallMs(prev.frame, latest.frame, timeScale),
    },
    now,
  );
}

/**
 * The segment that starts when `latest` arrives: from whatever the current segment shows at that
 * instant (or the previous frame, or the frame itself for a late joiner) to the new frame.
 */
export function nextSegment(
  current: Segment | null,
  prev: TimedFrame | null,
  latest: TimedFrame,
  timeScale = 1,
): Segment {
  // A frame that skips samples (a server catching up) covers their time too.
  const samples = prev && latest.frame.s > prev.frame.s ? latest.frame.s - prev.frame.s : 1;
  const durationMs = samples * sampleWallMs(prev?.frame ?? null, latest.frame, timeScale);
  const from = current ? progressAt(current, latest.arrivedAt) : prev ? prev.frame.p : latest.frame.p;
  return { from, to: latest.frame.p, startAt: latest.arrivedAt, durationMs };
}
