import type { CurrentRaceRunner, CurrentRaceStatus, CurrentRaceSummary, RaceCancelReason } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { horseSql, jockeySql, lastFinishesSql, runnerFormSql, trackSql } from '../catalog/catalog-joins.sql';
import { SUMMARY_COLUMNS, type SummaryRow, toSummary } from './day-card.repository';

/** A starter's form as the predictor reads it (percentages 0..100, seconds in ms; null without a start). */
export interface PredictorFormRow {
  post_position: number;
  win_pct: number | null;
  avg_speed: number | null;
  earnings_cents: number | null;
  last_race_time_ms: number | null;
  jockey_win_pct: number | null;
}

/** A race as the next-to-post board reads it (post_time a Date). */
export interface BoardRaceRow {
  id: number;
  track_id: number;
  track_name: string;
  location: string;
  race_number: number;
  race_name: string;
  race_date: string;
  post_time: Date;
  status: CurrentRaceStatus;
  num_horses: number;
  utc_offset_minutes: number;
}

/** A race of a track's day, as the board sums the day up. */
export interface DayRaceRow {
  id: number;
  track_id: number;
  race_number: number;
  post_time: Date;
  status: CurrentRaceStatus;
  cancel_reason: RaceCancelReason | null;
}

/** The board's columns of current_races `cr` with its track `t` (the field size counts starters: the draw less scratches). */
const BOARD_COLUMNS = `
  cr.id, cr.track_id, t.track_name, cr.location, cr.race_number, cr.location || ' Race ' || cr.race_number AS race_name,
  cr.race_date, cr.post_time, cr.status, t.utc_offset_minutes,
  cr.num_horses - (SELECT count(*)::int FROM current_race_entries e
                    WHERE e.current_race_id = cr.id AND e.scratched_at IS NOT NULL) AS num_horses`;

/** A runner as stored, with the catalog's names and facts, before the program's view is made of it. */
export interface EntryRow
  extends Pick<
    CurrentRaceRunner,
    | 'post_position'
    | 'horse_id'
    | 'horse_name'
    | 'horse_number'
    | 'jockey_id'
    | 'jockey_name'
    | 'trainer_id'
    | 'trainer_name'
    | 'owner_id'
    | 'owner_name'
    | 'weight_lbs'
    | 'last_finishes'
  > {
  race_date: string;
  dob: string;
  gender: 'male' | 'female';
  /** The stored line (null only for races finished before lines were kept). */
  morning_line_score: number | null;
  morning_line_odds: number | null;
  /** The scratch, if the runner was withdrawn. */
  scratched_at: Date | null;
  scratch_reason: string | null;
  scratched_by: number | null;
}

export interface CurrentRaceFilter {
  trackId?: number;
  date?: string;
  status?: CurrentRaceStatus;
  limit: number;
  offset: number;
}

/** The track's name and UTC offset beside a race. */
export interface RaceTrackFields {
  track_name: string;
  utc_offset_minutes: number;
}

/** Reads current races (current_races, current_race_entries) with the catalog's names. */
@Injectable()
export class CurrentRaceRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** A race with its track's name; the seed stays secret (null) until the race has finished. */
  async findById(id: number): Promise<(CurrentRaceSummary & RaceTrackFields & { seed: string | null }) | undefined> {
    const rows: (SummaryRow & RaceTrackFields & { seed: string | null })[] = await this.dataSource.query(
      `SELECT ${SUMMARY_COLUMNS}, t.track_name, t.utc_offset_minutes,
              CASE WHEN cr.status = 'finished' THEN cr.seed END AS seed
         FROM current_races cr JOIN LATERAL (${trackSql('cr.track_id')}) t ON true
        WHERE cr.id = $1`,
      [id],
    );
    const row = rows[0];
    return (
      row && {
        ...toSummary(row),
        track_name: row.track_name,
        utc_offset_minutes: row.utc_offset_minutes,
        seed: row.seed,
      }
    );
  }

  /** Races not off yet (scheduled, open, closed) posting at or after `notBefore`, soonest first. */
  notOff(notBefore: Date, limit: number): Promise<BoardRaceRow[]> {
    return this.dataSource.query(
      `SELECT ${BOARD_COLUMNS}
         FROM current_races cr JOIN LATERAL (${trackSql('cr.track_id')}) t ON true
        WHERE cr.status IN ('scheduled', 'open', 'closed') AND cr.post_time >= $1
        ORDER BY cr.post_time, cr.id
        LIMIT $2`,
      [notBefore, limit],
    );
  }

  /** Races running now, earliest post first. */
  running(): Promise<BoardRaceRow[]> {
    return this.dataSource.query(
      `SELECT ${BOARD_COLUMNS}
         FROM current_races cr JOIN LATERAL (${trackSql('cr.track_id')}) t ON true
        WHERE cr.status = 'running'
        ORDER BY cr.post_time, cr.id`,
    );
  }

  /** The races of the given tracks' days (track i on dates[i]), by track and race number. */
  ofDays(trackIds: readonly number[], dates: readonly string[]): Promise<DayRaceRow[]> {
    if (trackIds.length === 0) return Promise.resolve([]);
    return this.dataSource.query(
      `SELECT cr.id, cr.track_id, cr.race_number, cr.post_time, cr.status, cr.cancel_reason
         FROM current_races cr
         JOIN unnest($1::int[], $2::date[]) AS d(track_id, race_date)
           ON cr.track_id = d.track_id AND cr.race_date = d.race_date
        ORDER BY cr.track_id, cr.race_number`,
      [[...trackIds], [...dates]],
    );
  }

  // Trainer and owner are the horse's own: a current entry records only the horse, its rider, and
  // what the card fixed (line, weight). The last finishes are those before the race's post time.
  /** The form of a race's starters now (post-position order), as the predictor reads it. */
  predictorForms(id: number): Promise<PredictorFormRow[]> {
    return this.dataSource.query(
      `SELECT e.post_position, f.win_pct, f.avg_speed, f.earnings_cents, f.last_race_time_ms, f.jockey_win_pct
         FROM current_race_entries e
         LEFT JOIN LATERAL (${runnerFormSql('e.horse_id', 'e.jockey_id')}) f ON true
        WHERE e.current_race_id = $1 AND e.scratched_at IS NULL
        ORDER BY e.post_position`,
      [id],
    );
  }

  async entries(id: number): Promise<EntryRow[]> {
    const rows: EntryRow[] = await this.dataSource.query(
      `SELECT e.post_position, e.horse_id, h.horse_name, h.horse_number, e.jockey_id, j.jockey_name,
              h.trainer_id, h.trainer_name, h.owner_id, h.owner_name, h.dob, h.gender, cr.race_date::text AS race_date,
              e.weight_lbs, e.morning_line_score, e.morning_line_odds::float8 AS morning_line_odds, lf.last_finishes,
              e.scratched_at, e.scratch_reason, e.scratched_by
         FROM current_race_entries e
         JOIN current_races cr ON cr.id = e.current_race_id
         JOIN LATERAL (${horseSql('e.horse_id')}) h ON true
         JOIN LATERAL (${jockeySql('e.jockey_id')}) j ON true
         JOIN LATERAL (${lastFinishesSql('e.horse_id', 'cr.post_time')}) lf ON true
        WHERE e.current_race_id = $1
        ORDER BY e.post_position`,
      [id],
    );
    return rows.map((r) => ({ ...r, last_finishes: r.last_finishes.map(Number) }));
  }

  async list(filter: CurrentRaceFilter): Promise<{ items: CurrentRaceSummary[]; total: number }> {
    const clauses: string[] = [];
    const params: unknown[] = [];
    const bind = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    if (filter.trackId !== undefined) clauses.push(`cr.track_id = ${bind(filter.trackId)}`);
    if (filter.date !== undefined) clauses.push(`cr.race_date = ${bind(filter.date)}::date`);
    if (filter.status !== undefined) clauses.push(`cr.status = ${bind(filter.status)}`);
    const where = clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
    const page = params.length;
    const [rows, counted]: [SummaryRow[], { total: number }[]] = await Promise.all([
      this.dataSource.query(
        `SELECT ${SUMMARY_COLUMNS} FROM current_races cr ${where}
          ORDER BY cr.post_time DESC, cr.id DESC
          LIMIT $${page + 1} OFFSET $${page + 2}`,
        [...params, filter.limit, filter.offset],
      ),
      this.dataSource.query(`SELECT count(*)::int AS total FROM current_races cr ${where}`, params),
    ]);
    return { items: rows.map(toSummary), total: counted[0]?.total ?? 0 };
  }
}
