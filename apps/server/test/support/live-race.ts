import { createHash } from 'node:crypto';
import type {
  ClientToServerEvents,
  CurrentRaceDetail,
  LiveRaceResult,
  RaceCountdown,
  RaceFrame,
  RacePhaseChange,
  RaceSnapshot,
  ServerToClientEvents,
} from '@furlong/contracts';
import { distanceFromFurlongs, officialOrder, officialTimeMs, simulateFinish } from '@furlong/domain';
import type { INestApplication } from '@nestjs/common';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { RacingClock } from '../../src/common/racing-clock';
import { RaceCardService } from '../../src/racing/race-card.service';
import { RacingService } from '../../src/racing/racing.service';

export type RaceSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let stagedDays = 0;

/**
 * Puts one race on a card far in the future and moves its post time to `startsInWallMs` of wall time
 * from now (scheduled, no seed yet), so the running app opens, runs and records it by itself.
 * Each call takes a day whose card nothing has touched yet (every race still scheduled at its card's
 * time, none with a result), so that a staged race never carries an earlier test's result and the catalog history
 * gets a free slot for it.
 */
export async function stageRace(
  app: INestApplication,
  options: { startsInWallMs: number; furlongs?: number; trackId?: number },
): Promise<number> {
  const db = app.get(DataSource);
  const clock = app.get(RacingClock);
  const [track]: { id: number }[] = options.trackId
    ? [{ id: options.trackId }]
    : await db.query('SELECT id FROM tracks ORDER BY id LIMIT 1');
  const trackId = track?.id as number;
  let race: { id: number } | undefined;
  for (let tries = 0; !race; tries++) {
    if (tries === 50) throw new Error(`no untouched day found for track ${trackId}`);
    stagedDays++;
    const day = new Date(clock.nowMs() + (40 + stagedDays) * 86_400_000).toISOString().slice(0, 10);
    await app.get(RaceCardService).ensureCard(trackId, day);
    const rows: { id: number }[] = await db.query(
      `SELECT cr.id FROM current_races cr
        WHERE cr.track_id = $1 AND cr.race_date = $2
          AND NOT EXISTS (SELECT 1 FROM current_races o
                           LEFT JOIN race_results rr ON rr.current_race_id = o.id
                          WHERE o.track_id = $1 AND o.race_date = $2
                            AND (o.status <> 'scheduled' OR o.seed IS NOT NULL OR rr.id IS NOT NULL
                                 OR o.post_time < $3))
        ORDER BY cr.race_number LIMIT 1`,
      // A race staged earlier but not opened yet has its post time moved to about now.
      [trackId, day, new Date(clock.nowMs() + 20 * 86_400_000)],
    );
    race = rows[0];
  }
  const distance = distanceFromFurlongs(options.furlongs ?? 5);
  const post = new Date(clock.nowMs() + options.startsInWallMs * clock.scale);
  await db.query(
    `UPDATE current_races SET post_time = $2, status = 'scheduled', seed = NULL, seed_hash = NULL,
            engine_runners = NULL, furlongs = $3, miles = $4, meters = $5
      WHERE id = $1`,
    [race.id, post, distance.furlongs, distance.miles, distance.meters],
  );
  return race.id;
}

export async function getJson<T>(baseUrl: string, path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}${path}`);
  return { status: res.status, body: (await res.json()) as T };
}

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function waitForStatus(baseUrl: string, raceId: number, status: string, timeoutMs?: number) {
  return waitFor(
    `race ${raceId} to be ${status}`,
    async () => {
      const { body } = await getJson<CurrentRaceDetail>(baseUrl, `/api/current_races/${raceId}`);
      return body.status === status ? body : undefined;
    },
    timeoutMs,
  );
}

/** A viewer: a socket.io client on one race's room, recording everything it receives. */
export interface Viewer {
  socket: RaceSocket;
  snapshot: RaceSnapshot;
  frames: RaceFrame[];
  countdowns: RaceCountdown[];
  phases: RacePhaseChange[];
  results: LiveRaceResult[];
  /** The race's result, once the 'finished' phase has come too. */
  result: Promise<LiveRaceResult>;
  close(): void;
}

export async function watchRace(baseUrl: string, raceId: number): Promise<Viewer> {
  const socket: RaceSocket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], forceNew: true });
  const frames: RaceFrame[] = [];
  const countdowns: RaceCountdown[] = [];
  const phases: RacePhaseChange[] = [];
  const results: LiveRaceResult[] = [];
  // The runner sends the result, then the 'finished' phase: two messages, which through the Redis
  // adapter may reach the client in different turns of its event loop. Wait for both.
  const result = new Promise<LiveRaceResult>((resolve) => {
    const settle = () => {
      if (results[0] && phases.some((p) => p.phase === 'finished')) resolve(results[0]);
    };
    socket.on('race:result', (r) => {
      results.push(r);
      settle();
    });
    socket.on('race:phase', (p) => {
      phases.push(p);
      settle();
    });
  });
  socket.on('race:frame', (f) => frames.push(f));
  socket.on('race:countdown', (c) => countdowns.push(c));
  const reply = await new Promise<Parameters<Parameters<ClientToServerEvents['race:join']>[1]>[0]>(
    (resolve, reject) => {
      socket.on('connect_error', (err) => {
        socket.close();
        reject(err);
      });
      socket.emit('race:join', raceId, resolve);
    },
  );
  if (!reply.ok) {
    socket.close();
    throw new Error(`could not join race ${raceId}: ${reply.error}`);
  }
  return {
    socket,
    snapshot: reply.snapshot,
    frames,
    countdowns,
    phases,
    results,
    result,
    close: () => socket.close(),
  };
}

/** Frames strictly in sample order, each for this race. */
export function expectFramesInOrder(frames: readonly RaceFrame[], raceId: number): void {
  for (let i = 1; i < frames.length; i++) {
    if ((frames[i] as RaceFrame).s <= (frames[i - 1] as RaceFrame).s) {
      throw new Error(`frame ${i} (sample ${frames[i]?.s}) came after sample ${frames[i - 1]?.s}`);
    }
  }
  for (const f of frames) if (f.r !== raceId) throw new Error(`a frame of race ${f.r} in the room of ${raceId}`);
}

/**
 * Closes a race and writes its result as the runner does at the finish, without waiting for the
 * racing clock; answers the finishing order (program numbers). Safe to retry: a race already
 * finished (a try whose commit went through before its connection was cut) is left finished, and
 * recording it again reads the one result.
 */
export async function finishRace(app: INestApplication, raceId: number): Promise<number[]> {
  await app
    .get(DataSource)
    .query(`UPDATE current_races SET status = 'closed', post_time = now() WHERE id = $1 AND status <> 'finished'`, [
      raceId,
    ]);
  const racing = app.get(RacingService);
  const runnable = await racing.runnable(raceId);
  if (!runnable) throw new Error(`race ${raceId} not runnable`);
  const recorded = await racing.record(runnable);
  return recorded?.result.finishers.map((f) => f.post_position) ?? [];
}

/**
 * Stages `count` consecutive races of one card at `trackId` (a day nobody has touched), 20 racing
 * minutes apart with the first 10 wall minutes away, and opens them; answers their ids in card order.
 * For tests that open and finish races themselves (racing off), e.g. a double and a Pick N.
 */
export async function stageCard(app: INestApplication, trackId: number, count: number): Promise<number[]> {
  return openCard(app, await stageRace(app, { startsInWallMs: 10 * 60_000, trackId }), count);
}

/**
 * The staged race `firstId` and the `count` − 1 races after it on its card, 20 racing minutes apart
 * from its post time, opened; answers their ids in card order.
 */
export async function openCard(app: INestApplication, firstId: number, count: number): Promise<number[]> {
  const rows: { id: number; race_number: number }[] = await app.get(DataSource).query(
    `WITH c1 AS (SELECT track_id, race_date, race_number, post_time FROM current_races WHERE id = $1),
     u AS (
       UPDATE current_races c SET post_time = c1.post_time + (c.race_number - c1.race_number) * interval '20 minutes',
                                  status = 'scheduled'
         FROM c1
        WHERE c.track_id = c1.track_id AND c.race_date = c1.race_date
          AND c.race_number BETWEEN c1.race_number AND c1.race_number + $2 - 1
       RETURNING c.id, c.race_number)
     SELECT * FROM u`,
    [firstId, count],
  );
  const card = rows.sort((a, b) => a.race_number - b.race_number).map((r) => r.id);
  for (const id of card) await app.get(RacingService).open([id]);
  for (const id of card) await withoutDeadHeat(app, id);
  return card;
}

/**
 * Re-seeds an open race (seed and commitment) until no two runners finish in the same official
 * time. About 7 % of seeds give a dead heat; a test that reads the engine's order as the result's
 * (the winner, the runner-up, a worked example) needs a race without one, and one that needs a
 * dead heat makes it by hand.
 */
export async function withoutDeadHeat(app: INestApplication, raceId: number): Promise<void> {
  const racing = app.get(RacingService);
  for (let i = 0; i < 100; i++) {
    const race = (await racing.runnable(raceId))?.race;
    if (!race) throw new Error(`race ${raceId} not runnable`);
    const times = race.finish_times_ms.map(officialTimeMs);
    if (new Set(times).size === times.length) return;
    const seed = createHash('sha256').update(`no-dead-heat:${raceId}:${i}`).digest('hex');
    await setRaceSeed(app, raceId, seed);
  }
  throw new Error(`race ${raceId}: no seed without a dead heat in 100 tries`);
}

/** Gives a race this seed (and its commitment), as the opening would have drawn it. */
async function setRaceSeed(app: INestApplication, raceId: number, seed: string): Promise<void> {
  await app
    .get(DataSource)
    .query('UPDATE current_races SET seed = $2, seed_hash = $3 WHERE id = $1', [
      raceId,
      seed,
      createHash('sha256').update(seed).digest('hex'),
    ]);
}

/**
 * Gives an open race a seed on which two or more runners dead-heat for the win (their official
 * times equal), found by simulating its field on seed after seed. Answers the dead-heated winners
 * by program number.
 */
export async function withDeadHeatForWin(app: INestApplication, raceId: number, tries = 100_000): Promise<number[]> {
  const field = await app.get(RacingService).fieldToSimulate(raceId);
  if (!field) throw new Error(`race ${raceId} has no field to simulate`);
  const posts = field.race.runners.map((r) => r.post_position);
  for (let i = 0; i < tries; i++) {
    const seed = createHash('sha256').update(`dead-heat:${raceId}:${i}`).digest('hex');
    const finish = simulateFinish({ ...field.race, seed });
    const timeOf = (post: number) => officialTimeMs(finish.finish_times_ms[posts.indexOf(post)] ?? Number.NaN);
    const order = officialOrder(finish, posts);
    const best = timeOf(order[0] as number);
    if (timeOf(order[1] as number) !== best) continue;
    await setRaceSeed(app, raceId, seed);
    return order.filter((p) => timeOf(p) === best).sort((a, b) => a - b);
  }
  throw new Error(`race ${raceId}: no seed with a dead heat for the win in ${tries} tries`);
}
