import type { TableColumn, TableFields, TableRow, TableRows, TableSummary } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityMetadata } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { notFound } from '../common/api-error';
import { TableWriters } from './table-writers';

/** Tables that hold only secrets or the record of admins' own acts: never browsed. */
const HIDDEN_TABLES = new Set(['audit_log', 'sessions', 'login_passes', 'login_link_redemptions', 'auth_throttle']);
/**
 * Columns that hold secrets, in whatever table: never shown — password and token hashes, and a
 * race's seed (secret until the off: whoever saw it would know the result).
 */
const SECRET_COLUMN = /password|secret|token|hash|api_?key|^seed$/i;

interface BrowsableTable {
  name: string;
  columns: Omit<TableColumn, 'editable' | 'required'>[];
  hidden: number;
  /** The primary key's columns, which order the rows. */
  order: string[];
}

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/**
 * The table and field browser (issue 21, /showDB; the spec's GET /tables, GET /{table}/fields,
 * GET /{table}): read-only, over an allow-list built once from the entity metadata — every table
 * but those holding only secrets and the audit log, every column but secrets. A name from a request
 * is only ever looked up in that list; the SQL is built from the metadata's names (quoted) and
 * bound values, never from the request's text. It reads every module's tables, which no other
 * service does; a change is made by the table's owner (see TableManager), never here.
 */
@Injectable()
export class TableBrowser {
  private allowList?: Map<string, BrowsableTable>;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(TableWriters) private readonly writers: TableWriters,
  ) {}

  async tables(): Promise<TableSummary[]> {
    const tables = [...this.browsable().values()];
    const counts: { name: string; n: number }[] = await this.dataSource.query(
      tables
        .map((t, i) => `SELECT $${i + 1}::text AS name, count(*)::int AS n FROM ${quote(t.name)}`)
        .join(' UNION ALL '),
      tables.map((t) => t.name),
    );
    const rows = new Map(counts.map((c) => [c.name, c.n]));
    return tables.map((t) => ({ ...this.fieldsOf(t), rows: rows.get(t.name) ?? 0 }));
  }

  /** GET /api/admin/tables/{table}/fields */
  fields(name: string): TableFields {
    const table = this.browsable().get(name);
    if (!table) throw notFound('Table', name);
    return this.fieldsOf(table);
  }

  /** Whether a table may be browsed (and so, perhaps, written). */
  has(name: string): boolean {
    return this.browsable().has(name);
  }

  /** One row by its id, as the rows show it (for a table keyed by `id`). */
  async row(name: string, id: number): Promise<TableRow> {
    const table = this.browsable().get(name);
    if (!table?.columns.some((c) => c.name === 'id')) throw notFound('Table', name);
    const [row]: TableRow[] = await this.dataSource.query(
      `SELECT ${table.columns.map((c) => quote(c.name)).join(', ')} FROM ${quote(table.name)} WHERE "id" = $1`,
      [id],
    );
    if (!row) throw notFound('Row', id);
    return row;
  }

  async rows(name: string, limit: number, offset: number): Promise<TableRows> {
    const table = this.browsable().get(name);
    if (!table) throw notFound('Table', name);
    const columns = table.columns.map((c) => c.name);
    const order = (table.order.length > 0 ? table.order : columns.slice(0, 1)).map(quote).join(', ');
    const items: Record<string, unknown>[] = await this.dataSource.query(
      `SELECT ${columns.map(quote).join(', ')} FROM ${quote(table.name)} ORDER BY ${order} LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    const [count]: { n: number }[] = await this.dataSource.query(`SELECT count(*)::int AS n FROM ${quote(table.name)}`);
    return { table: table.name, columns, items, total: count?.n ?? 0, limit, offset };
  }

  private fieldsOf(t: BrowsableTable): TableFields {
    const writes = this.writers.writes(t.name);
    const writer = this.writers.get(t.name);
    return {
      name: t.name,
      columns: t.columns.map((c) => ({
        ...c,
        editable: (writes.create || writes.update) && !!writer?.editable.includes(c.name),
        required: writes.create && !!writer?.required.includes(c.name),
      })),
      hidden_columns: t.hidden,
      writable: writes,
    };
  }

  private browsable(): Map<string, BrowsableTable> {
    if (!this.allowList) {
      this.allowList = new Map(
        this.dataSource.entityMetadatas
          .filter((m) => m.tableType === 'regular' && !HIDDEN_TABLES.has(m.tableName))
          .map((m) => [m.tableName, describe(m, (c) => this.dataSource.driver.normalizeType(c))] as const)
          .sort(([a], [b]) => a.localeCompare(b)),
      );
    }
    return this.allowList;
  }
}

function describe(m: EntityMetadata, typeOf: (c: ColumnMetadata) => string): BrowsableTable {
  const shown = m.columns.filter((c) => !SECRET_COLUMN.test(c.databaseName));
  return {
    name: m.tableName,
    columns: shown.map((c) => ({
      name: c.databaseName,
      type: typeOf(c),
      nullable: c.isNullable,
      primary: c.isPrimary,
    })),
    hidden: m.columns.length - shown.length,
    order: m.primaryColumns.map((c) => c.databaseName).filter((c) => !SECRET_COLUMN.test(c)),
  };
}
