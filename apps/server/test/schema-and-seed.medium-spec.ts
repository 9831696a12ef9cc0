import type { DataSource } from 'typeorm';
import { createDataSource } from '../src/database/data-source';
import {
  createDatabase,
  createMigratedDatabase,
  dropDatabase,
  migrateAndSeedHere,
  uniqueName,
} from './support/test-database';

async function open(url: string): Promise<DataSource> {
  const ds = createDataSource({ url, poolSize: 2 });
  await ds.initialize();
  return ds;
}

async function scalar<T>(ds: DataSource, sql: string): Promise<T> {
  const [row] = await ds.query(sql);
  return Object.values(row as Record<string, T>)[0] as T;
}

describe('the committed migrations', () => {
  let sut: DataSource;

  beforeAll(async () => {
    sut = await open(process.env.FURLONG_TEST_DB_URL as string);
  });

  afterAll(async () => {
    await sut.destroy();
  });

  it('should produce exactly the schema the entities describe', async () => {
    const pending = await sut.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('should have no migration left to run', async () => {
    expect(await sut.showMigrations()).toBe(false);
  });

  it('should keep an index behind every list sort and filter column', async () => {
    const { CATALOG_KINDS } = await import('@furlong/contracts');
    const rows: { table: string; column: string }[] = await sut.query(`
      SELECT t.relname AS table, a.attname AS column
        FROM pg_index i
        JOIN pg_class t ON t.oid = i.indrelid
        JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = i.indkey[0]
       WHERE t.relnamespace = 'public'::regnamespace`);
    const indexed = new Set(rows.map((r) => `${r.table}.${r.column}`));
    const missing = Object.values(CATALOG_KINDS).flatMap((kind) =>
      Object.keys(kind.columns)
        .map((c) => `${kind.table}.${c}`)
        .filter((key) => !indexed.has(key)),
    );
    expect(missing).toEqual([]);
  });
});

describe('the seeded catalog', () => {
  let sut: DataSource;

  beforeAll(async () => {
    sut = await open(process.env.FURLONG_TEST_DB_URL as string);
  });

  afterAll(async () => {
    await sut.destroy();
  });

  it('should hold the sizes the product needs', async () => {
    const counts = await sut.query(`SELECT
      (SELECT count(*) FROM tracks)::int AS tracks, (SELECT count(*) FROM horses)::int AS horses,
      (SELECT count(*) FROM jockeys)::int AS jockeys, (SELECT count(*) FROM trainers)::int AS trainers,
      (SELECT count(*) FROM owners)::int AS owners, (SELECT count(*) FROM bet_types)::int AS bet_types,
      (SELECT count(*) FROM race_results)::int AS results,
      (SELECT count(DISTINCT upper(left(location, 1))) FROM tracks)::int AS initials`);
    expect(counts[0]).toMatchObject({ jockeys: 600, trainers: 300, owners: 1000, bet_types: 16 });
    expect(counts[0].tracks).toBeGreaterThanOrEqual(60);
    expect(counts[0].horses).toBeGreaterThanOrEqual(5000);
    expect(counts[0].results).toBeGreaterThanOrEqual(3000);
    expect(counts[0].initials).toBeGreaterThanOrEqual(20);
  });

  it('should keep every track within 13 daily races and the schedule formula', async () => {
    expect(await scalar<number>(sut, 'SELECT max(daily_races)::int FROM tracks')).toBeLessThanOrEqual(13);
    const offSchedule = await scalar<number>(
      sut,
      `SELECT count(*)::int FROM races r JOIN tracks t ON t.id = r.track_id
        WHERE r.starting_time <> t.start_time + make_interval(mins => (r.race_number - 1) * t.race_intervals)`,
    );
    expect(offSchedule).toBe(0);
  });

  it('should give every race as many entries as runners, and every result all of them', async () => {
    const bad = await scalar<number>(
      sut,
      `SELECT count(*)::int FROM races r
        WHERE r.num_horses <> (SELECT count(*) FROM race_entries e WHERE e.race_id = r.id)
           OR r.num_horses NOT BETWEEN 6 AND 12
           OR EXISTS (SELECT 1 FROM race_results rr WHERE rr.race_id = r.id
                       AND rr.num_horses <> (SELECT count(*) FROM race_result_finishers f WHERE f.result_id = rr.id))`,
    );
    expect(bad).toBe(0);
  });

  it('should make past performances agree with the results', async () => {
    const disagreements = await scalar<number>(
      sut,
      `WITH s AS (
         SELECT horse_id, count(*) AS starts, count(*) FILTER (WHERE finish_position = 1) AS wins,
                sum(earnings_cents) AS earnings
           FROM race_result_finishers GROUP BY horse_id)
       SELECT count(*)::int FROM s
         FULL JOIN past_performances p ON p.horse_id = s.horse_id
         JOIN horses h ON h.id = COALESCE(s.horse_id, p.horse_id)
        WHERE p.horse_id IS NULL OR s.horse_id IS NULL OR p.starts <> s.starts OR p.wins <> s.wins
           OR p.earnings_cents <> s.earnings OR h.earnings_cents <> s.earnings
           OR p.win_pct_horse <> round(100.0 * s.wins / s.starts, 2)`,
    );
    expect(disagreements).toBe(0);
    const jockeysOff = await scalar<number>(
      sut,
      `SELECT count(*)::int FROM jockeys j
        WHERE j.earnings_cents <> COALESCE((SELECT sum(earnings_cents) FROM race_result_finishers f WHERE f.jockey_id = j.id), 0)`,
    );
    expect(jockeysOff).toBe(0);
  });
});

describe('seeding', () => {
  const names = [uniqueName('furlong_seed_a'), uniqueName('furlong_seed_b'), uniqueName('furlong_seed_c')];
  const migratedOnly = uniqueName('furlong_seed_none');
  const dbs: DataSource[] = [];
  let bare: DataSource;

  // Each seeded on its own (not copies of the run's template): the same seed twice must write the same rows.
  beforeAll(async () => {
    const [a, b, c] = await Promise.all(names.map((n) => createDatabase(n)));
    await migrateAndSeedHere(a as string, { seed: 5, scale: 0.05 });
    await migrateAndSeedHere(b as string, { seed: 5, scale: 0.05 });
    await migrateAndSeedHere(c as string, { seed: 6, scale: 0.05 });
    for (const url of [a, b, c]) dbs.push(await open(url as string));
    bare = await open(await createMigratedDatabase(migratedOnly));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(dbs.map((d) => d.destroy()));
    await bare?.destroy();
    await Promise.all([...names, migratedOnly].map((n) => dropDatabase(n)));
  });

  // The writer drops the big tables' foreign keys and secondary indexes for the bulk insert and makes
  // them again after it: the seeded schema must be the migrated one, index for index, key for key.
  it('should leave every index and constraint the migrations made', async () => {
    const schemaOf = async (ds: DataSource) => ({
      indexes: await ds.query(
        `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2`,
      ),
      constraints: await ds.query(
        `SELECT conrelid::regclass::text AS table, conname, pg_get_constraintdef(oid) AS definition, convalidated
           FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`,
      ),
    });
    const migrated = await schemaOf(bare);
    expect(migrated.indexes.length).toBeGreaterThan(100);
    expect(migrated.constraints.some((c: { definition: string }) => c.definition.startsWith('FOREIGN KEY'))).toBe(true);
    expect(await schemaOf(dbs[0] as DataSource)).toEqual(migrated);
  });

  const fingerprint = (ds: DataSource, table: string) =>
    scalar<string>(ds, `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) FROM ${table} t`);

  it.each(['horses', 'tracks', 'races', 'race_entries', 'race_result_finishers', 'jockeys', 'owners'])(
    'should write the same %s rows for the same seed and different rows for another',
    async (table) => {
      const [a, b, c] = dbs as [DataSource, DataSource, DataSource];
      expect(await fingerprint(a, table)).toBe(await fingerprint(b, table));
      expect(await fingerprint(a, table)).not.toBe(await fingerprint(c, table));
    },
  );
});
