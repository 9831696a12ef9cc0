import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HealthResponse, ListResponse } from '@furlong/contracts';
import { type ServerProcess, startServerProcess } from '../support/server-process';

// The newcomer's path: no DATABASE_URL and no REDIS_URL, so PGlite in-process and in-process jobs.
describe('the embedded default (PGlite, no Redis)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'furlong-smoke-'));
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
    server = await startServerProcess({ DATA_DIR: dataDir });

    expect(await get<HealthResponse>('/api/health')).toEqual({ status: 'ok', database: 'up', redis: 'disabled' });
    const page = await get<ListResponse<{ horse_name: string }>>('/api/horses?limit=25&sort=horse_name&q=a');
    expect(page.total).toBeGreaterThan(100);
    expect(page.items).toHaveLength(25);
    const all = await get<ListResponse<unknown>>('/api/horses?limit=1');
    expect(all.total).toBeGreaterThanOrEqual(5000);
    expect(server.lines.some((l) => l.includes('Seeded an empty database'))).toBe(true);
  }, 240_000);

  it('should keep its data across a restart without seeding again', async () => {
    const before = await get<ListResponse<{ id: number; horse_name: string }>>('/api/horses?limit=5&sort=horse_name');
    expect(await server?.stop()).toBe(0);

    server = await startServerProcess({ DATA_DIR: dataDir });

    const after = await get<ListResponse<{ id: number; horse_name: string }>>('/api/horses?limit=5&sort=horse_name');
    expect(after).toEqual(before);
    expect(server.lines.some((l) => l.includes('Seeded an empty database'))).toBe(false);
  }, 240_000);

  it('should serve the web client with client-side routes falling back to index.html', async () => {
    for (const path of ['/', '/program-card']) {
      const res = await fetch(`${server?.baseUrl}${path}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
  });
});
