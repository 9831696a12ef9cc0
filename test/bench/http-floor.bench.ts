// npm run bench:http-floor [-- --seconds S --connections C --rounds R]
// The HTTP stack's own cost per request on this machine, without the product's code: the same
// slip-shaped POST /api/bets (the body and headers bench:bets sends) against node:http alone, a bare
// Express 5 app, Nest 12 on Express with helmet (the product's stack before it moved to Fastify) and
// the same on Nest's Fastify adapter with @fastify/helmet (the product's stack now;
// test/bench/http-floor-server.ts), R rounds
// interleaved. Prints each one's accepted requests/s, p99 and its CPU per request (from /proc), and
// what that CPU alone takes of the machine at bench:bets' target of 2,000 requests/s: the floor
// under the product's own CPU per bet, which bench:bets prints beside it.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { cpuMs } from '../load/proc-stats';
import { freePort } from '../support/free-port';

const KINDS = ['node', 'express', 'nest', 'nest-fastify'] as const;
type Kind = (typeof KINDS)[number];
const LABEL: Record<Kind, string> = {
  node: 'node:http alone',
  express: 'Express 5 (express.json)',
  nest: 'Nest 12 on Express + helmet',
  'nest-fastify': 'Nest 12 on Fastify + helmet',
};
const TARGET_RPS = 2000;
const WARM_UP_SECONDS = 3;

interface Round {
  rps: number;
  p99: number;
  cpuUsPerRequest: number;
}

async function measure(kind: Kind, seconds: number, connections: number): Promise<Round> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(__dirname, 'http-floor-server.js'), kind, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${kind} did not start in 30 s`)), 30_000);
      child.once('exit', (code) => reject(new Error(`${kind} exited with ${code}`)));
      child.stdout?.once('data', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    const options = {
      url: `http://127.0.0.1:${port}/api/bets`,
      method: 'POST' as const,
      connections,
      headers: {
        'content-type': 'application/json',
        cookie:
          'furlong_session=0123456789abcdef0123456789abcdef.1766750000; furlong_csrf=abcdefabcdefabcdefabcdef.f00d',
        'x-csrf-token': 'abcdefabcdefabcdefabcdef.f00d',
        'idempotency-key': 'bench-floor-0001',
      },
      body: JSON.stringify({
        bets: [{ bet_type: 'Win', race_ids: [12], amount_cents: 200, selections: [[3]], box: false }],
      }),
    };
    await autocannon({ ...options, duration: WARM_UP_SECONDS });
    const before = cpuMs(child.pid as number);
    const result = await autocannon({ ...options, duration: seconds });
    const used = cpuMs(child.pid as number) - before;
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${kind}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
    }
    const ok = result['2xx'];
    return { rps: Math.round(ok / seconds), p99: result.latency.p99, cpuUsPerRequest: Math.round((used * 1000) / ok) };
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      rounds: { type: 'string', default: '2' },
    },
  });
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const rounds = Number(values.rounds);
  for (const [name, v, max] of [
    ['--seconds', seconds, 120],
    ['--connections', connections, 500],
    ['--rounds', rounds, 10],
  ] as const) {
    if (!(Number.isInteger(v) && v >= 1 && v <= max))
      throw new Error(`${name} must be a whole number from 1 to ${max}`);
  }
  const measured = new Map<Kind, Round[]>(KINDS.map((k) => [k, []]));
  // Interleaved, so that a change in what else the machine does falls on every kind alike.
  for (let r = 0; r < rounds; r++) {
    for (const kind of KINDS) {
      const round = await measure(kind, seconds, connections);
      measured.get(kind)?.push(round);
      console.log(
        `round ${r + 1} ${kind}: ${round.rps}/s, p99 ${round.p99} ms, ${round.cpuUsPerRequest} µs CPU/request`,
      );
    }
  }
  console.log(`\nPOST /api/bets without the product, ${connections} connections, ${seconds} s × ${rounds} rounds`);
  console.table(
    KINDS.map((kind) => {
      const all = measured.get(kind) as Round[];
      const cpu = median(all.map((x) => x.cpuUsPerRequest));
      return {
        server: LABEL[kind],
        'requests/s': all.map((x) => x.rps).join(' / '),
        'p99 ms': all.map((x) => x.p99).join(' / '),
        'CPU µs/request (median)': cpu,
        [`cores at ${TARGET_RPS}/s`]: Number(((cpu * TARGET_RPS) / 1e6).toFixed(2)),
      };
    }),
  );
  console.log(
    `The machine has 2 cores for the server, PostgreSQL and the load generator together: at ${TARGET_RPS}/s, each 100 µs of CPU per request takes a fifth of one core.`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
