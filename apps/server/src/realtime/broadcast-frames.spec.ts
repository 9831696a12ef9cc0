import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { type Socket as ClientSocket, io } from 'socket.io-client';
import { fastBroadcastFrames, singleBufferFrames } from './broadcast-frames';

/** One write the server's `ws` sender was asked to make: the frame's buffers, and whether Engine.IO waited on it. */
interface Write {
  buffers: number;
  bytes: string;
  viaEngine: boolean;
}
type SendFrame = (list: (Buffer | string)[], cb?: (err?: Error) => void) => void;

describe('broadcast frames', () => {
  let http: HttpServer;
  let server: Server;
  let client: ClientSocket | undefined;

  beforeEach(async () => {
    http = createServer();
    server = new Server(http, { transports: ['websocket', 'polling'], perMessageDeflate: false });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  });

  afterEach(async () => {
    client?.close();
    client = undefined;
    await server.close();
  });

  /** A client (websocket unless told) in `room`, with every frame the server writes to it recorded. */
  async function viewer(
    room: string,
    transports: ('websocket' | 'polling')[] = ['websocket'],
  ): Promise<{ socket: Socket; writes: Write[] }> {
    const writes: Write[] = [];
    const connected = new Promise<Socket>((resolve) => {
      server.once('connection', (socket) => {
        void socket.join(room);
        resolve(socket);
      });
    });
    const { port } = http.address() as AddressInfo;
    client = io(`http://127.0.0.1:${port}`, { transports, forceNew: true, reconnection: false, upgrade: false });
    const socket = await connected;
    const ws = (socket.conn.transport as unknown as { socket?: { _sender: { sendFrame: SendFrame } } }).socket;
    if (ws) {
      const send = ws._sender.sendFrame.bind(ws._sender);
      ws._sender.sendFrame = (list, cb) => {
        const bytes = Buffer.concat(list.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
        writes.push({ buffers: list.length, bytes: bytes.toString('latin1'), viaEngine: cb !== undefined });
        send(list, cb);
      };
    }
    return { socket, writes };
  }

  /** The next `count` payloads of `event` at the client, in order of arrival. */
  function arrivals(event: string, count: number): Promise<unknown[]> {
    const got: unknown[] = [];
    return new Promise((resolve) => {
      client?.on(event, (payload: unknown) => {
        got.push(payload);
        if (got.length === count) resolve(got);
      });
    });
  }

  it('should write a broadcast to an idle websocket viewer as one buffer, straight to its socket, and deliver it intact', async () => {
    fastBroadcastFrames(server);
    const { writes } = await viewer('race:1');
    const arrived = arrivals('race:frame', 1);

    server.to('race:1').emit('race:frame', { s: 3, ts: 1_700_000_000_000, p: [0.25, 0.5] });

    expect(await arrived).toEqual([{ s: 3, ts: 1_700_000_000_000, p: [0.25, 0.5] }]);
    expect(writes).toHaveLength(1);
    const [write] = writes as [Write];
    expect(write.buffers).toBe(1);
    expect(write.viaEngine).toBe(false);
    // A final, unmasked text frame whose payload is the Engine.IO message carrying the event.
    expect(write.bytes.charCodeAt(0)).toBe(0x81);
    expect(write.bytes.slice(2)).toBe('42["race:frame",{"s":3,"ts":1700000000000,"p":[0.25,0.5]}]');
  });

  it('should queue a broadcast behind a packet still in flight, keeping the order the viewer sees', async () => {
    fastBroadcastFrames(server);
    const { socket, writes } = await viewer('race:1');
    const arrived = arrivals('race:event', 4);

    // A packet to this socket alone goes through Engine.IO: until its write completes (next tick)
    // the transport is not writable, so the broadcasts made in the same tick wait behind it.
    socket.emit('race:event', 'a');
    server.to('race:1').emit('race:event', 'b');
    server.to('race:1').emit('race:event', 'c');
    await new Promise((resolve) => setTimeout(resolve, 20));
    server.to('race:1').emit('race:event', 'd');

    expect(await arrived).toEqual(['a', 'b', 'c', 'd']);
    expect(writes.map((w) => w.viaEngine)).toEqual([true, true, true, false]);
  });

  it('should leave a viewer on long polling to Engine.IO', async () => {
    fastBroadcastFrames(server);
    const { socket } = await viewer('race:1', ['polling']);
    expect(socket.conn.transport.name).toBe('polling');
    const arrived = arrivals('race:frame', 2);

    server.to('race:1').emit('race:frame', { s: 1 });
    server.to('race:1').emit('race:frame', { s: 2 });

    expect(await arrived).toEqual([{ s: 1 }, { s: 2 }]);
  });

  it('should leave the regular path as it was without it: two buffers through Engine.IO (what it changes)', async () => {
    const { writes } = await viewer('race:1');
    const arrived = arrivals('race:frame', 1);

    server.to('race:1').emit('race:frame', { s: 1 });

    expect(await arrived).toEqual([{ s: 1 }]);
    expect(writes.map((w) => [w.buffers, w.viaEngine])).toEqual([[2, true]]);
  });

  it('should leave an adapter without an encode step as it was', () => {
    const adapter = {} as Parameters<typeof singleBufferFrames>[0];
    singleBufferFrames(adapter);
    expect(adapter).toEqual({});
  });
});
