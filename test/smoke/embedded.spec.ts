import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER, type HealthResponse, type ListResponse, type MeResponse } from '@furlong/contracts';
import { type ServerProcess, startServerProcess } from '../support/server-process';

const ADMIN = { email: 'operator@furlong.test', password: 'smoke admin password' };

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
    server = await startServerProcess(env);

    expect(await get<HealthResponse>('/api/health')).toEqual({ status: 'ok', database: 'up', redis: 'disabled' });
    const page = await get<ListResponse<{ horse_name: string }>>('/api/horses?limit=25&sort=horse_name&q=a');
    expect(page.total).toBeGreaterThan(100);
    expect(page.items).toHaveLength(25);
    const all = await get<ListResponse<unknown>>('/api/horses?limit=1');
    expect(all.total).toBeGreaterThanOrEqual(5000);
    expect(server.lines.some((l) => l.includes('Seeded an empty database'))).toBe(true);
    expect(server.lines.some((l) => l.includes(`Admin ${ADMIN.email} created`))).toBe(true);
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
});
