import { spawn } from 'node:child_process';
import path from 'node:path';
import type { ClientToServerEvents, RaceJoinReply, ServerToClientEvents, ToteJoinReply } from '@furlong/contracts';
import type { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { RaceRepository } from '../src/racing/race.repository';
import { RaceCardService } from '../src/racing/race-card.service';
import { JOIN_LIMITS } from '../src/realtime/join-budget';
import { RoomJoins } from '../src/realtime/room-joins';
import { SocketEmitter } from '../src/realtime/socket-emitter';
import { PoolRepository } from '../src/wagering/pool.repository';
import { waitFor } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const REPO_ROOT = path.resolve(__dirname, '../../..');
const FLOOD_JOINS = 10_000;

// The flooder runs in a process of its own: the server under test shares this process's event
// loop, and encoding 10,000 packets here would stall it whatever the server does. It connects,
// says 'ready', and floods when told 'go' on stdin (so its start-up is not in the measurement).
const FLOOD_SCRIPT = `
const { io } = require('socket.io-client');
const [url, idsJson, countText] = process.argv.slice(1);
const ids = JSON.parse(idsJson);
const count = Number(countText);
const tally = {};
let startedAt = Date.now();
const done = (reason) => {
  process.stdout.write(JSON.stringify({ tally, reason, ms: Date.now() - startedAt }) + '\\n');
  process.exit(0);
};
const socket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
socket.on('connect', () => process.stdout.write('ready\\n'));
process.stdin.once('data', () => {
  startedAt = Date.now();
  for (let i = 0; i < count; i++) {
    socket.emit('race:join', ids[i % ids.length], (reply) => {
      const key = reply.ok ? 'ok' : reply.reason;
      tally[key] = (tally[key] || 0) + 1;
    });
  }
});
socket.on('disconnect', (reason) => setTimeout(() => done(reason), 50));
setTimeout(() => done('timeout'), 8000);
`;

interface FloodOutcome {
  tally: Record<string, number>;
  reason: string;
  ms: number;
}

/** Starts the flooder; resolves once its socket is connected, with `go` to flood and get the outcome. */
function startFlooder(baseUrl: string, raceIds: number[]): Promise<{ go(): Promise<FloodOutcome> }> {
  const child = spawn(process.execPath, ['-e', FLOOD_SCRIPT, baseUrl, JSON.stringify(raceIds), String(FLOOD_JOINS)], {
    cwd: REPO_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  const outcome = new Promise<FloodOutcome>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', () => {
      try {
        resolve(JSON.parse(out.replace('ready\n', '').trim()) as FloodOutcome);
      } catch {
        reject(new Error(`flooder gave no outcome: ${out}`));
      }
    });
  });
  return new Promise((resolve, reject) => {
    outcome.catch(reject);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.startsWith('ready\n'))
        resolve({
          go: () => {
            child.stdin.end('go\n');
            return outcome;
          },
        });
    });
  });
}

function connect(baseUrl: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

const joinRace = (socket: ClientSocket, raceId: unknown) =>
  new Promise<RaceJoinReply>((resolve) => socket.emit('race:join', raceId as number, resolve));
const joinTote = (socket: ClientSocket, raceId: number) =>
  new Promise<ToteJoinReply>((resolve) => socket.emit('tote:join', raceId, resolve));

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

describe('bounded socket joins', () => {
  const dbName = uniqueName('furlong_realtime_joins');
  let sut: TestApp;
  let server: Server;
  let raceIds: number[];
  const sockets: ClientSocket[] = [];
  // Every race read a join makes goes through RaceRepository.runSpec (the snapshot), every tote join through PoolRepository.race.
  let runSpecReads: jest.SpyInstance;
  let toteReads: jest.SpyInstance;

  /** The server's rooms of that kind that the client's socket is in, from the adapter. */
  const roomsOf = (socket: ClientSocket, prefix: string) =>
    [...(server.of('/').adapter.sids.get(socket.id ?? '') ?? [])].filter((room) => room.startsWith(prefix));

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 17, scale: 0.05 });
    const attach = jest.spyOn(SocketEmitter.prototype, 'attach');
    sut = await startTestApp({ DATABASE_URL: url });
    server = attach.mock.calls[0]?.[0] as unknown as Server;
    attach.mockRestore();
    // Current races exist once their day's card is made: a few tracks' cards for two days.
    const db = sut.app.get(DataSource);
    const tracks: { id: number }[] = await db.query('SELECT id FROM tracks ORDER BY id LIMIT 4');
    for (const track of tracks) {
      for (const day of ['2031-05-01', '2031-05-02']) await sut.app.get(RaceCardService).ensureCard(track.id, day);
    }
    const rows: { id: number }[] = await db.query('SELECT id FROM current_races ORDER BY id');
    raceIds = rows.map((r) => Number(r.id));
    expect(raceIds.length).toBeGreaterThanOrEqual(20);
    runSpecReads = jest.spyOn(sut.app.get(RaceRepository), 'runSpec');
    toteReads = jest.spyOn(sut.app.get(PoolRepository), 'race');
  }, 90_000);

  afterEach(() => {
    runSpecReads.mockClear();
    toteReads.mockClear();
    for (const s of sockets.splice(0)) s.close();
  });

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should keep a socket in at most 4 race rooms and 4 tote rooms when it joins more of each', async () => {
    const socket = await connect(sut.baseUrl);
    sockets.push(socket);
    const ids = raceIds.slice(0, 5);

    for (const id of ids) expect(await joinRace(socket, id)).toMatchObject({ ok: true });
    for (const id of ids) expect(await joinTote(socket, id)).toMatchObject({ ok: true });

    expect(JOIN_LIMITS.raceRooms).toBe(4);
    // The newest joins stay: the oldest were left as the newer ones came.
    expect(roomsOf(socket, 'race:')).toEqual(ids.slice(1).map((id) => `race:${id}`));
    expect(roomsOf(socket, 'tote:')).toEqual(ids.slice(1).map((id) => `tote:${id}`));
  });

  it('should refuse an unknown race without making its room and a malformed id without reading', async () => {
    const socket = await connect(sut.baseUrl);
    sockets.push(socket);
    const created: string[] = [];
    const onCreate = (room: string) => created.push(room);
    server.of('/').adapter.on('create-room', onCreate);
    const unknown = 2_000_000_000;

    try {
      expect(await joinRace(socket, unknown)).toEqual({
        ok: false,
        reason: 'not_found',
        error: `Current race ${unknown} not found`,
      });
      expect(await joinTote(socket, unknown)).toMatchObject({ ok: false, reason: 'not_found' });
      expect(created).toEqual([]);
      expect(runSpecReads).toHaveBeenCalledTimes(1);
      expect(toteReads).toHaveBeenCalledTimes(1);

      for (const bad of ['1; DROP TABLE current_races', -3, 0, 1.5, null, { id: 1 }, '99999999999']) {
        expect(await joinRace(socket, bad)).toMatchObject({ ok: false, reason: 'invalid_id' });
      }
      expect(runSpecReads).toHaveBeenCalledTimes(1);
      expect(created).toEqual([]);
    } finally {
      server.of('/').adapter.off('create-room', onCreate);
    }
  });

  it('should refuse joins over the rate without reading the database, and admit again after a wait', async () => {
    const socket = await connect(sut.baseUrl);
    sockets.push(socket);
    const id = raceIds[0] as number;

    const replies = await Promise.all(Array.from({ length: JOIN_LIMITS.burst + 3 }, () => joinRace(socket, id)));

    expect(replies.filter((r) => r.ok)).toHaveLength(JOIN_LIMITS.burst);
    expect(replies.filter((r) => !r.ok && r.reason === 'rate_limited')).toHaveLength(3);
    // Only the admitted joins read: at most twice each (before joining a race first seen here, and after).
    expect(runSpecReads.mock.calls.length).toBeLessThanOrEqual(2 * JOIN_LIMITS.burst);
    // The bucket gives a join back every 1/perSecond s: polled every 100 ms, well under the flood cut-off.
    const again = await waitFor(
      'a join to be admitted again',
      async () => {
        const reply = await joinRace(socket, id);
        return reply.ok ? reply : undefined;
      },
      5_000,
    );
    expect(again.ok).toBe(true);
    expect(socket.connected).toBe(true);
  });

  it('should cut off a socket that sends 10,000 joins, read a bounded number of races and keep /api/health fast for others', async () => {
    const health: { at: number; ms: number; status: number }[] = [];
    const probe = async () => {
      const at = performance.now();
      const res = await fetch(`${sut.baseUrl}/api/health`);
      await res.arrayBuffer();
      health.push({ at, ms: performance.now() - at, status: res.status });
    };
    let running = true;
    const poll = async () => {
      while (running) await probe();
    };
    const joinCalls = jest.spyOn(sut.app.get(RoomJoins), 'join');
    const flooder = await startFlooder(sut.baseUrl, raceIds);
    const pollers = [poll(), poll()];
    // The machine's own pace before the flood: other work shares its two cores.
    while (health.length < 30) await probe();

    const floodStartedAt = performance.now();
    const cpuBefore = process.cpuUsage();
    const outcome = await flooder.go();
    const cpu = process.cpuUsage(cpuBefore);
    running = false;
    await Promise.all(pollers);
    // A few more answers after the flood, so the window has samples however short the flood was.
    for (let i = 0; i < 10; i++) await probe();
    const calls = joinCalls.mock.calls.length;
    joinCalls.mockRestore();

    const before = health.filter((h) => h.at < floodStartedAt).map((h) => h.ms);
    const during = health.filter((h) => h.at >= floodStartedAt);
    const p99 = percentile(
      during.map((h) => h.ms),
      99,
    );
    const baseline = percentile(before, 99);
    process.stdout.write(
      `flood of ${FLOOD_JOINS} joins: ${JSON.stringify(outcome)}; joins handled ${calls}, race reads ${runSpecReads.mock.calls.length}, ` +
        `server process CPU meanwhile ${Math.round((cpu.user + cpu.system) / 1000)} ms; ` +
        `/api/health p99 ${baseline.toFixed(0)} ms before (${before.length}), ${p99.toFixed(0)} ms during and after (${during.length})\n`,
    );

    expect(outcome.reason).toBe('io server disconnect');
    expect(outcome.ms).toBeLessThan(5_000);
    // Refused joins never reach the gateway, and once the socket is cut off the rest are dropped unread.
    expect(calls).toBeLessThanOrEqual(JOIN_LIMITS.burst + 10);
    expect(outcome.tally.ok ?? 0).toBeLessThanOrEqual(JOIN_LIMITS.burst + 10);
    // Each admitted join reads at most twice (once before joining a race first seen here, once after).
    expect(runSpecReads.mock.calls.length).toBeLessThanOrEqual(2 * (JOIN_LIMITS.burst + 10));
    expect(during.every((h) => h.status === 200)).toBe(true);
    // 200 ms on a quiet machine; on a busy one (other test runs share its two cores), within 3× or
    // 500 ms of what health took just before. Unbounded joins took it past 2 s here.
    expect(p99).toBeLessThan(Math.max(200, 3 * baseline, baseline + 500));
  }, 20_000);
});
