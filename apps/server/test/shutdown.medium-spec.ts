import { connect } from 'node:net';
import type { HealthResponse } from '@furlong/contracts';
import { io } from 'socket.io-client';
import { freePort } from './support/redis-server';
import { type ServerChild, startServerChild } from './support/server-child';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function health(baseUrl: string): Promise<{ status: number; body: HealthResponse }> {
  const res = await fetch(`${baseUrl}/api/health`);
  return { status: res.status, body: (await res.json()) as HealthResponse };
}

// Issue 22, graceful shutdown: the built server as a real process, told to stop with SIGTERM as an
// orchestrator does. It drains first (health 503 `draining`, requests still served), then closes
// and exits 0, its socket clients reconnecting by themselves to the server that comes back; when
// the close cannot finish, it exits 1 at its bound instead of hanging.
describe('a server told to stop (SIGTERM)', () => {
  const dbName = uniqueName('furlong_shutdown');
  let env: Record<string, string>;
  let server: ServerChild | undefined;

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 23, scale: 0.05 });
    env = { DATABASE_URL: url, SEED_ON_START: 'false', RACING_ENABLED: 'false' };
  }, 90_000);

  afterEach(async () => {
    await server?.kill();
    server = undefined;
  });

  afterAll(async () => {
    await dropDatabase(dbName);
  });

  it('should answer health 503 draining while it still serves, then close and exit 0 within its bound', async () => {
    server = await startServerChild({ ...env, SHUTDOWN_DRAIN_SECONDS: '1.5', SHUTDOWN_TIMEOUT_SECONDS: '10' });
    const { baseUrl } = server;
    expect(await health(baseUrl)).toMatchObject({ status: 200, body: { status: 'ok' } });

    const started = Date.now();
    const ended = server.terminate();
    let draining: { status: number; body: HealthResponse } | undefined;
    while (Date.now() - started < 1_000) {
      const answer = await health(baseUrl);
      if (answer.body.status === 'draining') {
        draining = answer;
        break;
      }
      await sleep(20);
    }
    expect(draining).toEqual({ status: 503, body: { status: 'draining', database: 'up', redis: 'disabled' } });
    // Still serving while it drains: a page of the catalog, and the health check again.
    const tracks = await fetch(`${baseUrl}/api/tracks?limit=2`);
    expect(tracks.status).toBe(200);
    expect(((await tracks.json()) as { items: unknown[] }).items).toHaveLength(2);

    const { code } = await ended;
    const took = Date.now() - started;
    expect(code).toBe(0);
    expect(took).toBeGreaterThanOrEqual(1_500);
    expect(took).toBeLessThan(10_000);
    const log = server.lines.join('\n');
    expect(log).toContain('SIGTERM received: draining for 1.5 s, then closing (at most 10 s)');
    expect(log).toContain('closed');
    expect(log).not.toContain('exiting anyway');
    await expect(fetch(`${baseUrl}/api/health`)).rejects.toThrow();
  }, 30_000);

  it('should close its sockets so that their clients reconnect by themselves to the server that comes back', async () => {
    const port = await freePort();
    server = await startServerChild({ ...env, PORT: String(port) });
    const client = io(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 200,
      reconnectionDelayMax: 1_000,
    });
    try {
      let connects = 0;
      client.on('connect', () => connects++);
      const reasons: string[] = [];
      client.on('disconnect', (reason) => reasons.push(reason));
      const waitUntil = async (what: string, done: () => boolean, ms: number) => {
        const until = Date.now() + ms;
        while (!done()) {
          if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
          await sleep(20);
        }
      };
      await waitUntil('the first connect', () => connects === 1, 10_000);

      expect(await server.terminate()).toEqual({ code: 0, signal: null });
      await waitUntil('the disconnect', () => reasons.length === 1, 5_000);
      // Not "io server disconnect" (after which a client stays away): the client will try again.
      expect(reasons).toEqual(['transport close']);
      expect(client.active).toBe(true);

      server = await startServerChild({ ...env, PORT: String(port) });
      await waitUntil('the reconnect', () => connects === 2, 15_000);
      expect(client.connected).toBe(true);
    } finally {
      client.close();
    }
  }, 60_000);

  it('should exit 1 at its bound when a request never ends and the close cannot finish', async () => {
    server = await startServerChild({ ...env, SHUTDOWN_DRAIN_SECONDS: '0', SHUTDOWN_TIMEOUT_SECONDS: '2' });
    const { port } = new URL(server.baseUrl);
    // A client that sends half a request and waits (a slow client, or one stuck): the HTTP server's
    // close waits for its connection, which is not idle.
    const stuck = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve, reject) => stuck.once('connect', resolve).once('error', reject));
    stuck.on('error', () => undefined);
    stuck.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await sleep(100);

    const started = Date.now();
    const { code } = await server.terminate();
    const took = Date.now() - started;
    stuck.destroy();
    expect(code).toBe(1);
    expect(took).toBeGreaterThanOrEqual(2_000);
    expect(took).toBeLessThan(8_000);
    expect(server.lines.join('\n')).toContain('shutdown still not done after 2 s: exiting anyway');
  }, 30_000);
});
