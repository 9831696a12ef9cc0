import type { LiveRaceResult, RaceVerification } from '@furlong/contracts';
import { officialOrder, simulateRace } from '@furlong/domain';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { getJson, stageRace, type Viewer, waitFor, waitForStatus, watchRace } from './support/live-race';
import { OwnRedis } from './support/redis-server';
import { type ServerChild, startServerChild } from './support/server-child';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const SCALE = '10';

// Issue 22's fault suite: two built servers as real processes sharing PostgreSQL and a Redis of the
// test's own (never the machine's), a race under way, and the instance running it killed with
// SIGKILL (no shutdown hooks, its lease left to expire). The other instance takes the race over from
// its seed, its viewers see the finish, and the result is written once. Then the same with SIGTERM:
// the lease is handed back and the race goes on at once. A third, in-process app with racing off
// only stages the race and reads the database.
describe('two instances, the one running the race killed with SIGKILL or stopped with SIGTERM', () => {
  const dbName = uniqueName('furlong_fault_cluster');
  const prefix = uniqueName('furlong-fault-cluster');
  let redis: OwnRedis;
  let stager: TestApp;
  const servers: ServerChild[] = [];
  const viewers: Viewer[] = [];
  let env: Record<string, string>;
  const db = () => stager.app.get(DataSource);

  /** The index in `servers` of the instance holding the race's lease (its holder names host:pid:…). */
  async function runnerOf(id: number): Promise<number> {
    const leases = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      const holder = await waitFor(
        'an instance to take the race',
        async () => (await leases.get(`${prefix}:race-lease:${id}`)) ?? undefined,
        30_000,
      );
      return servers.findIndex((s) => s.child.exitCode === null && holder.includes(`:${s.child.pid}:`));
    } finally {
      leases.disconnect();
    }
  }

  /**
   * Waits until the viewer has seen sample 20; on a timeout the error tells what each part saw: the
   * lease's holder, the race's row, every viewer's frames and phases, each instance's last log lines.
   */
  async function underWay(id: number, viewer: Viewer, watching: Viewer[]): Promise<void> {
    try {
      await waitFor('the race to be under way', async () => (viewer.frames.at(-1)?.s ?? 0) >= 20 || undefined, 30_000);
    } catch (err) {
      const leases = new Redis(redis.url, { maxRetriesPerRequest: 1 });
      const holder = await leases.get(`${prefix}:race-lease:${id}`).finally(() => leases.disconnect());
      const [row] = await db().query(
        'SELECT status, post_time, seed_hash IS NOT NULL AS seeded FROM current_races WHERE id = $1',
        [id],
      );
      const seen = watching.map(
        (v, i) =>
          `viewer ${i}${v === viewer ? ' (waited on)' : ''}: ${v.frames.length} frames, last ${v.frames.at(-1)?.s}, phases ${v.phases.map((p) => p.phase).join(',')}, connected ${v.socket.connected}`,
      );
      const logs = servers.map((s, i) => `server ${i} (pid ${s.child.pid}):\n${s.lines.slice(-25).join('\n')}`);
      throw new Error(
        [
          (err as Error).message,
          `now ${new Date().toISOString()}; lease ${holder}; race ${JSON.stringify(row)}`,
          ...seen,
          ...logs,
        ].join('\n'),
      );
    }
  }

  beforeAll(async () => {
    redis = await OwnRedis.start();
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 37, scale: 0.05 });
    env = {
      DATABASE_URL: url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: prefix,
      SEED_ON_START: 'false',
      RACING_ENABLED: 'true',
      RACING_TIME_SCALE: SCALE,
      RACING_SCHEDULER_SECONDS: '0.5',
      RACING_OPEN_LEAD_MINUTES: '1',
      WAGERING_CROWD_CENTS_PER_TICK: '0',
    };
    stager = await startTestApp({ DATABASE_URL: url, RACING_TIME_SCALE: SCALE });
    servers.push(await startServerChild(env), await startServerChild(env));
  }, 120_000);

  afterAll(async () => {
    for (const v of viewers) v.close();
    await Promise.all(servers.map((s) => s.kill()));
    await stager?.close();
    await redis?.stop();
    await dropDatabase(dbName);
  });

  it('should finish the race on the survivor, seen by its viewers, with the seeded result written once', async () => {
    // 8 furlongs at 10×: about 10 s of wall time from the off.
    const id = await stageRace(stager.app, { startsInWallMs: 10_000, furlongs: 8 });
    const open = await waitForStatus((servers[0] as ServerChild).baseUrl, id, 'open', 20_000);
    viewers.push(await watchRace((servers[0] as ServerChild).baseUrl, id));
    viewers.push(await watchRace((servers[1] as ServerChild).baseUrl, id));

    const runner = await runnerOf(id);
    expect(runner).toBeGreaterThanOrEqual(0);
    const survivor = servers[1 - runner] as ServerChild;
    const onSurvivor = viewers[1 - runner] as Viewer;
    await underWay(id, onSurvivor, viewers);

    await (servers[runner] as ServerChild).kill();
    const killedAt = Date.now();
    const seenBefore = onSurvivor.frames.length;
    const lastBefore = onSurvivor.frames.at(-1)?.s ?? 0;

    // The survivor takes the race over once the lease lapses and its viewers see it to the finish.
    const result = await Promise.race([
      onSurvivor.result,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no finish on the survivor')), 45_000).unref(),
      ),
    ]);
    const takeoverMs = Date.now() - killedAt;
    const after = onSurvivor.frames.slice(seenBefore);
    expect(after.length).toBeGreaterThan(0);
    // It went on from where the race is, not from the start.
    expect(after[0]?.s ?? 0).toBeGreaterThanOrEqual(lastBefore);

    const finished = await waitForStatus(survivor.baseUrl, id, 'finished', 20_000);
    const verification = (await getJson<RaceVerification>(survivor.baseUrl, `/api/current_races/${id}/verify`)).body;
    expect(verification).toMatchObject({ hash_matches: true, result_matches: true });
    expect(finished.seed_hash).toBe(open.seed_hash);
    const official = (await getJson<LiveRaceResult>(survivor.baseUrl, `/api/current_races/${id}/result`)).body;
    expect(result.finishers.map((f) => f.post_position)).toEqual(official.finishers.map((f) => f.post_position));
    // Every frame either instance sent is the seed's race: the same running order as a rerun.
    const rerun = simulateRace({
      seed: official.seed,
      runners: official.engine_runners,
      conditions: { furlongs: official.furlongs, surface: official.surface_type, condition: official.track_condition },
    });
    expect(
      officialOrder(
        rerun,
        official.engine_runners.map((r) => r.post_position),
      ),
    ).toEqual(official.finishers.map((f) => f.post_position));
    for (const frame of onSurvivor.frames) expect(frame.l).toEqual(rerun.samples[frame.s]?.leaderboard);
    const [results] = await db().query('SELECT count(*)::int AS n FROM race_results WHERE current_race_id = $1', [id]);
    expect(results.n).toBe(1);
    console.log(
      `kill -9 of the runner at sample ${lastBefore}; the survivor's viewers saw sample ${after[0]?.s} next and the finish ${takeoverMs} ms after the kill`,
    );
  }, 150_000);

  it('should hand a race over at once when the instance running it is stopped with SIGTERM', async () => {
    // Two live instances again: the one killed above is replaced.
    servers.splice(
      0,
      servers.length,
      ...servers.filter((s) => s.child.exitCode === null && s.child.signalCode === null),
    );
    servers.push(await startServerChild({ ...env, SHUTDOWN_DRAIN_SECONDS: '0' }));
    const id = await stageRace(stager.app, { startsInWallMs: 10_000, furlongs: 8 });
    await waitForStatus((servers[0] as ServerChild).baseUrl, id, 'open', 20_000);
    const watching = await Promise.all(servers.map((s) => watchRace(s.baseUrl, id)));
    viewers.push(...watching);
    const runner = await runnerOf(id);
    expect(runner).toBeGreaterThanOrEqual(0);
    const onSurvivor = watching[1 - runner] as Viewer;
    const arrivals: number[] = [];
    onSurvivor.socket.on('race:frame', () => arrivals.push(Date.now()));
    await underWay(id, onSurvivor, watching);

    const stopping = Date.now();
    const seenBefore = onSurvivor.frames.length;
    const lastBefore = onSurvivor.frames.at(-1)?.s ?? 0;
    expect(await (servers[runner] as ServerChild).terminate()).toEqual({ code: 0, signal: null });
    await Promise.race([
      onSurvivor.result,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('no finish on the survivor')), 45_000).unref(),
      ),
    ]);
    // The lease was handed back, not left to expire (5 s): the survivor took the race within its
    // runner's poll (1 s), and its viewers' frames went on from where the race was.
    const firstAfter = onSurvivor.frames[seenBefore];
    const resumedAt = arrivals.find((t) => t > stopping) ?? Number.POSITIVE_INFINITY;
    const gapMs = resumedAt - stopping;
    expect(firstAfter?.s ?? 0).toBeGreaterThanOrEqual(lastBefore);
    expect(gapMs).toBeLessThan(3_000);
    const [results] = await db().query('SELECT count(*)::int AS n FROM race_results WHERE current_race_id = $1', [id]);
    expect(results.n).toBe(1);
    const verification = (
      await getJson<RaceVerification>((servers[1 - runner] as ServerChild).baseUrl, `/api/current_races/${id}/verify`)
    ).body;
    expect(verification).toMatchObject({ hash_matches: true, result_matches: true });
    console.log(
      `SIGTERM to the runner at sample ${lastBefore}: the survivor's viewers got sample ${firstAfter?.s} ${gapMs} ms later`,
    );
  }, 150_000);
});
