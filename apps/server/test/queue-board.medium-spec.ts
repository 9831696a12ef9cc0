import type { OpsJobsResponse } from '@furlong/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createApp } from '../src/bootstrap';
import { createRootLogger } from '../src/common/logger';
import { loadConfig } from '../src/config/app-config';
import { BullMqDriver } from '../src/jobs/bullmq.driver';
import { JobQueue } from '../src/jobs/job-queue.service';
import { createBoardPlugin } from '../src/ops/queue-board';
import { ApiSession } from './support/api-session';
import { waitFor } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import { TEST_REDIS_URL, uniqueName } from './support/test-database';

type Who = 'visitor' | 'member' | 'operator' | 'admin';

/** Signs in the four kinds of caller: the admin from ADMIN_EMAIL makes one sign-up an operator. */
async function identities(baseUrl: string, admin: { email: string; password: string }, tag: string) {
  const sessions = new Map<Who, ApiSession>();
  sessions.set('visitor', new ApiSession(baseUrl));
  const member = new ApiSession(baseUrl);
  await member.signUp(`${tag}m`, `${tag}-member@furlong.test`, 'member password 1');
  sessions.set('member', member);
  const operator = new ApiSession(baseUrl);
  const me = await operator.signUp(`${tag}o`, `${tag}-operator@furlong.test`, 'operator password 1');
  const steward = new ApiSession(baseUrl);
  await steward.logIn(admin.email, admin.password);
  sessions.set('admin', steward);
  const promoted = await steward.request('PUT', `/api/admin/users/${me.id}/role`, { role: 'operator' });
  if (promoted.status !== 200) throw new Error(`promotion failed: ${promoted.status} ${JSON.stringify(promoted.body)}`);
  sessions.set('operator', operator);
  return (who: Who) => sessions.get(who) as ApiSession;
}

const BOARD = '/admin/queues';

describe('the queue board with BullMQ', () => {
  const prefix = uniqueName('furlong-board');
  const tag = uniqueName('qb')
    .replace(/[^a-z0-9]/gi, '')
    .slice(-10);
  const admin = { email: `${tag}-admin@furlong.test`, password: 'queue board admin password' };
  let app: NestFastifyApplication;
  let baseUrl: string;
  let as: (who: Who) => ApiSession;
  let connection: Redis;
  let queue: Queue;

  beforeAll(async () => {
    const config = loadConfig({
      DATABASE_URL: process.env.FURLONG_TEST_DB_URL,
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: prefix,
      SEED_ON_START: 'false',
      RACING_ENABLED: 'false',
      LOG_LEVEL: 'error',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      HOST: '127.0.0.1',
      PORT: '0',
    });
    app = await createApp(config, { logger: createRootLogger({ logLevel: 'error' }) });
    // The same board mounted bare, before the app starts: what the global Nest guard does for it.
    await app.register(createBoardPlugin(app.get(JobQueue).driver as BullMqDriver, '/unguarded-board'), {
      prefix: '/unguarded-board',
    });
    await app.listen(0, '127.0.0.1');
    baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    as = await identities(baseUrl, admin, tag);
    connection = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    queue = new Queue('jobs', { connection, prefix });
  }, 60_000);

  afterAll(async () => {
    await queue?.close();
    await app?.close();
    if (connection) {
      const keys = await connection.keys(`${prefix}:*`);
      if (keys.length > 0) await connection.del(...keys);
      await connection.quit();
    }
  });

  /** A job that fails at once (no handler has its name), and its id once the worker has failed it. */
  async function failedJob(): Promise<string> {
    const job = await queue.add('no-such-job', {}, { attempts: 1 });
    const id = String(job.id);
    await waitFor('the job to fail', async () => ((await queue.getJobState(id)) === 'failed' ? true : undefined));
    return id;
  }

  it('should be open to anyone when mounted without its gate: Nest guards do not reach a Fastify plugin', async () => {
    const res = await fetch(`${baseUrl}/unguarded-board/api/queues`);
    expect(res.status).toBe(200);
  });

  it('should answer 401 to a visitor and 403 to a member on the page and every endpoint', async () => {
    const id = await failedJob();
    const routes: [string, string][] = [
      ['GET', BOARD],
      ['GET', `${BOARD}/`],
      ['GET', `${BOARD}/queue/jobs`],
      ['GET', `${BOARD}/static/favicon.ico`],
      ['GET', `${BOARD}/api/queues`],
      ['GET', `${BOARD}/api/redis/stats`],
      ['GET', `${BOARD}/api/queues/jobs/${id}`],
      ['PUT', `${BOARD}/api/queues/jobs/${id}/retry`],
      ['PUT', `${BOARD}/api/queues/jobs/${id}/promote`],
      ['PUT', `${BOARD}/api/queues/jobs/${id}/clean`],
      ['PUT', `${BOARD}/api/queues/jobs/pause`],
      ['PUT', `${BOARD}/api/queues/jobs/clean/failed`],
      ['PUT', `${BOARD}/api/queues/jobs/obliterate`],
      ['GET', '/api/ops/jobs'],
    ];
    for (const [who, status] of [
      ['visitor', 401],
      ['member', 403],
    ] as const) {
      for (const [method, path] of routes) {
        const res = await as(who).request(method, path);
        expect({ who, method, path, status: res.status }).toEqual({ who, method, path, status });
      }
    }
  });

  it('should show the board and its API to an operator and an admin', async () => {
    for (const who of ['operator', 'admin'] as const) {
      const page = await fetch(`${baseUrl}${BOARD}`, { headers: { cookie: cookieOf(as(who)) } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const api = await as(who).get<{ queues: { name: string }[] }>(`${BOARD}/api/queues`);
      expect(api.status).toBe(200);
      expect(api.body.queues.map((q) => q.name)).toEqual(['jobs']);
      const report = await as(who).get<OpsJobsResponse>('/api/ops/jobs');
      expect(report.status).toBe(200);
      expect(report.body.driver).toBe('bullmq');
      expect(report.body.board_path).toBe(BOARD);
    }
  });

  it('should let an operator retry and promote a job but nothing else', async () => {
    const id = await failedJob();
    expect((await as('operator').request('PUT', `${BOARD}/api/queues/jobs/${id}/retry`)).status).toBe(204);
    const delayed = await queue.add('no-such-job', {}, { delay: 60_000, attempts: 1 });
    expect((await as('operator').request('PUT', `${BOARD}/api/queues/jobs/${delayed.id}/promote`)).status).toBe(204);

    const other = await failedJob();
    for (const [method, path] of [
      ['PUT', `${BOARD}/api/queues/jobs/pause`],
      ['PUT', `${BOARD}/api/queues/jobs/resume`],
      ['PUT', `${BOARD}/api/queues/jobs/clean/failed`],
      ['PUT', `${BOARD}/api/queues/jobs/retry/failed`],
      ['PUT', `${BOARD}/api/queues/jobs/${other}/clean`],
      ['PUT', `${BOARD}/api/queues/jobs/empty`],
      ['PUT', `${BOARD}/api/queues/pause`],
      ['POST', `${BOARD}/api/queues/jobs/add`],
      ['PUT', `${BOARD}/API/Queues/jobs/Pause/`],
    ] as const) {
      const res = await as('operator').request(method, path);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
    }
    expect(await queue.isPaused()).toBe(false);
    expect(await queue.getJobState(other)).toBe('failed');
  });

  it("should carry out an admin's pause, resume and removal", async () => {
    const id = await failedJob();
    expect((await as('admin').request('PUT', `${BOARD}/api/queues/jobs/pause`)).status).toBe(200);
    expect(await queue.isPaused()).toBe(true);
    expect((await as('admin').request('PUT', `${BOARD}/api/queues/jobs/resume`)).status).toBe(200);
    expect(await queue.isPaused()).toBe(false);
    expect((await as('admin').request('PUT', `${BOARD}/api/queues/jobs/${id}/clean`)).status).toBe(204);
    expect(await queue.getJob(id)).toBeUndefined();
  });

  it('should refuse obliterate to everyone, an admin too', async () => {
    for (const path of [`${BOARD}/api/queues/jobs/obliterate`, `${BOARD}/api/queues/jobs/OBLITERATE/`]) {
      const res = await as('admin').request('PUT', path);
      expect(res.status).toBe(403);
    }
    expect(await queue.getJobCounts()).toBeDefined();
    expect((await queue.getJobSchedulers()).length).toBeGreaterThan(0);
  });

  it('should refuse a write without the CSRF header, or from another site', async () => {
    const res = await as('admin').request('PUT', `${BOARD}/api/queues/jobs/pause`, undefined, { csrf: false });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ reason: 'csrf' });
    const crossSite = await as('admin').request('PUT', `${BOARD}/api/queues/jobs/pause`, undefined, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
    expect(await queue.isPaused()).toBe(false);
  });

  it("should accept the token in X-XSRF-Token from the XSRF-TOKEN cookie, as bull-board's UI sends it", async () => {
    const admin = as('admin');
    const page = await admin.get(`${BOARD}/api/queues`);
    expect(page.status).toBe(200);
    const xsrf = admin.cookies.get('XSRF-TOKEN');
    expect(xsrf).toBeDefined();
    const res = await admin.request('PUT', `${BOARD}/api/queues/jobs/pause`, undefined, {
      csrf: false,
      headers: { 'x-xsrf-token': xsrf ?? '' },
    });
    expect(res.status).toBe(200);
    expect((await admin.request('PUT', `${BOARD}/api/queues/jobs/resume`)).status).toBe(200);
  });
});

describe('the jobs view with the in-process driver', () => {
  const tag = uniqueName('qi')
    .replace(/[^a-z0-9]/gi, '')
    .slice(-10);
  const admin = { email: `${tag}-admin@furlong.test`, password: 'in-process admin password' };
  let sut: TestApp;
  let as: (who: Who) => ApiSession;

  beforeAll(async () => {
    sut = await startTestApp({
      DATABASE_URL: process.env.FURLONG_TEST_DB_URL,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    as = await identities(sut.baseUrl, admin, tag);
  }, 60_000);

  afterAll(async () => {
    await sut?.close();
  });

  it('should answer 401 and 403 to visitors and members, and send operators to the jobs page', async () => {
    for (const path of [BOARD, `${BOARD}/api/queues`, '/api/ops/jobs']) {
      expect((await as('visitor').get(path)).status).toBe(401);
      expect((await as('member').get(path)).status).toBe(403);
    }
    const res = await fetch(`${sut.baseUrl}${BOARD}`, {
      headers: { cookie: cookieOf(as('operator')) },
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin/ops/jobs');
  });

  it('should report each job kind, with counts that rise after a job runs', async () => {
    const before = await as('operator').get<OpsJobsResponse>('/api/ops/jobs');
    expect(before.status).toBe(200);
    expect(before.body.driver).toBe('in-process');
    expect(before.body.board_path).toBeNull();
    const tote = () => before.body.jobs.find((j) => j.name === 'wagering.tote');
    expect(tote()).toBeDefined();
    const nightly = before.body.jobs.find((j) => j.name === 'past-performance.refresh');
    expect(nightly?.next_run_at).not.toBeNull();

    await sut.app.get(JobQueue).run('wagering.tote', { reason: 'manual' }, 20_000);

    const after = await as('operator').get<OpsJobsResponse>('/api/ops/jobs');
    const ran = after.body.jobs.find((j) => j.name === 'wagering.tote');
    expect(ran?.counts.completed).toBe((tote()?.counts.completed ?? 0) + 1);
    expect(ran?.last_run_at).not.toBeNull();
  });
});

function cookieOf(session: ApiSession): string {
  return [...session.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
}
