import type { NextToPostTrack } from '@furlong/contracts';
import type { DayRaceRow } from '../racing/race-card.service';
import { compareBoardTracks, trackDay } from './next-to-post';

const TRACK = { id: 4, track_name: 'Aville Downs', location: 'Aville', utc_offset_minutes: -300 };
const NOW = Date.parse('2026-11-23T19:00:00Z');
const STALE_MS = 60_000;

/** Race n of the day, posting at 18:00 UTC + (n − 1) × 30 min. */
function race(n: number, status: DayRaceRow['status'], patch: Partial<DayRaceRow> = {}): DayRaceRow {
  return {
    id: 100 + n,
    track_id: TRACK.id,
    race_number: n,
    post_time: new Date(Date.parse('2026-11-23T18:00:00Z') + (n - 1) * 30 * 60_000),
    status,
    cancel_reason: status === 'cancelled' ? 'missed_post' : null,
    ...patch,
  };
}

describe(trackDay.name, () => {
  it('should name the next race not off yet with its minutes to post, and count the races left', () => {
    const sut = trackDay(
      TRACK,
      '2026-11-23',
      [race(1, 'finished'), race(2, 'finished'), race(3, 'open'), race(4, 'scheduled')],
      NOW,
      NOW - STALE_MS,
    );
    expect(sut).toMatchObject({
      track_id: 4,
      local_date: '2026-11-23',
      first_post_time: '2026-11-23T18:00:00.000Z',
      races_today: 4,
      races_left: 2,
      next_race: { id: 103, race_number: 3, post_time: '2026-11-23T19:00:00.000Z', status: 'open', mtp: 0 },
      running_race: null,
      cancelled_race_numbers: [],
      cancel_reason: null,
    });
  });

  it('should count a part minute to post as a whole one', () => {
    const sut = trackDay(TRACK, '2026-11-23', [race(4, 'scheduled')], NOW + 60_000 * 29 + 1, NOW);
    expect(sut.next_race?.mtp).toBe(1);
  });

  it('should not offer a race past the cancel cutoff that was never started as the next one', () => {
    const stale = race(3, 'closed', { post_time: new Date(NOW - STALE_MS - 1) });
    const sut = trackDay(TRACK, '2026-11-23', [stale], NOW, NOW - STALE_MS);
    expect(sut.next_race).toBeNull();
    expect(sut.races_left).toBe(0);
  });

  it('should say there is no racing left when every race is finished, running or cancelled', () => {
    const sut = trackDay(
      TRACK,
      '2026-11-23',
      [race(1, 'cancelled'), race(2, 'cancelled'), race(3, 'finished'), race(4, 'running')],
      NOW + 3 * 3600_000,
      NOW,
    );
    expect(sut.next_race).toBeNull();
    expect(sut.races_left).toBe(0);
    expect(sut.running_race).toEqual({ id: 104, race_number: 4 });
    expect(sut.cancelled_race_numbers).toEqual([1, 2]);
    expect(sut.cancel_reason).toBe('missed_post');
  });

  it("should give the latest cancelled race's reason", () => {
    const sut = trackDay(
      TRACK,
      '2026-11-23',
      [race(2, 'cancelled', { cancel_reason: 'not_recorded' }), race(1, 'cancelled')],
      NOW,
      NOW,
    );
    expect(sut.cancelled_race_numbers).toEqual([1, 2]);
    expect(sut.cancel_reason).toBe('not_recorded');
  });

  it('should answer a day without a card with nothing to run', () => {
    const sut = trackDay(TRACK, '2026-11-23', [], NOW, NOW);
    expect(sut).toMatchObject({ first_post_time: null, races_today: 0, races_left: 0, next_race: null });
  });
});

describe(compareBoardTracks.name, () => {
  const track = (name: string, location: string, post: string | null): NextToPostTrack => ({
    ...trackDay({ ...TRACK, track_name: name, location }, '2026-11-23', [], NOW, NOW),
    next_race: post ? { id: 1, race_number: 1, post_time: post, status: 'open', mtp: 1 } : null,
  });

  it("should put tracks by their next race's post time, then those with no racing left by location", () => {
    const sut = [
      track('Zed Park', 'Zed', null),
      track('Late Downs', 'Late', '2026-11-23T19:20:00Z'),
      track('Bee Park', 'Bee', null),
      track('Soon Downs', 'Soon', '2026-11-23T19:02:00Z'),
    ].sort(compareBoardTracks);
    expect(sut.map((t) => t.track_name)).toEqual(['Soon Downs', 'Late Downs', 'Bee Park', 'Zed Park']);
  });
});
