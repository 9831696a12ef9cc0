import type { CurrentRaceStatus, CurrentRaceSummary } from '@furlong/contracts';
import { type DayCardHorse, MAX_DAILY_RACES, type PlannedRace } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type CardRunnerFacts, type CardTrackRow, DayCardSources } from '../catalog/day-card-sources';
import { refusal } from '../common/api-error';

export type { CardRunnerFacts, CardTrackRow };

/** What the card fixes per runner when it is made: the morning line and the weight carried. */
export interface CardRunnerTerms {
  morning_line_score: number;
  morning_line_odds: number;
  weight_lbs: number;
}

/** Fixes the terms of a race's runners (in post order) from their form and facts. */
export type CardRunnerTermsRule = (race: PlannedRace, runners: readonly CardRunnerFacts[]) => CardRunnerTerms[];

/** What a card being built already holds, and what it may still draw from. */
export interface CardDraw {
  existingRaceNumbers: ReadonlySet<number>;
  existingHorseIds: readonly number[];
  horses: readonly DayCardHorse[];
  jockeyIds: readonly number[];
}

/** The columns of a CurrentRaceSummary, selected from current_races aliased `cr`. */
export const SUMMARY_COLUMNS = `
  cr.id, cr.track_id, cr.race_number, cr.location || ' Race ' || cr.race_number AS race_name,
  cr.race_date, cr.post_time, cr.location, cr.miles, cr.furlongs, cr.meters, cr.num_horses, cr.weather,
  cr.surface_type, cr.track_condition, cr.purse_cents, cr.status, cr.cancel_reason, cr.seed_hash, cr.race_class,
  cr.race_title, cr.conditions`;

/** A summary row as pg returns it (post_time is a Date). */
export interface SummaryRow extends Omit<CurrentRaceSummary, 'post_time'> {
  post_time: Date;
  status: CurrentRaceStatus;
}

export function toSummary(row: SummaryRow): CurrentRaceSummary {
  return {
    id: row.id,
    track_id: row.track_id,
    race_number: row.race_number,
    race_name: row.race_name,
    race_date: row.race_date,
    post_time: row.post_time.toISOString(),
    location: row.location,
    miles: row.miles,
    furlongs: row.furlongs,
    meters: row.meters,
    num_horses: row.num_horses,
    weather: row.weather,
    surface_type: row.surface_type,
    track_condition: row.track_condition,
    purse_cents: row.purse_cents,
    status: row.status,
    cancel_reason: row.cancel_reason,
    seed_hash: row.seed_hash,
    race_class: row.race_class,
    race_title: row.race_title,
    conditions: row.conditions,
  };
}

/** Writes a track's current races for a day (current_races, current_race_entries); the catalog supplies the tracks and the draw. */
@Injectable()
export class DayCardRepository {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(DayCardSources) private readonly sources: DayCardSources,
  ) {}

  findTrack(trackId: number): Promise<CardTrackRow | undefined> {
    return this.sources.track(trackId);
  }

  findTracks(): Promise<CardTrackRow[]> {
    return this.sources.tracks();
  }

  async countRaces(trackId: number, date: string): Promise<number> {
    const [row]: { n: number }[] = await this.dataSource.query(
      'SELECT count(*)::int AS n FROM current_races WHERE track_id = $1 AND race_date = $2',
      [trackId, date],
    );
    return row?.n ?? 0;
  }

  async listRaces(trackId: number, date: string): Promise<CurrentRaceSummary[]> {
    const rows: SummaryRow[] = await this.dataSource.query(
      `SELECT ${SUMMARY_COLUMNS} FROM current_races cr
        WHERE cr.track_id = $1 AND cr.race_date = $2
        ORDER BY cr.race_number`,
      [trackId, date],
    );
    return rows.map(toSummary);
  }

  /**
   * Writes the races that `plan` returns for a track's day, in one transaction. An advisory lock on
   * (track, date) makes concurrent first requests wait for the first one, which then finds the card
   * made; ON CONFLICT on the unique (track, date, number) is a second guard. `plan` sees what the
   * card already holds and must return only races it lacks; `terms` fixes each new race's morning
   * line and weights from its runners' form as it is now (stored, never made again). Returns how
   * many races were written.
   */
  async createCard(
    track: CardTrackRow,
    date: string,
    plan: (draw: CardDraw) => readonly PlannedRace[],
    terms: CardRunnerTermsRule,
  ): Promise<number> {
    // PGlite is a single session: everything below goes through the transaction's own manager.
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`day-card:${track.id}:${date}`]);
      const existing: { race_number: number; horse_ids: number[] | null }[] = await manager.query(
        `SELECT cr.race_number, array_agg(e.horse_id) FILTER (WHERE e.horse_id IS NOT NULL) AS horse_ids
           FROM current_races cr LEFT JOIN current_race_entries e ON e.current_race_id = cr.id
          WHERE cr.track_id = $1 AND cr.race_date = $2
          GROUP BY cr.race_number`,
        [track.id, date],
      );
      const existingRaceNumbers = new Set(existing.map((r) => r.race_number));
      if (existingRaceNumbers.size >= Math.min(track.daily_races, 13)) return 0;
      const { horses, jockeyIds } = await this.sources.drawCandidates(manager);
      const races = plan({
        existingRaceNumbers,
        existingHorseIds: existing.flatMap((r) => r.horse_ids ?? []),
        horses,
        jockeyIds,
      }).filter((race) => !existingRaceNumbers.has(race.race_number));
      return this.insertRaces(manager, track, date, races, terms);
    });
  }

  /**
   * Adds one race to a track's day beside its card (an admin schedules a created race), under the
   * card's lock: the next number after the card's and the races already added. Undefined when the
   * day has its 13 races; 409 when a horse of the field already runs that day (a race not cancelled).
   */
  async addRace(
    track: CardTrackRow,
    date: string,
    build: (raceNumber: number) => PlannedRace,
    terms: CardRunnerTermsRule,
    horseIds: readonly number[],
  ): Promise<{ id: number; race_number: number } | undefined> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`day-card:${track.id}:${date}`]);
      const busy: { horse_id: number }[] = await manager.query(
        `SELECT DISTINCT e.horse_id FROM current_race_entries e JOIN current_races cr ON cr.id = e.current_race_id
          WHERE cr.race_date = $1 AND cr.status <> 'cancelled' AND e.horse_id = ANY($2::int[]) AND e.scratched_at IS NULL`,
        [date, [...horseIds]],
      );
      if (busy.length > 0) {
        throw refusal(`Horse ${busy.map((b) => b.horse_id).join(', ')} already runs on ${date}.`, 'horse_busy');
      }
      const [row]: { top: number | null }[] = await manager.query(
        'SELECT max(race_number)::int AS top FROM current_races WHERE track_id = $1 AND race_date = $2',
        [track.id, date],
      );
      const number = Math.max(row?.top ?? 0, Math.min(track.daily_races, MAX_DAILY_RACES)) + 1;
      if (number > MAX_DAILY_RACES) return undefined;
      const written = await this.insertRaces(manager, track, date, [build(number)], terms);
      if (written === 0) return undefined;
      const [race]: { id: number }[] = await manager.query(
        'SELECT id FROM current_races WHERE track_id = $1 AND race_date = $2 AND race_number = $3',
        [track.id, date, number],
      );
      return race && { id: race.id, race_number: number };
    });
  }

  private async insertRaces(
    manager: EntityManager,
    track: CardTrackRow,
    date: string,
    races: readonly PlannedRace[],
    terms: CardRunnerTermsRule,
  ): Promise<number> {
    if (races.length === 0) return 0;
    const inserted: { id: number; race_number: number }[] = await manager.query(
      `INSERT INTO current_races (track_id, race_date, location, race_number, post_time, miles, furlongs, meters,
                                  num_horses, weather, surface_type, track_condition, purse_cents, race_class,
                                  race_title, conditions, status)
       SELECT $1::int, $2::date, $3::text, u.*, 'scheduled'
         FROM unnest($4::smallint[], $5::timestamptz[], $6::numeric[], $7::numeric[], $8::int[], $9::smallint[],
                     $10::text[], $11::text[], $12::text[], $13::bigint[], $14::text[], $15::text[], $16::text[])
              AS u(race_number, post_time, miles, furlongs, meters, num_horses, weather, surface_type,
                   track_condition, purse_cents, race_class, race_title, conditions)
       ON CONFLICT (track_id, race_date, race_number) DO NOTHING
       RETURNING id, race_number`,
      [
        track.id,
        date,
        track.location,
        races.map((r) => r.race_number),
        races.map((r) => r.post_time.toISOString()),
        races.map((r) => r.miles),
        races.map((r) => r.furlongs),
        races.map((r) => r.meters),
        races.map((r) => r.runners.length),
        races.map((r) => r.weather),
        races.map((r) => r.surface_type),
        races.map((r) => r.track_condition),
        races.map((r) => r.purse_cents),
        races.map((r) => r.race_class),
        races.map((r) => r.race_title),
        races.map((r) => r.conditions),
      ],
    );
    const idByNumber = new Map(inserted.map((r) => [r.race_number, r.id]));
    const written = races.flatMap((race) => {
      const id = idByNumber.get(race.race_number);
      return id === undefined ? [] : [{ id, race }];
    });
    // The runners' form as it is now: each race's line is made from it once, here.
    const facts = await this.sources.runnerFacts(
      manager,
      written.flatMap(({ race }) => race.runners),
    );
    let next = 0;
    const entries = written.flatMap(({ id, race }) => {
      const field = facts.slice(next, next + race.runners.length);
      next += race.runners.length;
      const fixed = terms(race, field);
      return race.runners.map((runner, i) => {
        const t = fixed[i];
        if (!t) throw new Error(`race ${race.race_number}: no terms for post ${runner.post_position}`);
        return { id, ...runner, ...t };
      });
    });
    if (entries.length > 0) {
      await manager.query(
        `INSERT INTO current_race_entries (current_race_id, post_position, horse_id, jockey_id, morning_line_score,
                                           morning_line_odds, weight_lbs)
         SELECT * FROM unnest($1::int[], $2::smallint[], $3::int[], $4::int[], $5::float8[], $6::numeric[],
                              $7::smallint[])`,
        [
          entries.map((e) => e.id),
          entries.map((e) => e.post_position),
          entries.map((e) => e.horse_id),
          entries.map((e) => e.jockey_id),
          entries.map((e) => e.morning_line_score),
          entries.map((e) => e.morning_line_odds),
          entries.map((e) => e.weight_lbs),
        ],
      );
    }
    return inserted.length;
  }
}
