import type { DataSource, EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { AuditContext } from '../audit/audit-context';
import { refusal } from './api-error';

/**
 * How the table manager (issue 21, /showDB) writes one table: a writer the module that owns the
 * table provides, whose service makes the change under its own rules and audits it in the same
 * transaction. The admin module only dispatches to it; a table without a writer is read-only there.
 * `values` reach a writer already read through its schema (the admin module answers 400 otherwise).
 */
export interface TableWriter {
  /** The table, as its entity names it. */
  readonly table: string;
  /** The columns an admin may set, on a new row or an edit. */
  readonly editable: readonly string[];
  /** The columns a new row must be given. */
  readonly required: readonly string[];
  /** Why some writes are not made here (who makes them); null when create, edit and delete all are. */
  readonly reason: string | null;
  /** Adds a row; resolves its id. */
  readonly create?: {
    schema: ValuesSchema;
    apply(ctx: AuditContext, values: Record<string, unknown>): Promise<number>;
  };
  /** Changes a row's columns. */
  readonly update?: {
    schema: ValuesSchema;
    apply(ctx: AuditContext, id: number, values: Record<string, unknown>): Promise<void>;
  };
  /** Deletes a row (or marks it deleted, where the owner keeps its rows). */
  readonly delete?: { apply(ctx: AuditContext, id: number): Promise<void> };
}

/** A writer's schema of the values it takes: a strict object of its editable columns. */
export type ValuesSchema = z.ZodType<Record<string, unknown>, unknown>;

/** What refers to a row: per table and column, how many rows (at most REFERENCE_COUNT_CAP). */
export interface RowReference {
  table: string;
  column: string;
  rows: number;
}

const REFERENCE_COUNT_CAP = 10_000;
const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/**
 * The rows that refer to row `id` of `table`: through every foreign key the database has to it
 * (read from pg_catalog), and through every entity column named `<column>` or `…_<column>` (e.g.
 * `jockey_id`, `stud_owner_id`) where no foreign key says so (a pick or a breeding keeps the id
 * without one). Names come from the catalogs and the metadata, quoted; the id is bound. Called
 * inside the owner's transaction, after it locked the row (a new reference through a foreign key
 * then waits for the delete, or sees it).
 */
export async function rowReferences(
  dataSource: DataSource,
  m: EntityManager,
  table: string,
  conventionColumn: string,
  id: number,
): Promise<RowReference[]> {
  const keys: { tbl: string; col: string }[] = await m.query(
    `SELECT r.relname AS tbl, a.attname AS col
       FROM pg_constraint c
       JOIN pg_class r ON r.oid = c.conrelid
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = to_regclass($1) AND array_length(c.conkey, 1) = 1`,
    [quote(table)],
  );
  const pairs = new Map(keys.map((k) => [`${k.tbl}.${k.col}`, { table: k.tbl, column: k.col }]));
  for (const meta of dataSource.entityMetadatas) {
    if (meta.tableType !== 'regular' || meta.tableName === table) continue;
    for (const c of meta.columns) {
      const name = c.databaseName;
      if (name === conventionColumn || name.endsWith(`_${conventionColumn}`)) {
        pairs.set(`${meta.tableName}.${name}`, { table: meta.tableName, column: name });
      }
    }
  }
  const found: RowReference[] = [];
  for (const p of [...pairs.values()].sort((a, b) =>
    `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`),
  )) {
    const [row]: { n: number }[] = await m.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${quote(p.table)} WHERE ${quote(p.column)} = $1 LIMIT ${REFERENCE_COUNT_CAP}) s`,
      [id],
    );
    if ((row?.n ?? 0) > 0) found.push({ ...p, rows: row?.n ?? 0 });
  }
  return found;
}

/** 409 `in_use`: the row is referred to, by what. */
export function inUse(what: string, id: number, references: readonly RowReference[]) {
  const by = references.map((r) => `${r.table}.${r.column} (${r.rows}${r.rows >= REFERENCE_COUNT_CAP ? '+' : ''})`);
  return refusal(`${what} ${id} is referred to by ${by.join(', ')}: it cannot be deleted.`, 'in_use');
}

/** 409 `read_only`: this table does not take this write here; `why` says who makes it. */
export function readOnly(why: string) {
  return refusal(why, 'read_only');
}
