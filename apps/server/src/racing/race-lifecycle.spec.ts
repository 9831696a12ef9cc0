import { Clock } from '../common/clock';
import { RacingClock } from '../common/racing-clock';
import { canMove, lifecycleCutoffs, phaseByClock } from './race-lifecycle';

class FakeClock extends Clock {
  constructor(public ms: number) {
    super();
  }
  now(): Date {
    return new Date(this.ms);
  }
}

const MINUTE = 60_000;
const LEAD = 30 * MINUTE;

describe(RacingClock.name, () => {
  it('should be the wall clock at scale 1', () => {
    const wall = new FakeClock(Date.parse('2026-11-23T15:42:10.123Z'));
    const sut = new RacingClock(wall, 1);
    expect(sut.now().toISOString()).toBe('2026-11-23T15:42:10.123Z');
    expect(sut.toWall(sut.nowMs())).toBe(wall.ms);
  });

  it('should run `scale` times faster from midnight UTC, the same on every instance', () => {
    const wall = new FakeClock(Date.parse('2026-11-23T01:00:00Z'));
    const sut = new RacingClock(wall, 10);
    // One wall hour after midnight is ten racing hours after it.
    expect(sut.now().toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(new RacingClock(new FakeClock(wall.ms), 10).nowMs()).toBe(sut.nowMs());
    wall.ms += 1000;
    expect(sut.now().toISOString()).toBe('2026-11-23T10:00:10.000Z');
  });

  it('should map a racing instant back to the wall instant it is shown at', () => {
    const wall = new FakeClock(Date.parse('2026-11-23T01:00:00Z'));
    const sut = new RacingClock(wall, 10);
    const post = Date.parse('2026-11-23T10:05:00Z');
    expect(new Date(sut.toWall(post)).toISOString()).toBe('2026-11-23T01:00:30.000Z');
    expect(sut.wallSpan(500)).toBe(50);
  });

  it('should refuse a scale that is not positive', () => {
    expect(() => new RacingClock(new FakeClock(0), 0)).toThrow(RangeError);
  });
});

describe('the race lifecycle on a fake racing clock', () => {
  const post = Date.parse('2026-11-23T14:00:00Z');

  it('should keep a race scheduled until the opening lead, then open it exactly at post − lead', () => {
    expect(phaseByClock(post, post - LEAD - 1, LEAD)).toBe('scheduled');
    expect(phaseByClock(post, post - LEAD, LEAD)).toBe('open');
  });

  it('should close betting exactly at post time and never a millisecond before', () => {
    const wall = new FakeClock(Date.parse('2026-11-23T01:23:59.999Z'));
    const racing = new RacingClock(wall, 10);
    // 01:23:59.999 wall at scale 10 is 13:59:59.990 racing: still open.
    expect(phaseByClock(post, racing.nowMs(), LEAD)).toBe('open');
    expect(lifecycleCutoffs(racing.nowMs(), LEAD, MINUTE).closePostUpTo.getTime()).toBeLessThan(post);
    wall.ms += 1;
    expect(racing.now().toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(phaseByClock(post, racing.nowMs(), LEAD)).toBe('closed');
    expect(lifecycleCutoffs(racing.nowMs(), LEAD, MINUTE).closePostUpTo.getTime()).toBe(post);
  });

  it('should give the cutoffs the conditional UPDATEs apply: open within the lead, close at post, cancel when stale', () => {
    const now = post - 10 * MINUTE;
    const sut = lifecycleCutoffs(now, LEAD, 5 * MINUTE);
    expect(sut.openPostUpTo.getTime()).toBe(now + LEAD);
    expect(sut.closePostUpTo.getTime()).toBe(now);
    expect(sut.cancelPostBefore.getTime()).toBe(now - 5 * MINUTE);
  });

  it('should only move forward one phase at a time, and cancel anything not yet running', () => {
    expect(canMove('scheduled', 'open')).toBe(true);
    expect(canMove('open', 'closed')).toBe(true);
    expect(canMove('closed', 'running')).toBe(true);
    expect(canMove('running', 'finished')).toBe(true);
    expect(canMove('open', 'running')).toBe(false);
    expect(canMove('closed', 'open')).toBe(false);
    expect(canMove('finished', 'cancelled')).toBe(false);
    expect(canMove('running', 'cancelled')).toBe(false);
    expect(canMove('open', 'cancelled')).toBe(true);
  });
});
