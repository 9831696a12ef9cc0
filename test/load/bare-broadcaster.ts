// The load tool's baseline: a bare Socket.IO 4.8.3 broadcaster with none of the product around it
// (no NestJS, no race engine, no database). A plain http server and a socket.io Server, websocket
// transport only, no per-message deflate, that answers `race:join` with an ack carrying a snapshot
// and emits a frame of the product's shape and size (12 runners, ~200 B of JSON) to the room every
// 500 ms. Run as a child process; it prints {"port": n} on stdout once listening.
//   node test/dist/load/bare-broadcaster.js [--port 0]
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import {
  type ClientToServerEvents,
  type RaceFrame,
  type RaceJoinReply,
  type RaceSnapshot,
  raceRoom,
  type ServerToClientEvents,
} from '@furlong/contracts';
import { Server } from 'socket.io';
import { BARE_RACE_ID } from './protocol';

const RUNNERS = 12;
const SAMPLE_MS = 500;
const METERS = 1_400;

const round = (value: number, places: number): number => {
  const f = 10 ** places;
  return Math.round(value * f) / f;
};

/** A field that keeps running: 12 runners at 15–18 m/s with some noise, restarting once all finish. */
class SyntheticRace {
  private s = 0;
  private readonly progress = new Array<number>(RUNNERS).fill(0);
  private readonly speed = Array.from({ length: RUNNERS }, (_, i) => 16 + (i % 4) * 0.5);

  next(): RaceFrame {
    if (this.progress.every((p) => p >= 1)) this.progress.fill(0);
    for (let i = 0; i < RUNNERS; i++) {
      const v = Math.min(18, Math.max(15, (this.speed[i] as number) + (Math.random() - 0.5) * 0.6));
      this.speed[i] = v;
      this.progress[i] = Math.min(1, (this.progress[i] as number) + (v * SAMPLE_MS) / 1000 / METERS);
    }
    const order = Array.from({ length: RUNNERS }, (_, i) => i).sort(
      (a, b) => (this.progress[b] as number) - (this.progress[a] as number),
    );
    const s = this.s++;
    return {
      r: BARE_RACE_ID,
      s,
      c: s * SAMPLE_MS,
      ts: Date.now(),
      p: this.progress.map((x) => round(x, 4)),
      v: this.speed.map((x) => round(x, 1)),
      l: order.map((i) => i + 1),
    };
  }
}

function snapshot(frame: RaceFrame | null): RaceSnapshot {
  const now = new Date().toISOString();
  return {
    scratched: [],
    cancel_reason: null,
    race_id: BARE_RACE_ID,
    race_name: 'Bare Race 1',
    track_id: 1,
    track_name: 'Bare Downs',
    furlongs: 7,
    surface_type: 'Dirt',
    track_condition: 'Fast',
    phase: 'running',
    post_time: now,
    server_time: now,
    time_scale: 1,
    seed_hash: 'a'.repeat(64),
    entries: Array.from({ length: RUNNERS }, (_, i) => ({
      post_position: i + 1,
      horse_id: 1000 + i,
      horse_name: `Bare Horse ${i + 1}`,
      horse_number: i + 1,
      jockey_id: 200 + i,
      jockey_name: `Bare Jockey ${i + 1}`,
      morning_line: null,
    })),
    frame,
    result: null,
  };
}

function main(): void {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '0' } } });
  const http = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http, {
    path: '/socket.io',
    serveClient: false,
    transports: ['websocket'],
    perMessageDeflate: false,
    httpCompression: false,
  });
  const race = new SyntheticRace();
  let latest: RaceFrame | null = null;
  io.on('connection', (socket) => {
    socket.on('race:join', (raceId, ack) => {
      if (raceId !== BARE_RACE_ID) {
        ack({ ok: false, reason: 'not_found', error: `Current race ${raceId} not found` } satisfies RaceJoinReply);
        return;
      }
      void socket.join(raceRoom(BARE_RACE_ID));
      ack({ ok: true, snapshot: snapshot(latest) });
    });
    socket.on('race:leave', (raceId) => void socket.leave(raceRoom(raceId)));
    socket.on('clock:sync', (_sentAt, ack) => ack(Date.now()));
  });
  // The same 500 ms cadence as the product, from a self-correcting timer (frames never bunch up).
  const startedAt = Date.now();
  let tick = 0;
  const emit = (): void => {
    latest = race.next();
    io.to(raceRoom(BARE_RACE_ID)).emit('race:frame', latest);
    tick++;
    setTimeout(emit, Math.max(0, startedAt + tick * SAMPLE_MS - Date.now()));
  };
  // The same listen backlog as the product's server (apps/server/src/main.ts), so a burst of
  // connects meets the same queue and the connect rates compare Socket.IO with Socket.IO.
  http.listen(Number(values.port), '127.0.0.1', 4096, () => {
    const address = http.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    process.stdout.write(`${JSON.stringify({ port })}\n`);
    setTimeout(emit, SAMPLE_MS);
  });
  const stop = (): void => {
    void io.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main();
