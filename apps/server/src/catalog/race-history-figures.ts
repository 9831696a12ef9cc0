import {
  type FieldSizeFigure,
  type LeaderRow,
  type RecentStart,
  ROUTE_KEY,
  SPRINT_KEY,
  type StatsLeaderKind,
  type StatsLeaderSort,
  type TrackConditionFigure,
  type TrackTypeFigure,
} from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Jockeys and trainers have a stats page; horses and owners only lead boards. */
export type ConnectionKind = Extract<StatsLeaderKind, 'jockeys' | 'trainers'>;

interface KindSql {
  table: string;
  nameColumn: string;
  /** The column of race_result_finishers that names this kind. */
  finisherColumn: string;
}

// Whitelisted identifiers: nothing from a request is ever put into the SQL text.
const KIND_SQL: Readonly<Record<StatsLeaderKind, KindSql>> = {
  jockeys: { table: 'jockeys', nameColumn: 'jockey_name', finisherColumn: 'jockey_id' },
  trainers: { table: 'trainers', nameColumn: 'trainer_name', finisherColumn: 'trainer_id' },
  horses: { table: 'horses', nameColumn: 'horse_name', finisherColumn: 'horse_id' },
  owners: { table: 'owners', nameColumn: 'owner_name', finisherColumn: 'owner_id' },
};

const LEADER_ORDER: Readonly<Record<StatsLeaderSort, string>> = {
  wins: 'g.wins DESC, g.starts ASC',
  win_pct: 'g.wins::float8 / g.starts DESC, g.starts DESC',
  earnings: 'g.earnings_cents DESC',
  starts: 'g.starts DESC, g.wins DESC',
};

/** One row of a jockey's or trainer's figures: the totals ('all') or one group of a breakdown. */
export interface FigureRow {
  dimension: 'all' | 'surface' | 'condition' | 'distance' | 'post';
  key: string | null;
  starts: number;
  wins: number;
  places: number;
  shows: number;
  earnings_cents: number;
  avg_speed_figure: number | null;
  avg_finish_position: number | null;
}

export interface OverviewTotals {
  races: number;
  starters: number;
  avg_field_size: number | null;
  avg_winning_time_per_furlong_ms: number | null;
  first_date: string | null;
  last_date: string | null;
}

export interface StartsAndWins {
  key: string;
  starts: number;
  wins: number;
}

// Every start with its result and race.
const STARTS = `
  race_result_finishers f
  JOIN race_results rr ON rr.id = f.result_id
  JOIN races r ON r.id = rr.race_id`;

/** One start of a finished race, in the order the races were run (the back-test's input). */
export interface StartInRunningOrder {
  result_id: number;
  /** The live race it was (null for the seeded history). */
  current_race_id: number | null;
  race_date: string;
  post_position: number;
  horse_id: number;
  jockey_id: number | null;
  finish_position: number;
  speed_figure: number | null;
  earnings_cents: number;
  finish_time_ms: number | null;
}

/**
 * The catalog's figures over its official results (race_results, race_result_finishers, races),
 * set-wise: the statistics module's read model of the history.
 */
@Injectable()
export class RaceHistoryFigures {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Results so far: a back-test's cache is good while these stay the same. */
  async resultsVersion(): Promise<{ results: number; last_id: number }> {
    const [row]: { results: number; last_id: number }[] = await this.dataSource.query(
      'SELECT count(*)::int AS results, coalesce(max(id), 0)::int AS last_id FROM race_results',
    );
    return row ?? { results: 0, last_id: 0 };
  }

  /**
   * Every start of every finished race, race by race in the order they were run (the order the past
   * performances read "latest" in), finishers of a race by finishing position.
   */
  startsInRunningOrder(): Promise<StartInRunningOrder[]> {
    return this.dataSource.query(
      `SELECT rr.id AS result_id, rr.current_race_id, r.race_date::text AS race_date, f.post_position, f.horse_id,
              f.jockey_id, f.finish_position, f.speed_figure, f.earnings_cents::float8 AS earnings_cents, f.finish_time_ms
         FROM race_result_finishers f
         JOIN race_results rr ON rr.id = f.result_id
         JOIN races r ON r.id = rr.race_id
        ORDER BY rr.finished_at, r.race_date, rr.id, f.finish_position, f.post_position`,
    );
  }

  async findName(kind: StatsLeaderKind, id: number): Promise<string | undefined> {
    const { table, nameColumn } = KIND_SQL[kind];
    const rows: { name: string }[] = await this.dataSource.query(
      `SELECT "${nameColumn}" AS name FROM "${table}" WHERE id = $1`,
      [id],
    );
    return rows[0]?.name;
  }

  /** Totals and every breakdown (surface, condition, distance, post) of one jockey or trainer in one pass. */
  async connectionFigures(kind: ConnectionKind, id: number): Promise<FigureRow[]> {
    const column = KIND_SQL[kind].finisherColumn;
    return this.dataSource.query(
      `WITH s AS (
         SELECT f.finish_position, f.post_position, f.speed_figure, f.earnings_cents, r.surface_type, r.track_condition,
                CASE WHEN r.furlongs < 8 THEN $2::text ELSE $3::text END AS distance
           FROM ${STARTS}
          WHERE f."${column}" = $1
       )
       SELECT CASE WHEN grouping(surface_type) = 0 THEN 'surface'
                   WHEN grouping(track_condition) = 0 THEN 'condition'
                   WHEN grouping(distance) = 0 THEN 'distance'
                   WHEN grouping(post_position) = 0 THEN 'post'
                   ELSE 'all' END AS dimension,
              coalesce(surface_type, track_condition, distance, post_position::text) AS key,
              count(*)::int AS starts,
              (count(*) FILTER (WHERE finish_position = 1))::int AS wins,
              (count(*) FILTER (WHERE finish_position = 2))::int AS places,
              (count(*) FILTER (WHERE finish_position = 3))::int AS shows,
              coalesce(sum(earnings_cents), 0)::float8 AS earnings_cents,
              round(avg(speed_figure), 2)::float8 AS avg_speed_figure,
              round(avg(finish_position), 2)::float8 AS avg_finish_position
         FROM s
        GROUP BY GROUPING SETS ((), (surface_type), (track_condition), (distance), (post_position))`,
      [id, SPRINT_KEY, ROUTE_KEY],
    );
  }

  async recentStarts(kind: ConnectionKind, id: number, limit: number): Promise<RecentStart[]> {
    const column = KIND_SQL[kind].finisherColumn;
    return this.dataSource.query(
      `SELECT r.id AS race_id, r.race_name, r.race_date, t.track_name, r.furlongs, r.surface_type, r.track_condition,
              f.horse_id, h.horse_name, f.post_position, f.finish_position, rr.num_horses, f.finish_time_ms,
              f.speed_figure, f.earnings_cents
         FROM ${STARTS}
         JOIN tracks t ON t.id = r.track_id
         JOIN horses h ON h.id = f.horse_id
        WHERE f."${column}" = $1
        ORDER BY rr.finished_at DESC, rr.id DESC
        LIMIT $2`,
      [id, limit],
    );
  }

  async leaders(kind: StatsLeaderKind, sort: StatsLeaderSort, limit: number, minStarts: number): Promise<LeaderRow[]> {
    const { table, nameColumn, finisherColumn } = KIND_SQL[kind];
    return this.dataSource.query(
      `SELECT g.id, n."${nameColumn}" AS name, g.starts, g.wins, g.places, g.shows,
              round(100.0 * g.wins / g.starts, 2)::float8 AS win_pct, g.earnings_cents
         FROM (SELECT f."${finisherColumn}" AS id,
                      count(*)::int AS starts,
                      (count(*) FILTER (WHERE f.finish_position = 1))::int AS wins,
                      (count(*) FILTER (WHERE f.finish_position = 2))::int AS places,
                      (count(*) FILTER (WHERE f.finish_position = 3))::int AS shows,
                      sum(f.earnings_cents)::float8 AS earnings_cents
                 FROM race_result_finishers f
                GROUP BY f."${finisherColumn}"
               HAVING count(*) >= $1) g
         JOIN "${table}" n ON n.id = g.id
        ORDER BY ${LEADER_ORDER[sort]}, g.id
        LIMIT $2`,
      [Math.max(1, minStarts), limit],
    );
  }

  async overviewTotals(): Promise<OverviewTotals> {
    const [row]: OverviewTotals[] = await this.dataSource.query(
      `SELECT count(*)::int AS races,
              (SELECT count(*) FROM race_result_finishers)::int AS starters,
              round(avg(rr.num_horses), 2)::float8 AS avg_field_size,
              round(avg(rr.race_duration_ms / r.furlongs), 1)::float8 AS avg_winning_time_per_furlong_ms,
              min(r.race_date) AS first_date, max(r.race_date) AS last_date
         FROM race_results rr JOIN races r ON r.id = rr.race_id`,
    );
    return row as OverviewTotals;
  }

  async startsByPostPosition(): Promise<StartsAndWins[]> {
    return this.dataSource.query(
      `SELECT post_position::text AS key, count(*)::int AS starts,
              (count(*) FILTER (WHERE finish_position = 1))::int AS wins
         FROM race_result_finishers
        GROUP BY post_position
        ORDER BY post_position`,
    );
  }

  async racesByFieldSize(): Promise<FieldSizeFigure[]> {
    return this.dataSource.query(
      `SELECT rr.num_horses::text AS key, count(*)::int AS races,
              round(100.0 * count(*) / sum(count(*)) OVER (), 2)::float8 AS pct_of_races,
              round(avg(rr.race_duration_ms / r.furlongs), 1)::float8 AS avg_winning_time_per_furlong_ms
         FROM race_results rr JOIN races r ON r.id = rr.race_id
        GROUP BY rr.num_horses
        ORDER BY rr.num_horses`,
    );
  }

  /** Figures per track condition, with how many tracks list each condition now. */
  async trackConditions(): Promise<TrackConditionFigure[]> {
    const rows = await this.goingFigures('track_condition');
    return rows.map(({ tracks, ...figure }) => ({ ...figure, tracks_now: tracks }));
  }

  /** Figures per surface, with how many tracks have each surface. */
  async trackTypes(): Promise<TrackTypeFigure[]> {
    return this.goingFigures('surface_type');
  }

  private async goingFigures(column: 'track_condition' | 'surface_type'): Promise<TrackTypeFigure[]> {
    return this.dataSource.query(
      `WITH per_race AS (
         SELECT r."${column}" AS key, count(*)::int AS races,
                round(avg(rr.race_duration_ms / r.furlongs), 1)::float8 AS avg_winning_time_per_furlong_ms,
                round(avg(rr.num_horses), 2)::float8 AS avg_field_size
           FROM race_results rr JOIN races r ON r.id = rr.race_id
          GROUP BY r."${column}"
       ),
       per_starter AS (
         SELECT r."${column}" AS key, round(avg(f.speed_figure), 2)::float8 AS avg_speed_figure
           FROM ${STARTS}
          GROUP BY r."${column}"
       ),
       now AS (SELECT "${column}" AS key, count(*)::int AS tracks FROM tracks GROUP BY "${column}")
       SELECT key, coalesce(p.races, 0) AS races, p.avg_winning_time_per_furlong_ms, s.avg_speed_figure,
              p.avg_field_size, coalesce(n.tracks, 0) AS tracks
         FROM per_race p
         FULL JOIN now n USING (key)
         LEFT JOIN per_starter s USING (key)
        ORDER BY races DESC, key`,
    );
  }
}
