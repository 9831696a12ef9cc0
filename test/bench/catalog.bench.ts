// npm run bench:catalog [-- --seconds S --connections C --pglite --uncached]
// Each list query of the horses catalog (6,000 horses, pages of 25) on its own against the built
// server on a scratch PostgreSQL database: the default listing, each sort, filters, free text and
// a deep page, with /api/health on the same server as the reference. Prints requests/s and
// p50/p99 beside the target (≥ 1,000 requests/s and p99 < 20 ms at 10 connections), and the CPU
// each request cost the server process and PostgreSQL (steadier than the rates on a shared
// machine, where other work takes the cores). --pglite
// measures the embedded PGlite as well (one session, so it is not held to the target). The server
// answers a repeated list page from memory for CATALOG_CACHE_MS (1 s); --uncached measures a second
// server with that off, so every request reads PostgreSQL (the cost of a page nobody asked for in
// the last second), shown beside the target but not held to it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { scratchDatabase } from '../support/postgres';
import { startServerProcess } from '../support/server-process';

const TARGET_RPS = 1000;
const TARGET_P99_MS = 20;
const WARM_UP_SECONDS = 2;

/** A row of the bench: one path, or several taken in turn (every request a different one). */
interface Case {
  name: string;
  paths: string[];
}

const WORDS = ['star', 'moon', 'run', 'gold', 'king', 'ar', 'on', 'silver', 'dream', 'la'];
const SORTS = ['horse_name', 'earnings_cents', 'age', 'dob', 'sire'];

const CASES: Case[] = [
  { name: 'health (reference)', paths: ['/api/health'] },
  { name: 'default listing', paths: ['/api/horses'] },
  { name: 'sort earnings_cents desc', paths: ['/api/horses?sort=earnings_cents&order=desc'] },
  { name: 'sort earnings_cents asc', paths: ['/api/horses?sort=earnings_cents'] },
  { name: 'sort horse_name', paths: ['/api/horses?sort=horse_name'] },
  { name: 'sort horse_name desc', paths: ['/api/horses?sort=horse_name&order=desc'] },
  { name: 'sort dob desc', paths: ['/api/horses?sort=dob&order=desc'] },
  { name: 'sort age (ties)', paths: ['/api/horses?sort=age'] },
  { name: 'sort weight_lbs desc (nulls)', paths: ['/api/horses?sort=weight_lbs&order=desc'] },
  { name: 'filter gender=female', paths: ['/api/horses?gender=female'] },
  { name: 'filter age=5, earnings desc', paths: ['/api/horses?age=5&sort=earnings_cents&order=desc'] },
  { name: 'filter jockey_id (1..50)', paths: Array.from({ length: 50 }, (_, i) => `/api/horses?jockey_id=${i + 1}`) },
  { name: 'q=storm', paths: ['/api/horses?q=storm'] },
  { name: 'q=storm, earnings desc', paths: ['/api/horses?q=storm&sort=earnings_cents&order=desc'] },
  { name: 'q=ar (most rows match)', paths: ['/api/horses?q=ar'] },
  {
    name: 'q × sort mix (50 combos)',
    paths: WORDS.flatMap((q, i) =>
      SORTS.map((sort, j) => `/api/horses?sort=${sort}&order=${(i + j) % 2 ? 'desc' : 'asc'}&q=${q}`),
    ),
  },
  { name: 'deep page offset=5000', paths: ['/api/horses?offset=5000&sort=earnings_cents&order=desc'] },
];

interface Figures {
  target: string;
  name: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU milliseconds per request: the server process, and PostgreSQL's backends for its pool. */
  serverCpu: number;
  dbCpu: number;
}

const CLOCK_TICK_MS = 10; // Linux USER_HZ is 100

/** CPU time (user + system) a process has used so far, in ms; 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * CLOCK_TICK_MS;
  } catch {
    return 0;
  }
}

interface CpuProbe {
  server: number;
  db(): Promise<number[]>;
}

function run(baseUrl: string, paths: string[], connections: number, seconds: number) {
  let i = 0;
  return autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] as string }) }],
  });
}

async function measure(
  target: string,
  baseUrl: string,
  item: Case,
  connections: number,
  seconds: number,
  probe: CpuProbe,
): Promise<Figures> {
  for (const p of item.paths) {
    const res = await fetch(`${baseUrl}${p}`);
    if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  }
  // Warm the caches, the JIT and the connections' plans at the same concurrency, then measure.
  await run(baseUrl, item.paths, connections, WARM_UP_SECONDS);
  const dbPids = await probe.db();
  const before = { server: cpuMs(probe.server), db: dbPids.reduce((sum, pid) => sum + cpuMs(pid), 0) };
  const result = await run(baseUrl, item.paths, connections, seconds);
  const after = { server: cpuMs(probe.server), db: dbPids.reduce((sum, pid) => sum + cpuMs(pid), 0) };
  const requests = Math.max(1, result.requests.total);
  return {
    target,
    name: item.name,
    connections,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    serverCpu: (after.server - before.server) / requests,
    dbCpu: (after.db - before.db) / requests,
  };
}

async function benchTarget(
  target: string,
  env: Record<string, string>,
  seconds: number,
  connections: number,
  databaseUrl?: string,
) {
  const started = Date.now();
  // No live racing: its scheduler and runner would share the cores with the lists being measured.
  const server = await startServerProcess({ ...env, LOG_LEVEL: 'info', RACING_ENABLED: 'false' }, 300_000);
  console.log(`${target}: server up (migrated and seeded) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  // The backends serving the server's pool (none for PGlite, which runs inside the server).
  const admin = databaseUrl ? new Client({ connectionString: databaseUrl }) : undefined;
  await admin?.connect();
  const probe: CpuProbe = {
    server: server.child.pid as number,
    db: async () =>
      admin
        ? (
            await admin.query<{ pid: number }>(
              'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
            )
          ).rows.map((r) => r.pid)
        : [],
  };
  try {
    const figures: Figures[] = [];
    for (const item of CASES) {
      const f = await measure(target, server.baseUrl, item, connections, seconds, probe);
      console.log(
        `  ${item.name}: ${f.rps} req/s, p99 ${f.p99} ms, CPU per request: server ${f.serverCpu.toFixed(2)} ms, PostgreSQL ${f.dbCpu.toFixed(2)} ms`,
      );
      figures.push(f);
    }
    return figures;
  } finally {
    await admin?.end();
    await server.stop();
  }
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      pglite: { type: 'boolean', default: false },
      uncached: { type: 'boolean', default: false },
    },
  });
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  if (!(seconds > 0 && seconds <= 120) || !(connections >= 1 && connections <= 100)) {
    throw new Error('--seconds must be 1–120 and --connections 1–100');
  }
  const loadBefore = load();
  const all: Figures[] = [];
  const db = await scratchDatabase('furlong_bench');
  try {
    all.push(...(await benchTarget('postgresql', { DATABASE_URL: db.url }, seconds, connections, db.url)));
    if (values.uncached) {
      const env = { DATABASE_URL: db.url, CATALOG_CACHE_MS: '0' };
      all.push(...(await benchTarget('postgresql, no cache', env, seconds, connections, db.url)));
    }
  } finally {
    await db.drop();
  }
  if (values.pglite) {
    const dataDir = mkdtempSync(join(tmpdir(), 'furlong-bench-'));
    try {
      all.push(...(await benchTarget('pglite', { DATA_DIR: dataDir }, seconds, connections)));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    `\nGET /api/horses… (6,000 horses, pages of 25), ${connections} connections, ${seconds} s each` +
      ` — target ≥ ${TARGET_RPS} requests/s and p99 < ${TARGET_P99_MS} ms on PostgreSQL`,
  );
  console.table(
    all.map((f) => {
      const met = f.rps >= TARGET_RPS && f.p99 < TARGET_P99_MS && f.errors === 0;
      return {
        target: f.target,
        query: f.name,
        'requests/s': f.rps,
        'p50 ms': f.p50,
        'p99 ms': f.p99,
        errors: f.errors,
        'server CPU ms/req': Number(f.serverCpu.toFixed(2)),
        'PostgreSQL CPU ms/req': Number(f.dbCpu.toFixed(2)),
        [`≥ ${TARGET_RPS}/s, p99 < ${TARGET_P99_MS} ms`]:
          f.target !== 'postgresql' || f.name.startsWith('health') ? '' : met ? 'met' : 'NOT met',
      };
    }),
  );
  // Other work on the same two cores moves these figures: say how busy the machine was.
  console.log(`load average (1, 5, 15 min): before ${loadBefore}, after ${load()}`);
  if (all.some((f) => f.errors > 0)) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
