// A child of the load tool (test/load/viewers.ts): connects its share of the viewers to one race
// with socket.io-client (websocket only, one connection per viewer, no reconnection), joins the
// race's room, and for every race:frame inside the parent's window records the receive time minus
// the frame's `ts` (the server's wall clock at send; same machine, same clock) in a histogram. It
// sends the parent aggregates only, and exits when the parent says so or goes away.
import type { ClientToServerEvents, RaceFrame, ServerToClientEvents } from '@furlong/contracts';
import { io, type Socket } from 'socket.io-client';
import { LatencyHistogram } from './histogram';
import type { FromWorker, ToWorker } from './protocol';

type ViewerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

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

function send(message: FromWorker): void {
  process.send?.(message);
}

function connectAll(msg: Extract<ToWorker, { type: 'connect' }>): void {
  perViewer = new Uint32Array(msg.count);
  byTarget = msg.urls.map(() => ({ frames: 0, latency: new LatencyHistogram() }));
  joinedFlags = new Uint8Array(msg.count);
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
    const socket: ViewerSocket = io(url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: msg.joinTimeoutMs,
    });
    sockets.push(socket);
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
        if (errors.size < 20) errors.add(error);
        socket.close();
      }
      launch();
    };
    const timer = setTimeout(() => settle('no join reply in time'), msg.joinTimeoutMs);
    socket.on('connect_error', (err) => settle(`connect_error: ${err.message}`));
    socket.on('disconnect', (reason) => {
      if (joinedFlags[k] === 1) disconnects++;
      settle(`disconnect before joining: ${reason}`);
    });
    socket.on('race:frame', (frame: RaceFrame) => {
      const now = Date.now();
      framesTotal++;
      if (frame.ts >= windowStart && frame.ts < windowEnd) {
        framesInWindow++;
        perViewer[k] = (perViewer[k] as number) + 1;
        histogram.record(now - frame.ts);
        target.frames++;
        target.latency.record(now - frame.ts);
      }
    });
    socket.emit('race:join', msg.raceId, (reply) => {
      settle(reply.ok ? undefined : `join refused: ${reply.error}`);
    });
  };

  launch();
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

function exit(): void {
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
    case 'report':
      report();
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
