import type { SchemaCheck, SchemaColumn, SchemaDrift } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { Clock } from '../common/clock';

/** PostgreSQL's aliases, as format_type() names the types. */
const CANONICAL: Record<string, string> = {
  int: 'integer',
  int4: 'integer',
  int2: 'smallint',
  int8: 'bigint',
  float8: 'double precision',
  float: 'double precision',
  float4: 'real',
  bool: 'boolean',
  decimal: 'numeric',
  timestamptz: 'timestamp with time zone',
  timestamp: 'timestamp without time zone',
  time: 'time without time zone',
  timetz: 'time with time zone',
  varchar: 'character varying',
  char: 'character',
};

interface DbColumn {
  tbl: string;
  col: string;
  type: string;
  nullable: boolean;
}

/**
 * The compare-columns tool (issue 21, /compare-columns): the columns the code expects — the
 * TypeORM entity metadata's name, type and nullability, for every entity table — against the
 * columns the database has (pg_catalog, the table names bound). It reports drift and never alters
 * a table: the schema changes only by committed migrations. Custom fields are rows, not columns,
 * so they are never drift.
 */
@Injectable()
export class SchemaChecker {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async check(): Promise<SchemaCheck> {
    const entities = this.dataSource.entityMetadatas
      .filter((m) => m.tableType === 'regular')
      .sort((a, b) => a.tableName.localeCompare(b.tableName));
    const tables = entities.map((m) => m.tableName);
    const actual: DbColumn[] = await this.dataSource.query(
      `SELECT c.relname AS tbl, a.attname AS col, format_type(a.atttypid, a.atttypmod) AS type,
              NOT a.attnotnull AS nullable
         FROM pg_attribute a
         JOIN pg_class c ON c.oid = a.attrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND c.relname = ANY ($1::text[])
          AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY c.relname, a.attnum`,
      [tables],
    );
    const byTable = new Map<string, Map<string, SchemaColumn>>();
    for (const a of actual) {
      const cols = byTable.get(a.tbl) ?? new Map<string, SchemaColumn>();
      cols.set(a.col, { column: a.col, type: a.type, nullable: a.nullable });
      byTable.set(a.tbl, cols);
    }
    let columns = 0;
    const drift: SchemaDrift[] = [];
    for (const m of entities) {
      const expected = m.columns.map((c) => this.expected(c));
      columns += expected.length;
      const have = byTable.get(m.tableName);
      const report: SchemaDrift = {
        table: m.tableName,
        table_missing: !have,
        missing: [],
        extra: [],
        different: [],
      };
      for (const e of expected) {
        const a = have?.get(e.column);
        if (!a) report.missing.push(e);
        else if (a.type !== e.type || a.nullable !== e.nullable) {
          report.different.push({
            column: e.column,
            expected_type: e.type,
            actual_type: a.type,
            expected_nullable: e.nullable,
            actual_nullable: a.nullable,
          });
        }
      }
      const known = new Set(expected.map((e) => e.column));
      for (const a of have?.values() ?? []) if (!known.has(a.column)) report.extra.push(a);
      if (report.missing.length + report.extra.length + report.different.length > 0) drift.push(report);
    }
    return {
      checked_at: this.clock.now().toISOString(),
      tables_checked: entities.length,
      columns_checked: columns,
      drift,
    };
  }

  /** A column as the code declares it, its type named as format_type() names it. */
  private expected(c: ColumnMetadata): SchemaColumn {
    const normalized = this.dataSource.driver.normalizeType(c).toLowerCase();
    let type = CANONICAL[normalized] ?? normalized;
    if (type === 'numeric' && c.precision !== undefined && c.precision !== null) {
      type = `numeric(${c.precision},${c.scale ?? 0})`;
    } else if ((type === 'character varying' || type === 'character') && c.length) {
      type = `${type}(${c.length})`;
    }
    if (c.isArray) type = `${type}[]`;
    return { column: c.databaseName, type, nullable: c.isNullable };
  }
}
