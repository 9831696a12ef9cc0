import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';

/**
 * The tables autovacuum would analyze now, by its own rule (rows changed since the last ANALYZE
 * over 50 + 10 % of the table: `autovacuum_analyze_threshold` and `_scale_factor`).
 */
const DUE_SQL = `
  SELECT s.schemaname, s.relname FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
   WHERE s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
   ORDER BY s.relname`;

/** How often the embedded database is looked at (autovacuum's own default naptime). */
export const EMBEDDED_ANALYZE_INTERVAL_MS = 60_000;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Autovacuum's ANALYZE for the embedded database. PGlite runs PostgreSQL in single-user mode,
 * where autovacuum never runs: the statistics stay as the seed left them, and with the bets and
 * ledger tables analyzed empty the planner keeps checking each new bet's foreign keys with a
 * sequential scan of every bet and transfer so far — a bet costs more with every bet placed, for
 * as long as the server runs. This does what autovacuum would: every minute, ANALYZE the tables
 * that changed enough since their last one (which also makes the cached plans be made again).
 */
export class EmbeddedAnalyze {
  private readonly logger = new Logger('Database');
  private timer?: NodeJS.Timeout;
  private running?: Promise<string[]>;

  constructor(private readonly dataSource: DataSource) {}

  start(intervalMs = EMBEDDED_ANALYZE_INTERVAL_MS): void {
    this.timer ??= setInterval(() => {
      void this.analyzeDue().catch((err) => this.logger.warn(`ANALYZE not made: ${(err as Error).message}`));
    }, intervalMs).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Analyzes the tables that are due (one pass at a time); answers their names. */
  analyzeDue(): Promise<string[]> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<string[]> {
    // The one session's counts reach the statistics views only when flushed, which single-user
    // PostgreSQL leaves to chance: ask for it (at this statement's end) before reading them.
    await this.dataSource.query('SELECT pg_stat_force_next_flush()');
    const due: { schemaname: string; relname: string }[] = await this.dataSource.query(DUE_SQL);
    if (due.length === 0) return [];
    await this.dataSource.query(`ANALYZE ${due.map((t) => `${quote(t.schemaname)}.${quote(t.relname)}`).join(', ')}`);
    const names = due.map((t) => t.relname);
    this.logger.debug(`ANALYZE ${names.join(', ')}`);
    return names;
  }
}
