import type { HealthResponse } from '@furlong/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { RACING_SCHEDULE_ID } from '../src/racing/race-scheduler.job';
import { WAGERING_TOTE_ID } from '../src/wagering/wagering.jobs';
import { getJson, stageRace, waitFor, waitForStatus } from './support/live-race';
import { OwnRedis } from './support/redis-server';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

type Health = HealthResponse & { stale_schedulers?: string[] };

// Redis without persistence restarts empty: BullMQ's job schedulers (racing, tote) are gone with
// its data. The server must put them back by itself, and its health must say when they stop.
// The test runs a redis-server of its own on a free port (never the machine's).
describe('racing when Redis restarts without its data', () => {
  const dbName = uniqueName('furlong_fault_redis');
  const prefix = uniqueName('furlong-fault');
  let redis: OwnRedis;
  let sut: TestApp;

  const health = () => getJson<Health>(sut.baseUrl, '/api/health');

  async function schedulerIds(): Promise<string[]> {
    const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue('jobs', { connection, prefix });
    try {
      return (await queue.getJobSchedulers()).map((s) => s.key).sort();
    } finally {
      await queue.close();
      await connection.quit();
    }
  }

  beforeAll(async () => {
    redis = await OwnRedis.start();
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 13, scale: 0.05 });
    // Racing 20× faster, betting opens 1 racing minute (3 s of wall time) before the off.
    sut = await startTestApp({
      DATABASE_URL: url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: prefix,
      RACING_ENABLED: 'true',
      RACING_TIME_SCALE: '20',
      RACING_SCHEDULER_SECONDS: '0.5',
      RACING_OPEN_LEAD_MINUTES: '1',
    });
  }, 60_000);

  afterAll(async () => {
    await sut?.close();
    await redis?.stop();
    await dropDatabase(dbName);
  });

  it('should re-create the job schedulers and open races again when Redis comes back empty', async () => {
    const before = await stageRace(sut.app, { startsInWallMs: 6000 });
    await waitForStatus(sut.baseUrl, before, 'open', 15_000);
    expect(await schedulerIds()).toEqual(
      expect.arrayContaining([RACING_SCHEDULE_ID, WAGERING_TOTE_ID, 'past-performance.nightly']),
    );
    expect((await health()).body).toEqual({ status: 'ok', database: 'up', redis: 'up' });

    await redis.shutdownNoSave();
    const downAt = Date.now();
    // Down: nothing runs the schedulers, and health names them once two intervals (at least 5 s) pass.
    const down = await waitFor(
      'health to name the stale racing scheduler',
      async () => {
        const { status, body } = await health();
        return body.stale_schedulers?.includes(RACING_SCHEDULE_ID) ? { status, body } : undefined;
      },
      15_000,
    );
    const staleAfterMs = Date.now() - downAt;
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ status: 'degraded', database: 'up', redis: 'down' });

    await redis.start();
    const started = Date.now();
    await waitFor(
      'the job schedulers to be back in Redis',
      async () => ((await schedulerIds()).includes(RACING_SCHEDULE_ID) ? true : undefined),
      10_000,
    );
    const schedulersBackMs = Date.now() - started;
    const after = await stageRace(sut.app, { startsInWallMs: 6000 });
    const opened = await waitForStatus(sut.baseUrl, after, 'open', 20_000);

    expect(opened.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await schedulerIds()).toEqual(
      expect.arrayContaining([RACING_SCHEDULE_ID, WAGERING_TOTE_ID, 'past-performance.nightly']),
    );
    // The race runs to its finish and its pools close with it (the tote scheduler is back too).
    await waitForStatus(sut.baseUrl, after, 'finished', 30_000);
    const tote = await getJson<{ frozen: boolean }>(sut.baseUrl, `/api/current_races/${after}/tote`);
    expect(tote.body.frozen).toBe(true);
    const healthy = await waitFor(
      'health to be ok again',
      async () => {
        const { body } = await health();
        return body.status === 'ok' ? body : undefined;
      },
      15_000,
    );
    expect(healthy).toEqual({ status: 'ok', database: 'up', redis: 'up' });
    expect(Date.now() - started).toBeLessThan(45_000);
    console.log(
      `Redis data loss: health named the stale scheduler ${staleAfterMs} ms into the outage; schedulers back ${schedulersBackMs} ms after Redis restarted; a race staged then opened and finished`,
    );
  }, 90_000);
});
