import type { DataSource, EntityManager } from 'typeorm';

/**
 * What an UPDATE or DELETE answered, read the same way everywhere. TypeORM's postgres driver does
 * not answer these statements with their rows as it does a SELECT or an INSERT: it answers
 * `[rows, affected count]`. A caller that took that pair for the rows saw two of them whatever was
 * written (`rows.length > 0` always true), so a conditional write such as "end this entry if it is
 * still active" could not tell that another transaction had got there first.
 */
export interface WriteResult<T> {
  /** The rows of the statement's RETURNING clause (none without one). */
  rows: T[];
  /** How many rows the statement wrote. */
  count: number;
}

/** Reads a write's answer: the `[rows, count]` pair of TypeORM's driver, or rows alone from any other. */
export function writeResult<T>(answer: unknown): WriteResult<T> {
  if (Array.isArray(answer) && answer.length === 2 && Array.isArray(answer[0]) && typeof answer[1] === 'number') {
    return { rows: answer[0] as T[], count: answer[1] };
  }
  const rows = Array.isArray(answer) ? (answer as T[]) : [];
  return { rows, count: rows.length };
}

/** Runs an UPDATE or DELETE (… RETURNING) and answers its rows and count (see writeResult). */
export async function write<T = unknown>(
  runner: EntityManager | DataSource,
  sql: string,
  params: readonly unknown[] = [],
): Promise<WriteResult<T>> {
  return writeResult<T>(await runner.query(sql, [...params]));
}
