import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { JobQueue } from '../src/jobs/job-queue.service';
import { SocketEmitter } from '../src/realtime/socket-emitter';
import { startTestApp, type TestApp } from './support/test-app';
import {
  createDatabase,
  dropDatabase,
  dropRedisKeys,
  migrateAndSeed,
  TEST_REDIS_URL,
  uniqueName,
} from './support/test-database';

type Snapshot = { horse_id: number; starts: number; wins: number; earnings_cents: number; horse_earnings: number }[];

function snapshot(app: TestApp): Promise<Snapshot> {
  return query<Snapshot>(app, SNAPSHOT_SQL);
}

const SNAPSHOT_SQL = `SELECT p.horse_id, p.starts, p.wins, p.earnings_cents, h.earnings_cents AS horse_earnings
  FROM past_performances p JOIN horses h ON h.id = p.horse_id ORDER BY p.horse_id`;

function query<T>(app: TestApp, sql: string): Promise<T> {
  return app.app.get(DataSource).query(sql);
}

// The past-performance refresh is the real job behind the queue port: break the derived rows,
// run the job through the driver, and the rows must come back exactly as the results imply.
describe.each([
  ['in-process', false],
  ['bullmq', true],
] as const)('the past-performance refresh job on the %s driver', (driver, withRedis) => {
  const dbName = uniqueName('furlong_jobs');
  const prefix = uniqueName('furlong-test');
  let sut: TestApp;

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 11, scale: 0.05 });
    sut = await startTestApp({
      DATABASE_URL: url,
      REDIS_URL: withRedis ? TEST_REDIS_URL : undefined,
      QUEUE_PREFIX: prefix,
    });
  }, 60_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
    if (withRedis) {
      await dropRedisKeys(prefix);
    }
  });

  it(`should use the ${driver} driver`, () => {
    expect(sut.app.get(JobQueue).driver.kind).toBe(driver);
  });

  it('should rebuild past performances and earnings from the results', async () => {
    const before = await snapshot(sut);
    expect(before.length).toBeGreaterThan(10);
    await query(sut, 'DELETE FROM past_performances WHERE horse_id % 2 = 0');
    await query(sut, 'UPDATE past_performances SET starts = 0, wins = 0, earnings_cents = 0');
    await query(sut, 'UPDATE horses SET earnings_cents = 0');

    await sut.app.get(JobQueue).run('past-performance.refresh', { reason: 'manual' }, 30_000);

    expect(await snapshot(sut)).toEqual(before);
  });
});

describe('the BullMQ driver', () => {
  const prefix = uniqueName('furlong-test');
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({
      DATABASE_URL: process.env.FURLONG_TEST_DB_URL,
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: prefix,
      PAST_PERFORMANCE_CRON: '30 5 * * *',
    });
  });

  let closed = false;

  afterAll(async () => {
    if (!closed) await sut.close();
    await dropRedisKeys(prefix);
  });

  it('should register the nightly refresh (and the auction’s and free races’ sweeps and the outbox, racing or not) as job schedulers in Redis', async () => {
    const connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue('jobs', { connection, prefix });
    const schedulers = await queue.getJobSchedulers();
    await queue.close();
    await connection.quit();
    expect(schedulers.map((s) => [s.key, s.pattern ?? s.every, s.name]).sort()).toEqual([
      ['auction.sweep', 15_000, 'auction.sweep'],
      ['content.outbox', 30_000, 'content.outbox'],
      ['free.sweep', 15_000, 'free.sweep'],
      ['past-performance.nightly', '30 5 * * *', 'past-performance.refresh'],
    ]);
  });

  it('should report Redis up in health', async () => {
    const { body } = await sut.get('/api/health');
    expect(body).toEqual({ status: 'ok', database: 'up', redis: 'up' });
  });

  // A job still finishing while the app shuts down (the queue closes after the sockets) used to
  // broadcast on the Redis adapter's closed connection: ioredis rejects, nobody catches, and Jest
  // failed whichever test ran next. Once the sockets are disposed, broadcasts go nowhere.
  it('should send no broadcast once the app has closed (last: it closes the app)', async () => {
    const emitter = sut.app.get(SocketEmitter);
    expect(emitter.attached).toBe(true);
    await sut.close();
    closed = true;
    expect(emitter.attached).toBe(false);
    emitter.toRoom('tote:1', 'tote:odds', { race_id: 1 } as never);
    // An unhandled rejection would surface within a tick and fail this test.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
});
