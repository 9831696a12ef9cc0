import { Logger } from '@nestjs/common';
import type { DatabaseConnection } from './database-connection';

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
/**
 * How often a PostgreSQL server without autovacuum is looked at: the look is one query, run by
 * another process, and a new database's bets and ledger grow by thousands of rows a minute.
 */
export const SERVER_ANALYZE_INTERVAL_MS = 10_000;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Autovacuum's ANALYZE where autovacuum does not run: on PGlite, which is PostgreSQL in single-user
 * mode, and on a PostgreSQL server whose `autovacuum` is off. Without it the statistics stay as the
 * seed (or an empty table) left them, and with the bets and ledger tables analyzed empty the planner
 * keeps checking each new bet's foreign keys with a sequential scan of every bet and transfer so
 * far — a bet costs more with every bet placed, for as long as the server runs (on PostgreSQL,
 * bench:bets saw 5,781 such scans read 7.3 million rows of `bets` in its first 5 s). This does what
 * autovacuum would: now and then, ANALYZE the tables that changed enough since their last one
 * (which also makes the cached plans, the foreign-key checks' among them, be made again).
 */
export class AutoAnalyze {
  private static readonly logger = new Logger('Database');
  private timer?: NodeJS.Timeout;
  private running?: Promise<string[]>;

  constructor(private readonly connection: DatabaseConnection) {}

  /**
   * The loop this database needs: always on PGlite; on PostgreSQL only with autovacuum off (and
   * the row counts it reads kept). Undefined where autovacuum does the work.
   */
  static async whereNeeded(
    connection: DatabaseConnection,
  ): Promise<{ analyze: AutoAnalyze; intervalMs: number } | undefined> {
    if (connection.isEmbedded)
      return { analyze: new AutoAnalyze(connection), intervalMs: EMBEDDED_ANALYZE_INTERVAL_MS };
    const [settings]: { autovacuum: string; track_counts: string }[] = await connection.dataSource.query(
      `SELECT current_setting('autovacuum') AS autovacuum, current_setting('track_counts') AS track_counts`,
    );
    if (settings?.autovacuum !== 'off' || settings.track_counts !== 'on') return undefined;
    AutoAnalyze.logger.log(
      `Autovacuum is off on this PostgreSQL: the server analyzes the tables that changed enough itself, every ${SERVER_ANALYZE_INTERVAL_MS / 1000} s`,
    );
    return { analyze: new AutoAnalyze(connection), intervalMs: SERVER_ANALYZE_INTERVAL_MS };
  }

  start(intervalMs: number): void {
    this.timer ??= setInterval(() => {
      void this.analyzeDue().catch((err) => AutoAnalyze.logger.warn(`ANALYZE not made: ${(err as Error).message}`));
    }, intervalMs).unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /**
   * Analyzes the tables that are due (one pass at a time); answers their names. Skipped while a
   * start migrates or seeds (it holds the start-up lock): statistics of half-written tables would
   * mislead the plans of the seed's own last statements.
   */
  analyzeDue(): Promise<string[]> {
    this.running ??= this.connection
      .unlessStarting(() => this.pass())
      .then((names) => names ?? [])
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async pass(): Promise<string[]> {
    const db = this.connection.dataSource;
    // PGlite's one session's counts reach the statistics views only when flushed, which single-user
    // PostgreSQL leaves to chance: ask for it (at this statement's end) before reading them. A
    // server's sessions flush their own, at least every few seconds.
    if (this.connection.isEmbedded) await db.query('SELECT pg_stat_force_next_flush()');
    const due: { schemaname: string; relname: string }[] = await db.query(DUE_SQL);
    if (due.length === 0) return [];
    await db.query(`ANALYZE ${due.map((t) => `${quote(t.schemaname)}.${quote(t.relname)}`).join(', ')}`);
    const names = due.map((t) => t.relname);
    AutoAnalyze.logger.debug(`ANALYZE ${names.join(', ')}`);
    return names;
  }
}
