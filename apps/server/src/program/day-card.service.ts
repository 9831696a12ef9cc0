import { CARD_DAYS_AHEAD, CARD_DAYS_BACK, type TrackCardQuery, type TrackCardResponse } from '@furlong/contracts';
import { parseCalendarDate } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { InvalidRequestException, notFound } from '../common/api-error';
import { RacingClock } from '../common/racing-clock';
import { RaceCardService, trackLocalDay } from '../racing/race-card.service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Today's calendar day on the server clock, UTC. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** A track's card for a day: its current races, made on demand (spec §4) by racing, the same every time. */
@Injectable()
export class DayCardService {
  constructor(
    @Inject(RaceCardService) private readonly cards: RaceCardService,
    @Inject(RacingClock) private readonly clock: RacingClock,
  ) {}

  async getCard(trackId: number, query: TrackCardQuery): Promise<TrackCardResponse> {
    const now = this.clock.now();
    const requested = this.parseDate(query.date, now);
    const found = await this.cards.track(trackId);
    if (!found) throw notFound('Track', trackId);
    // No date: the track's own calendar day (its card runs in its local afternoon).
    const date = requested ?? trackLocalDay(now, found.utc_offset_minutes);
    const track = await this.cards.ensureTrackCard(found, date);
    return {
      track: {
        id: track.id,
        track_name: track.track_name,
        location: track.location,
        start_time: track.start_time,
        utc_offset_minutes: track.utc_offset_minutes,
        daily_races: track.daily_races,
        race_intervals: track.race_intervals,
        surface_type: track.surface_type,
        track_condition: track.track_condition,
        weather: track.weather,
      },
      date,
      server_time: now.toISOString(),
      time_scale: this.clock.scale,
      races: await this.cards.racesOfDay(trackId, date),
    };
  }

  /** The requested day: a date, and (so nobody fills the tables by walking the calendar) near today. */
  private parseDate(text: string | undefined, now: Date): string | undefined {
    if (text === undefined) return undefined;
    const day = parseCalendarDate(text);
    if (!day) {
      throw new InvalidRequestException([
        { field: 'date', reason: `must be a date YYYY-MM-DD, got '${text.slice(0, 40)}'` },
      ]);
    }
    const today = Date.parse(`${utcDay(now)}T00:00:00Z`);
    const offset = Math.round((day.getTime() - today) / DAY_MS);
    if (offset < -CARD_DAYS_BACK || offset > CARD_DAYS_AHEAD) {
      throw new InvalidRequestException([
        {
          field: 'date',
          reason: `must be from ${CARD_DAYS_BACK} days before to ${CARD_DAYS_AHEAD} days after today (${utcDay(now)}, UTC)`,
        },
      ]);
    }
    return text;
  }
}
