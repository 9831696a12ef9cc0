import type { CardTrack } from '@furlong/contracts';
import type { DayCardHorse, DayCardTrack } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { runnerFormSql } from './catalog-joins.sql';

/** A track as the day card needs it: its header plus what the races are drawn from. */
export type CardTrackRow = CardTrack & DayCardTrack;

/** The horses and riders a day card's races are drawn from. */
export interface DrawCandidates {
  horses: DayCardHorse[];
  jockeyIds: number[];
}

/** A drawn runner's form and the facts its line and weight are fixed from when the card is made. */
export interface CardRunnerFacts {
  horse_id: number;
  /** YYYY-MM-DD */
  dob: string;
  gender: 'male' | 'female';
  /** Percent, or null without form. */
  win_pct: number | null;
  avg_speed: number | null;
  earnings_cents: number | null;
  last_race_time_ms: number | null;
  /** The rider's win percent, or null. */
  jockey_win_pct: number | null;
}

const TRACK_SELECT = `
  SELECT id, track_name, location, start_time::text AS start_time, utc_offset_minutes, daily_races, race_intervals,
         surface_type, track_condition, weather, furlongs, distances_furlongs::float8[] AS distances_furlongs,
         purse_sizes_cents::float8[] AS purse_sizes_cents
    FROM tracks`;

/** What racing makes its day cards from: the tracks, and the horses and riders of the draw. */
@Injectable()
export class DayCardSources {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async track(trackId: number): Promise<CardTrackRow | undefined> {
    const rows: CardTrackRow[] = await this.dataSource.query(`${TRACK_SELECT} WHERE id = $1`, [trackId]);
    return rows[0];
  }

  tracks(): Promise<CardTrackRow[]> {
    return this.dataSource.query(`${TRACK_SELECT} ORDER BY id`);
  }

  /** Read with the card's transaction (PGlite is one session: a query beside it would wait forever). */
  async drawCandidates(manager: EntityManager): Promise<DrawCandidates> {
    // Player-made horses (user_id set) enter races through the stable, not the card draw.
    const horses: DayCardHorse[] = await manager.query(
      'SELECT id, jockey_id FROM horses WHERE user_id IS NULL ORDER BY id',
    );
    const jockeys: { id: number }[] = await manager.query('SELECT id FROM jockeys ORDER BY id');
    return { horses, jockeyIds: jockeys.map((j) => j.id) };
  }

  /** The form and facts of drawn runners (horse and rider), in the order given; read with the card's transaction. */
  runnerFacts(
    manager: EntityManager,
    runners: readonly { horse_id: number; jockey_id: number }[],
  ): Promise<CardRunnerFacts[]> {
    if (runners.length === 0) return Promise.resolve([]);
    return manager.query(
      `SELECT u.horse_id, f.dob, f.gender, f.win_pct, f.avg_speed, f.earnings_cents, f.last_race_time_ms,
              f.jockey_win_pct
         FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS u(horse_id, jockey_id, i)
         JOIN LATERAL (${runnerFormSql('u.horse_id', 'u.jockey_id')}) f ON true
        ORDER BY u.i`,
      [runners.map((r) => r.horse_id), runners.map((r) => r.jockey_id)],
    );
  }
}
