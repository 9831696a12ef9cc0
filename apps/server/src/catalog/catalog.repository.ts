import type { CatalogKind, ColumnDef, FilterValue, ListQuery } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { escapeLiteral } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { preparedQuery } from '../common/prepared-query';
import { fitsStoredColumn, likePattern, type StoredColumn } from './list-query';
import { KINDS_WITH_SEARCH_TEXT, SEARCH_TEXT_COLUMN } from './search-text';

export type Row = Record<string, unknown>;

const q = (identifier: string) => `"${identifier}"`;

/** A typed array of list-query values: numbers and booleans as they are, text escaped. */
function arrayLiteral(values: readonly FilterValue[], sqlType: string): string {
  const items = values.map((v) => (typeof v === 'string' ? escapeLiteral(v) : String(v)));
  return `ARRAY[${items.join(', ')}]::${sqlType}[]`;
}

/** The column that carries a list's total on each row (no catalog column starts with a space). */
const TOTAL = ' total';
/** Prepared list statements per process; each connection keeps the ones it has run. */
const MAX_PREPARED = 200;

// Casts that make pg hand back plain JSON values (strings for dates, numbers for amounts).
function selectExpression(column: string, def: ColumnDef): string {
  switch (def.type) {
    case 'date[]':
      return `${q(column)}::text[] AS ${q(column)}`;
    case 'number[]':
      return `${q(column)}::float8[] AS ${q(column)}`;
    default:
      return q(column);
  }
}

/** Reads the reference data with whitelisted columns; values are bound, or typed and escaped (see where). */
@Injectable()
export class CatalogRepository {
  private readonly stored = new Map<string, Map<string, StoredColumn>>();
  private readonly prepared = new Set<string>();

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  selectList(kind: CatalogKind, alias?: string): string {
    return Object.entries(kind.columns)
      .map(([column, def]) => (alias ? `${alias}.${selectExpression(column, def)}` : selectExpression(column, def)))
      .join(', ');
  }

  /** How PostgreSQL stores a column of the kind's table, read from the entity metadata the migrations follow. */
  storedColumn(kind: CatalogKind, column: string): StoredColumn {
    let columns = this.stored.get(kind.table);
    if (!columns) {
      const metadata = this.dataSource.entityMetadatas.find((m) => m.tableName === kind.table);
      if (!metadata) throw new Error(`no entity for table ${kind.table}`);
      columns = new Map(
        metadata.columns.map((c) => [
          c.databaseName,
          { sqlType: this.dataSource.driver.normalizeType(c), array: c.isArray },
        ]),
      );
      this.stored.set(kind.table, columns);
    }
    const stored = columns.get(column);
    if (!stored) throw new Error(`no column ${kind.table}.${column}`);
    return stored;
  }

  /**
   * The list's WHERE with its values written in as literals, not bound: the pool's connections set
   * plan_cache_mode=force_generic_plan, which PostgreSQL applies to every statement with bound
   * parameters, unnamed ones too, so a bound q or filter got one plan for every value (q=ar walked
   * the whole trigram index: 26 ms instead of 4; ?jockey_id= the whole primary key). With literals
   * each statement is planned for its values. Every value is parsed and typed by parseListQuery;
   * text goes through pg's escapeLiteral.
   */
  private where(kind: CatalogKind, query: ListQuery): string {
    const clauses: string[] = [];
    if (query.ids.length > 0) clauses.push(`"id" = ANY(${arrayLiteral(query.ids, 'integer')})`);
    if (query.names.length > 0) clauses.push(`${q(kind.nameColumn)} = ANY(${arrayLiteral(query.names, 'text')})`);
    if (query.q) {
      const p = escapeLiteral(likePattern(query.q));
      clauses.push(
        KINDS_WITH_SEARCH_TEXT.has(kind.name)
          ? `${q(SEARCH_TEXT_COLUMN)} LIKE lower(${p})`
          : `(${kind.searchColumns.map((c) => `${q(c)} ILIKE ${p}`).join(' OR ')})`,
      );
    }
    for (const filter of query.filters) {
      // The values are an array of the column's own element type: `&&` has no cross-type variant
      // (bigint[] && numeric[] does not exist), and `=` then uses the column's index.
      const stored = this.storedColumn(kind, filter.column);
      const values = filter.values.filter((v) => fitsStoredColumn(stored, v));
      if (values.length === 0) {
        clauses.push('FALSE');
        continue;
      }
      const array = arrayLiteral(values, stored.sqlType);
      // A list column matches when it holds any of the values; a plain column when it equals one.
      clauses.push(stored.array ? `${q(filter.column)} && ${array}` : `${q(filter.column)} = ANY(${array})`);
    }
    return clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '';
  }

  async list(kind: CatalogKind, query: ListQuery): Promise<{ items: Row[]; total: number }> {
    const where = this.where(kind, query);
    const order = `${q(query.sort)} ${query.order === 'desc' ? 'DESC' : 'ASC'} NULLS LAST${query.sort === 'id' ? '' : ', "id" ASC'}`;
    const page = `ORDER BY ${order} LIMIT ${query.limit} OFFSET ${query.offset}`;
    // A later page picks its ids first, from the sort's index alone, and reads only those rows:
    // offset=5000 read 5,025 whole rows to keep 25 (40 ms; 3 ms this way).
    const rows =
      query.offset > 0
        ? `WHERE "id" IN (SELECT "id" FROM ${q(kind.table)} ${where} ${page}) ORDER BY ${order}`
        : `${where} ${page}`;
    // One round trip: the total rides on every row as an InitPlan, which PostgreSQL runs once.
    const sql = `SELECT ${this.selectList(kind)}, (SELECT count(*) FROM ${q(kind.table)} ${where})::int AS ${q(TOTAL)} FROM ${q(kind.table)} ${rows}`;
    const items: Row[] = await this.run(sql, where === '');
    let total = 0;
    if (items.length > 0) total = items[0]?.[TOTAL] as number;
    else if (query.offset > 0) {
      // A page past the end has no row to carry the total.
      const [row] = await this.dataSource.query(`SELECT count(*)::int AS total FROM ${q(kind.table)} ${where}`);
      total = (row as { total: number }).total;
    }
    for (const row of items) delete row[TOTAL];
    return { items, total };
  }

  /**
   * A list statement without a WHERE runs prepared, planned once per connection. A filtered one
   * (its values are in its text) is planned on each call for its values. The number of prepared
   * texts is capped, since limit and offset are in the text.
   */
  private run(sql: string, prepare: boolean): Promise<Row[]> {
    if (prepare && (this.prepared.has(sql) || this.prepared.size < MAX_PREPARED)) {
      this.prepared.add(sql);
      return preparedQuery<Row[]>(this.dataSource, sql, []);
    }
    return this.dataSource.query(sql);
  }

  async findById(kind: CatalogKind, id: number): Promise<Row | undefined> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${this.selectList(kind)} FROM ${q(kind.table)} WHERE "id" = $1`,
      [id],
    );
    return rows[0];
  }

  /**
   * Which of `ids` are records of the kind, each kept from deletion until the transaction of `m`
   * ends (FOR KEY SHARE): for another module that attaches something to a record.
   */
  async existingIds(kind: CatalogKind, ids: readonly number[], m: EntityManager, keep: boolean): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows: { id: string | number }[] = await m.query(
      `SELECT "id" FROM ${q(kind.table)} WHERE "id" = ANY($1::bigint[])${keep ? ' FOR KEY SHARE' : ''}`,
      [[...ids]],
    );
    return new Set(rows.map((r) => Number(r.id)));
  }

  /**
   * A page of the kind's ids and names, by id; `q` (bound, its wildcards escaped) keeps the names
   * containing it in any case. Where the kind has the search text column, its trigram index narrows
   * the rows first (the name column has none of its own there). Bound, unlike the list's WHERE: an
   * admin's tool, not the hot path, so one generic plan is good enough.
   */
  async names(
    kind: CatalogKind,
    page: { limit: number; offset: number; q?: string },
  ): Promise<{ items: { id: number; name: string }[]; total: number }> {
    const name = q(kind.nameColumn);
    const where = page.q
      ? `WHERE ${name} ILIKE $1${KINDS_WITH_SEARCH_TEXT.has(kind.name) ? ` AND ${q(SEARCH_TEXT_COLUMN)} LIKE lower($1)` : ''}`
      : '';
    const params = page.q ? [likePattern(page.q)] : [];
    const n = params.length;
    const [rows, counted] = await Promise.all([
      this.dataSource.query<{ id: string | number; name: string }[]>(
        `SELECT "id", ${name} AS name FROM ${q(kind.table)} ${where} ORDER BY "id" LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...params, page.limit, page.offset],
      ),
      this.dataSource.query<{ total: number }[]>(
        `SELECT count(*)::int AS total FROM ${q(kind.table)} ${where}`,
        params,
      ),
    ]);
    return { items: rows.map((r) => ({ id: Number(r.id), name: r.name })), total: counted[0]?.total ?? 0 };
  }

  async random(kind: CatalogKind, count: number): Promise<Row[]> {
    return this.dataSource.query(`SELECT ${this.selectList(kind)} FROM ${q(kind.table)} ORDER BY random() LIMIT $1`, [
      count,
    ]);
  }

  async horseConnections(horseId: number): Promise<Row | undefined> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT b.breed_name, j.jockey_name, t.trainer_name, o.owner_name
         FROM horses h
         JOIN breeds b ON b.id = h.breed_id
         LEFT JOIN jockeys j ON j.id = h.jockey_id
         LEFT JOIN trainers t ON t.id = h.trainer_id
         LEFT JOIN owners o ON o.id = h.owner_id
        WHERE h.id = $1`,
      [horseId],
    );
    return rows[0];
  }

  async raceEntries(raceId: number): Promise<Row[]> {
    return this.dataSource.query(
      `SELECT e.post_position, e.horse_id, h.horse_name, e.jockey_id, j.jockey_name,
              e.trainer_id, t.trainer_name, e.owner_id, o.owner_name
         FROM race_entries e
         JOIN horses h ON h.id = e.horse_id
         JOIN jockeys j ON j.id = e.jockey_id
         JOIN trainers t ON t.id = e.trainer_id
         JOIN owners o ON o.id = e.owner_id
        WHERE e.race_id = $1
        ORDER BY e.post_position`,
      [raceId],
    );
  }

  async raceResult(raceId: number): Promise<Row | undefined> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT r.id, r.race_id, r.num_horses, r.winner_horse_id, r.winner_post_position, r.race_duration_ms,
              r.wire_position, r.finished_at,
              json_agg(json_build_object(
                'finish_position', f.finish_position, 'post_position', f.post_position,
                'horse_id', f.horse_id, 'horse_name', h.horse_name, 'jockey_id', f.jockey_id,
                'finish_time_ms', f.finish_time_ms, 'speed_figure', f.speed_figure,
                'earnings_cents', f.earnings_cents) ORDER BY f.finish_position, f.post_position) AS finishers
         FROM race_results r
         JOIN race_result_finishers f ON f.result_id = r.id
         JOIN horses h ON h.id = f.horse_id
        WHERE r.race_id = $1
        GROUP BY r.id`,
      [raceId],
    );
    return rows[0];
  }

  async pastPerformance(horseId: number): Promise<Row | undefined> {
    const rows: Row[] = await this.dataSource.query(
      `SELECT h.id AS horse_id, h.horse_name, p.jockey_id, COALESCE(p.starts, 0) AS starts, COALESCE(p.wins, 0) AS wins,
              COALESCE(p.win_pct_horse, 0) AS win_pct_horse, p.avg_speed_figure_horse,
              COALESCE(p.earnings_cents, 0) AS earnings_cents, p.last_race_time_ms, p.last_race_date,
              COALESCE(p.win_percentage_jockey, 0) AS win_percentage_jockey, p.refreshed_at
         FROM horses h LEFT JOIN past_performances p ON p.horse_id = h.id
        WHERE h.id = $1`,
      [horseId],
    );
    return rows[0];
  }

  async recentStarts(horseId: number, limit: number): Promise<Row[]> {
    return this.dataSource.query(
      `SELECT r.id AS race_id, r.race_name, r.race_date, r.track_id, r.location, r.furlongs, r.surface_type,
              r.track_condition, r.race_class, r.num_horses, f.finish_position, f.post_position, f.jockey_id,
              f.finish_time_ms, f.speed_figure, f.earnings_cents, f.final_odds AS odds
         FROM race_result_finishers f
         JOIN race_results rr ON rr.id = f.result_id
         JOIN races r ON r.id = rr.race_id
        WHERE f.horse_id = $1
        ORDER BY r.race_date DESC, r.starting_time DESC
        LIMIT $2`,
      [horseId, limit],
    );
  }

  /** The horse's record per calendar year, newest first. */
  async recordByYear(horseId: number): Promise<Row[]> {
    return this.dataSource.query(
      `SELECT extract(year FROM r.race_date)::int AS year,
              count(*)::int AS starts,
              (count(*) FILTER (WHERE f.finish_position = 1))::int AS wins,
              (count(*) FILTER (WHERE f.finish_position = 2))::int AS places,
              (count(*) FILTER (WHERE f.finish_position = 3))::int AS shows,
              coalesce(sum(f.earnings_cents), 0)::bigint AS earnings_cents
         FROM race_result_finishers f
         JOIN race_results rr ON rr.id = f.result_id
         JOIN races r ON r.id = rr.race_id
        WHERE f.horse_id = $1
        GROUP BY 1
        ORDER BY 1 DESC`,
      [horseId],
    );
  }
}
