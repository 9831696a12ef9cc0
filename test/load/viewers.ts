// npm run load:viewers -- --viewers N --seconds S [--bare | --compare] [--processes P] [--instances 1|2]
//                         [--concurrency C]
// npm run load:viewers -- --restart | --kill | --rolling --viewers N --seconds S [--processes P] [--concurrency C]
// N socket.io-client viewers (websocket only, one connection each, no reconnection) of ONE live
// race, spread over P child processes (default: ≤ 2,500 sockets each), on 127.0.0.1. Prints the
// connect rate, frames delivered per second and as a share of (frames sent × viewers), p50/p99/max
// frame latency (receive time − the frame's server `ts`), the server's CPU per 1,000 deliveries and
// its resident memory per viewer (both from /proc).
//
// The product: the built server (`npm run build`) on a scratch PostgreSQL database with the
// production racing settings (RACING_TIME_SCALE=1: a frame every 500 ms of wall time, the bare
// broadcaster's rate; scheduler every 30 s; betting opens 30 min before post). A faster clock would
// not do: frames come every 500 ms of racing time, so a scale of 10 means 20 frames a second. One
// 12-runner race on a card 25 days ahead is staged in the database, as the medium tests and the
// tick bench do, at a distance that outlasts the window; viewers join it while it is scheduled,
// then the tool opens it as the scheduler would (secret seed and its SHA-256) with post time 4 s
// ahead, and the server's runner takes it within a second and runs it. The server's CPU is also
// read for 5 s before anyone connects (its idle pace), and the machine's busy share is printed.
// --instances 2 starts two servers on one database and Redis (unique QUEUE_PREFIX) and splits the
// viewers between them: one instance runs the race, the other's viewers get it through the Redis
// adapter (latency is printed per instance).
// --bare: the same measurement against test/load/bare-broadcaster.ts (plain Socket.IO 4.8.3).
// --compare: bare, then the product, and the product's overhead as ratios.
//
// Restarts under load (restart.ts; two instances, implied): the viewers split over both, the race
// lasting at least S s from the off (S ≥ 30, ≥ 60 for --rolling), and 5 s after the off:
// --restart: SIGTERM to the instance running the race (it hands the race back and closes its
//   sockets), which is then started again on the same port;
// --kill: the same with kill -9 (the race waits for its 5 s lease to lapse, then the other instance
//   takes it over);
// --rolling: SIGTERM and start again the instance running the race, and once it is healthy (and its
//   viewers are back, or 15 s have passed) the other, which by then runs the race.
// Here a viewer whose connection drops comes back by itself as the web client does (the contracts'
// LIVE_RECONNECT: a first retry spread over 0–4 s, later ones up to 5 s; `race:join` on every connect). The product puts
// its instances behind one proxy address; the tool has no proxy, so a viewer tries the instances'
// URLs in turn, the other instance's first. Printed: the share of the restarted instance's viewers
// back receiving frames within 15 s (target ≥ 99 %; back = the first frame on a connection made after
// the signal), the time until 99 % were back and where it went (connected again, join answered),
// frames missed per viewer (mean, max; by sample number `s`: those after its last frame before the
// signal that it never got, and of those the ones the room was sent, i.e. that some viewer got),
// whether the result was written once (race_results) and matches the seed (/verify), who saw
// race:result (target ≥ 99 % for --rolling), and the servers' /metrics (sockets connected, frames
// sent). At most 18,000 viewers: the survivor holds them all, and a server may have 20,000 open files
// (the fan-out modes take 18,000 per instance: 36,000 with --instances 2).
//
// Past 15,000 viewers (any mode) the viewers spread over loopback source addresses 127.0.0.2, … (one
// address has ~28,000 ephemeral ports); LOAD_VIEWERS_PER_ADDRESS=N lowers the 15,000 to try it small.
import { parseArgs } from 'node:util';
import {
  Cleanup,
  type FanoutFigures,
  MAX_SECONDS,
  MAX_VIEWERS,
  MAX_VIEWERS_PER_INSTANCE,
  type Mode,
  printFigures,
  runFanout,
  SOCKETS_PER_PROCESS,
} from './fanout';
import { MIN_RACE_SECONDS, printRestart, type RestartMode, runRestart } from './restart';

/** One process may hold ~20,000 open files here; keep well under. */
const MAX_SOCKETS_PER_PROCESS = 18_000;
/** Per mode: server start with a fresh seed, the connect budget, the window and the tear-down. */
const HARD_TIMEOUT_BASE_S = 360;
/** Per restart: the stop's bound, the start's and the health check's (restart.ts). */
const HARD_TIMEOUT_PER_RESTART_S = 280;

interface CliOptions {
  modes: Mode[];
  restart: RestartMode | null;
  viewers: number;
  seconds: number;
  processes: number;
  instances: 1 | 2;
  concurrency: number;
}

function parseOptions(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      viewers: { type: 'string', default: '15000' },
      seconds: { type: 'string', default: '60' },
      bare: { type: 'boolean', default: false },
      compare: { type: 'boolean', default: false },
      processes: { type: 'string' },
      instances: { type: 'string' },
      concurrency: { type: 'string', default: '100' },
      restart: { type: 'boolean', default: false },
      kill: { type: 'boolean', default: false },
      rolling: { type: 'boolean', default: false },
    },
  });
  const restarts = (['restart', 'kill', 'rolling'] as const).filter((mode) => values[mode]);
  if (restarts.length > 1) throw new Error('--restart, --kill and --rolling go one at a time');
  const restart = restarts[0] ?? null;
  const viewers = Number(values.viewers);
  if (!(Number.isInteger(viewers) && viewers >= 1 && viewers <= MAX_VIEWERS)) {
    throw new Error(`--viewers must be a whole number from 1 to ${MAX_VIEWERS.toLocaleString('en-US')}`);
  }
  const seconds = Number(values.seconds);
  if (!(Number.isInteger(seconds) && seconds >= 1 && seconds <= MAX_SECONDS)) {
    throw new Error(`--seconds must be a whole number from 1 to ${MAX_SECONDS}`);
  }
  const processes =
    values.processes === undefined ? Math.ceil(viewers / SOCKETS_PER_PROCESS) : Number(values.processes);
  if (!(Number.isInteger(processes) && processes >= 1 && processes <= 64)) {
    throw new Error('--processes must be a whole number from 1 to 64');
  }
  if (Math.ceil(viewers / processes) > MAX_SOCKETS_PER_PROCESS) {
    throw new Error(
      `at most ${MAX_SOCKETS_PER_PROCESS.toLocaleString('en-US')} sockets per process: raise --processes`,
    );
  }
  // The restart modes imply two instances; only an explicit --instances 1 is refused.
  const instancesArg = values.instances ?? (restart ? '2' : '1');
  if (instancesArg !== '1' && instancesArg !== '2') throw new Error('--instances must be 1 or 2');
  if (restart && instancesArg === '1') throw new Error(`--${restart} needs two instances`);
  const instances = instancesArg === '2' ? 2 : 1;
  if (viewers > MAX_VIEWERS_PER_INSTANCE * (restart ? 1 : instances)) {
    throw new Error(
      `at most ${MAX_VIEWERS_PER_INSTANCE.toLocaleString('en-US')} viewers per instance` +
        (restart ? ' (with a restart, one instance holds them all)' : ': add --instances 2'),
    );
  }
  if (restart && (values.bare || values.compare)) throw new Error(`--${restart} measures the product`);
  if (restart && seconds < MIN_RACE_SECONDS[restart]) {
    throw new Error(`--${restart}: the race must last --seconds ${MIN_RACE_SECONDS[restart]} or more`);
  }
  const concurrency = Number(values.concurrency);
  if (!(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 1_000)) {
    throw new Error('--concurrency must be a whole number from 1 to 1,000');
  }
  if (values.bare && values.compare) throw new Error('--bare and --compare do not go together');
  if (values.bare && instances === 2)
    throw new Error('--instances 2 measures the product; the bare broadcaster is one process');
  if ((values.bare || values.compare) && viewers > MAX_SOCKETS_PER_PROCESS) {
    throw new Error(
      `the bare broadcaster is one process: at most ${MAX_SOCKETS_PER_PROCESS.toLocaleString('en-US')} viewers`,
    );
  }
  const modes: Mode[] = values.compare ? ['bare', 'product'] : values.bare ? ['bare'] : ['product'];
  return { modes, restart, viewers, seconds, processes, instances, concurrency };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const cleanup = new Cleanup();
  const log = (line: string) => console.log(`[load] ${line}`);

  // Whatever happens, every process this tool started ends with it.
  let stopping = false;
  const emergency = (why: string, code: number): void => {
    if (stopping) return;
    stopping = true;
    console.error(`[load] ${why}: stopping everything`);
    cleanup.killAll();
    // Drop the scratch database and the Redis keys too, but never linger more than 30 s.
    setTimeout(() => process.exit(code), 30_000).unref();
    void cleanup.run(10_000).finally(() => process.exit(code));
  };
  // A restart mode waits for the race's finish (up to twice --seconds and a minute) and its restarts.
  const hardTimeoutS =
    options.restart === null
      ? options.modes.length * (HARD_TIMEOUT_BASE_S + options.seconds)
      : HARD_TIMEOUT_BASE_S +
        2 * options.seconds +
        60 +
        (options.restart === 'rolling' ? 2 : 1) * HARD_TIMEOUT_PER_RESTART_S;
  const hardTimer = setTimeout(() => emergency(`hard timeout (${hardTimeoutS} s)`, 2), hardTimeoutS * 1000);
  // on, not once: a second signal (a terminal sends one to the whole group) must not cut the cleanup short.
  process.on('SIGINT', () => emergency('SIGINT', 130));
  process.on('SIGTERM', () => emergency('SIGTERM', 143));
  process.once('exit', () => cleanup.killAll());

  const figures: FanoutFigures[] = [];
  try {
    if (options.restart !== null) {
      printRestart(
        await runRestart(
          {
            mode: options.restart,
            viewers: options.viewers,
            seconds: options.seconds,
            processes: options.processes,
            concurrency: options.concurrency,
            log,
          },
          cleanup,
        ),
      );
      return;
    }
    for (const mode of options.modes) {
      figures.push(
        await runFanout(
          {
            mode,
            viewers: options.viewers,
            seconds: options.seconds,
            processes: options.processes,
            instances: mode === 'bare' ? 1 : options.instances,
            concurrency: options.concurrency,
            log,
          },
          cleanup,
        ),
      );
    }
    printFigures(figures);
  } finally {
    clearTimeout(hardTimer);
    await cleanup.run();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
