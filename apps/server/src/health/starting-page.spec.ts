import { once } from 'node:events';
import { createServer } from 'node:http';
import { connect, type Socket } from 'node:net';
import { StartingPage } from './starting-page';

describe('StartingPage', () => {
  let page: StartingPage | undefined;
  let held: Socket | undefined;

  afterEach(async () => {
    held?.destroy();
    await page?.close();
    page = undefined;
  });

  it('should answer a browser with a 503 page that reloads itself', async () => {
    page = await StartingPage.listen(0, '127.0.0.1');
    expect(page.url).toMatch(/^http:\/\/localhost:\d+$/);
    const res = await fetch(`${page.url}/program-card`);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<title>Furlong is starting</title>');
    expect(html).toContain('<meta http-equiv="refresh" content="2">');
  });

  it('should answer the API with a 503 JSON error whose reason is starting', async () => {
    page = await StartingPage.listen(0, '127.0.0.1');
    for (const path of ['/api', '/api/health']) {
      const res = await fetch(`${page.url}${path}`);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'Furlong is starting; ask again in a few seconds.',
        reason: 'starting',
      });
    }
  });

  it('should fail at once on a port that is taken', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await once(taken, 'listening');
    const { port } = taken.address() as { port: number };
    try {
      await expect(StartingPage.listen(port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      taken.close();
    }
  });

  it('should free its port on close, with a client connection still open, for the server to listen on', async () => {
    page = await StartingPage.listen(0, '127.0.0.1');
    const port = Number(new URL(page.url).port);
    // A request whose headers never end holds its connection open.
    held = connect(port, '127.0.0.1');
    held.on('error', () => {});
    await once(held, 'connect');
    held.write('GET / HTTP/1.1\r\nHost: localhost\r\n');
    await new Promise((r) => setTimeout(r, 50));
    await page.close();
    page = undefined;
    const server = createServer((_req, res) => res.end('up')).listen(port, '127.0.0.1');
    await once(server, 'listening');
    try {
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('up');
    } finally {
      server.close();
    }
  });
});
