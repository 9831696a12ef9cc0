import { Logger } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';

/**
 * TypeORM's failures into our JSON log, without the statement's parameters (they can hold an
 * e-mail, a password hash or a token's hash) and without PostgreSQL's message, which quotes them
 * ("invalid input syntax … \"value\"", "Key (email)=(…)"): its SQLSTATE and constraint instead.
 * The statement text says where it failed.
 */
export class QueryErrorLogger implements TypeOrmLogger {
  private readonly logger = new Logger('Database');

  logQuery(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(message: string): void {
    this.logger.log(message);
  }
  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn(String(message));
  }
  logQueryError(error: string | Error, query: unknown): void {
    const e = (typeof error === 'string' ? { message: error } : error) as {
      message: string;
      code?: unknown;
      constraint?: unknown;
    };
    const sqlState = typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined;
    const reason = sqlState
      ? `SQLSTATE ${sqlState}${typeof e.constraint === 'string' ? ` (constraint ${e.constraint})` : ''}`
      : e.message;
    // A prepared statement's query is its config ({ name, text }), not a string.
    const text = typeof query === 'string' ? query : String((query as { text?: unknown } | null)?.text ?? '');
    this.logger.warn(`query failed: ${reason} (${text.replace(/\s+/g, ' ').slice(0, 300)})`);
  }
}
