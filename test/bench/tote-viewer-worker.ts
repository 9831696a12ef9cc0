// A child of `npm run bench:tote`: connects its share of the viewers to one race's tote room
// (socket.io-client, websocket only, one connection each), keeps for every viewer the arrival time
// of each board (the Quinella pool's gross, which only the bench's bets move, and whether it is
// frozen), and on request turns them into bet → board and close → final board latencies.
import type { ClientToServerEvents, ServerToClientEvents, ToteOdds } from '@furlong/contracts';
import { io, type Socket } from 'socket.io-client';
import { LatencyHistogram } from '../load/histogram';
import type { ToteBenchFromWorker, ToteBenchToWorker } from './tote-bench-protocol';

type ViewerSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const sockets: ViewerSocket[] = [];
/** Per viewer: boards as [arrival ms, quinella gross, frozen 0/1] triples. */
let boards: number[][] = [];
let joinedFlags = new Uint8Array(0);
let joined = 0;
let failed = 0;
let updates = 0;
const errors = new Set<string>();

const send = (m: ToteBenchFromWorker) => process.send?.(m);
const quinellaGross = (t: ToteOdds) => t.pools.find((p) => p.bet_type === 'Quinella')?.gross_cents ?? 0;

function connectAll(msg: Extract<ToteBenchToWorker, { type: 'connect' }>): void {
  boards = Array.from({ length: msg.count }, () => []);
  joinedFlags = new Uint8Array(msg.count);
  let next = 0;
  let inFlight = 0;
  let settled = 0;
  const launch = (): void => {
    while (inFlight < msg.concurrency && next < msg.count) start(next++);
    if (settled === msg.count) send({ type: 'connected', joined, failed, errors: [...errors].slice(0, 5) });
  };
  const start = (k: number): void => {
    inFlight++;
    const socket: ViewerSocket = io(msg.url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: 30_000,
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
    const timer = setTimeout(() => settle('no join reply in time'), 30_000);
    socket.on('connect_error', (err) => settle(`connect_error: ${err.message}`));
    const seen = (t: ToteOdds): void => {
      updates++;
      (boards[k] as number[]).push(Date.now(), quinellaGross(t), t.frozen ? 1 : 0);
    };
    // After bets the server sends the board's light part (tote:odds); the tick and the close the whole board.
    socket.on('tote:update', seen);
    socket.on('tote:odds', seen);
    socket.emit('tote:join', msg.raceId, (reply) => {
      if (reply.ok) (boards[k] as number[]).push(Date.now(), quinellaGross(reply.tote), reply.tote.frozen ? 1 : 0);
      settle(reply.ok ? undefined : `join refused: ${reply.error}`);
    });
  };
  launch();
}

function report(msg: Extract<ToteBenchToWorker, { type: 'report' }>): void {
  const fromSent = new LatencyHistogram();
  const fromAccepted = new LatencyHistogram();
  const close = new LatencyHistogram();
  let missed = 0;
  const firstSeen = msg.bets.map(() => -1);
  let noFinal = 0;
  let finalWrong = 0;
  for (let k = 0; k < boards.length; k++) {
    if (joinedFlags[k] !== 1) continue;
    const seen = boards[k] as number[];
    for (const [b, bet] of msg.bets.entries()) {
      // The first board after the bet was sent that holds it.
      let at = -1;
      for (let i = 0; i < seen.length; i += 3) {
        if ((seen[i] as number) >= bet.sentAt && (seen[i + 1] as number) >= bet.gross) {
          at = seen[i] as number;
          break;
        }
      }
      if (at < 0) {
        missed++;
        continue;
      }
      fromSent.record(at - bet.sentAt);
      const first = firstSeen[b] as number;
      if (first < 0 || at - bet.sentAt < first) firstSeen[b] = at - bet.sentAt;
      fromAccepted.record(Math.max(0, at - bet.acceptedAt));
    }
    let final = -1;
    for (let i = 0; i < seen.length; i += 3) {
      if (seen[i + 2] === 1) {
        final = i;
        break;
      }
    }
    if (final < 0) {
      noFinal++;
      continue;
    }
    close.record(Math.max(0, (seen[final] as number) - msg.postWallMs));
    if (seen[final + 1] !== msg.finalGross) finalWrong++;
  }
  send({
    type: 'report',
    joined,
    updates,
    missed,
    noFinal,
    finalWrong,
    fromSent: fromSent.toSparse(),
    firstSeen,
    fromAccepted: fromAccepted.toSparse(),
    close: close.toSparse(),
  });
}

process.on('message', (msg: ToteBenchToWorker) => {
  if (msg.type === 'connect') connectAll(msg);
  else if (msg.type === 'report') report(msg);
  else {
    for (const s of sockets) s.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
