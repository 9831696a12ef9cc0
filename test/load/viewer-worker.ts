// A child of the load tool (test/load/viewers.ts): connects its share of the viewers to one race
// with socket.io-client (websocket only, one connection per viewer), joins the race's room, and for
// every race:frame inside the parent's window records the receive time minus the frame's `ts` (the
// server's wall clock at send; same machine, same clock) in a histogram. It sends the parent
// aggregates only, and exits when the parent says so or goes away.
//
// Without `reconnect` a viewer whose connection drops stays away (the fan-out figures). With it
// (the restart modes) a viewer comes back by itself as the web client does: the web client gives
// socket.io-client's reconnection the contracts' LIVE_RECONNECT (a first delay of 2 s with full
// jitter, doubling to 5 s, no limit; a 20 s connect timeout) and sends `race:join` on every `connect`. A socket.io-client Manager is bound to one URL, and the
// product has a proxy in front of its instances where this tool has none, so the tool reproduces
// that schedule by hand and each attempt goes to the next instance's URL in turn (the first one to
// the other instance): what the proxy would do for a client whose instance went away.
import {
  type ClientToServerEvents,
  LIVE_RECONNECT,
  type LiveRaceResult,
  type RaceFrame,
  type RaceJoinReply,
  type ServerToClientEvents,
} from '@furlong/contracts';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { LatencyHistogram } from './histogram';
import { type FromWorker, type MarkReport, sourceAddressOf, type ToWorker } from './protocol';

type ViewerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type ConnectMessage = Extract<ToWorker, { type: 'connect' }>;

/** The web client's reconnection (the contracts' LIVE_RECONNECT; see the header). */
const RECONNECT_MIN_MS = LIVE_RECONNECT.reconnectionDelay;
const RECONNECT_MAX_MS = LIVE_RECONNECT.reconnectionDelayMax;
const RECONNECT_JITTER = LIVE_RECONNECT.randomizationFactor;
const RECONNECT_TIMEOUT_MS = LIVE_RECONNECT.timeout;

const sockets: ViewerSocket[] = [];
const histogram = new LatencyHistogram();
let byTarget: { frames: number; latency: LatencyHistogram }[] = [];
let windowStart = Number.POSITIVE_INFINITY;
let windowEnd = Number.NEGATIVE_INFINITY;
let perViewer = new Uint32Array(0);
let joinedFlags = new Uint8Array(0);
let framesInWindow = 0;
let framesTotal = 0;
let joined = 0;
let failed = 0;
let disconnects = 0;
const errors = new Set<string>();
let exiting = false;

// What the restart modes read: per viewer the highest sample number so far, where it is connected,
// whether it saw the finish; per mark (a restart) where each viewer was and how it came back.
let maxSample = new Int32Array(0);
let connectedTo = new Int8Array(0);
let sawResult = new Uint8Array(0);
let resultBySnapshot = new Uint8Array(0);
const samples = new Set<number>();
const orders = new Map<string, number>();
let reconnects = 0;
let failedAttempts = 0;
let serverDisconnects = 0;

interface Mark {
  at: number;
  open: boolean;
  group: Int8Array;
  lastBefore: Int32Array;
  /** Wall ms of the first frame on the connection the viewer kept; 0 while none. */
  backAt: Float64Array;
  dropped: Uint8Array;
  received: Uint32Array;
  /** Wall ms of the latest connect and join reply after a drop; 0 while none. */
  connectedAt: Float64Array;
  joinedAt: Float64Array;
}
const marks: Mark[] = [];
let markTimer: NodeJS.Timeout | undefined;

function send(message: FromWorker): void {
  process.send?.(message);
}

function note(error: string): void {
  if (errors.size < 20) errors.add(error);
}

/** The delay before reconnection attempt `attempt` (0 first), as socket.io-client's Backoff draws it. */
function backoffMs(attempt: number): number {
  const ms = RECONNECT_MIN_MS * 2 ** attempt;
  const rand = Math.random();
  const deviation = Math.floor(rand * RECONNECT_JITTER * ms);
  return Math.min(RECONNECT_MAX_MS, (Math.floor(rand * 10) & 1) === 0 ? ms - deviation : ms + deviation);
}

function socketOptions(msg: ConnectMessage, k: number, timeoutMs: number): Partial<ManagerOptions & SocketOptions> {
  const options: Partial<ManagerOptions & SocketOptions> & { localAddress?: string } = {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: timeoutMs,
  };
  // engine.io-client hands `localAddress` on to `ws` (its option types leave it out).
  const localAddress = sourceAddressOf(msg.firstIndex + k);
  if (localAddress !== undefined) options.localAddress = localAddress;
  return options;
}

function onFrame(k: number, frame: RaceFrame, target: { frames: number; latency: LatencyHistogram }): void {
  const now = Date.now();
  framesTotal++;
  if (frame.ts >= windowStart && frame.ts < windowEnd) {
    framesInWindow++;
    perViewer[k] = (perViewer[k] as number) + 1;
    histogram.record(now - frame.ts);
    target.frames++;
    target.latency.record(now - frame.ts);
  }
  // A sample may come twice when a race changes hands (the new runner resends the one due): counted once.
  const fresh = frame.s > (maxSample[k] as number);
  if (fresh) {
    maxSample[k] = frame.s;
    samples.add(frame.s);
  }
  for (const mark of marks) {
    if (fresh) mark.received[k] = (mark.received[k] as number) + 1;
    if (mark.open && mark.backAt[k] === 0) mark.backAt[k] = now;
  }
}

function onResult(k: number, result: LiveRaceResult): void {
  if (sawResult[k] === 1) return;
  sawResult[k] = 1;
  const order = result.finishers.map((f) => f.post_position).join('-');
  orders.set(order, (orders.get(order) ?? 0) + 1);
}

/** A joined viewer's connection went away: it is not back until a frame comes on a new one. */
function onDrop(msg: ConnectMessage, k: number, targetIndex: number, reason: string): void {
  connectedTo[k] = -1;
  for (const mark of marks) {
    if (!mark.open) continue;
    mark.dropped[k] = 1;
    mark.backAt[k] = 0;
    mark.connectedAt[k] = 0;
    mark.joinedAt[k] = 0;
  }
  if (!msg.reconnect || exiting || reason === 'io client disconnect') return;
  // The server sent it away on purpose: socket.io-client (and so the web client) does not come back.
  if (reason === 'io server disconnect') {
    serverDisconnects++;
    note('io server disconnect (not retried, as the web client)');
    return;
  }
  reconnectLater(msg, k, (targetIndex + 1) % msg.urls.length, 0);
}

function reconnectLater(msg: ConnectMessage, k: number, targetIndex: number, attempt: number): void {
  setTimeout(() => {
    if (!exiting) reopen(msg, k, targetIndex, attempt);
  }, backoffMs(attempt));
}

/** One reconnection attempt of viewer k to urls[targetIndex]; on failure the next goes to the next URL. */
function reopen(msg: ConnectMessage, k: number, targetIndex: number, attempt: number): void {
  const socket: ViewerSocket = io(msg.urls[targetIndex] as string, socketOptions(msg, k, RECONNECT_TIMEOUT_MS));
  sockets[k] = socket;
  const target = byTarget[targetIndex] as { frames: number; latency: LatencyHistogram };
  socket.on('race:frame', (frame: RaceFrame) => onFrame(k, frame, target));
  socket.on('race:result', (result) => onResult(k, result));
  socket.on('connect', () => {
    reconnects++;
    connectedTo[k] = targetIndex;
    const open = marks.at(-1);
    if (open?.open) open.connectedAt[k] = Date.now();
    socket.emit('race:join', msg.raceId, (reply: RaceJoinReply) => {
      if (open?.open && open.connectedAt[k] !== 0) open.joinedAt[k] = Date.now();
      if (!reply.ok) note(`join refused after a reconnect: ${reply.error}`);
      else if (reply.snapshot.result !== null && sawResult[k] === 0) resultBySnapshot[k] = 1;
    });
  });
  socket.on('connect_error', (err) => {
    failedAttempts++;
    note(`reconnect: ${err.message}`);
    socket.close();
    if (!exiting) reconnectLater(msg, k, (targetIndex + 1) % msg.urls.length, attempt + 1);
  });
  socket.on('disconnect', (reason) => onDrop(msg, k, targetIndex, reason));
}

function connectAll(msg: ConnectMessage): void {
  perViewer = new Uint32Array(msg.count);
  byTarget = msg.urls.map(() => ({ frames: 0, latency: new LatencyHistogram() }));
  joinedFlags = new Uint8Array(msg.count);
  maxSample = new Int32Array(msg.count).fill(-1);
  connectedTo = new Int8Array(msg.count).fill(-1);
  sawResult = new Uint8Array(msg.count);
  resultBySnapshot = new Uint8Array(msg.count);
  let next = 0;
  let inFlight = 0;
  let settled = 0;
  const progress = setInterval(() => send({ type: 'progress', joined, failed }), 1000);

  const launch = (): void => {
    while (inFlight < msg.concurrency && next < msg.count) start(next++);
    if (settled === msg.count) {
      clearInterval(progress);
      send({ type: 'connected', joined, failed, errors: [...errors].slice(0, 5) });
    }
  };

  const start = (k: number): void => {
    inFlight++;
    const targetIndex = (msg.firstIndex + k) % msg.urls.length;
    const url = msg.urls[targetIndex] as string;
    const target = byTarget[targetIndex] as { frames: number; latency: LatencyHistogram };
    const socket: ViewerSocket = io(url, socketOptions(msg, k, msg.joinTimeoutMs));
    sockets[k] = socket;
    let done = false;
    const settle = (error?: string): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      inFlight--;
      settled++;
      if (error === undefined) {
        joined++;
        joinedFlags[k] = 1;
      } else {
        failed++;
        note(error);
        socket.close();
      }
      launch();
    };
    const timer = setTimeout(() => settle('no join reply in time'), msg.joinTimeoutMs);
    socket.on('connect', () => {
      connectedTo[k] = targetIndex;
    });
    socket.on('connect_error', (err) => settle(`connect_error: ${err.message}`));
    socket.on('disconnect', (reason) => {
      if (joinedFlags[k] === 1) {
        disconnects++;
        onDrop(msg, k, targetIndex, reason);
      }
      settle(`disconnect before joining: ${reason}`);
    });
    socket.on('race:frame', (frame: RaceFrame) => onFrame(k, frame, target));
    socket.on('race:result', (result) => onResult(k, result));
    socket.emit('race:join', msg.raceId, (reply) => {
      settle(reply.ok ? undefined : `join refused: ${reply.error}`);
    });
  };

  launch();
}

/** A restart begins: note where every viewer is; the earlier marks stop timing returns (they keep counting frames). */
function mark(at: number): void {
  for (const m of marks) m.open = false;
  const count = maxSample.length;
  marks.push({
    at,
    open: true,
    group: Int8Array.from(connectedTo),
    lastBefore: Int32Array.from(maxSample),
    backAt: new Float64Array(count),
    dropped: new Uint8Array(count),
    received: new Uint32Array(count),
    connectedAt: new Float64Array(count),
    joinedAt: new Float64Array(count),
  });
  clearInterval(markTimer);
  markTimer = setInterval(() => {
    const open = marks.at(-1) as Mark;
    const groups = byTarget.map(() => 0);
    const back = byTarget.map(() => 0);
    for (let k = 0; k < count; k++) {
      const g = open.group[k] as number;
      if (joinedFlags[k] !== 1 || g < 0) continue;
      groups[g] = (groups[g] as number) + 1;
      if ((open.backAt[k] as number) > 0) back[g] = (back[g] as number) + 1;
    }
    send({ type: 'mark-progress', at: open.at, groups, back });
  }, 1_000);
}

function report(): void {
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  for (let k = 0; k < perViewer.length; k++) {
    if (joinedFlags[k] !== 1) continue;
    const n = perViewer[k] as number;
    if (n < min) min = n;
    if (n > max) max = n;
  }
  send({
    type: 'report',
    joined,
    frames: framesInWindow,
    minPerViewer: Number.isFinite(min) ? min : 0,
    maxPerViewer: max,
    framesTotal,
    disconnects,
    latency: histogram.toSparse(),
    byTarget: byTarget.map((t) => ({ frames: t.frames, latency: t.latency.toSparse() })),
  });
}

function restartReport(): void {
  clearInterval(markTimer);
  for (const m of marks) m.open = false;
  const viewers: number[] = [];
  for (let k = 0; k < joinedFlags.length; k++) if (joinedFlags[k] === 1) viewers.push(k);
  const pick = (values: ArrayLike<number>) => viewers.map((k) => values[k] as number);
  const since = (at: number, times: Float64Array) =>
    viewers.map((k) => ((times[k] as number) > 0 ? Math.round((times[k] as number) - at) : -1));
  const markReports: MarkReport[] = marks.map((m) => ({
    at: m.at,
    group: pick(m.group),
    lastBefore: pick(m.lastBefore),
    backMs: since(m.at, m.backAt),
    dropped: pick(m.dropped),
    received: pick(m.received),
    connectedMs: since(m.at, m.connectedAt),
    joinedMs: since(m.at, m.joinedAt),
  }));
  let saw = 0;
  let bySnapshot = 0;
  for (const k of viewers) {
    if (sawResult[k] === 1) saw++;
    else if (resultBySnapshot[k] === 1) bySnapshot++;
  }
  send({
    type: 'restart-report',
    joined,
    marks: markReports,
    samples: [...samples],
    sawResult: saw,
    resultBySnapshot: bySnapshot,
    orders: [...orders],
    reconnects,
    failedAttempts,
    serverDisconnects,
    errors: [...errors].slice(0, 10),
  });
}

function exit(): void {
  exiting = true;
  clearInterval(markTimer);
  for (const socket of sockets) socket.close();
  setTimeout(() => process.exit(0), 200).unref();
}

process.on('message', (msg: ToWorker) => {
  switch (msg.type) {
    case 'connect':
      connectAll(msg);
      break;
    case 'window':
      windowStart = msg.startTs;
      windowEnd = msg.endTs;
      break;
    case 'mark':
      mark(msg.at);
      break;
    case 'report':
      report();
      break;
    case 'restart-report':
      restartReport();
      break;
    case 'exit':
      exit();
      break;
  }
});
// The parent is gone (finished, killed or timed out): nothing left to measure.
process.on('disconnect', () => process.exit(0));
// A normal exit on SIGTERM (the parent's stop), so exit hooks such as --cpu-prof's still run.
process.on('SIGTERM', () => process.exit(0));
send({ type: 'ready' });
