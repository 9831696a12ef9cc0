// Part 1 of `npm run bench:bets`, also run by `npm run bench:metrics-cost`: accepted bets per second
// with p50/p99 against the built server on a scratch PostgreSQL database, N users signed up through
// the API, each POST /api/bets a one-bet slip with its own Idempotency-Key, session cookie and CSRF
// token, spread over 10 open races; and the server's CPU per accepted bet (from /proc).

import { CSRF_COOKIE, CSRF_HEADER, IDEMPOTENCY_HEADER } from '@furlong/contracts';
import autocannon from 'autocannon';
import { Client } from 'pg';
import { REDIS_URL } from '../load/fanout';
import { cpuMs } from '../load/proc-stats';
import { dropRedisKeys } from '../support/redis-keys';
import { type ServerProcess, startServerProcess } from '../support/server-process';

export const RACES = 10;
export const TIME_SCALE = 20;
const WARM_UP_SECONDS = 3;

export interface Bettor {
  cookie: string;
  csrf: string;
  userId: number;
}

function cookiesOf(res: Response, jar: Map<string, string>): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (pair && eq > 0) jar.set(pair.slice(0, eq).trim(), decodeURIComponent(pair.slice(eq + 1).trim()));
  }
}

export async function signUp(baseUrl: string, n: number): Promise<Bettor> {
  const jar = new Map<string, string>();
  const header = () => [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  cookiesOf(await fetch(`${baseUrl}/api/auth/csrf`), jar);
  const tag = `${process.pid.toString(36)}${n}`;
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: header(), [CSRF_HEADER]: jar.get(CSRF_COOKIE) ?? '' },
    body: JSON.stringify({
      username: `bench_${tag}`,
      email: `bench.${tag}@furlong.test`,
      password: 'bench password 1',
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up ${n}: ${res.status} ${await res.text()}`);
  cookiesOf(res, jar);
  const me = (await res.json()) as { id: number };
  return { cookie: header(), csrf: jar.get(CSRF_COOKIE) ?? '', userId: me.id };
}

/** A betting server ready to be measured: bettors signed up, races open, warmed up. */
export interface BettingBench {
  /** The first server (the one that migrated and seeded the database). */
  server: ServerProcess;
  /** Every server: one, or with `instances` two on one database and Redis. */
  servers: ServerProcess[];
  bettors: Bettor[];
  /** Places one-bet slips for `seconds` with `connections`; the server's CPU over exactly that window. */
  run(seconds: number, connections: number): Promise<PlacingFigures>;
  close(): Promise<void>;
}

export interface PlacingFigures {
  connections: number;
  /** Servers the connections were split between. */
  instances: number;
  accepted: number;
  refused: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  /** The server's CPU (user + system) per accepted bet in the window, µs. */
  cpuUsPerBet: number;
  /** The load generator's own CPU per accepted bet, µs (it shares the machine's cores). */
  loadCpuUsPerBet: number;
  /**
   * PostgreSQL's CPU per accepted bet, µs: the server's backends on the bench database (read from
   * /proc, so only when PostgreSQL runs on this machine and its processes are readable).
   */
  pgCpuUsPerBet?: number;
  /** What the servers' own /metrics say of the window, summed over them (undefined when they have none). */
  metrics?: ServerMetrics;
}

/** From the product's /metrics, over the measured window: slips timed, their p50/p99 (bucket bounds), CPU. */
export interface ServerMetrics {
  slips: number;
  p50Ms: number;
  p99Ms: number;
  cpuSeconds: number;
  /** Transactions that wrote slips, and the slips per transaction (furlong_bet_slip_group_size). */
  groups: number;
  slipsPerGroup: number;
}

type Scrape = Map<string, number>;

/** A process's CPU ms, or undefined when it is gone or not readable. */
function readableCpuMs(pid: number): number | undefined {
  try {
    return cpuMs(pid);
  } catch {
    return undefined;
  }
}

/** The bench server's /metrics bearer token. */
const METRICS_TOKEN = 'bench-metrics-token-bench';

async function scrape(baseUrl: string): Promise<Scrape | undefined> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).catch(
    () => undefined,
  );
  if (res?.status !== 200) return undefined;
  const out: Scrape = new Map();
  for (const line of (await res.text()).split('\n')) {
    // Every series carries an `instance` label; the histogram's buckets keep their `le`.
    const m =
      /^(furlong_bet_duration_seconds_(?:bucket|count)|furlong_bet_slip_group_size_(?:sum|count)|furlong_process_cpu_seconds_total)(?:\{([^}]*)\})? (\S+)$/.exec(
        line,
      );
    if (!m?.[1] || !m[3]) continue;
    const le = /le="([^"]+)"/.exec(m[2] ?? '')?.[1];
    const name = m[1] === 'furlong_process_cpu_seconds_total' ? 'process_cpu_seconds_total' : m[1];
    const key = le === undefined ? name : `${name}{le="${le}"}`;
    out.set(key, (out.get(key) ?? 0) + Number(m[3]));
  }
  return out;
}

/** The scrapes of several servers, summed series by series (undefined when any has no /metrics). */
async function scrapeAll(servers: readonly ServerProcess[]): Promise<Scrape | undefined> {
  const all = await Promise.all(servers.map((s) => scrape(s.baseUrl)));
  if (all.some((one) => one === undefined)) return undefined;
  const out: Scrape = new Map();
  for (const one of all as Scrape[]) for (const [k, v] of one) out.set(k, (out.get(k) ?? 0) + v);
  return out;
}

/** The window between two scrapes: quantiles read as the upper bound of the bucket they fall in. */
function metricsBetween(before: Scrape, after: Scrape): ServerMetrics {
  const delta = (k: string) => (after.get(k) ?? 0) - (before.get(k) ?? 0);
  const count = delta('furlong_bet_duration_seconds_count');
  const buckets = [...after.keys()]
    .filter((k) => k.includes('_bucket'))
    .map((k) => ({ le: Number(/le="([^"]+)"/.exec(k)?.[1] ?? 'NaN'), n: delta(k) }))
    .sort((a, b) => a.le - b.le);
  const quantile = (q: number) => (buckets.find((b) => b.n >= q * count)?.le ?? Number.NaN) * 1000;
  return {
    slips: count,
    p50Ms: quantile(0.5),
    p99Ms: quantile(0.99),
    cpuSeconds: Number(delta('process_cpu_seconds_total').toFixed(2)),
    groups: delta('furlong_bet_slip_group_size_count'),
    slipsPerGroup: Number(
      (delta('furlong_bet_slip_group_size_sum') / Math.max(1, delta('furlong_bet_slip_group_size_count'))).toFixed(1),
    ),
  };
}

/**
 * A server without live racing on the database at `url`, 10 races opened by hand an hour before
 * post. With `instances` 2, two servers on that database and the machine's Redis (a key prefix of
 * their own, removed at the end), as the product scales out; the connections are split between them.
 */
export async function prepareBetting(
  url: string,
  users: number,
  connections: number,
  serverEnv: Record<string, string> = {},
  instances: 1 | 2 = 1,
): Promise<BettingBench> {
  const env: Record<string, string> = {
    DATABASE_URL: url,
    RACING_ENABLED: 'false',
    LOG_LEVEL: 'info',
    STARTING_CREDIT_CENTS: '1000000000',
    REGISTER_MAX_PER_IP_PER_HOUR: '100000',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
    METRICS_TOKEN,
    ...serverEnv,
  };
  const prefix = `furlong-bench-bets-${process.pid}-${Date.now().toString(36)}`;
  if (instances === 2) Object.assign(env, { REDIS_URL, QUEUE_PREFIX: prefix });
  const servers: ServerProcess[] = [];
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    if (instances === 2) await dropRedisKeys(REDIS_URL, prefix);
  };
  // One after the other: the first migrates and seeds the empty database.
  for (let i = 0; i < instances; i++) {
    try {
      servers.push(await startServerProcess(env, 300_000));
    } catch (err) {
      await stopAll();
      throw err;
    }
  }
  const server = servers[0] as ServerProcess;
  const pg = new Client({ connectionString: url });
  await pg.connect();
  try {
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const tracks: { id: number }[] = (await pg.query('SELECT id FROM tracks ORDER BY id LIMIT 3')).rows;
    for (const t of tracks) await fetch(`${server.baseUrl}/api/program/tracks/${t.id}/card?date=${day}`);
    const races: { id: number; num_horses: number }[] = (
      await pg.query(
        `WITH u AS (UPDATE current_races SET status = 'open', post_time = now() + interval '1 hour'
                     WHERE id IN (SELECT id FROM current_races WHERE race_date = $1 AND num_horses >= 6
                                   ORDER BY id LIMIT $2)
                     RETURNING id, num_horses)
         SELECT * FROM u ORDER BY id`,
        [day, RACES],
      )
    ).rows;
    const started = Date.now();
    const bettors: Bettor[] = [];
    for (let i = 0; i < users; i += 10) {
      bettors.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(10, users - i) }, (_, k) => signUp(server.baseUrl, i + k)),
        )),
      );
    }
    console.log(`${users} users signed up through the API in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    let i = 0;
    const request = () => {
      const n = i++;
      const bettor = bettors[n % bettors.length] as Bettor;
      const race = races[n % races.length] as { id: number; num_horses: number };
      return {
        method: 'POST' as const,
        path: '/api/bets',
        headers: {
          'content-type': 'application/json',
          cookie: bettor.cookie,
          [CSRF_HEADER]: bettor.csrf,
          [IDEMPOTENCY_HEADER]: `bench-${process.pid}-${new URL(server.baseUrl).port}-${n}`,
        },
        body: JSON.stringify({
          bets: [
            {
              bet_type: n % 4 === 3 ? 'Exacta' : 'Win',
              race_ids: [race.id],
              amount_cents: 200,
              selections: n % 4 === 3 ? [[1], [2 + (n % (race.num_horses - 1))]] : [[1 + (n % race.num_horses)]],
              box: false,
            },
          ],
        }),
      };
    };
    // Warm up with the same concurrency (JIT, every pooled connection made and its statements
    // prepared, the tables past their first autovacuum analyze), then measure.
    for (let w = 0; w < 20; w++) {
      const r = request();
      const res = await fetch(`${server.baseUrl}${r.path}`, { method: 'POST', headers: r.headers, body: r.body });
      if (res.status !== 201) throw new Error(`warm-up bet: ${res.status} ${await res.text()}`);
    }
    // The connections split between the servers, one autocannon each, at the same time.
    const cannon = async (duration: number, conns: number): Promise<Cannonade> => {
      const results = await Promise.all(
        servers.map((s, k) =>
          autocannon({
            url: s.baseUrl,
            connections: Math.floor(conns / servers.length) + (k < conns % servers.length ? 1 : 0),
            duration,
            requests: [{ setupRequest: (req) => ({ ...req, ...request() }) }],
          }),
        ),
      );
      return {
        ok: results.reduce((n, r) => n + r['2xx'], 0),
        non2xx: results.reduce((n, r) => n + r.non2xx, 0),
        errors: results.reduce((n, r) => n + r.errors, 0),
        // Each server's clients are timed apart: the larger of their quantiles bounds the whole's.
        p50: Math.max(...results.map((r) => r.latency.p50)),
        p99: Math.max(...results.map((r) => r.latency.p99)),
      };
    };
    const warm = await cannon(WARM_UP_SECONDS, connections);
    if (warm.non2xx > 0 || warm.errors > 0) throw new Error(`warm-up: ${warm.non2xx} refused, ${warm.errors} errors`);
    // A server in service has tables that autovacuum has analyzed with rows in them. Straight after
    // the seed, bets and the ledger are empty, and a connection that plans a foreign-key check then
    // keeps a sequential scan until the next ANALYZE: 10 s is too short for autovacuum to come round
    // (it did in about one run in three), so the window's figures swung 2× between runs. Analyzing
    // after the warm-up's bets measures the server in service.
    await pg.query('VACUUM ANALYZE');
    await pg.query('CHECKPOINT').catch(() => undefined);
    const pids = servers.map((s) => s.child.pid as number);
    const serversCpuMs = () => pids.reduce((ms, pid) => ms + cpuMs(pid), 0);
    return {
      server,
      servers,
      bettors,
      async run(seconds, conns) {
        const scrapedBefore = await scrapeAll(servers);
        const backends: number[] = (
          await pg.query(
            'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
          )
        ).rows.map((r: { pid: number }) => r.pid);
        const pgBefore = new Map(backends.map((p) => [p, readableCpuMs(p)]));
        const cpuBefore = serversCpuMs();
        const loadBefore = process.cpuUsage();
        const result = await cannon(seconds, conns);
        const serverCpuMs = serversCpuMs() - cpuBefore;
        const load = process.cpuUsage(loadBefore);
        // Backends readable before and after (one the pool replaced in between is left out).
        let pgCpuMs = 0;
        let pgSeen = false;
        for (const [p, before] of pgBefore) {
          const after = readableCpuMs(p);
          if (before === undefined || after === undefined || after < before) continue;
          pgCpuMs += after - before;
          pgSeen = true;
        }
        const scrapedAfter = await scrapeAll(servers);
        return {
          connections: conns,
          instances: servers.length,
          accepted: result.ok,
          refused: result.non2xx,
          errors: result.errors,
          rps: Math.round(result.ok / seconds),
          p50: result.p50,
          p99: result.p99,
          cpuUsPerBet: result.ok > 0 ? Math.round((serverCpuMs * 1000) / result.ok) : 0,
          loadCpuUsPerBet: result.ok > 0 ? Math.round((load.user + load.system) / result.ok) : 0,
          pgCpuUsPerBet: pgSeen && result.ok > 0 ? Math.round((pgCpuMs * 1000) / result.ok) : undefined,
          metrics: scrapedBefore && scrapedAfter ? metricsBetween(scrapedBefore, scrapedAfter) : undefined,
        };
      },
      async close() {
        await pg.end();
        await stopAll();
      },
    };
  } catch (err) {
    await pg.end();
    await stopAll();
    throw err;
  }
}

/** What the load generator saw over a window, over every server. */
interface Cannonade {
  ok: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
}

/** Part 1 of bench:bets: prepare, measure once, count the bets stored. */
export async function benchPlacing(
  url: string,
  seconds: number,
  connections: number,
  users: number,
  serverEnv: Record<string, string> = {},
  instances: 1 | 2 = 1,
) {
  const bench = await prepareBetting(url, users, connections, serverEnv, instances);
  try {
    const figures = await bench.run(seconds, connections);
    const pg = new Client({ connectionString: url });
    await pg.connect();
    const [{ n: stored }] = (await pg.query('SELECT count(*)::int AS n FROM bets')).rows as { n: number }[];
    await pg.end();
    return { ...figures, stored, bettors: bench.bettors };
  } finally {
    await bench.close();
  }
}
