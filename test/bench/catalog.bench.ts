// npm run bench:catalog [-- --seconds S --connections C]
// Lists horses sorted and text-filtered (a page of 25) against the real server process, first on
// the machine's PostgreSQL, then on the embedded PGlite, and prints requests/s and p50/p99.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { scratchDatabase } from '../support/postgres';
import { startServerProcess } from '../support/server-process';

const QUERIES = ['star', 'moon', 'run', 'gold', 'king', 'ar', 'on', 'silver', 'dream', 'la'];
const SORTS = ['horse_name', 'earnings_cents', 'age', 'dob', 'sire'];

interface Figures {
  target: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

function paths(): string[] {
  const list: string[] = [];
  for (const q of QUERIES) {
    for (const sort of SORTS)
      list.push(`/api/horses?limit=25&sort=${sort}&order=${list.length % 2 ? 'desc' : 'asc'}&q=${q}`);
  }
  return list;
}

async function measure(target: string, baseUrl: string, connections: number, seconds: number): Promise<Figures> {
  const list = paths();
  let i = 0;
  // Warm the caches and the JIT first, then measure.
  for (const p of list) await fetch(`${baseUrl}${p}`).then((r) => r.arrayBuffer());
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: list[i++ % list.length] as string }) }],
  });
  return {
    target,
    connections,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function withBenchDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const db = await scratchDatabase('furlong_bench');
  try {
    return await work(db.url);
  } finally {
    await db.drop();
  }
}

async function benchTarget(target: string, env: Record<string, string>, seconds: number, connections: number[]) {
  const started = Date.now();
  const server = await startServerProcess({ ...env, LOG_LEVEL: 'info' }, 300_000);
  console.log(`${target}: server up (migrated and seeded) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  try {
    const figures: Figures[] = [];
    for (const c of connections) figures.push(await measure(target, server.baseUrl, c, seconds));
    return figures;
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '1,10' } },
  });
  const seconds = Number(values.seconds);
  const connections = String(values.connections).split(',').map(Number);
  if (!(seconds > 0 && seconds <= 120) || connections.some((c) => !(c >= 1 && c <= 100))) {
    throw new Error('--seconds must be 1–120 and --connections a list of 1–100');
  }
  const all: Figures[] = [];
  all.push(
    ...(await withBenchDatabase((url) => benchTarget('postgresql', { DATABASE_URL: url }, seconds, connections))),
  );
  const dataDir = mkdtempSync(join(tmpdir(), 'furlong-bench-'));
  try {
    all.push(...(await benchTarget('pglite', { DATA_DIR: dataDir }, seconds, connections)));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('\nGET /api/horses?limit=25&sort=…&q=… (5,000+ horses; rotating 50 sort/text combinations)');
  console.table(
    all.map((f) => ({
      target: f.target,
      connections: f.connections,
      'requests/s': f.rps,
      'p50 ms': f.p50,
      'p99 ms': f.p99,
      requests: f.requests,
      errors: f.errors,
    })),
  );
  // The target is a request's latency; with more connections than cores, the load generator and
  // the single server process share 2 cores and the figures show saturation, not latency.
  for (const f of all.filter((x) => x.target === 'postgresql')) {
    console.log(
      `PostgreSQL, ${f.connections} connection(s): p99 ${f.p99} ms — target p99 < 20 ms ${f.p99 < 20 ? 'met' : 'NOT met'}`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
