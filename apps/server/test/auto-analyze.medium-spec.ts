import { Client } from 'pg';
import { AutoAnalyze, SERVER_ANALYZE_INTERVAL_MS } from '../src/database/auto-analyze';
import { DatabaseConnection } from '../src/database/database-connection';
import { createDatabase, dropDatabase, uniqueName } from './support/test-database';

// Autovacuum's ANALYZE on a PostgreSQL server (the machine's), as the server runs it when the
// server's autovacuum is off: foreign-key checks against a parent analyzed while empty scan the
// whole parent until something analyzes it.
describe('AutoAnalyze on PostgreSQL', () => {
  const dbName = uniqueName('furlong_auto_analyze');
  let connection: DatabaseConnection;
  let writer: Client;

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    connection = await DatabaseConnection.open({
      database: { url, poolSize: 3, dataDir: '', embeddedSharedBuffersMb: 16 },
    });
    writer = new Client({ connectionString: url });
    await writer.connect();
    await writer.query('CREATE TABLE parent (id serial PRIMARY KEY, v int)');
    await writer.query('CREATE TABLE child (id serial PRIMARY KEY, parent_id int NOT NULL REFERENCES parent (id))');
    await writer.query('CREATE TABLE quiet (id int PRIMARY KEY)');
    await writer.query('VACUUM ANALYZE parent, child, quiet');
  });

  afterAll(async () => {
    await writer?.end();
    await connection?.close();
    await dropDatabase(dbName);
  });

  /** Parent and child rows from the writer's session, its counts flushed to the statistics views. */
  const insertPairs = async (n: number) => {
    for (let i = 0; i < n; i++) {
      await writer.query(
        'WITH p AS (INSERT INTO parent (v) VALUES (1) RETURNING id) INSERT INTO child (parent_id) SELECT id FROM p',
      );
    }
    await writer.query('SELECT pg_stat_force_next_flush()');
    await writer.query('SELECT 1');
  };
  const parentScans = async () => {
    const { rows } = await writer.query<{ seq: number; idx: number }>(
      `SELECT coalesce(seq_scan, 0)::int AS seq, coalesce(idx_scan, 0)::int AS idx
         FROM pg_stat_user_tables WHERE relname = 'parent'`,
    );
    return rows[0] as { seq: number; idx: number };
  };

  it('should run on a server whose autovacuum is off, every 10 s, and not where autovacuum runs', async () => {
    const { rows } = await writer.query<{ autovacuum: string }>('SHOW autovacuum');
    const needed = await AutoAnalyze.whereNeeded(connection);
    if (rows[0]?.autovacuum === 'off') {
      expect(needed).toEqual({ analyze: expect.any(AutoAnalyze), intervalMs: SERVER_ANALYZE_INTERVAL_MS });
    } else {
      expect(needed).toBeUndefined();
    }
  });

  it('should wait while a start holds the start-up lock, then analyze the changed tables so foreign-key checks use the index', async () => {
    await insertPairs(1000);
    const before = await parentScans();
    // Without an ANALYZE, each child's check scanned the parent: the flaw the class is for.
    expect(before.seq).toBeGreaterThanOrEqual(1000);

    const sut = new AutoAnalyze(connection);
    // A start (migrations, seeding) on some instance holds the lock: nothing is analyzed meanwhile.
    expect(await connection.withStartupLock(() => sut.analyzeDue())).toEqual([]);
    expect(await sut.analyzeDue()).toEqual(['child', 'parent']);
    expect(await sut.analyzeDue()).toEqual([]);

    await insertPairs(100);
    const after = await parentScans();
    expect(after.seq - before.seq).toBeLessThan(5);
    expect(after.idx - before.idx).toBeGreaterThanOrEqual(100);
  });
});
