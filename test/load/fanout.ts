// The core of `npm run load:viewers`: N socket.io-client viewers of ONE live race, spread over
// child processes, against the built server (the product) or a bare Socket.IO broadcaster; frame
// latency (receive time − the frame's server `ts`), delivered %, and the server's CPU and memory
// read from /proc. See viewers.ts for the command line.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { ClientToServerEvents, RaceFrame, ServerToClientEvents } from '@furlong/contracts';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { io, type Socket } from 'socket.io-client';
import { scratchDatabase } from '../support/postgres';
import { dropRedisKeys } from '../support/redis-keys';
import { nodeArgsFromEnv, type ServerProcess, startServerProcess } from '../support/server-process';
import { LatencyHistogram } from './histogram';
import { cpuMs, machineCpuMs, rssKb } from './proc-stats';
import { BARE_RACE_ID, type FromWorker, type RestartReport, type ToWorker, type WorkerReport } from './protocol';

/**
 * A server process may hold ~20,000 open files here (ulimit -n), so one instance takes at most this
 * many viewers; with two, twice as many (past 15,000 the viewers spread over loopback source
 * addresses: see protocol.ts).
 */
export const MAX_VIEWERS_PER_INSTANCE = 18_000;
export const MAX_VIEWERS = 2 * MAX_VIEWERS_PER_INSTANCE;
export const MAX_SECONDS = 300;
/** Sockets per child by default (the machine allows ~20,000 open files per process). */
export const SOCKETS_PER_PROCESS = 2_500;
export const REDIS_URL = process.env.LOAD_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SAMPLE_MS = 500;
/** The window opens this long after the first frame (past the off's phase events and catch-up). */
const WINDOW_LEAD_MS = 1_000;
/** After the window, frames still in flight get this long to arrive before the children report. */
const GRACE_MS = 3_000;
const JOIN_TIMEOUT_MS = 30_000;
const CONNECT_BUDGET_MS = 180_000;
/** The product's race goes off this long after every viewer has joined. */
const OFF_AFTER_JOIN_MS = 4_000;
/** The product's CPU is also read over this long before anyone connects (its idle pace). */
const IDLE_MS = 5_000;
const SETTLE_MS = 8_000;
/** Warn when the machine is busier than this (all cores) before the run. */
const BUSY_WARNING_PCT = 10;
const METERS_PER_FURLONG = 201.168;
/**
 * Node flags for the viewer processes. They share the cores with the server they measure, so they
 * should cost as little as they can: each allocates a little garbage per frame for each of its
 * thousands of sockets, and a larger young generation (32 MB semi-spaces) takes ~10 % off their CPU
 * in scavenges. VIEWER_NODE_ARGS adds flags (e.g. --cpu-prof), as SERVER_NODE_ARGS does for servers.
 */
const VIEWER_NODE_ARGS = ['--max-semi-space-size=32', ...nodeArgsFromEnv('VIEWER_NODE_ARGS')];

export type Mode = 'product' | 'bare';

export interface FanoutOptions {
  mode: Mode;
  viewers: number;
  seconds: number;
  processes: number;
  instances: 1 | 2;
  /** Handshakes in flight at once per child. */
  concurrency: number;
  log: (line: string) => void;
  /** More environment for the product's servers (e.g. METRICS_ENABLED=false). */
  serverEnv?: Record<string, string>;
}

export interface FanoutFigures {
  mode: Mode;
  viewers: number;
  joined: number;
  failed: number;
  joinErrors: string[];
  instances: number;
  processes: number;
  /** Which instance ran the race (index into the instances), when known. */
  runnerInstance: number | null;
  /** Frames delivered and latency by the instance the viewers were connected to. */
  perInstance: { frames: number; p50: number; p99: number; max: number; cpuMs: number }[];
  connectSeconds: number;
  connectRate: number;
  windowSeconds: number;
  framesEmitted: number;
  /** Sample numbers the server never sent inside the window (it skips samples when behind). */
  samplesSkipped: number;
  framesDelivered: number;
  deliveredPct: number;
  deliveriesPerSecond: number;
  minFramesPerViewer: number;
  disconnects: number;
  p50: number;
  p99: number;
  max: number;
  /** Server CPU (all instances) in the window. */
  serverCpuMs: number;
  serverCpuPctOfCore: number;
  /** Server CPU with nobody connected, before the run. */
  idleCpuPctOfCore: number;
  cpuMsPer1000: number;
  /** The same less the server's idle pace (its own work with nobody connected) over the window. */
  cpuMsPer1000NetOfIdle: number;
  clientCpuPctOfCore: number;
  /** The whole machine's busy share in the window (server, clients, kernel, anything else running). */
  machineBusyPct: number;
  /** The same before anyone connected (with the server idle): anything else running shows here. */
  machineBusyBeforePct: number;
  cores: number;
  rssBeforeKb: number;
  rssDuringKb: number;
  kbPerViewer: number;
  frameBytes: number;
  /** The race ended before the window did: the window was cut at its last frame. */
  cutShort: boolean;
}

/** Everything the tool started, so any way out (end, error, signal, hard timeout) stops it. */
export class Cleanup {
  private readonly children = new Set<ChildProcess>();
  private readonly steps: (() => Promise<void>)[] = [];

  /** A child cleanup's processes are known to its parent too (signals, hard timeout). */
  constructor(private readonly parent?: Cleanup) {}

  track(child: ChildProcess): ChildProcess {
    this.parent?.track(child);
    this.children.add(child);
    child.once('exit', () => this.children.delete(child));
    return child;
  }

  /** A step for the end; also handed to the parent, so a signal or the hard timeout runs it too (once). */
  defer(step: () => Promise<void>): void {
    let ran: Promise<void> | undefined;
    const once = (): Promise<void> => {
      ran ??= step();
      return ran;
    };
    this.steps.push(once);
    this.parent?.defer(once);
  }

  /** SIGKILL to every process started by this one (tracked, or found by parent pid in /proc). */
  killAll(): void {
    const pids = new Set<number>();
    for (const child of this.children) if (child.pid !== undefined) pids.add(child.pid);
    for (const pid of childPids()) pids.add(pid);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }

  /** Runs the deferred steps (latest first), each given at most `stepMs`. */
  async run(stepMs = 20_000): Promise<void> {
    while (this.steps.length > 0) {
      const step = this.steps.pop() as () => Promise<void>;
      await withTimeout(step(), stepMs, 'cleanup step').catch((err: unknown) => {
        console.error(`cleanup: ${(err as Error).message}`);
      });
    }
  }
}

/** Direct children of this process, from /proc (catches a server that was still starting). */
function childPids(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid) found.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** A server the viewers connect to: its process (for /proc) and Socket.IO base URL. */
interface Target {
  pid: number;
  url: string;
}

interface Subject {
  targets: Target[];
  raceId: number;
  /** After every viewer has joined: make the race go off (the product) or nothing (bare). */
  go(): Promise<void>;
  /** Which target runs the race, once it runs. */
  runner(): Promise<number | null>;
}

// ---------------------------------------------------------------------------------------------
// The bare broadcaster

async function startBare(cleanup: Cleanup): Promise<Subject> {
  const child = cleanup.track(
    spawn(process.execPath, [join(__dirname, 'bare-broadcaster.js')], { stdio: ['ignore', 'pipe', 'inherit'] }),
  );
  cleanup.defer(() => stopChild(child));
  const port = await withTimeout(
    new Promise<number>((resolve, reject) => {
      createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => {
        resolve((JSON.parse(line) as { port: number }).port);
      });
      child.once('exit', (code) => reject(new Error(`bare broadcaster exited with ${code}`)));
    }),
    15_000,
    'bare broadcaster start',
  );
  return {
    targets: [{ pid: child.pid as number, url: `http://127.0.0.1:${port}` }],
    raceId: BARE_RACE_ID,
    go: async () => undefined,
    runner: async () => 0,
  };
}

export function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

// ---------------------------------------------------------------------------------------------
// The product: the built server on a scratch database, one race staged to go off on demand

/**
 * Furlongs for a race that outlasts the window: the field covers at most ~18 m/s, so the last
 * frame comes no sooner than this distance ÷ 18 m/s after the off.
 */
export function furlongsFor(seconds: number): number {
  const wanted = ((seconds + (WINDOW_LEAD_MS + 7_000) / 1000) * 18) / METERS_PER_FURLONG;
  return Math.min(40, Math.max(5, Math.ceil(wanted)));
}

/** The product as a subject: its servers and their environment, so an instance can be started again. */
export interface ProductSubject extends Subject {
  /** By instance; the restart modes put an instance's new process in its place. */
  servers: ServerProcess[];
  env: Record<string, string>;
  /** A connection to the scratch database. */
  pg: Client;
}

export async function startProduct(
  options: Pick<FanoutOptions, 'instances' | 'seconds' | 'log' | 'serverEnv'>,
  cleanup: Cleanup,
): Promise<ProductSubject> {
  const log = options.log;
  const db = await scratchDatabase('furlong_load');
  cleanup.defer(() => db.drop());
  const prefix = `furlong-load-${process.pid}-${Date.now().toString(36)}`;
  const env: Record<string, string> = {
    DATABASE_URL: db.url,
    // The production settings: the racing clock is the wall clock (a frame every 500 ms, as the
    // bare broadcaster sends them), the scheduler every 30 s, betting open 30 min before post.
    RACING_ENABLED: 'true',
    RACING_TIME_SCALE: '1',
    RACING_SCHEDULER_SECONDS: '30',
    RACING_OPEN_LEAD_MINUTES: '30',
    ...options.serverEnv,
  };
  if (options.instances === 2) {
    env.REDIS_URL = REDIS_URL;
    env.QUEUE_PREFIX = prefix;
    cleanup.defer(() => dropRedisKeys(REDIS_URL, prefix));
  }
  const servers: ServerProcess[] = [];
  for (let i = 0; i < options.instances; i++) {
    // One after the other: the first migrates and seeds the empty database.
    const server = await startServerProcess(env, 180_000);
    cleanup.track(server.child);
    cleanup.defer(() => stopChild(server.child));
    servers.push(server);
    log(`server ${i + 1}/${options.instances} up at ${server.baseUrl} (pid ${server.child.pid})`);
  }
  const first = servers[0] as ServerProcess;

  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  cleanup.defer(() => pg.end());
  // A 12-runner race on a card far ahead (nothing else runs that day), staged to go off later.
  const day = new Date(Date.now() + 25 * 86_400_000).toISOString().slice(0, 10);
  const tracks: { id: number }[] = (await pg.query('SELECT id FROM tracks ORDER BY id LIMIT 40')).rows;
  let raceId: number | undefined;
  for (const track of tracks) {
    await json(`${first.baseUrl}/api/program/tracks/${track.id}/card?date=${day}`);
    const { rows } = await pg.query<{ id: number }>(
      `SELECT cr.id FROM current_races cr
        WHERE cr.track_id = $1 AND cr.race_date = $2
          AND (SELECT count(*) FROM current_race_entries e WHERE e.current_race_id = cr.id) = 12
        ORDER BY cr.race_number LIMIT 1`,
      [track.id, day],
    );
    raceId = rows[0]?.id;
    if (raceId !== undefined) break;
  }
  if (raceId === undefined) throw new Error('no 12-runner race on any card');
  const furlongs = furlongsFor(options.seconds);
  await pg.query(
    `UPDATE current_races SET post_time = $2, status = 'scheduled', seed = NULL, seed_hash = NULL,
            engine_runners = NULL, furlongs = $3, miles = $4, meters = $5
      WHERE id = $1`,
    [
      raceId,
      new Date(Date.now() + 3 * 3_600_000),
      furlongs,
      Math.round((furlongs / 8) * 1000) / 1000,
      Math.round(furlongs * METERS_PER_FURLONG),
    ],
  );
  log(`race ${raceId}: 12 runners, ${furlongs} furlongs, staged to go off once every viewer has joined`);
  const id = raceId;
  return {
    targets: servers.map((s) => ({ pid: s.child.pid as number, url: s.baseUrl })),
    servers,
    env,
    pg,
    raceId: id,
    go: async () => {
      // Opened as the scheduler opens a race (a secret seed and its SHA-256; the runner fixes the
      // engine runners when it takes it), post time a few seconds ahead: a runner's poll (every
      // second) takes it, sends countdowns, then a frame every 500 ms from the off.
      const seed = randomBytes(32).toString('hex');
      await pg.query(
        `UPDATE current_races SET status = 'open', seed = $2, seed_hash = $3, post_time = $4 WHERE id = $1`,
        [id, seed, createHash('sha256').update(seed).digest('hex'), new Date(Date.now() + OFF_AFTER_JOIN_MS)],
      );
    },
    runner: async () => {
      if (servers.length === 1) return 0;
      const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        await redis.connect();
        const holder = await redis.get(`${prefix}:race-lease:${id}`);
        const index = servers.findIndex((s) => holder?.includes(`:${s.child.pid}:`));
        return index >= 0 ? index : null;
      } finally {
        redis.disconnect();
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The observers: one socket per target, counting the frames emitted (by sample number)

type RaceSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export class Observers {
  private readonly sockets: RaceSocket[] = [];
  private readonly seen = new Set<number>();
  private windowStart = Number.POSITIVE_INFINITY;
  private windowEnd = Number.NEGATIVE_INFINITY;
  private firstAfter = Number.POSITIVE_INFINITY;
  private onFirst?: () => void;
  private bytes = 0;
  lastFrameTs = 0;
  finishedAt: number | null = null;

  async join(targets: readonly Target[], raceId: number): Promise<void> {
    for (const target of targets) {
      const socket: RaceSocket = io(target.url, {
        path: '/socket.io',
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      this.sockets.push(socket);
      socket.on('race:frame', (frame) => this.frame(frame));
      socket.on('race:result', () => {
        this.finishedAt ??= Date.now();
      });
      const reply = await withTimeout(
        new Promise<Parameters<Parameters<ClientToServerEvents['race:join']>[1]>[0]>((resolve, reject) => {
          socket.once('connect_error', reject);
          socket.emit('race:join', raceId, resolve);
        }),
        JOIN_TIMEOUT_MS,
        'observer join',
      );
      if (!reply.ok) throw new Error(`observer could not join race ${raceId}: ${reply.error}`);
    }
  }

  private frame(frame: RaceFrame): void {
    this.lastFrameTs = Math.max(this.lastFrameTs, frame.ts);
    if (frame.ts >= this.firstAfter && this.onFirst) {
      this.onFirst();
      this.onFirst = undefined;
    }
    if (frame.ts >= this.windowStart && frame.ts < this.windowEnd && !this.seen.has(frame.s)) {
      this.seen.add(frame.s);
      this.bytes += Buffer.byteLength(JSON.stringify(frame));
    }
  }

  /** Mean JSON size of the frames sent in the window. */
  get frameBytes(): number {
    return this.seen.size > 0 ? Math.round(this.bytes / this.seen.size) : 0;
  }

  /** Resolves at the first frame sent at or after `afterTs`. */
  firstFrame(afterTs: number, timeoutMs: number): Promise<void> {
    this.firstAfter = afterTs;
    return withTimeout(
      new Promise<void>((resolve) => {
        this.onFirst = resolve;
      }),
      timeoutMs,
      'first frame',
    );
  }

  window(startTs: number, endTs: number): void {
    this.windowStart = startTs;
    this.windowEnd = endTs;
  }

  get emitted(): number {
    return this.seen.size;
  }

  /** Sample numbers missing between the window's first and last frame (frames the server skipped). */
  get skipped(): number {
    if (this.seen.size === 0) return 0;
    return Math.max(...this.seen) - Math.min(...this.seen) + 1 - this.seen.size;
  }

  close(): void {
    for (const socket of this.sockets) socket.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The viewer children

export class Workers {
  private readonly children: ChildProcess[] = [];

  constructor(private readonly cleanup: Cleanup) {}

  async start(count: number): Promise<void> {
    const ready: Promise<void>[] = [];
    for (let i = 0; i < count; i++) {
      const child = this.cleanup.track(
        fork(join(__dirname, 'viewer-worker.js'), [], {
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          execArgv: VIEWER_NODE_ARGS,
        }),
      );
      this.children.push(child);
      ready.push(this.next(child, 'ready', 15_000).then(() => undefined));
    }
    await Promise.all(ready);
  }

  get pids(): number[] {
    return this.children.map((c) => c.pid as number);
  }

  send(child: ChildProcess, message: ToWorker): void {
    if (child.connected) child.send(message);
  }

  broadcast(message: ToWorker): void {
    for (const child of this.children) this.send(child, message);
  }

  /** The next message of `type` from `child`. */
  next<T extends FromWorker['type']>(
    child: ChildProcess,
    type: T,
    timeoutMs: number,
  ): Promise<Extract<FromWorker, { type: T }>> {
    return withTimeout(
      new Promise<Extract<FromWorker, { type: T }>>((resolve, reject) => {
        const onMessage = (raw: unknown): void => {
          const message = raw as FromWorker;
          if (message.type !== type) return;
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(message as Extract<FromWorker, { type: T }>);
        };
        const onExit = (code: number | null): void => reject(new Error(`viewer process exited with ${code}`));
        child.on('message', onMessage);
        child.once('exit', onExit);
      }),
      timeoutMs,
      `viewer process (${type})`,
    );
  }

  /**
   * Splits `viewers` over the children and connects them; logs the progress every 2 s. With
   * `reconnect` a joined viewer whose connection drops comes back by itself (viewer-worker.ts).
   */
  async connect(
    viewers: number,
    urls: string[],
    raceId: number,
    concurrency: number,
    log: (line: string) => void,
    reconnect = false,
  ): Promise<{ joined: number; failed: number; errors: string[] }> {
    const progress = new Map<ChildProcess, { joined: number; failed: number }>();
    const onProgress = (child: ChildProcess) => (raw: unknown) => {
      const m = raw as FromWorker;
      if (m.type === 'progress' || m.type === 'connected') progress.set(child, { joined: m.joined, failed: m.failed });
    };
    const listeners = this.children.map((child) => {
      const listener = onProgress(child);
      child.on('message', listener);
      return () => child.off('message', listener);
    });
    const ticker = setInterval(() => {
      let joined = 0;
      let failed = 0;
      for (const p of progress.values()) {
        joined += p.joined;
        failed += p.failed;
      }
      log(`  joined ${joined.toLocaleString('en-US')}/${viewers.toLocaleString('en-US')}, failed ${failed}`);
    }, 2_000);
    try {
      const base = Math.floor(viewers / this.children.length);
      const extra = viewers % this.children.length;
      let firstIndex = 0;
      const done = this.children.map((child, i) => {
        const count = base + (i < extra ? 1 : 0);
        const reply = this.next(child, 'connected', CONNECT_BUDGET_MS);
        this.send(child, {
          type: 'connect',
          urls,
          firstIndex,
          count,
          raceId,
          concurrency,
          joinTimeoutMs: JOIN_TIMEOUT_MS,
          reconnect,
        });
        firstIndex += count;
        return reply;
      });
      const replies = await Promise.all(done);
      return {
        joined: replies.reduce((n, r) => n + r.joined, 0),
        failed: replies.reduce((n, r) => n + r.failed, 0),
        errors: [...new Set(replies.flatMap((r) => r.errors))].slice(0, 5),
      };
    } finally {
      clearInterval(ticker);
      for (const off of listeners) off();
    }
  }

  async reports(): Promise<WorkerReport[]> {
    const replies = this.children.map((child) => this.next(child, 'report', 20_000));
    this.broadcast({ type: 'report' });
    return Promise.all(replies);
  }

  async restartReports(): Promise<RestartReport[]> {
    const replies = this.children.map((child) => this.next(child, 'restart-report', 20_000));
    this.broadcast({ type: 'restart-report' });
    return Promise.all(replies);
  }

  /** Every message from the children, with the child's index, until the returned function is called. */
  listen(handler: (child: number, message: FromWorker) => void): () => void {
    const offs = this.children.map((child, i) => {
      const listener = (raw: unknown) => handler(i, raw as FromWorker);
      child.on('message', listener);
      return () => child.off('message', listener);
    });
    return () => {
      for (const off of offs) off();
    };
  }

  async stop(): Promise<void> {
    this.broadcast({ type: 'exit' });
    await Promise.all(this.children.map((child) => stopChild(child, 5_000)));
  }
}

// ---------------------------------------------------------------------------------------------

/** Runs one measurement (one mode) and stops everything it started before returning. */
export async function runFanout(options: FanoutOptions, cleanup = new Cleanup()): Promise<FanoutFigures> {
  const { log } = options;
  const steps = new Cleanup(cleanup);
  try {
    log(`${options.mode}: starting ${options.mode === 'bare' ? 'the bare broadcaster' : 'the server'}…`);
    const subject = options.mode === 'bare' ? await startBare(steps) : await startProduct(options, steps);
    const workers = new Workers(steps);
    steps.defer(() => workers.stop());
    await workers.start(options.processes);
    const observers = new Observers();
    steps.defer(async () => observers.close());
    // The server's own pace with nobody watching (scheduler, runner, other races of the day),
    // once the start-up work (cards, the first scheduler run) has settled.
    await sleep(options.mode === 'product' ? SETTLE_MS : 1_000);
    const idleMs = options.mode === 'product' ? IDLE_MS : 2_000;
    const idleStart = subject.targets.reduce((ms, t) => ms + cpuMs(t.pid), 0);
    const idleMachineStart = machineCpuMs();
    await sleep(idleMs);
    const idleCpuMs = subject.targets.reduce((ms, t) => ms + cpuMs(t.pid), 0) - idleStart;
    const idleMachine = machineCpuMs();
    const machineBusyBeforePct =
      (100 * (idleMachine.busy - idleMachineStart.busy)) / (idleMachine.total - idleMachineStart.total);
    if (machineBusyBeforePct > BUSY_WARNING_PCT) {
      log(
        `WARNING: the machine is ${machineBusyBeforePct.toFixed(0)} % busy before any viewer connects: ` +
          'something else is running, and the figures will show it',
      );
    }
    const rssBefore = subject.targets.reduce((kb, t) => kb + rssKb(t.pid), 0);
    await observers.join(subject.targets, subject.raceId);

    log(
      `${options.mode}: connecting ${options.viewers.toLocaleString('en-US')} viewers from ` +
        `${options.processes} processes to race ${subject.raceId}…`,
    );
    const connectStart = Date.now();
    const connected = await workers.connect(
      options.viewers,
      subject.targets.map((t) => t.url),
      subject.raceId,
      options.concurrency,
      log,
    );
    const connectMs = Date.now() - connectStart;
    log(
      `${options.mode}: ${connected.joined.toLocaleString('en-US')} joined in ${(connectMs / 1000).toFixed(1)} s` +
        (connected.failed > 0 ? `, ${connected.failed} failed (${connected.errors.join('; ')})` : ''),
    );
    if (connected.joined === 0) throw new Error(`no viewer could join: ${connected.errors.join('; ')}`);

    const goAt = Date.now();
    await subject.go();
    await observers.firstFrame(goAt, 60_000);
    const runnerInstance = await subject.runner();
    const windowStart = Date.now() + WINDOW_LEAD_MS;
    const windowEnd = windowStart + options.seconds * 1000;
    workers.broadcast({ type: 'window', startTs: windowStart, endTs: windowEnd });
    observers.window(windowStart, windowEnd);
    log(`${options.mode}: frames flowing; measuring ${options.seconds} s…`);

    await sleep(windowStart - Date.now());
    const cpuBeforeEach = subject.targets.map((t) => cpuMs(t.pid));
    const cpuBefore = cpuBeforeEach.reduce((a, b) => a + b, 0);
    const clientCpuBefore = workers.pids.reduce((ms, pid) => ms + cpuMs(pid), 0);
    const machineBefore = machineCpuMs();
    const rssSamples: number[] = [];
    while (Date.now() < windowEnd && observers.finishedAt === null) {
      rssSamples.push(subject.targets.reduce((kb, t) => kb + rssKb(t.pid), 0));
      await sleep(Math.min(1_000, windowEnd - Date.now()));
    }
    const cpuAfterEach = subject.targets.map((t) => cpuMs(t.pid));
    const cpuAfter = cpuAfterEach.reduce((a, b) => a + b, 0);
    const clientCpuAfter = workers.pids.reduce((ms, pid) => ms + cpuMs(pid), 0);
    const machineAfter = machineCpuMs();
    const cutShort = observers.finishedAt !== null && observers.lastFrameTs + SAMPLE_MS < windowEnd;
    const windowMs = cutShort ? Math.max(1, observers.lastFrameTs + SAMPLE_MS - windowStart) : windowEnd - windowStart;
    if (cutShort) log(`${options.mode}: the race finished ${((windowEnd - Date.now()) / 1000).toFixed(1)} s early`);

    await sleep(GRACE_MS);
    const reports = await workers.reports();
    const latency = new LatencyHistogram();
    for (const r of reports) latency.add(r.latency);
    const delivered = reports.reduce((n, r) => n + r.frames, 0);
    const perInstance = subject.targets.map((_, i) => {
      const cpu = (cpuAfterEach[i] as number) - (cpuBeforeEach[i] as number);
      const h = new LatencyHistogram();
      let frames = 0;
      for (const r of reports) {
        const t = r.byTarget[i];
        if (!t) continue;
        frames += t.frames;
        h.add(t.latency);
      }
      return { frames, p50: h.quantile(0.5), p99: h.quantile(0.99), max: h.max, cpuMs: cpu };
    });
    const joined = connected.joined;
    const emitted = observers.emitted;
    const serverCpuMs = cpuAfter - cpuBefore;
    const rssDuring = rssSamples.length > 0 ? median(rssSamples) : rssBefore;
    return {
      mode: options.mode,
      viewers: options.viewers,
      joined,
      failed: connected.failed,
      joinErrors: connected.errors,
      instances: subject.targets.length,
      processes: options.processes,
      runnerInstance,
      perInstance,
      connectSeconds: connectMs / 1000,
      connectRate: joined / (connectMs / 1000),
      windowSeconds: windowMs / 1000,
      framesEmitted: emitted,
      samplesSkipped: observers.skipped,
      framesDelivered: delivered,
      deliveredPct: emitted > 0 ? (100 * delivered) / (emitted * joined) : 0,
      deliveriesPerSecond: delivered / (windowMs / 1000),
      minFramesPerViewer: Math.min(...reports.map((r) => (r.joined > 0 ? r.minPerViewer : Number.POSITIVE_INFINITY))),
      disconnects: reports.reduce((n, r) => n + r.disconnects, 0),
      p50: latency.quantile(0.5),
      p99: latency.quantile(0.99),
      max: latency.max,
      serverCpuMs,
      serverCpuPctOfCore: (100 * serverCpuMs) / windowMs,
      idleCpuPctOfCore: (100 * idleCpuMs) / idleMs,
      cpuMsPer1000: delivered > 0 ? serverCpuMs / (delivered / 1000) : Number.NaN,
      cpuMsPer1000NetOfIdle:
        delivered > 0 ? Math.max(0, serverCpuMs - (idleCpuMs * windowMs) / idleMs) / (delivered / 1000) : Number.NaN,
      clientCpuPctOfCore: (100 * (clientCpuAfter - clientCpuBefore)) / windowMs,
      machineBusyBeforePct,
      machineBusyPct: (100 * (machineAfter.busy - machineBefore.busy)) / (machineAfter.total - machineBefore.total),
      cores: availableParallelism(),
      rssBeforeKb: rssBefore,
      rssDuringKb: rssDuring,
      kbPerViewer: (rssDuring - rssBefore) / joined,
      frameBytes: observers.frameBytes,
      cutShort,
    };
  } finally {
    await steps.run();
  }
}

// ---------------------------------------------------------------------------------------------
// Printing

export const TARGETS = { deliveredPct: 99.9, p99Ms: 350, ratio: 1.2 };

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '–';

export function printFigures(all: readonly FanoutFigures[], print: (line: string) => void = console.log): void {
  print('\nLive race fan-out: one race, socket.io-client viewers (websocket), loopback, clients on the same cores');
  console.table(
    all.map((f) => ({
      mode: f.mode,
      viewers: f.joined,
      instances: f.instances,
      'connect /s': Math.round(f.connectRate),
      'connect s': Number(f.connectSeconds.toFixed(1)),
      'frames sent': f.framesEmitted,
      'delivered /s': Math.round(f.deliveriesPerSecond),
      'delivered %': Number(f.deliveredPct.toFixed(3)),
      'p50 ms': f.p50,
      'p99 ms': f.p99,
      'max ms': f.max,
      'CPU ms /1000': Number(f.cpuMsPer1000.toFixed(1)),
      'server CPU %': Math.round(f.serverCpuPctOfCore),
      'KB /viewer': Number(f.kbPerViewer.toFixed(1)),
    })),
  );
  for (const f of all) {
    print(
      `${f.mode}: ${fmt(f.joined)} of ${fmt(f.viewers)} viewers joined (${f.failed} failed) from ${f.processes} ` +
        `processes to ${f.instances} instance${f.instances > 1 ? 's' : ''}` +
        (f.instances > 1 && f.runnerInstance !== null ? ` (race run by instance ${f.runnerInstance + 1})` : '') +
        `; connect ${fmt(f.connectRate)} viewers/s, all in ${fmt(f.connectSeconds, 1)} s`,
    );
    print(
      `  window ${fmt(f.windowSeconds, 1)} s${f.cutShort ? ' (cut short: the race finished)' : ''}: ` +
        `${fmt(f.framesEmitted)} frames sent (${f.frameBytes} B of JSON each, ${f.samplesSkipped} samples skipped), ${fmt(f.framesDelivered)} delivered ` +
        `(${fmt(f.deliveriesPerSecond)}/s, ${fmt(f.deliveredPct, 3)} %), fewest to one viewer ${f.minFramesPerViewer}, ` +
        `${f.disconnects} disconnects`,
    );
    print(`  latency p50 ${f.p50} ms, p99 ${f.p99} ms, max ${f.max} ms (receive − frame ts)`);
    if (f.instances > 1) {
      f.perInstance.forEach((p, i) => {
        const role = f.runnerInstance === null ? '' : i === f.runnerInstance ? ' (runs the race)' : ' (through Redis)';
        print(
          `    viewers on instance ${i + 1}${role}: ${fmt(p.frames)} delivered, p50 ${p.p50} ms, ` +
            `p99 ${p.p99} ms, max ${p.max} ms; that server's CPU ${fmt(p.cpuMs)} ms`,
        );
      });
    }
    print(
      `  server CPU ${fmt(f.serverCpuMs)} ms (${fmt(f.serverCpuPctOfCore)} % of a core) = ${fmt(f.cpuMsPer1000, 1)} ms ` +
        `per 1,000 deliveries (idle before: ${fmt(f.idleCpuPctOfCore, 1)} % of a core; net of it ` +
        `${fmt(f.cpuMsPer1000NetOfIdle, 1)} ms); RSS ${fmt(f.rssBeforeKb / 1024)} MB before, ${fmt(f.rssDuringKb / 1024)} MB during ` +
        `= ${fmt(f.kbPerViewer, 1)} KB per viewer`,
    );
    print(
      `  viewer processes ${fmt(f.clientCpuPctOfCore)} % of a core; the machine (${f.cores} cores) ` +
        `${fmt(f.machineBusyPct)} % busy in the window, ${fmt(f.machineBusyBeforePct)} % before connecting`,
    );
  }
  const product = all.find((f) => f.mode === 'product');
  const bare = all.find((f) => f.mode === 'bare');
  for (const f of all) {
    const ok = f.deliveredPct >= TARGETS.deliveredPct && f.p99 <= TARGETS.p99Ms;
    print(
      `Target (${f.mode}) ≥ ${TARGETS.deliveredPct} % delivered and p99 ≤ ${TARGETS.p99Ms} ms: ` +
        `${ok ? 'met' : 'NOT met'} (${fmt(f.deliveredPct, 3)} %, p99 ${f.p99} ms)`,
    );
  }
  if (product && bare) {
    const cpu = product.cpuMsPer1000 / bare.cpuMsPer1000;
    const mem = product.kbPerViewer / bare.kbPerViewer;
    const net = product.cpuMsPer1000NetOfIdle / bare.cpuMsPer1000NetOfIdle;
    print(
      `Product ÷ bare: CPU per 1,000 deliveries ×${fmt(cpu, 2)}, memory per viewer ×${fmt(mem, 2)} ` +
        `(target ≤ ×${TARGETS.ratio}: ${cpu <= TARGETS.ratio && mem <= TARGETS.ratio ? 'met' : 'NOT met'}); ` +
        `CPU net of each server's idle pace ×${fmt(net, 2)}`,
    );
    if (product.joined < 5_000) {
      print(
        '  (below ~5,000 viewers the ratios mostly show the fixed work of the product and RSS noise from GC timing)',
      );
    }
  }
}
