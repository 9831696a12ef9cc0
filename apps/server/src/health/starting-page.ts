import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How soon a browser or client should ask again (seconds). */
const RETRY_SECONDS = 2;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_SECONDS}">
<title>Furlong is starting</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center;
         background: #0f3d2e; color: #f4f1e8; text-align: center; padding: 1rem; box-sizing: border-box; }
  main { max-width: 32rem; }
  h1 { font-size: 1.6rem; margin: 0 0 .75rem; }
  p { line-height: 1.5; margin: .5rem 0; }
</style>
</head>
<body>
<main>
  <h1>Furlong is starting</h1>
  <p>The first start creates the database and fills it with horses, tracks and races: about a quarter of a
  minute. Later starts take a few seconds.</p>
  <p>This page reloads by itself and opens Furlong as soon as it is up.</p>
</main>
</body>
</html>
`;

const API_BODY = JSON.stringify({
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'Furlong is starting; ask again in a few seconds.',
  reason: 'starting',
});

/**
 * What a request gets on the embedded start (`npm start`) while the server is not up yet: the first
 * start seeds a new database for a quarter of a minute, and a new user's browser at the address would
 * otherwise find nothing listening. Every request gets a 503 with Retry-After and no-store: the API a
 * JSON error (reason `starting`), anything else a small page that reloads itself. It listens on the
 * server's address and is closed just before the server listens there.
 */
export class StartingPage {
  private constructor(private readonly server: Server) {}

  static async listen(port: number, host: string): Promise<StartingPage> {
    const server = createServer(answer);
    server.listen(port, host);
    // A port already taken fails here, at once, rather than after the seed.
    await once(server, 'listening');
    return new StartingPage(server);
  }

  /** Where it answers, as the server's own "up" line spells its address. */
  get url(): string {
    const { address, port } = this.server.address() as AddressInfo;
    const host = address === '127.0.0.1' ? 'localhost' : address.includes(':') ? `[${address}]` : address;
    return `http://${host}:${port}`;
  }

  /** Stops listening and drops its connections (a browser's keep-alive would hold the port's old owner). */
  async close(): Promise<void> {
    const closed = once(this.server, 'close');
    this.server.close();
    this.server.closeAllConnections();
    await closed;
  }
}

function answer(req: IncomingMessage, res: ServerResponse): void {
  const api = req.url === '/api' || (req.url ?? '').startsWith('/api/');
  res.writeHead(503, {
    'Content-Type': api ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
    'Retry-After': String(RETRY_SECONDS),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
  });
  res.end(req.method === 'HEAD' ? undefined : api ? API_BODY : PAGE);
}
