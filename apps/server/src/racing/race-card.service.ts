import type {
  CurrentRaceRunner,
  CurrentRaceSummary,
  MorningLineResponse,
  PredictorFieldResponse,
} from '@furlong/contracts';
import {
  cardMorningLine,
  MAX_DAILY_RACES,
  type MorningLineEntry,
  planDayCard,
  racingAge,
  runnerSex,
  storedMorningLine,
  weightCarriedLbs,
} from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { notFound } from '../common/api-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import {
  type BoardRaceRow,
  type CurrentRaceFilter,
  CurrentRaceRepository,
  type DayRaceRow,
  type EntryRow,
  type RaceTrackFields,
} from './current-race.repository';
import {
  type CardRunnerFacts,
  type CardRunnerTerms,
  type CardTrackRow,
  DayCardRepository,
} from './day-card.repository';

export type { BoardRaceRow, CardTrackRow, CurrentRaceFilter, DayRaceRow };

/** The calendar day at a track at instant `now`, from its UTC offset (local − UTC, minutes). */
export function trackLocalDay(now: Date | number, utcOffsetMinutes: number): string {
  return new Date(new Date(now).getTime() + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** A runner's form as the morning line reads it (percentages as fractions, seconds). */
export function morningLineEntry(form: {
  win_pct: number | null;
  avg_speed: number | null;
  earnings_cents: number | null;
  last_race_time_ms: number | null;
  jockey_win_pct: number | null;
}): MorningLineEntry {
  return {
    winRate: form.win_pct === null ? null : form.win_pct / 100,
    averageSpeed: form.avg_speed,
    earningsCents: form.earnings_cents,
    lastRaceTimeSeconds: form.last_race_time_ms === null ? null : form.last_race_time_ms / 1000,
    jockeyWinRate: form.jockey_win_pct === null ? null : form.jockey_win_pct / 100,
  };
}

/**
 * What the card fixes for a new race's runners (post order), once: the morning line from their form
 * now (spec §9), and the weight each carries by its age on the race day and its sex.
 */
export function cardRunnerTerms(raceDay: string, runners: readonly CardRunnerFacts[]): CardRunnerTerms[] {
  const line = cardMorningLine(runners.map(morningLineEntry));
  return runners.map((r, i) => ({
    morning_line_score: line[i]?.score ?? 0,
    morning_line_odds: line[i]?.odds ?? 0,
    weight_lbs: weightCarriedLbs(racingAge(r.dob, raceDay), r.gender),
  }));
}

/** The program's view of stored runners: age and sex on the race day, the stored line as the tote shows odds. */
export function runnerViews(rows: readonly EntryRow[]): CurrentRaceRunner[] {
  const line = storedMorningLine(rows.map((r) => ({ score: r.morning_line_score, odds: r.morning_line_odds })));
  return rows.map((r, i) => {
    const age = racingAge(r.dob, r.race_date);
    return {
      post_position: r.post_position,
      horse_id: r.horse_id,
      horse_name: r.horse_name,
      horse_number: r.horse_number,
      jockey_id: r.jockey_id,
      jockey_name: r.jockey_name,
      trainer_id: r.trainer_id,
      trainer_name: r.trainer_name,
      owner_id: r.owner_id,
      owner_name: r.owner_name,
      age,
      sex: runnerSex(r.gender, age),
      weight_lbs: r.weight_lbs,
      morning_line: line.display[i] ?? null,
      last_finishes: r.last_finishes,
      scratch:
        r.scratched_at && r.scratch_reason
          ? {
              reason: r.scratch_reason,
              scratched_at: new Date(r.scratched_at).toISOString(),
              scratched_by: r.scratched_by === null ? 'simulation' : 'admin',
            }
          : null,
    };
  });
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
  /** Whether a track's card for a day holds fewer races than the day should (none made, or cut short). */
  async cardMissing(track: CardTrackRow, date: string): Promise<boolean> {
    return (await this.cards.countRaces(track.id, date)) < Math.min(track.daily_races, MAX_DAILY_RACES);
  }

  async ensureTrackCard(track: CardTrackRow, date: string): Promise<CardTrackRow> {
    const trackId = track.id;
    // Most calls find the card made: skip the write transaction then.
    if ((await this.cards.countRaces(trackId, date)) >= Math.min(track.daily_races, MAX_DAILY_RACES)) {
      return track;
    }
    await this.cards.createCard(
      track,
      date,
      (draw) =>
        planDayCard({
          seed: this.config.seed.value,
          date,
          track,
          horses: draw.horses,
          jockeyIds: draw.jockeyIds,
          // Only a card that is being completed has horses already; a new one draws from all.
          excludeHorseIds: draw.existingHorseIds,
        }),
      (_race, runners) => cardRunnerTerms(date, runners),
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
  async entries(id: number): Promise<CurrentRaceRunner[]> {
    return runnerViews(await this.races.entries(id));
  }

  /** A race's morning line as its card fixed it (GET /api/current_races/{id}/morning_line). */
  async morningLine(id: number): Promise<MorningLineResponse> {
    const race = await this.races.findById(id);
    if (!race) throw notFound('Current race', id);
    const rows = await this.races.entries(id);
    const line = storedMorningLine(rows.map((r) => ({ score: r.morning_line_score, odds: r.morning_line_odds })));
    return {
      race_id: race.id,
      race_name: race.race_name,
      race_title: race.race_title,
      runners: rows.map((r, i) => ({
        post_position: r.post_position,
        horse_id: r.horse_id,
        horse_name: r.horse_name,
        jockey_id: r.jockey_id,
        jockey_name: r.jockey_name,
        score: r.morning_line_score,
        odds: r.morning_line_odds,
        morning_line: line.display[i] ?? null,
      })),
      top: line.top.map((i) => rows[i]?.post_position as number),
    };
  }

  /**
   * A race's starters with their form now, as the race predictor reads it (GET
   * /api/current_races/{id}/predictor); the morning line as the card fixed it beside each.
   */
  async predictorField(id: number): Promise<PredictorFieldResponse> {
    const race = await this.races.findById(id);
    if (!race) throw notFound('Current race', id);
    const [rows, forms] = await Promise.all([this.races.entries(id), this.races.predictorForms(id)]);
    const line = storedMorningLine(rows.map((r) => ({ score: r.morning_line_score, odds: r.morning_line_odds })));
    const lineOf = new Map(rows.map((r, i) => [r.post_position, line.display[i] ?? null]));
    const entryOf = new Map(rows.map((r) => [r.post_position, r]));
    return {
      race_id: race.id,
      race_name: race.race_name,
      race_title: race.race_title,
      track_name: race.track_name,
      post_time: race.post_time,
      status: race.status,
      runners: forms.map((f) => {
        const entry = entryOf.get(f.post_position);
        const form = morningLineEntry(f);
        return {
          post_position: f.post_position,
          horse_id: entry?.horse_id ?? 0,
          horse_name: entry?.horse_name ?? '',
          jockey_name: entry?.jockey_name ?? null,
          win_rate: form.winRate,
          average_speed: form.averageSpeed,
          earnings_cents: form.earningsCents === null ? null : Math.round(form.earningsCents),
          last_race_time_seconds: form.lastRaceTimeSeconds,
          jockey_win_rate: form.jockeyWinRate,
          morning_line: lineOf.get(f.post_position) ?? null,
        };
      }),
    };
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
