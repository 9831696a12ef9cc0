import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';

const names = new Map<string, string>();
const preparing = new WeakSet<DataSource>();

/** Lets preparedQuery name the statements of this data source (a real PostgreSQL, not PGlite). */
export function allowPreparedStatements(dataSource: DataSource): void {
  preparing.add(dataSource);
}

function nameOf(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    // The text's own hash: one name per statement text, so two texts never share a name.
    name = `furlong_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    names.set(sql, name);
  }
  return name;
}

/**
 * Runs a statement of a hot path (a bet, a session check) as a named prepared statement: each
 * connection parses and plans it once instead of on every call, which is most of PostgreSQL's
 * work for the short statements of placing a bet. Same answer as `runner.query(sql, params)`, which
 * is what it runs on a data source that does not allow prepared statements (PGlite).
 */
export function preparedQuery<T = unknown>(
  runner: EntityManager | DataSource,
  sql: string,
  params: readonly unknown[],
): Promise<T> {
  const dataSource = 'manager' in runner ? runner : runner.connection;
  if (!preparing.has(dataSource)) return runner.query(sql, [...params]);
  // node-postgres takes a query config ({ name, text }) where TypeORM passes the SQL text through.
  const config = { name: nameOf(sql), text: sql } as unknown as string;
  return runner.query(config, [...params]);
}
