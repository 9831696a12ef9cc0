import { type INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Observable } from 'rxjs';
import type { Server, ServerOptions, Socket } from 'socket.io';
import { SessionAuth } from '../accounts/session-auth';
import type { AppConfig } from '../config/app-config';
import { Metrics } from '../metrics/metrics';
import { createRedisClient } from '../redis/redis.module';
import { fastBroadcastFrames } from './broadcast-frames';
import { RoomJoins } from './room-joins';
import { SocketEmitter } from './socket-emitter';
import { SocketHandoff } from './socket-handoff';

/** Where clients connect: the same HTTP server as the API. */
export const SOCKET_IO_PATH = '/socket.io';

/** A gateway handler's reply sent as an event of its own (`{ event, data }`) rather than as the ack. */
function isEventReply(reply: unknown): reply is { event: string; data: unknown } {
  return typeof reply === 'object' && reply !== null && 'event' in reply && Boolean(reply.event);
}

/**
 * Socket.IO on the API's HTTP server: websocket first (polling only as a fallback), no
 * per-message compression (frames are small; deflate costs CPU per viewer), and with REDIS_URL the
 * Redis adapter, so a room's events reach its viewers on every instance. Without Redis the
 * in-memory adapter serves the one process.
 */
export class SocketIoAdapter extends IoAdapter {
  private readonly log = new Logger('Realtime');
  private readonly redisClients: Redis[] = [];
  private readonly redisAdapter?: ReturnType<typeof createAdapter>;

  constructor(
    private readonly app: INestApplicationContext,
    config: AppConfig,
  ) {
    super(app);
    if (config.redis.url) {
      const pub = createRedisClient(config.redis.url, 'io-pub');
      const sub = createRedisClient(config.redis.url, 'io-sub');
      this.redisClients.push(pub, sub);
      this.redisAdapter = createAdapter(pub, sub, { key: `${config.redis.prefix}:socket.io` });
    }
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const merged: ServerOptions = {
      ...(options as ServerOptions),
      path: SOCKET_IO_PATH,
      serveClient: false,
      transports: ['websocket', 'polling'],
      perMessageDeflate: false,
      httpCompression: false,
    };
    if (this.redisAdapter) merged.adapter = this.redisAdapter;
    const server: Server = super.createIOServer(port, merged);
    fastBroadcastFrames(server);
    this.authenticateHandshakes(server);
    this.app.get(RoomJoins, { strict: false }).attach(server);
    this.app.get(SocketHandoff, { strict: false }).attach(server);
    const sockets = server.of('/');
    this.app
      .get(Metrics, { strict: false })
      .watchSockets({ connected: () => sockets.sockets.size, rooms: () => sockets.adapter.rooms });
    return server;
  }

  /**
   * Every handshake is read with the API's own session cookie: a logged-in viewer's socket carries
   * its user (socket.data.user), an anonymous one null — races are public. A handshake from another
   * site is refused (browsers send cookies with a cross-site WebSocket upgrade).
   */
  private authenticateHandshakes(server: Server): void {
    const sessions = this.app.get(SessionAuth, { strict: false });
    server.use((socket, next) => {
      if (!sessions.isSameOrigin(socket.handshake.headers)) return next(new Error('cross-site connection refused'));
      sessions.fromHandshake(socket.handshake).then(
        (user) => {
          socket.data.user = user;
          next();
        },
        (err: unknown) => {
          // The session store is unreachable: let the viewer watch anonymously rather than not at all.
          this.log.warn(`handshake session check failed: ${err instanceof Error ? err.message : String(err)}`);
          socket.data.user = null;
          next();
        },
      );
    });
  }

  /**
   * The gateways' @SubscribeMessage handlers as one plain listener each. Nest's IoAdapter builds an
   * RxJS pipeline per socket and per handler (fromEvent, mergeMap, takeUntil the disconnect, a
   * subscriber): ~22 KB of closures and subscribers kept for every connected viewer, twice what
   * Socket.IO itself keeps per socket, and a larger heap to collect while frames fan out
   * (`npm run load:viewers`). The behaviour is the same: the handler's reply goes back through the ack (or as an event
   * when it is `{ event, data }`, or not at all with a manual ack), a failure is logged, and
   * nothing is sent once the socket has disconnected.
   */
  override bindMessageHandlers(
    socket: Socket,
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(message, (...args: unknown[]) => {
        const { data, ack } = this.mapPayload(args.length > 1 ? args : args[0]);
        let replies: Observable<unknown>;
        try {
          replies = transform(callback(data, ack));
        } catch (err) {
          this.logger.error(err);
          return;
        }
        replies.subscribe({
          next: (reply) => {
            if (reply === null || reply === undefined || !socket.connected) return;
            if (isEventReply(reply)) socket.emit(reply.event, reply.data);
            else if (!isAckHandledManually && typeof ack === 'function') ack(reply);
          },
          error: (err: unknown) => this.logger.error(err),
        });
      });
    }
  }

  override async dispose(): Promise<void> {
    this.app.get(SocketEmitter, { strict: false }).detach();
    await super.dispose();
    await Promise.all(this.redisClients.splice(0).map((c) => c.quit().catch(() => undefined)));
  }
}
