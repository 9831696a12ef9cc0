import { type INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { SessionAuth } from '../accounts/session-auth';
import type { AppConfig } from '../config/app-config';
import { createRedisClient } from '../redis/redis.module';

/** Where clients connect: the same HTTP server as the API. */
export const SOCKET_IO_PATH = '/socket.io';

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
    this.authenticateHandshakes(server);
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

  override async dispose(): Promise<void> {
    await super.dispose();
    await Promise.all(this.redisClients.splice(0).map((c) => c.quit().catch(() => undefined)));
  }
}
