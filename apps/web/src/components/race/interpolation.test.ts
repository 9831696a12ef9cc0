import type { RaceFrame } from '@furlong/contracts';
import { interpolateFrames, MAX_EXTRAPOLATION, nextSegment, progressAt, sampleWallMs } from './interpolation';

const frame = (s: number, p: number[], ts = 1_000_000 + s * 500): RaceFrame => ({
  r: 7,
  s,
  c: s * 500,
  ts,
  p,
  v: p.map(() => 16),
  l: p.map((_, i) => i + 1),
});

describe(sampleWallMs.name, () => {
  it('should measure a sample by the server timestamps of the two frames', () => {
    expect(sampleWallMs(frame(10, [0.1], 5000), frame(11, [0.11], 5520))).toBe(520);
    // Two samples apart: the time per sample, not per frame.
    expect(sampleWallMs(frame(10, [0.1], 5000), frame(12, [0.12], 6000))).toBe(500);
  });

  it('should fall back to 500 ms of race time, divided by the time scale, when the timestamps are not sane', () => {
    expect(sampleWallMs(null, frame(3, [0.03]))).toBe(500);
    expect(sampleWallMs(frame(10, [0.1], 5000), frame(11, [0.11], 5000))).toBe(500);
    expect(sampleWallMs(null, frame(3, [0.03]), 20)).toBe(25);
    // A scaled-up race: frames 25 ms apart are right, not "too fast".
    expect(sampleWallMs(frame(10, [0.1], 5000), frame(11, [0.11], 5026), 20)).toBe(26);
  });
});

describe(interpolateFrames.name, () => {
  const prev = { frame: frame(10, [0.2, 0.4]), arrivedAt: 10_000 };
  const latest = { frame: frame(11, [0.3, 0.5]), arrivedAt: 10_500 };

  it('should show the previous frame when the latest arrives and the latest one sample later', () => {
    expect(interpolateFrames(prev, latest, 10_500)).toEqual([0.2, 0.4]);
    expect(interpolateFrames(prev, latest, 11_000)).toEqual([0.3, 0.5]);
  });

  it('should move every runner in a straight line in between', () => {
    const [a, b] = interpolateFrames(prev, latest, 10_625);
    expect(a).toBeCloseTo(0.225, 10);
    expect(b).toBeCloseTo(0.425, 10);
  });

  it('should carry on at the same pace for a while when the next frame is late, then wait', () => {
    const [a] = interpolateFrames(prev, latest, 11_125);
    expect(a).toBeCloseTo(0.325, 10);
    const [held] = interpolateFrames(prev, latest, 20_000);
    expect(held).toBeCloseTo(0.3 + 0.1 * MAX_EXTRAPOLATION, 10);
  });

  it('should never take a runner past the wire or backwards', () => {
    const finishing = { frame: frame(11, [1, 0.5]), arrivedAt: 10_500 };
    expect(interpolateFrames({ frame: frame(10, [0.98, 0.6]), arrivedAt: 10_000 }, finishing, 12_000)).toEqual([
      1, 0.6,
    ]);
  });

  it('should draw the latest frame as it is without a previous one', () => {
    expect(interpolateFrames(null, latest, 10_600)).toEqual([0.3, 0.5]);
  });
});

describe(nextSegment.name, () => {
  it('should start the next move from what is on screen, so an early frame makes no jump', () => {
    const first = nextSegment(
      null,
      { frame: frame(10, [0.2]), arrivedAt: 0 },
      { frame: frame(11, [0.3]), arrivedAt: 500 },
    );
    expect(first).toEqual({ from: [0.2], to: [0.3], startAt: 500, durationMs: 500 });
    // The next frame comes 100 ms early: the screen shows 0.28 then, and moves on from there.
    const second = nextSegment(
      first,
      { frame: frame(11, [0.3]), arrivedAt: 500 },
      { frame: frame(12, [0.4]), arrivedAt: 900 },
    );
    expect(second.from[0]).toBeCloseTo(0.28, 10);
    expect(second.to).toEqual([0.4]);
    expect(progressAt(second, 900)[0]).toBeCloseTo(0.28, 10);
    expect(progressAt(second, 1400)[0]).toBeCloseTo(0.4, 10);
  });

  it('should give a frame that skips samples the time of all of them', () => {
    const seg = nextSegment(
      null,
      { frame: frame(10, [0.2]), arrivedAt: 0 },
      { frame: frame(13, [0.5]), arrivedAt: 1500 },
    );
    expect(seg.durationMs).toBe(1500);
  });
});
