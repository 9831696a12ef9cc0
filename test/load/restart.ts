// The restart modes of `npm run load:viewers` (--restart, --kill, --rolling; see viewers.ts for the
// command line): two instances of the product, N viewers of one live race split between them, and
// in the middle of the race an instance stopped (SIGTERM, or kill -9) and started again on the same
// port; the viewers come back by themselves (viewer-worker.ts) to whichever instance answers. The
// instance restarted is the one running the race, the hard case: the race changes hands as well.
// Printed: the share of that instance's viewers back receiving frames within 15 s, the time until
// 99 % were back, the frames each missed (by the frames' sample numbers `s`), whether the race's
// result was written once and is the seed's, who saw the finish, and what the servers' own /metrics
// say (sockets connected, frames sent). The servers keep the default SHUTDOWN_DRAIN_SECONDS=0: the
// drain is for a proxy to take the instance out of rotation, and there is none here.
import type { LiveRaceResult, RaceVerification } from '@furlong/contracts';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { Cleanup, json, Observers, type ProductSubject, sleep, startProduct, stopChild, Workers } from './fanout';
import { listenOverflows } from './proc-stats';
import type { FromWorker, RestartReport } from './protocol';

export type RestartMode = 'restart' | 'kill' | 'rolling';

export interface RestartOptions {
  mode: RestartMode;
  viewers: number;
  /** The race lasts at least this long (wall s) from the off. */
  seconds: number;
  processes: number;
  concurrency: number;
  log: (line: string) => void;
}

/** The share (%) of a restarted instance's viewers back within `backWithinMs`, and of all viewers that see the finish. */
export const RESTART_TARGETS = { backPct: 99, backWithinMs: 15_000, sawFinishPct: 99 };
/** The shortest race (wall s) each mode can measure: the restarts and the 15 s after the last must fit in it. */
export const MIN_RACE_SECONDS: Record<RestartMode, number> = { restart: 30, kill: 30, rolling: 60 };
/** Frames flow this long before the first restart, so that every viewer has frames to miss. */
const RESTART_LEAD_MS = 5_000;
/** SIGTERM: the server's own bound (SHUTDOWN_TIMEOUT_SECONDS, 25 s) and a margin; then SIGKILL. */
const STOP_BOUND_MS = 40_000;
const START_BOUND_MS = 180_000;
const HEALTHY_BOUND_MS = 60_000;
/** After the race's finish, the result's broadcast gets this long to reach the viewers. */
const RESULT_GRACE_MS = 3_000;
/** The race's frames are this far apart (wall ms at RACING_TIME_SCALE=1). */
const SAMPLE_MS = 500;
/** /metrics needs a bearer token (or an operator's session). */
const METRICS_TOKEN = 'load-viewers-metrics-token';

interface StepFigures {
  instance: number;
  signal: 'SIGTERM' | 'SIGKILL';
  /** Whether it ran the race when it was stopped. */
  ranRace: boolean;
  exitCode: number | null;
  /** From the signal: the process gone, listening again, `/api/health` 200 again. */
  stoppedMs: number;
  upMs: number;
  healthyMs: number;
  /** Its viewers at the signal, and those of the other instance. */
  viewers: number;
  others: number;
  /** Viewers between two connections at the signal (in neither group). */
  between: number;
  backWithinPct: number;
  backP50Ms: number;
  /** Ms until 99 % of its viewers were back; NaN when fewer ever were. */
  back99Ms: number;
  backMaxMs: number;
  notBack: number;
  /** Its viewers whose connection never dropped (a restart drops every one). */
  neverDropped: number;
  /** Where the time to come back went: ms from the signal to the kept connection, and to its join reply. */
  connectedP50Ms: number;
  connectedP99Ms: number;
  joinedP50Ms: number;
  joinedP99Ms: number;
  /**
   * Frames each missed from the signal to the finish, by sample number: those after its last frame
   * before the signal that it never received (sent or not), and of those the ones sent to the room
   * (that some viewer received).
   */
  missedMean: number;
  missedMax: number;
  sentMissedMean: number;
  sentMissedMax: number;
  othersMissedMean: number;
  othersMissedMax: number;
  /** The other instance's viewers: ms from the signal to their next frame (the race's own gap). */
  othersNextP50Ms: number;
  othersNextMaxMs: number;
  /** About how long (ms) the race went on after the signal: the figures above cannot look further. */
  raceLeftMs: number;
}

interface InstanceMetrics {
  sockets: number;
  framesSent: number;
  ticksMissed: number;
}

export interface RestartFigures {
  mode: RestartMode;
  viewers: number;
  joined: number;
  failed: number;
  joinErrors: string[];
  raceId: number;
  steps: StepFigures[];
  /** Sample numbers some viewer received, and the gaps inside them (samples no viewer got: not sent). */
  samplesSeen: number;
  firstSample: number;
  lastSample: number;
  samplesNeverSeen: number;
  sawResult: number;
  resultBySnapshot: number;
  /** The finishing orders the viewers' race:result gave, with how many saw each. */
  orders: [string, number][];
  officialOrder: string;
  status: string;
  resultRows: number;
  hashMatches: boolean;
  resultMatches: boolean;
  reconnects: number;
  failedAttempts: number;
  serverDisconnects: number;
  viewerErrors: string[];
  /** The servers' /metrics: sockets per instance before the first signal and at the end. */
  socketsBefore: number[];
  socketsAfter: number[];
  /** furlong_race_frames_sent_total and furlong_ticks_missed_total summed over every process's last scrape. */
  framesSentByMetrics: number;
  ticksMissedByMetrics: number;
  /** Other races that ran during the restarts (their frames count in the metric too). */
  otherRacesRunning: number;
  /** SYNs the kernel dropped from the servers' full accept queues, from the first signal to the end. */
  listenOverflows: number;
}

/** What one instance's /metrics says now (undefined when it does not answer). */
async function scrape(baseUrl: string): Promise<InstanceMetrics | undefined> {
  const res = await fetch(`${baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    signal: AbortSignal.timeout(5_000),
  }).catch(() => undefined);
  if (res?.status !== 200) return undefined;
  const found: InstanceMetrics = { sockets: 0, framesSent: 0, ticksMissed: 0 };
  for (const line of (await res.text()).split('\n')) {
    const m =
      /^(furlong_sockets_connected|furlong_race_frames_sent_total|furlong_ticks_missed_total)(?:\{[^}]*\})? (\S+)$/.exec(
        line,
      );
    if (!m?.[1]) continue;
    const value = Number(m[2]);
    if (m[1] === 'furlong_sockets_connected') found.sockets += value;
    else if (m[1] === 'furlong_race_frames_sent_total') found.framesSent += value;
    else found.ticksMissed += value;
  }
  return found;
}

/** Waits for a process to end; after `boundMs` it is killed. Resolves to its exit code (null: by a signal). */
function exited(server: ServerProcess, boundMs: number): Promise<number | null> {
  const child = server.child;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), boundMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

async function healthy(baseUrl: string, boundMs: number): Promise<void> {
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
    if (res?.status === 200) return;
    await sleep(200);
  }
  throw new Error(`${baseUrl}/api/health: not 200 within ${boundMs} ms`);
}

/** The value at rank ceil(q × n) of `values` (sorted ascending), NaN when there are fewer. */
function rankValue(sorted: readonly number[], q: number, n: number): number {
  const rank = Math.ceil(q * n);
  return rank >= 1 && rank <= sorted.length ? (sorted[rank - 1] as number) : Number.NaN;
}

/** Runs one restart measurement and stops everything it started before returning. */
export async function runRestart(options: RestartOptions, cleanup: Cleanup): Promise<RestartFigures> {
  const { log } = options;
  const steps = new Cleanup(cleanup);
  try {
    log(`${options.mode}: starting two instances…`);
    const product: ProductSubject = await startProduct(
      { instances: 2, seconds: options.seconds, log, serverEnv: { METRICS_TOKEN } },
      steps,
    );
    const workers = new Workers(steps);
    steps.defer(() => workers.stop());
    await workers.start(options.processes);
    const observers = new Observers();
    steps.defer(async () => observers.close());
    await observers.join(product.targets, product.raceId);

    log(
      `${options.mode}: connecting ${options.viewers.toLocaleString('en-US')} viewers from ${options.processes} ` +
        `processes to race ${product.raceId}, half on each instance; they come back by themselves when dropped`,
    );
    const connected = await workers.connect(
      options.viewers,
      product.targets.map((t) => t.url),
      product.raceId,
      options.concurrency,
      log,
      true,
    );
    log(
      `${options.mode}: ${connected.joined.toLocaleString('en-US')} joined` +
        (connected.failed > 0 ? `, ${connected.failed} failed (${connected.errors.join('; ')})` : ''),
    );
    if (connected.joined === 0) throw new Error(`no viewer could join: ${connected.errors.join('; ')}`);

    const goAt = Date.now();
    await product.go();
    await observers.firstFrame(goAt, 60_000);
    // The observers only time the off; the viewers count everything from here.
    observers.close();
    const runner = await product.runner();
    if (runner === null) throw new Error('no instance holds the race lease');
    const finishBy = Date.now() + (2 * options.seconds + 60) * 1000;

    // Where the viewers are, as the workers see it every second while a restart is timed.
    const progress = new Map<number, { at: number; groups: number[]; back: number[] }>();
    const stopListening = workers.listen((child, message: FromWorker) => {
      if (message.type === 'mark-progress') progress.set(child, message);
    });
    steps.defer(async () => stopListening());
    const backNow = (at: number) => {
      const groups = [0, 0];
      const back = [0, 0];
      for (const p of progress.values()) {
        if (p.at !== at) continue;
        p.groups.forEach((n, i) => {
          groups[i] = (groups[i] as number) + n;
        });
        p.back.forEach((n, i) => {
          back[i] = (back[i] as number) + n;
        });
      }
      return { groups, back };
    };

    await sleep(RESTART_LEAD_MS);
    const lastScrape = new Map<number, InstanceMetrics>();
    const scrapeAll = async (): Promise<(InstanceMetrics | undefined)[]> =>
      Promise.all(
        product.servers.map(async (server) => {
          const found = await scrape(server.baseUrl);
          if (found) lastScrape.set(server.child.pid as number, found);
          return found;
        }),
      );
    const before = await scrapeAll();
    const scrapedAt = new Date();
    const overflowsBefore = listenOverflows();

    const order = options.mode === 'rolling' ? [runner, 1 - runner] : [runner];
    const signal = options.mode === 'kill' ? 'SIGKILL' : 'SIGTERM';
    const stepTimes: StepTime[] = [];
    for (const [n, instance] of order.entries()) {
      const old = product.servers[instance] as ServerProcess;
      const port = new URL(old.baseUrl).port;
      const ranRace = (await product.runner()) === instance;
      await scrapeAll();
      const at = Date.now();
      workers.broadcast({ type: 'mark', at });
      log(
        `${options.mode}: ${signal} to instance ${instance + 1} (pid ${old.child.pid}${ranRace ? ', running the race' : ''})…`,
      );
      old.child.kill(signal);
      const exitCode = await exited(old, STOP_BOUND_MS);
      const stoppedMs = Date.now() - at;
      log(`  exited ${exitCode ?? old.child.signalCode} after ${stoppedMs} ms; starting it again on port ${port}…`);
      const ticker = setInterval(() => {
        const { groups, back } = backNow(at);
        log(
          `  ${Math.round((Date.now() - at) / 1000)} s: ${back[instance]}/${groups[instance]} of its viewers back, ` +
            `${back[1 - instance]}/${groups[1 - instance]} of the other's receiving`,
        );
      }, 2_000);
      try {
        const server = await startServerProcess({ ...product.env, PORT: port }, START_BOUND_MS);
        steps.track(server.child);
        steps.defer(() => stopChild(server.child));
        product.servers[instance] = server;
        (product.targets[instance] as { pid: number }).pid = server.child.pid as number;
        const upMs = Date.now() - at;
        await healthy(server.baseUrl, HEALTHY_BOUND_MS);
        const healthyMs = Date.now() - at;
        log(
          `  instance ${instance + 1} up again after ${upMs} ms (pid ${server.child.pid}), healthy after ${healthyMs} ms`,
        );
        stepTimes.push({ instance, at, ranRace, exitCode, stoppedMs, upMs, healthyMs });
        // A rolling restart goes on once the instance is healthy, as a deployment does, but not before
        // the first one's viewers are back (or 15 s have passed): the next stop moves them all again.
        if (n < order.length - 1) {
          while (Date.now() - at < RESTART_TARGETS.backWithinMs) {
            const { groups, back } = backNow(at);
            if ((groups[instance] as number) > 0 && (back[instance] as number) >= 0.99 * (groups[instance] as number)) {
              break;
            }
            await sleep(250);
          }
        }
      } finally {
        clearInterval(ticker);
      }
    }

    log(`${options.mode}: waiting for the race to finish…`);
    let status = '';
    while (Date.now() < finishBy) {
      const { rows } = await product.pg.query<{ status: string }>('SELECT status FROM current_races WHERE id = $1', [
        product.raceId,
      ]);
      status = rows[0]?.status ?? 'missing';
      if (status === 'finished' || status === 'cancelled') break;
      await sleep(500);
    }
    if (status !== 'finished') log(`${options.mode}: the race is ${status}, not finished`);
    await sleep(RESULT_GRACE_MS);
    const after = await scrapeAll();
    const overflows = listenOverflows() - overflowsBefore;
    // Other races of the day may run meanwhile: their frames count in the servers' frame metric too.
    const { rows: others } = await product.pg.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM current_races cr
        WHERE cr.id <> $1
          AND (cr.status = 'running'
               OR EXISTS (SELECT 1 FROM race_results r WHERE r.current_race_id = cr.id AND r.created_at >= $2))`,
      [product.raceId, scrapedAt],
    );
    const reports = await workers.restartReports();
    const { rows: results } = await product.pg.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM race_results WHERE current_race_id = $1',
      [product.raceId],
    );
    const live = product.servers[0] as ServerProcess;
    let verification: RaceVerification | undefined;
    let official: LiveRaceResult | undefined;
    if (status === 'finished') {
      verification = await json<RaceVerification>(`${live.baseUrl}/api/current_races/${product.raceId}/verify`);
      official = await json<LiveRaceResult>(`${live.baseUrl}/api/current_races/${product.raceId}/result`);
    }
    return figuresOf(options, connected, product.raceId, stepTimes, signal, reports, {
      status,
      resultRows: results[0]?.n ?? 0,
      verification,
      official,
      before,
      after,
      lastScrape,
      otherRacesRunning: others[0]?.n ?? 0,
      listenOverflows: overflows,
    });
  } finally {
    await steps.run();
  }
}

/** One stop and start of an instance, timed from its signal. */
interface StepTime {
  instance: number;
  at: number;
  ranRace: boolean;
  exitCode: number | null;
  stoppedMs: number;
  upMs: number;
  healthyMs: number;
}

function figuresOf(
  options: RestartOptions,
  connected: { joined: number; failed: number; errors: string[] },
  raceId: number,
  stepTimes: StepTime[],
  signal: 'SIGTERM' | 'SIGKILL',
  reports: RestartReport[],
  end: {
    status: string;
    resultRows: number;
    verification?: RaceVerification;
    official?: LiveRaceResult;
    before: (InstanceMetrics | undefined)[];
    after: (InstanceMetrics | undefined)[];
    lastScrape: Map<number, InstanceMetrics>;
    otherRacesRunning: number;
    listenOverflows: number;
  },
): RestartFigures {
  // Every sample number some viewer received: what the race sent to its room.
  const seen = new Set<number>();
  for (const r of reports) for (const s of r.samples) seen.add(s);
  const sent = [...seen].sort((a, b) => a - b);
  const lastSample = sent.at(-1) ?? -1;
  const firstSample = sent[0] ?? -1;
  /** Samples sent with a number in (after, lastSample]. */
  const sentAfter = (after: number): number => {
    let lo = 0;
    let hi = sent.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((sent[mid] as number) <= after) lo = mid + 1;
      else hi = mid;
    }
    return sent.length - lo;
  };

  const steps: StepFigures[] = stepTimes.map((t, m) => {
    const mine: number[] = [];
    const missedMine: number[] = [];
    const sentMissedMine: number[] = [];
    const missedOthers: number[] = [];
    const othersNext: number[] = [];
    const connectedMs: number[] = [];
    const joinedMs: number[] = [];
    let others = 0;
    let between = 0;
    let neverDropped = 0;
    let sampleAtMark = -1;
    for (const r of reports) {
      const mark = r.marks[m];
      if (!mark) continue;
      mark.group.forEach((group, v) => {
        const lastBefore = mark.lastBefore[v] as number;
        const received = mark.received[v] as number;
        const missed = Math.max(0, lastSample - lastBefore - received);
        sampleAtMark = Math.max(sampleAtMark, lastBefore);
        if (group === t.instance) {
          const back = mark.backMs[v] as number;
          mine.push(back < 0 ? Number.POSITIVE_INFINITY : back);
          missedMine.push(missed);
          sentMissedMine.push(Math.max(0, sentAfter(lastBefore) - received));
          if (mark.dropped[v] === 0) neverDropped++;
          const connected = mark.connectedMs[v] as number;
          const joined = mark.joinedMs[v] as number;
          connectedMs.push(connected < 0 ? Number.POSITIVE_INFINITY : connected);
          joinedMs.push(joined < 0 ? Number.POSITIVE_INFINITY : joined);
        } else if (group < 0) between++;
        else {
          others++;
          missedOthers.push(missed);
          const next = mark.backMs[v] as number;
          othersNext.push(next < 0 ? Number.POSITIVE_INFINITY : next);
        }
      });
    }
    mine.sort((a, b) => a - b);
    othersNext.sort((a, b) => a - b);
    connectedMs.sort((a, b) => a - b);
    joinedMs.sort((a, b) => a - b);
    const backs = mine.filter((ms) => Number.isFinite(ms));
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
    return {
      instance: t.instance,
      signal,
      ranRace: t.ranRace,
      exitCode: t.exitCode,
      stoppedMs: t.stoppedMs,
      upMs: t.upMs,
      healthyMs: t.healthyMs,
      viewers: mine.length,
      others,
      between,
      backWithinPct:
        mine.length > 0 ? (100 * backs.filter((ms) => ms <= RESTART_TARGETS.backWithinMs).length) / mine.length : 0,
      backP50Ms: rankValue(backs, 0.5, mine.length),
      back99Ms: rankValue(backs, 0.99, mine.length),
      backMaxMs: backs.at(-1) ?? Number.NaN,
      notBack: mine.length - backs.length,
      neverDropped,
      connectedP50Ms: rankValue(connectedMs, 0.5, connectedMs.length),
      connectedP99Ms: rankValue(connectedMs, 0.99, connectedMs.length),
      joinedP50Ms: rankValue(joinedMs, 0.5, joinedMs.length),
      joinedP99Ms: rankValue(joinedMs, 0.99, joinedMs.length),
      missedMean: mean(missedMine),
      missedMax: Math.max(0, ...missedMine),
      sentMissedMean: mean(sentMissedMine),
      sentMissedMax: Math.max(0, ...sentMissedMine),
      othersMissedMean: mean(missedOthers),
      othersMissedMax: Math.max(0, ...missedOthers),
      othersNextP50Ms: rankValue(othersNext, 0.5, othersNext.length),
      othersNextMaxMs: othersNext.at(-1) ?? Number.NaN,
      // Samples are 500 ms apart (wall, at the production clock) from the off.
      raceLeftMs: (lastSample - sampleAtMark) * SAMPLE_MS,
    };
  });
  const orders = new Map<string, number>();
  for (const r of reports) for (const [order, n] of r.orders) orders.set(order, (orders.get(order) ?? 0) + n);
  let framesSent = 0;
  let ticksMissed = 0;
  for (const m of end.lastScrape.values()) {
    framesSent += m.framesSent;
    ticksMissed += m.ticksMissed;
  }
  return {
    mode: options.mode,
    viewers: options.viewers,
    joined: connected.joined,
    failed: connected.failed,
    joinErrors: connected.errors,
    raceId,
    steps,
    samplesSeen: sent.length,
    firstSample,
    lastSample,
    samplesNeverSeen: sent.length > 0 ? lastSample - firstSample + 1 - sent.length : 0,
    sawResult: reports.reduce((n, r) => n + r.sawResult, 0),
    resultBySnapshot: reports.reduce((n, r) => n + r.resultBySnapshot, 0),
    orders: [...orders].sort((a, b) => b[1] - a[1]),
    officialOrder: end.official?.finishers.map((f) => f.post_position).join('-') ?? '',
    status: end.status,
    resultRows: end.resultRows,
    hashMatches: end.verification?.hash_matches ?? false,
    resultMatches: end.verification?.result_matches ?? false,
    reconnects: reports.reduce((n, r) => n + r.reconnects, 0),
    failedAttempts: reports.reduce((n, r) => n + r.failedAttempts, 0),
    serverDisconnects: reports.reduce((n, r) => n + r.serverDisconnects, 0),
    viewerErrors: [...new Set(reports.flatMap((r) => r.errors))].slice(0, 8),
    socketsBefore: end.before.map((m) => m?.sockets ?? Number.NaN),
    socketsAfter: end.after.map((m) => m?.sockets ?? Number.NaN),
    framesSentByMetrics: framesSent,
    ticksMissedByMetrics: ticksMissed,
    otherRacesRunning: end.otherRacesRunning,
    listenOverflows: end.listenOverflows,
  };
}

// ---------------------------------------------------------------------------------------------
// Printing

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '–';
const pct = (part: number, whole: number) => (whole > 0 ? (100 * part) / whole : 0);

export function printRestart(f: RestartFigures, print: (line: string) => void = console.log): void {
  const what =
    f.mode === 'rolling'
      ? 'rolling restart of both instances (SIGTERM, start again, healthy, then the other)'
      : f.mode === 'kill'
        ? 'kill -9 of the instance running the race, then started again'
        : 'SIGTERM to the instance running the race, then started again';
  print(`\nRestart under load (${f.mode}): ${what}; race ${f.raceId}`);
  print(
    `${fmt(f.joined)} of ${fmt(f.viewers)} viewers joined (${f.failed} failed${f.joinErrors.length > 0 ? `: ${f.joinErrors.join('; ')}` : ''}), ` +
      'half on each instance; a dropped viewer reconnects by itself (as the web client does: first retry within 0–4 s, then up to 5 s), ' +
      'each attempt to the next instance, and rejoins the race',
  );
  for (const [n, s] of f.steps.entries()) {
    print(
      `${f.steps.length > 1 ? `restart ${n + 1}: ` : ''}${s.signal} to instance ${s.instance + 1}` +
        `${s.ranRace ? ' (running the race)' : ''}: exited ${s.exitCode ?? 'by the signal'} after ${fmt(s.stoppedMs)} ms, ` +
        `listening again after ${fmt(s.upMs)} ms, healthy after ${fmt(s.healthyMs)} ms`,
    );
    print(
      `  its ${fmt(s.viewers)} viewers: ${fmt(s.backWithinPct, 2)} % back receiving frames within ` +
        `${RESTART_TARGETS.backWithinMs / 1000} s; back after p50 ${fmt(s.backP50Ms)} ms, 99 % after ${fmt(s.back99Ms)} ms, ` +
        `the last after ${fmt(s.backMaxMs)} ms; ${s.notBack} never back, ${s.neverDropped} never dropped` +
        (s.between > 0 ? `; ${s.between} were between connections at the signal` : ''),
    );
    print(
      `  where the time went: connected again after p50 ${fmt(s.connectedP50Ms)} ms, p99 ${fmt(s.connectedP99Ms)} ms; ` +
        `join answered after p50 ${fmt(s.joinedP50Ms)} ms, p99 ${fmt(s.joinedP99Ms)} ms (from the signal; the process ` +
        `was gone after ${fmt(s.stoppedMs)} ms)`,
    );
    if (s.others > 0) {
      print(
        `  the other instance's ${fmt(s.others)} viewers had their next frame after p50 ${fmt(s.othersNextP50Ms)} ms, ` +
          `max ${fmt(s.othersNextMaxMs)} ms`,
      );
    }
    // Counted to the finish, so in a rolling restart the first step's count covers both.
    if (n === 0) {
      print(
        `  frames missed per viewer from ${f.steps.length > 1 ? 'the first signal (both restarts)' : 'the signal'} to the finish ` +
          `(sample numbers after its last frame before the signal that it never got): its viewers mean ${fmt(s.missedMean, 2)}, ` +
          `max ${s.missedMax} (of frames the room was sent: mean ${fmt(s.sentMissedMean, 2)}, max ${s.sentMissedMax}); ` +
          `the other instance's mean ${fmt(s.othersMissedMean, 2)}, max ${s.othersMissedMax}`,
      );
    }
    if (s.raceLeftMs < RESTART_TARGETS.backWithinMs) {
      print(`  WARNING: the race finished ~${fmt(s.raceLeftMs / 1000, 1)} s after the signal: raise --seconds`);
    }
    const ok = s.backWithinPct >= RESTART_TARGETS.backPct;
    print(
      `Target ≥ ${RESTART_TARGETS.backPct} % of its viewers back within ${RESTART_TARGETS.backWithinMs / 1000} s: ` +
        `${ok ? 'met' : 'NOT met'} (${fmt(s.backWithinPct, 2)} %)`,
    );
  }
  print(
    `race: samples ${f.firstSample}–${f.lastSample} reached the viewers (${fmt(f.samplesSeen)}); ${f.samplesNeverSeen} ` +
      `sample number${f.samplesNeverSeen === 1 ? '' : 's'} in between reached nobody (not sent while the race changed hands)`,
  );
  const rightOrder = f.orders.length === 1 && f.orders[0]?.[0] === f.officialOrder;
  print(
    `result: status ${f.status}, ${f.resultRows} row${f.resultRows === 1 ? '' : 's'} in race_results, ` +
      `seed hash ${f.hashMatches ? 'matches' : 'does NOT match'}, the re-run from the seed ${f.resultMatches ? 'matches' : 'does NOT match'} ` +
      `(official order ${f.officialOrder || '–'}); the viewers' race:result ${rightOrder ? 'all gave that order' : `gave ${f.orders.map(([o, n]) => `${o} ×${n}`).join(', ') || 'nothing'}`}`,
  );
  const once = f.status === 'finished' && f.resultRows === 1 && f.hashMatches && f.resultMatches;
  print(`Result written once and the seed's: ${once ? 'yes' : 'NO'}`);
  const saw = pct(f.sawResult, f.joined);
  print(
    `${fmt(f.sawResult)} of ${fmt(f.joined)} viewers (${fmt(saw, 2)} %) saw the finish (race:result)` +
      (f.resultBySnapshot > 0 ? `; ${f.resultBySnapshot} more only in a rejoin's snapshot` : '') +
      (f.mode === 'rolling'
        ? `. Target ≥ ${RESTART_TARGETS.sawFinishPct} %: ${saw >= RESTART_TARGETS.sawFinishPct ? 'met' : 'NOT met'}`
        : ''),
  );
  print(
    `viewers: ${fmt(f.reconnects)} reconnections, ${fmt(f.failedAttempts)} failed attempts, ` +
      `${f.serverDisconnects} sent away by a server; the kernel (the whole machine) dropped ${fmt(f.listenOverflows)} SYNs from full ` +
      'accept queues (ListenOverflows: each such connect retried 1, 3, 7 s later)' +
      (f.viewerErrors.length > 0 ? `; errors seen: ${f.viewerErrors.join('; ')}` : ''),
  );
  print(
    `the servers' /metrics: furlong_sockets_connected by instance ${f.socketsBefore.map((n) => fmt(n)).join(' / ')} ` +
      `before the first signal, ${f.socketsAfter.map((n) => fmt(n)).join(' / ')} at the end (the viewers, the observers gone); ` +
      `furlong_race_frames_sent_total ≥ ${fmt(f.framesSentByMetrics)} over every process's life ` +
      `(the last scrape of a stopped one came just before its signal), furlong_ticks_missed_total ${fmt(f.ticksMissedByMetrics)}` +
      (f.otherRacesRunning > 0
        ? ` (this counts the frames of ${f.otherRacesRunning} other race${f.otherRacesRunning === 1 ? '' : 's'} of the day that ran meanwhile)`
        : ''),
  );
}
