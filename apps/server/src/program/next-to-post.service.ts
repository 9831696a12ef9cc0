import type { NextToPostQuery, NextToPostResponse } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { RacingClock } from '../common/racing-clock';
import { type DayRaceRow, RaceCardService, trackLocalDay } from '../racing/race-card.service';
import { STALE_AFTER_WALL_MS } from '../racing/race-lifecycle';
import { boardRace, compareBoardTracks, runningRace, trackDay } from './next-to-post';

/**
 * The next-to-post board, as every ADW has one: races not off yet across all tracks (soonest
 * first, with minutes to post on the racing clock), the races running now, and each track's day.
 * It reads the cards the racing scheduler makes; it makes none itself.
 */
@Injectable()
export class NextToPostService {
  constructor(
    @Inject(RaceCardService) private readonly races: RaceCardService,
    @Inject(RacingClock) private readonly clock: RacingClock,
  ) {}

  async board(query: NextToPostQuery): Promise<NextToPostResponse> {
    const nowMs = this.clock.nowMs();
    // A race that has not started this long after post is cancelled, not run: it is no longer "next".
    const notBeforeMs = nowMs - STALE_AFTER_WALL_MS * this.clock.scale;
    const tracks = await this.races.tracks();
    const days = tracks.map((t) => trackLocalDay(nowMs, t.utc_offset_minutes));
    const [notOff, running, dayRaces] = await Promise.all([
      this.races.notOff(new Date(notBeforeMs), query.limit),
      this.races.running(),
      this.races.ofDays(
        tracks.map((t) => t.id),
        days,
      ),
    ]);
    const byTrack = new Map<number, DayRaceRow[]>();
    for (const race of dayRaces) byTrack.set(race.track_id, [...(byTrack.get(race.track_id) ?? []), race]);
    return {
      server_time: new Date(nowMs).toISOString(),
      time_scale: this.clock.scale,
      races: notOff.map((row) => boardRace(row, nowMs)),
      running: running.map(runningRace),
      tracks: tracks
        .map((t, i) => trackDay(t, days[i] as string, byTrack.get(t.id) ?? [], nowMs, notBeforeMs))
        .sort(compareBoardTracks),
    };
  }
}
