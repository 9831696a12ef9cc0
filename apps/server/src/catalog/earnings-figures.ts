import type {
  EarningsBucket,
  EarningsConnectionKind,
  EarningsHorse,
  EarningsKind,
  EarningsPoint,
  EarningsStart,
  EarningsTrack,
  EarningsYear,
} from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

// Whitelisted identifiers: nothing from a request is ever put into the SQL text.
const FINISHER_COLUMN: Readonly<Record<EarningsKind, string>> = {
  horses: 'horse_id',
  jockeys: 'jockey_id',
  trainers: 'trainer_id',
  owners: 'owner_id',
};
const NAME: Readonly<Record<EarningsKind, { table: string; column: string }>> = {
  horses: { table: 'horses', column: 'horse_name' },
  jockeys: { table: 'jockeys', column: 'jockey_name' },
  trainers: { table: 'trainers', column: 'trainer_name' },
  owners: { table: 'owners', column: 'owner_name' },
};

// Every start with its result and race: live races join the history as races of their own when
// they finish (RaceHistoryRepository.recordResult), so this covers both.
const STARTS = `
  race_result_finishers f
  JOIN race_results rr ON rr.id = f.result_id
  JOIN races r ON r.id = rr.race_id`;

// One order for "before" and "after": day, the card's clock, then the result and the post (an
// owner or trainer can have two runners in one race).
const START_ORDER = 'r.race_date, r.starting_time, rr.id, f.post_position';
const START_ORDER_DESC = 'r.race_date DESC, r.starting_time DESC, rr.id DESC, f.post_position DESC';

/** Totals of one subject, with how many race days, weeks, months and years its starts span. */
export interface EarningsTotals {
  starts: number;
  wins: number;
  paid_starts: number;
  earnings_cents: number;
  first_date: string | null;
  last_date: string | null;
  /** Distinct buckets of each size that hold a start. */
  spans: Record<EarningsBucket, number>;
}

interface GroupRow {
  dimension: 'all' | 'year' | 'track';
  year: number | null;
  track_id: number | null;
  track_name: string | null;
  starts: number;
  wins: number;
  paid_starts: number;
  earnings_cents: number;
  first_date: string | null;
  last_date: string | null;
  days: number;
  weeks: number;
  months: number;
  years: number;
}

/** What the earnings pages read, grouped in one statement. */
export interface EarningsGroups {
  totals: EarningsTotals;
  byYear: EarningsYear[];
  /** Highest earnings first. */
  byTrack: EarningsTrack[];
}

/**
 * The catalog's earnings figures over its official results (race_result_finishers → race_results →
 * races): the earnings module's read model of the history, set-wise.
 */
@Injectable()
export class EarningsFigures {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async findName(kind: EarningsKind, id: number): Promise<string | undefined> {
    const { table, column } = NAME[kind];
    const rows: { name: string }[] = await this.dataSource.query(
      `SELECT "${column}" AS name FROM "${table}" WHERE id = $1`,
      [id],
    );
    return rows[0]?.name;
  }

  /** Totals, by year and by track of one subject's starts, in one pass. */
  async groups(kind: EarningsKind, id: number): Promise<EarningsGroups> {
    const column = FINISHER_COLUMN[kind];
    const rows: GroupRow[] = await this.dataSource.query(
      `WITH s AS (
         SELECT f.earnings_cents, f.finish_position, r.race_date, r.track_id,
                date_part('year', r.race_date)::int AS year,
                r.race_date::timestamp AS day
           FROM ${STARTS}
          WHERE f."${column}" = $1
       ),
       g AS (
         SELECT CASE WHEN grouping(year) = 0 THEN 'year' WHEN grouping(track_id) = 0 THEN 'track' ELSE 'all' END
                  AS dimension,
                year, track_id,
                count(*)::int AS starts,
                (count(*) FILTER (WHERE finish_position = 1))::int AS wins,
                (count(*) FILTER (WHERE earnings_cents > 0))::int AS paid_starts,
                coalesce(sum(earnings_cents), 0)::float8 AS earnings_cents,
                min(race_date) AS first_date, max(race_date) AS last_date,
                count(DISTINCT race_date)::int AS days,
                count(DISTINCT date_trunc('week', day))::int AS weeks,
                count(DISTINCT date_trunc('month', day))::int AS months,
                count(DISTINCT year)::int AS years
           FROM s
          GROUP BY GROUPING SETS ((), (year), (track_id))
       )
       SELECT g.*, t.track_name
         FROM g LEFT JOIN tracks t ON t.id = g.track_id
        ORDER BY g.dimension, g.year, g.earnings_cents DESC, t.track_name, g.track_id`,
      [id],
    );
    const all = rows.find((r) => r.dimension === 'all');
    return {
      totals: {
        starts: all?.starts ?? 0,
        wins: all?.wins ?? 0,
        paid_starts: all?.paid_starts ?? 0,
        earnings_cents: all?.earnings_cents ?? 0,
        first_date: all?.first_date ?? null,
        last_date: all?.last_date ?? null,
        spans: { day: all?.days ?? 0, week: all?.weeks ?? 0, month: all?.months ?? 0, year: all?.years ?? 0 },
      },
      byYear: rows
        .filter((r) => r.dimension === 'year')
        .map((r) => ({ year: r.year as number, starts: r.starts, wins: r.wins, earnings_cents: r.earnings_cents })),
      byTrack: rows
        .filter((r) => r.dimension === 'track')
        .map((r) => ({
          track_id: r.track_id as number,
          track_name: r.track_name ?? `Track ${r.track_id}`,
          starts: r.starts,
          wins: r.wins,
          earnings_cents: r.earnings_cents,
        })),
    };
  }

  /** Earnings per bucket (oldest first), each with the running total. */
  timeline(kind: EarningsKind, id: number, bucket: EarningsBucket): Promise<EarningsPoint[]> {
    const column = FINISHER_COLUMN[kind];
    return this.dataSource.query(
      `SELECT b.date::date::text AS date, b.starts, b.earnings_cents,
              (sum(b.earnings_cents) OVER (ORDER BY b.date))::float8 AS cumulative_cents
         FROM (SELECT date_trunc($2::text, r.race_date::timestamp) AS date, count(*)::int AS starts,
                      sum(f.earnings_cents)::float8 AS earnings_cents
                 FROM ${STARTS}
                WHERE f."${column}" = $1
                GROUP BY 1) b
        ORDER BY b.date`,
      [id, bucket],
    );
  }

  /** A page of one subject's starts, newest first, each with the running total up to it. */
  async starts(kind: EarningsKind, id: number, limit: number, offset: number): Promise<EarningsStart[]> {
    const column = FINISHER_COLUMN[kind];
    return this.dataSource
      .query(
        `SELECT s.* FROM (
         SELECT r.id AS race_id, r.race_name, r.race_date, r.track_id, t.track_name, f.horse_id, h.horse_name,
                f.finish_position, rr.num_horses, f.earnings_cents::float8 AS earnings_cents,
                (sum(f.earnings_cents) OVER (ORDER BY ${START_ORDER} ROWS UNBOUNDED PRECEDING))::float8
                  AS cumulative_cents,
                row_number() OVER (ORDER BY ${START_ORDER_DESC}) AS n
           FROM ${STARTS}
           JOIN tracks t ON t.id = r.track_id
           JOIN horses h ON h.id = f.horse_id
          WHERE f."${column}" = $1
       ) s
       WHERE s.n > $3
       ORDER BY s.n
       LIMIT $2`,
        [id, limit, offset],
      )
      .then((rows: (EarningsStart & { n: unknown })[]) => rows.map(({ n: _n, ...row }) => row));
  }

  /**
   * Each horse's earnings (highest first), a page of them: under one jockey, trainer or owner, or
   * every horse with a start when `of` is absent. `total` counts the horses.
   */
  async horses(
    of: { kind: EarningsConnectionKind; id: number } | undefined,
    limit: number,
    offset: number,
  ): Promise<{ items: EarningsHorse[]; total: number }> {
    const where = of ? `WHERE f."${FINISHER_COLUMN[of.kind]}" = $3` : '';
    const rows: (EarningsHorse & { total: number })[] = await this.dataSource.query(
      `SELECT g.horse_id, h.horse_name, g.starts, g.wins, g.earnings_cents, g.first_date, g.last_date, g.total
         FROM (SELECT f.horse_id, count(*)::int AS starts,
                      (count(*) FILTER (WHERE f.finish_position = 1))::int AS wins,
                      sum(f.earnings_cents)::float8 AS earnings_cents,
                      min(r.race_date) AS first_date, max(r.race_date) AS last_date,
                      (count(*) OVER ())::int AS total
                 FROM ${STARTS}
                ${where}
                GROUP BY f.horse_id
                ORDER BY earnings_cents DESC, f.horse_id
                LIMIT $1 OFFSET $2) g
         JOIN horses h ON h.id = g.horse_id
        ORDER BY g.earnings_cents DESC, g.horse_id`,
      of ? [limit, offset, of.id] : [limit, offset],
    );
    const total = rows[0]?.total ?? (offset === 0 ? 0 : await this.countHorses(of));
    return { items: rows.map(({ total: _t, ...row }) => row), total };
  }

  /** How many starts one subject has (for a page past the end). */
  async countStarts(kind: EarningsKind, id: number): Promise<number> {
    const rows: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM race_result_finishers f WHERE f."${FINISHER_COLUMN[kind]}" = $1`,
      [id],
    );
    return rows[0]?.n ?? 0;
  }

  private async countHorses(of: { kind: EarningsConnectionKind; id: number } | undefined): Promise<number> {
    const rows: { n: number }[] = await this.dataSource.query(
      of
        ? `SELECT count(DISTINCT f.horse_id)::int AS n FROM race_result_finishers f WHERE f."${FINISHER_COLUMN[of.kind]}" = $1`
        : 'SELECT count(DISTINCT f.horse_id)::int AS n FROM race_result_finishers f',
      of ? [of.id] : [],
    );
    return rows[0]?.n ?? 0;
  }
}
