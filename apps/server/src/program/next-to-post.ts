import { type NextToPostRace, type NextToPostTrack, NOT_OFF_STATUSES, type RunningRace } from '@furlong/contracts';
import { minutesToPost } from '@furlong/domain';
import type { BoardRaceRow, DayRaceRow } from '../racing/race-card.service';

/** A track as the board names it. */
export interface BoardTrack {
  id: number;
  track_name: string;
  location: string;
  utc_offset_minutes: number;
}

const notOff = (status: string): boolean => (NOT_OFF_STATUSES as readonly string[]).includes(status);

/** A race not off yet, with its minutes to post at `nowMs` (racing clock). */
export function boardRace(row: BoardRaceRow, nowMs: number): NextToPostRace {
  return {
    id: row.id,
    track_id: row.track_id,
    track_name: row.track_name,
    location: row.location,
    race_number: row.race_number,
    race_name: row.race_name,
    race_date: row.race_date,
    post_time: row.post_time.toISOString(),
    status: row.status as NextToPostRace['status'],
    mtp: minutesToPost(row.post_time.getTime(), nowMs),
    num_horses: row.num_horses,
    utc_offset_minutes: row.utc_offset_minutes,
  };
}

export function runningRace(row: BoardRaceRow): RunningRace {
  return {
    id: row.id,
    track_id: row.track_id,
    track_name: row.track_name,
    location: row.location,
    race_number: row.race_number,
    race_name: row.race_name,
    post_time: row.post_time.toISOString(),
    num_horses: row.num_horses,
  };
}

/**
 * One track's day on the board: its next race to go off (a race not off yet whose post time is not
 * before `notBeforeMs`, the point past which an unstarted race is cancelled rather than run), the
 * race running there, how many are left, and the cancelled ones with the latest one's reason.
 * `races` are the day's races of this track.
 */
export function trackDay(
  track: BoardTrack,
  localDate: string,
  races: readonly DayRaceRow[],
  nowMs: number,
  notBeforeMs: number,
): NextToPostTrack {
  const byPost = [...races].sort(
    (a, b) => a.post_time.getTime() - b.post_time.getTime() || a.race_number - b.race_number,
  );
  const left = byPost.filter((r) => notOff(r.status) && r.post_time.getTime() >= notBeforeMs);
  const next = left[0];
  const running = byPost.find((r) => r.status === 'running');
  const cancelled = byPost.filter((r) => r.status === 'cancelled');
  const first = [...races].sort((a, b) => a.race_number - b.race_number)[0];
  return {
    track_id: track.id,
    track_name: track.track_name,
    location: track.location,
    utc_offset_minutes: track.utc_offset_minutes,
    local_date: localDate,
    first_post_time: first ? first.post_time.toISOString() : null,
    races_today: races.length,
    races_left: left.length,
    next_race: next
      ? {
          id: next.id,
          race_number: next.race_number,
          post_time: next.post_time.toISOString(),
          status: next.status as NonNullable<NextToPostTrack['next_race']>['status'],
          mtp: minutesToPost(next.post_time.getTime(), nowMs),
        }
      : null,
    running_race: running ? { id: running.id, race_number: running.race_number } : null,
    cancelled_race_numbers: cancelled.map((r) => r.race_number).sort((a, b) => a - b),
    cancel_reason: cancelled.at(-1)?.cancel_reason ?? null,
  };
}

/** Tracks with racing left by their next race's post time (then name); the rest by location, then name. */
export function compareBoardTracks(a: NextToPostTrack, b: NextToPostTrack): number {
  if (a.next_race && b.next_race) {
    return (
      Date.parse(a.next_race.post_time) - Date.parse(b.next_race.post_time) || a.track_name.localeCompare(b.track_name)
    );
  }
  if (a.next_race) return -1;
  if (b.next_race) return 1;
  return a.location.localeCompare(b.location) || a.track_name.localeCompare(b.track_name);
}
