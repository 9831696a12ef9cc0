import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CSRF_COOKIE,
  CSRF_HEADER,
  type CurrentRaceListResponse,
  type HealthResponse,
  type ListResponse,
  type MeResponse,
  type RaceFairOdds,
} from '@furlong/contracts';
import { type ServerProcess, startServerProcess } from '../support/server-process';

const ADMIN = { email: 'operator@furlong.test', password: 'smoke admin password' };
const FAIR_ODDS_RUNS = 200;

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

// The newcomer's path: no DATABASE_URL and no REDIS_URL, so PGlite in-process and in-process jobs.
// With an admin configured, as an operator would: creating it must work on PGlite's one connection.
describe('the embedded default (PGlite, no Redis)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'furlong-smoke-'));
  const env = { DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function get<T>(path: string): Promise<T> {
    const res = await fetch(`${server?.baseUrl}${path}`);
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  }

  it('should boot, migrate, seed and answer a list query', async () => {
    // While it seeds, its address answers with a page that says it is starting (the API: a 503 JSON).
    let whileStarting: Promise<[Response, Response]> | undefined;
    server = await startServerProcess(env, 120_000, (line) => {
      const at = /until it is up, (http:\/\/\S+) shows a page/.exec(line)?.[1]?.replace('localhost', '127.0.0.1');
      if (at && !whileStarting) whileStarting = Promise.all([fetch(`${at}/`), fetch(`${at}/api/health`)]);
    });
    const [startingPage, startingApi] = (await whileStarting) ?? [];
    expect(startingPage?.status).toBe(503);
    expect(await startingPage?.text()).toContain('Furlong is starting');
    expect(startingApi?.status).toBe(503);
    expect(await startingApi?.json()).toMatchObject({ reason: 'starting' });

    // Healthy once its first passes have run: a first start makes the day's cards and opens races (and
    // their fair odds) at once, and on a machine the other suites share its scheduler can be late a
    // few seconds, which health reports as it is ("degraded") until the jobs catch up.
    const health = await until(
      'a healthy server',
      async () => {
        const body = await get<HealthResponse>('/api/health');
        return body.status === 'ok' ? body : undefined;
      },
      60_000,
    );
    expect(health).toEqual({ status: 'ok', database: 'up', redis: 'disabled' });
    const page = await get<ListResponse<{ horse_name: string }>>('/api/horses?limit=25&sort=horse_name&q=a');
    expect(page.total).toBeGreaterThan(100);
    expect(page.items).toHaveLength(25);
    const all = await get<ListResponse<unknown>>('/api/horses?limit=1');
    expect(all.total).toBeGreaterThanOrEqual(5000);
    expect(server.lines.some((l) => l.includes(`Admin ${ADMIN.email} created`))).toBe(true);
    // Seeded by a child process that has ended (its memory gone with it), not by the server itself.
    const seeded = server.lines.find((l) => l.includes('Seeded an empty database'));
    const seeder = (JSON.parse(seeded ?? '{}') as { pid?: number }).pid;
    expect(seeder).toEqual(expect.any(Number));
    expect(seeder).not.toBe(server.child.pid);
    expect(() => process.kill(seeder as number, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }));
  }, 240_000);

  it('should keep its data across a restart without seeding again', async () => {
    const before = await get<ListResponse<{ id: number; horse_name: string }>>('/api/horses?limit=5&sort=horse_name');
    expect(await server?.stop()).toBe(0);

    server = await startServerProcess(env);

    const after = await get<ListResponse<{ id: number; horse_name: string }>>('/api/horses?limit=5&sort=horse_name');
    expect(after).toEqual(before);
    expect(server.lines.some((l) => l.includes('Seeded an empty database'))).toBe(false);
  }, 240_000);

  it('should log in as the admin of ADMIN_EMAIL when the server started with ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const csrf = await fetch(`${server?.baseUrl}/api/auth/csrf`);
    const { csrf_token: token } = (await csrf.json()) as { csrf_token: string };
    const login = await fetch(`${server?.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    expect(((await login.json()) as MeResponse).role).toBe('admin');
    const session = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const users = await fetch(`${server?.baseUrl}/api/admin/users?limit=5`, { headers: { cookie: session } });
    expect(users.status).toBe(200);
  });

  it('should serve the web client with client-side routes falling back to index.html', async () => {
    for (const path of ['/', '/program-card']) {
      const res = await fetch(`${server?.baseUrl}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  // Fair odds on the newcomer's path: the races it opens get them from the worker thread (the one that
  // loads apps/server/dist/fair-odds/fair-odds.worker.js and the domain's build).
  it('should make fair odds for the races it opens and answer them', async () => {
    // Started again with two hours' lead, so some race opens whatever the hour (tracks race in every
    // time zone), and a few hundred fair-odds runs per race.
    expect(await server?.stop()).toBe(0);
    server = await startServerProcess({
      ...env,
      RACING_OPEN_LEAD_MINUTES: '120',
      RACING_SCHEDULER_SECONDS: '2',
      FAIR_ODDS_RUNS: String(FAIR_ODDS_RUNS),
    });
    const open = await until(
      'an open race',
      async () => (await get<CurrentRaceListResponse>('/api/current_races?status=open&limit=5')).items[0],
      60_000,
    );
    const odds = await until(
      `the fair odds of race ${open.id}`,
      async () => {
        const body = await get<RaceFairOdds>(`/api/current_races/${open.id}/fair_odds`);
        return body.status === 'ready' ? body : undefined;
      },
      120_000,
    );

    expect(odds.runs).toBe(FAIR_ODDS_RUNS);
    expect(odds.runners.length).toBeGreaterThanOrEqual(2);
    expect(odds.runners.reduce((sum, r) => sum + r.win_probability, 0)).toBeCloseTo(1, 9);
    expect(server?.lines.filter((l) => /fair-odds thread failed|fair odds of race \d+ not queued/.test(l))).toEqual([]);
  }, 300_000);
});
