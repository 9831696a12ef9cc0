import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { refreshPastPerformances } from '../../catalog/past-performance.sql';
import { Clock } from '../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DatabaseConnection } from '../database-connection';
import { generateSeedData } from './seed-generator';
import { writeSeedData } from './seed-writer';

export interface SeedReport {
  seeded: boolean;
  generateMs: number;
  writeMs: number;
  rows: Record<string, number>;
}

/** Fills an empty database with the deterministic racing catalog. */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DatabaseConnection) private readonly connection: DatabaseConnection,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.seed.onStart) await this.seedOnStart();
  }

  /** A start's seeding: an empty database gets the catalog of SEED, under the start-up lock, logged. */
  async seedOnStart(): Promise<void> {
    const report = await this.connection.withStartupLock(() =>
      this.seedIfEmpty(this.config.seed.value, this.config.seed.baseDate),
    );
    if (report.seeded) {
      this.logger.log(
        `Seeded an empty database (seed ${this.config.seed.value}) in ${report.generateMs + report.writeMs} ms: ${JSON.stringify(report.rows)}`,
      );
    }
  }

  async isEmpty(): Promise<boolean> {
    const [row] = await this.connection.dataSource.query('SELECT NOT EXISTS (SELECT 1 FROM tracks) AS empty');
    return (row as { empty: boolean }).empty;
  }

  async seedIfEmpty(seed: number, baseDate: string): Promise<SeedReport> {
    if (!(await this.isEmpty())) return { seeded: false, generateMs: 0, writeMs: 0, rows: {} };
    return this.seed(seed, baseDate);
  }

  /** Generates and writes the catalog in one transaction, derives the past performances, analyzes. */
  async seed(seed: number, baseDate: string): Promise<SeedReport> {
    this.logger.log(`Generating seed data (seed ${seed}, history to ${baseDate})…`);
    const t0 = Date.now();
    const data = generateSeedData({ seed, baseDate });
    const t1 = Date.now();
    await this.connection.dataSource.transaction(async (manager) => {
      await writeSeedData(manager, data);
      await refreshPastPerformances(manager, this.clock.now());
    });
    // Statistics for the new rows now, not at autovacuum's next round: until then the planner
    // guesses at every table's size (a sequential scan of the jockeys on each viewer's join).
    // VACUUM too: it marks the pages all-visible, so a list's count reads an index only.
    await this.connection.dataSource.query('VACUUM ANALYZE');
    const t2 = Date.now();
    const rows = Object.fromEntries(
      Object.entries(data).map(([table, list]) => [table, Array.isArray(list) ? list.length : 0]),
    );
    return { seeded: true, generateMs: t1 - t0, writeMs: t2 - t1, rows };
  }

  /** Empties every table (the seed CLI's reset). */
  async truncateAll(): Promise<void> {
    const tables: { tablename: string }[] = await this.connection.dataSource.query(
      "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'migrations'",
    );
    if (tables.length === 0) return;
    await this.connection.dataSource.query(
      `TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`,
    );
  }
}
