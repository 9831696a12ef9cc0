import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { type Socket as ClientSocket, io } from 'socket.io-client';
import { SocketHandoff } from './socket-handoff';

describe('SocketHandoff', () => {
  let http: HttpServer;
  let server: Server;
  let clients: ClientSocket[] = [];

  beforeEach(async () => {
    http = createServer();
    server = new Server(http, { transports: ['websocket'], perMessageDeflate: false });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  });

  afterEach(async () => {
    for (const client of clients) client.close();
    clients = [];
    await server.close();
  });

  /** `count` connected clients; each one's disconnect reason and time are recorded. */
  async function connect(count: number): Promise<{ reason: string; at: number }[]> {
    const { port } = http.address() as AddressInfo;
    const gone: { reason: string; at: number }[] = [];
    await Promise.all(
      Array.from({ length: count }, () => {
        const client = io(`http://127.0.0.1:${port}`, {
          transports: ['websocket'],
          forceNew: true,
          reconnection: false,
        });
        clients.push(client);
        client.on('disconnect', (reason) => gone.push({ reason, at: Date.now() }));
        return new Promise<void>((resolve, reject) => {
          client.once('connect', () => resolve());
          client.once('connect_error', reject);
        });
      }),
    );
    return gone;
  }

  const until = async (check: () => boolean) => {
    const deadline = Date.now() + 5000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  it('closes every connection at the transport, a batch every 100 ms at the rate asked', async () => {
    const gone = await connect(30);
    const handoff = new SocketHandoff();
    handoff.attach(server);
    // When the server's side of each connection closed, read where it happens (a client's own
    // disconnect events can reach its event loop late and together on a busy machine).
    const closedAt: number[] = [];
    for (const socket of server.of('/').sockets.values()) socket.on('disconnect', () => closedAt.push(Date.now()));

    const started = Date.now();
    // 100 a second: batches of 10, so the 30 go over three batches 100 ms apart.
    await expect(handoff.sendAway(100)).resolves.toBe(30);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(190);
    expect(took).toBeLessThan(2000);

    await until(() => gone.length === 30);
    // Closed at the transport, so a client reconnects by itself (`io server disconnect` would keep it away).
    expect(new Set(gone.map((g) => g.reason))).toEqual(new Set(['transport close']));
    // Spread out: the first and the last to go are at least the two batch gaps apart.
    expect(closedAt).toHaveLength(30);
    const times = [...closedAt].sort((a, b) => a - b);
    expect((times.at(-1) as number) - (times[0] as number)).toBeGreaterThanOrEqual(150);
    expect(server.of('/').sockets.size).toBe(0);
  });

  it('stops between batches when told, leaving the rest to the close', async () => {
    const gone = await connect(20);
    const handoff = new SocketHandoff();
    handoff.attach(server);
    const stop = new AbortController();
    // 50 a second: batches of 5, 100 ms apart. The first goes at once; told to stop while it waits
    // for the second.
    const sending = handoff.sendAway(50, stop.signal);
    stop.abort();
    await expect(sending).resolves.toBe(5);
    await until(() => gone.length === 5);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(gone).toHaveLength(5);
    expect(server.of('/').sockets.size).toBe(15);
  });

  it('sends nothing away before it is attached to a server', async () => {
    await expect(new SocketHandoff().sendAway(1000)).resolves.toBe(0);
  });
});
