import { Redis } from 'ioredis';
import { Client } from 'pg';
import { refreshPastPerformances } from '../../src/catalog/past-performance.sql';
import { createDataSource } from '../../src/database/data-source';
import { generateSeedData } from '../../src/database/seed/seed-generator';
import { writeSeedData } from '../../src/database/seed/seed-writer';

/** The machine's PostgreSQL; each test run works in databases of its own, dropped after. */
export const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const TEST_SEED_BASE_DATE = '2026-11-01';

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`;
}

async function withAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createDatabase(name: string): Promise<string> {
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
  return databaseUrl(name);
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** Deletes every key of a test's Redis prefix (its queue, leases, adapter and ops reports). */
export async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}

/**
 * The environment of server instances sharing the database at `url` and Redis under `prefix`, as
 * docker-compose runs them, with live racing at 20× (a staged race runs in seconds).
 */
export function liveClusterEnv(url: string, prefix: string): Record<string, string> {
  return {
    DATABASE_URL: url,
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: prefix,
    RACING_ENABLED: 'true',
    RACING_TIME_SCALE: '20',
    RACING_SCHEDULER_SECONDS: '0.5',
    RACING_OPEN_LEAD_MINUTES: '1',
    RACING_SCRATCH_RATE: '0',
  };
}

/** A new database with every migration run and no data: for suites that make their own. */
export async function createMigratedDatabase(name: string): Promise<string> {
  const url = await createDatabase(name);
  const migrator = createDataSource({ url, poolSize: 1 });
  await migrator.initialize();
  try {
    await migrator.runMigrations({ transaction: 'each' });
  } finally {
    await migrator.destroy();
  }
  return url;
}

/**
 * Where the run keeps its seeded templates (set by the medium project's global setup): each
 * (seed, scale) is migrated and seeded once a run, and every database that asks for it after is a
 * copy of it (CREATE DATABASE … TEMPLATE: ~0.1 s, where migrating and seeding scale 0.05 takes ~1.5 s).
 */
export const SEEDED_TEMPLATES_ENV = 'FURLONG_TEST_TEMPLATE_PREFIX';

/** Migrates a database and fills it with the seed data (scale 1 is the full catalog). */
export async function migrateAndSeed(url: string, options: { seed: number; scale?: number }): Promise<void> {
  const prefix = process.env[SEEDED_TEMPLATES_ENV];
  const target = new URL(url);
  const admin = new URL(ADMIN_URL);
  if (!prefix || target.host !== admin.host) return migrateAndSeedHere(url, options);
  const template = `${prefix}_${options.seed}_${String(options.scale ?? 1).replace('.', '_')}`;
  await withAdmin(async (c) => {
    // One maker per template across the run's workers; it is made under another name and renamed
    // when complete, so a failed seed never leaves a half-made template to copy.
    await c.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
    try {
      const made = await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (made.rowCount === 0) {
        const making = `${template}_making`;
        await c.query(`DROP DATABASE IF EXISTS "${making}" WITH (FORCE)`);
        await c.query(`CREATE DATABASE "${making}"`);
        try {
          await migrateAndSeedHere(databaseUrl(making), options);
        } catch (err) {
          await c.query(`DROP DATABASE IF EXISTS "${making}" WITH (FORCE)`);
          throw err;
        }
        await c.query(`ALTER DATABASE "${making}" RENAME TO "${template}"`);
      }
    } finally {
      await c.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
    }
    const name = decodeURIComponent(target.pathname.slice(1));
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  });
}

/** The run's seeded templates, dropped at its end. */
export async function dropSeededTemplates(prefix: string): Promise<void> {
  const { rows } = await withAdmin((c) =>
    c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1 || '\\_%'", [prefix]),
  );
  for (const { datname } of rows) await dropDatabase(datname);
}

/** Migrates and seeds the database at `url` itself (no template: for a test of seeding itself). */
export async function migrateAndSeedHere(url: string, options: { seed: number; scale?: number }): Promise<void> {
  const ds = createDataSource({ url, poolSize: 2 });
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
    const data = generateSeedData({ seed: options.seed, baseDate: TEST_SEED_BASE_DATE, scale: options.scale });
    await ds.transaction(async (manager) => {
      await writeSeedData(manager, data);
      await refreshPastPerformances(manager, new Date(`${TEST_SEED_BASE_DATE}T12:00:00Z`));
    });
  } finally {
    await ds.destroy();
  }
}
