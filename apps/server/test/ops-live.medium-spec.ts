import type { ClientToServerEvents, OpsJoinReply, OpsSnapshot, ServerToClientEvents } from '@furlong/contracts';
import { OPS_SILENT_AFTER_MS } from '@furlong/contracts';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { JobQueue } from '../src/jobs/job-queue.service';
import type { InstanceReport } from '../src/ops/instance-reporter';
import { RaceRunner } from '../src/racing/race-runner.service';
import { ApiSession } from './support/api-session';
import { stageRace, type Viewer, waitFor, watchRace } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import {
  createDatabase,
  dropDatabase,
  dropRedisKeys,
  liveClusterEnv,
  migrateAndSeed,
  TEST_REDIS_URL,
  uniqueName,
} from './support/test-database';

const ADMIN = { email: 'ops-admin@furlong.test', password: 'ops admin password 1' };

interface OpsViewer {
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  reply: OpsJoinReply;
  snapshots: OpsSnapshot[];
  /** The first snapshot (the join's reply included) that passes `check`. */
  next(what: string, check: (s: OpsSnapshot) => boolean, timeoutMs?: number): Promise<OpsSnapshot>;
}

/** A socket with the session's cookies that joins the ops room and keeps every snapshot it gets. */
async function watchOps(baseUrl: string, session?: ApiSession): Promise<OpsViewer> {
  const cookie = session ? [...session.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ') : '';
  const socket: OpsViewer['socket'] = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    extraHeaders: cookie ? { cookie } : {},
  });
  const snapshots: OpsSnapshot[] = [];
  socket.on('ops:snapshot', (s) => snapshots.push(s));
  const reply = await new Promise<OpsJoinReply>((resolve) => socket.emit('ops:join', resolve));
  if (reply.ok) snapshots.unshift(reply.snapshot);
  return {
    socket,
    reply,
    snapshots,
    next: (what, check, timeoutMs = 20_000) => waitFor(what, async () => snapshots.find(check), timeoutMs),
  };
}

// Two instances sharing PostgreSQL and Redis: each reports its figures through Redis every second,
// and an operator's socket on either gets the whole deployment's snapshot every second.
describe('the live operations room on two instances sharing Redis', () => {
  const dbName = uniqueName('furlong_ops_live');
  const prefix = uniqueName('furlong-ops');
  let a: TestApp;
  let b: TestApp;
  let bClosed = false;
  let operatorSession: ApiSession;
  const sockets: OpsViewer[] = [];
  const viewers: Viewer[] = [];

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 5, scale: 0.05 });
    const env = { ...liveClusterEnv(url, prefix), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    a = await startTestApp(env);
    b = await startTestApp(env);
    const admin = new ApiSession(a.baseUrl);
    await admin.logIn(ADMIN.email, ADMIN.password);
    operatorSession = new ApiSession(a.baseUrl);
    const me = await operatorSession.signUp('opsshift', 'opsshift@furlong.test', 'correct horse battery');
    expect((await admin.request('PUT', `/api/admin/users/${me.id}/role`, { role: 'operator' })).status).toBe(200);
    // The role change forgets the user's sessions: log in again.
    operatorSession = new ApiSession(a.baseUrl);
    await operatorSession.logIn('opsshift@furlong.test', 'correct horse battery');
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.socket.close();
    for (const v of viewers) v.close();
    await a?.close();
    if (!bClosed) await b?.close();
    await dropDatabase(dbName);
    await dropRedisKeys(prefix);
  });

  async function operatorOn(app: TestApp): Promise<OpsViewer> {
    const viewer = await watchOps(app.baseUrl, operatorSession);
    sockets.push(viewer);
    expect(viewer.reply).toMatchObject({ ok: true });
    return viewer;
  }

  it('should refuse the room to a visitor and to a member, and send them nothing', async () => {
    const visitor = await watchOps(a.baseUrl);
    const member = new ApiSession(a.baseUrl);
    await member.signUp('opsmember', 'opsmember@furlong.test', 'correct horse battery');
    const memberSocket = await watchOps(a.baseUrl, member);
    sockets.push(visitor, memberSocket);
    expect(visitor.reply).toMatchObject({ ok: false, reason: 'unauthenticated' });
    expect(memberSocket.reply).toMatchObject({ ok: false, reason: 'forbidden' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(visitor.snapshots).toEqual([]);
    expect(memberSocket.snapshots).toEqual([]);
  });

  it('should send an operator a snapshot every second listing both instances, each up', async () => {
    const ids = [a, b].map((i) => i.app.get(RaceRunner).instanceId).sort();
    const ops = await operatorOn(a);
    const both = await ops.next('both instances up', (s) => {
      const up = s.instances.filter((i) => i.status === 'up').map((i) => i.id);
      return ids.every((id) => up.includes(id));
    });
    expect(both.alerts).toEqual([]);
    await waitFor('three more snapshots', async () => (ops.snapshots.length >= 4 ? true : undefined), 6000);
    const times = ops.snapshots.map((s) => Date.parse(s.at));
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1] as number);
    // The same view over HTTP, from the other instance.
    const { status, body } = await operatorSession.get<OpsSnapshot>('/api/ops/live');
    expect(status).toBe(200);
    expect(body.instances.map((i) => i.id).sort()).toEqual(expect.arrayContaining(ids));
    expect(body.races.by_state).toEqual(
      expect.objectContaining({ scheduled: expect.any(Number), finished: expect.any(Number) }),
    );
    const onB = new ApiSession(b.baseUrl);
    onB.cookies.clear();
    for (const [k, v] of operatorSession.cookies) onB.cookies.set(k, v);
    expect((await onB.get<OpsSnapshot>('/api/ops/live')).body.instances.length).toBeGreaterThanOrEqual(2);
  });

  it("should show a running race's frames, its viewers and which instance holds its lease", async () => {
    const ops = await operatorOn(b);
    const id = await stageRace(a.app, { startsInWallMs: 3000 });
    const viewer = await watchRace(a.baseUrl, id);
    viewers.push(viewer);
    // The first frames go out at the off, a moment before the race's row says it is running. The
    // parts of a snapshot come on their own clocks (the races from the database, each instance's
    // frames, viewers and leases in its report every few seconds, the frames as a rate over a
    // window), so the test waits for one snapshot that shows them all: a report written just before
    // the off has this race's viewer, the frames of an earlier race and no lease of this one yet.
    const moving = await ops.next('frames moving with a viewer, the race running and its lease held', (s) => {
      return (
        s.totals.frames_per_second > 0 &&
        s.viewers.some((v) => v.race_id === id && v.viewers >= 1) &&
        s.races.by_state.running >= 1 &&
        s.instances.some((i) => i.leases.includes(id))
      );
    });
    expect(moving.instances.filter((i) => i.leases.includes(id))).toHaveLength(1);
    expect(moving.totals.tick_lateness_p99_ms).not.toBeNull();
    await viewer.result;
  }, 60_000);

  it('should show a failing job in red with the time its failures started', async () => {
    const ops = await operatorOn(a);
    const before = Date.now();
    // A settle job whose payload the database refuses: every attempt throws.
    await a.app
      .get(JobQueue)
      .enqueue('wagering.settle', { current_race_id: 'not-a-race' as unknown as number }, { jobId: `bad-${prefix}` });
    const red = await ops.next('a failing job', (s) => s.alerts.some((x) => x.kind === 'job_failing'));
    const alert = red.alerts.find((x) => x.kind === 'job_failing');
    expect(alert?.subject).toBe('wagering.settle');
    expect(Date.parse(alert?.since ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(red.queues.failures).toEqual([
      expect.objectContaining({ job: 'wagering.settle', recent: expect.any(Number) }),
    ]);
  }, 30_000);

  it('should show an instance that stopped reporting in red from its last report, and one shut down in grey', async () => {
    const ops = await operatorOn(a);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      // What a crashed instance leaves: its last report, going stale.
      const lastReport = new Date(Date.now() - OPS_SILENT_AFTER_MS - 2000).toISOString();
      const first = ops.snapshots[0]?.instances[0];
      if (!first) throw new Error('the join reply listed no instance');
      const { status: _, ...row } = first;
      const crashed: InstanceReport = {
        ...row,
        id: 'crashed-host:1:abcdef',
        reported_at: lastReport,
        stopped: false,
      };
      await redis.hset(`${prefix}:ops:instances`, crashed.id, JSON.stringify(crashed));
      const red = await ops.next('the crashed instance silent', (s) =>
        s.instances.some((i) => i.id === crashed.id && i.status === 'silent'),
      );
      expect(red.alerts).toContainEqual(
        expect.objectContaining({ kind: 'instance_silent', subject: crashed.id, since: lastReport }),
      );
      await redis.hdel(`${prefix}:ops:instances`, crashed.id);
    } finally {
      await redis.quit();
    }

    const bId = b.app.get(RaceRunner).instanceId;
    await b.close();
    bClosed = true;
    const grey = await ops.next('b stopped', (s) => s.instances.some((i) => i.id === bId && i.status === 'stopped'));
    expect(grey.alerts.filter((x) => x.subject === bId)).toEqual([]);
  }, 30_000);
});
