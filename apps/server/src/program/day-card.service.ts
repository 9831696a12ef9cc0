import { CARD_DAYS_AHEAD, CARD_DAYS_BACK, type TrackCardQuery, type TrackCardResponse } from '@furlong/contracts';
import { MAX_DAILY_RACES, parseCalendarDate, planDayCard } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { InvalidRequestException, notFound } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RacingClock } from '../racing/racing-clock';
import { type CardTrackRow, DayCardRepository } from './day-card.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Today's calendar day on the server clock, UTC. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The calendar day at a track at instant `now`, from its UTC offset (local − UTC, minutes). */
export function trackLocalDay(now: Date | number, utcOffsetMinutes: number): string {
  return new Date(new Date(now).getTime() + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** A track's card for a day: its current races, made on demand (spec §4), the same every time. */
@Injectable()
export class DayCardService {
  constructor(
    @Inject(DayCardRepository) private readonly repository: DayCardRepository,
    @Inject(RacingClock) private readonly clock: RacingClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Makes sure the track's races for `date` (YYYY-MM-DD) exist: races 1..daily_races drawn by
   * planDayCard from (config seed, track, date). Idempotent and safe to call concurrently; also
   * used by the scheduler. Returns the track, or throws a 404 for an unknown one.
   */
  async ensureCard(trackId: number, date: string): Promise<CardTrackRow> {
    const track = await this.repository.findTrack(trackId);
    if (!track) throw notFound('Track', trackId);
    return this.ensureTrackCard(track, date);
  }

  /** ensureCard for a track already read (the scheduler reads them all at once). */
  async ensureTrackCard(track: CardTrackRow, date: string): Promise<CardTrackRow> {
    const trackId = track.id;
    // Most calls find the card made: skip the write transaction then.
    if ((await this.repository.countRaces(trackId, date)) >= Math.min(track.daily_races, MAX_DAILY_RACES)) {
      return track;
    }
    await this.repository.createCard(track, date, (draw) =>
      planDayCard({
        seed: this.config.seed.value,
        date,
        track,
        horses: draw.horses,
        jockeyIds: draw.jockeyIds,
        // Only a card that is being completed has horses already; a new one draws from all.
        excludeHorseIds: draw.existingHorseIds,
      }),
    );
    return track;
  }

  /** Every track, as the scheduler needs them. */
  tracks(): Promise<CardTrackRow[]> {
    return this.repository.findTracks();
  }

  async getCard(trackId: number, query: TrackCardQuery): Promise<TrackCardResponse> {
    const now = this.clock.now();
    const requested = this.parseDate(query.date, now);
    const found = await this.repository.findTrack(trackId);
    if (!found) throw notFound('Track', trackId);
    // No date: the track's own calendar day (its card runs in its local afternoon).
    const date = requested ?? trackLocalDay(now, found.utc_offset_minutes);
    const track = await this.ensureTrackCard(found, date);
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
      races: await this.repository.listRaces(trackId, date),
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
