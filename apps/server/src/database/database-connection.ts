import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { createDataSource } from './data-source';
import { EmbeddedPostgres } from './embedded-postgres';

// Replicas starting together take this lock so that exactly one runs migrations and seeding.
const STARTUP_LOCK_KEY = 7_310_001;

/** The open database: a real PostgreSQL from DATABASE_URL, or PGlite embedded in this process. */
export class DatabaseConnection {
  private static readonly logger = new Logger('Database');

  private constructor(
    readonly dataSource: DataSource,
    readonly embedded: EmbeddedPostgres | null,
  ) {}

  static async open(config: Pick<AppConfig, 'database'>): Promise<DatabaseConnection> {
    let embedded: EmbeddedPostgres | null = null;
    let url = config.database.url;
    if (!url) {
      const started = Date.now();
      embedded = await EmbeddedPostgres.start(config.database.dataDir, {
        sharedBuffersMb: config.database.embeddedSharedBuffersMb,
      });
      url = embedded.url;
      DatabaseConnection.logger.log(`Embedded PostgreSQL (PGlite) ready in ${Date.now() - started} ms`);
    }
    // PGlite is a single session: more connections would only queue, and a second connection
    // used inside a transaction would wait forever.
    const dataSource = createDataSource({
      url,
      poolSize: embedded ? 1 : config.database.poolSize,
      preparedStatements: !embedded,
    });
    try {
      await dataSource.initialize();
    } catch (err) {
      await embedded?.stop();
      throw err;
    }
    return new DatabaseConnection(dataSource, embedded);
  }

  get isEmbedded(): boolean {
    return this.embedded !== null;
  }

  /** Runs `work` while holding the cluster-wide start-up lock (a no-op lock on PGlite). */
  async withStartupLock<T>(work: () => Promise<T>): Promise<T> {
    if (this.embedded) return work();
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      return await work();
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
      await runner.release();
    }
  }

  /**
   * Runs `work` unless a start (migrations, seeding) holds the start-up lock on some instance, as
   * the lock's holder for its length; answers undefined when it did not run. On PGlite, where one
   * process is the only one, it runs.
   */
  async unlessStarting<T>(work: () => Promise<T>): Promise<T | undefined> {
    if (this.embedded) return work();
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [row]: { locked: boolean }[] = await runner.query('SELECT pg_try_advisory_lock($1) AS locked', [
        STARTUP_LOCK_KEY,
      ]);
      if (!row?.locked) return undefined;
      try {
        return await work();
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
      }
    } finally {
      await runner.release();
    }
  }

  async ping(timeoutMs = 2000): Promise<boolean> {
    try {
      await Promise.race([
        this.dataSource.query('SELECT 1'),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref()),
      ]);
      return true;
    } catch {
      return false;
    }
  }

  async migrate(): Promise<string[]> {
    const applied = await this.dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  }

  /** A start's migrations: under the start-up lock, the ones applied logged. */
  async migrateOnStart(): Promise<void> {
    const applied = await this.withStartupLock(() => this.migrate());
    if (applied.length > 0) DatabaseConnection.logger.log(`Applied migrations: ${applied.join(', ')}`);
  }

  async close(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    await this.embedded?.stop();
  }
}
