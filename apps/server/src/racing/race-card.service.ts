import type { CurrentRaceRunner, CurrentRaceSummary } from '@furlong/contracts';
import { MAX_DAILY_RACES, planDayCard } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { notFound } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import {
  type BoardRaceRow,
  type CurrentRaceFilter,
  CurrentRaceRepository,
  type DayRaceRow,
  type RaceTrackFields,
} from './current-race.repository';
import { type CardTrackRow, DayCardRepository } from './day-card.repository';

export type { BoardRaceRow, CardTrackRow, CurrentRaceFilter, DayRaceRow };

/** The calendar day at a track at instant `now`, from its UTC offset (local − UTC, minutes). */
export function trackLocalDay(now: Date | number, utcOffsetMinutes: number): string {
  return new Date(new Date(now).getTime() + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

/**
 * The current races a track's day is made of (spec §4): made on demand, the same every time, and
 * read for the program. Racing owns them (current_races, current_race_entries); other modules ask here.
 */
@Injectable()
export class RaceCardService {
  constructor(
    @Inject(DayCardRepository) private readonly cards: DayCardRepository,
    @Inject(CurrentRaceRepository) private readonly races: CurrentRaceRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Makes sure the track's races for `date` (YYYY-MM-DD) exist: races 1..daily_races drawn by
   * planDayCard from (config seed, track, date). Idempotent and safe to call concurrently; also
   * used by the scheduler. Returns the track, or throws a 404 for an unknown one.
   */
  async ensureCard(trackId: number, date: string): Promise<CardTrackRow> {
    const track = await this.cards.findTrack(trackId);
    if (!track) throw notFound('Track', trackId);
    return this.ensureTrackCard(track, date);
  }

  /** ensureCard for a track already read (the scheduler reads them all at once). */
  async ensureTrackCard(track: CardTrackRow, date: string): Promise<CardTrackRow> {
    const trackId = track.id;
    // Most calls find the card made: skip the write transaction then.
    if ((await this.cards.countRaces(trackId, date)) >= Math.min(track.daily_races, MAX_DAILY_RACES)) {
      return track;
    }
    await this.cards.createCard(track, date, (draw) =>
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
    return this.cards.findTracks();
  }

  /** A track as its card needs it, or undefined for an unknown one. */
  track(trackId: number): Promise<CardTrackRow | undefined> {
    return this.cards.findTrack(trackId);
  }

  /** A track's races of a day, in card order. */
  racesOfDay(trackId: number, date: string): Promise<CurrentRaceSummary[]> {
    return this.cards.listRaces(trackId, date);
  }

  /** A race with its track's name and offset; the seed stays secret (null) until the race has finished. */
  race(id: number): Promise<(CurrentRaceSummary & RaceTrackFields & { seed: string | null }) | undefined> {
    return this.races.findById(id);
  }

  /** A race's runners, post-position order. */
  entries(id: number): Promise<CurrentRaceRunner[]> {
    return this.races.entries(id);
  }

  /** Races not off yet posting at or after `notBefore` (not stale), soonest first. */
  notOff(notBefore: Date, limit: number): Promise<BoardRaceRow[]> {
    return this.races.notOff(notBefore, limit);
  }

  /** Races running now, earliest post first. */
  running(): Promise<BoardRaceRow[]> {
    return this.races.running();
  }

  /** The races of each track's day (track i on dates[i]). */
  ofDays(trackIds: readonly number[], dates: readonly string[]): Promise<DayRaceRow[]> {
    return this.races.ofDays(trackIds, dates);
  }

  /** A page of races, newest post time first, with the total. */
  list(filter: CurrentRaceFilter): Promise<{ items: CurrentRaceSummary[]; total: number }> {
    return this.races.list(filter);
  }
}
