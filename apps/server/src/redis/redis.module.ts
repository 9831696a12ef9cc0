import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** Injection token: the shared ioredis client, or null when REDIS_URL is not set. */
export const REDIS = Symbol('REDIS');

export type RedisStatus = 'up' | 'down' | 'disabled';

/** Opens a client that keeps reconnecting on its own and logs a failure once per outage. */
export function createRedisClient(url: string, name: string): Redis {
  const logger = new Logger(`Redis:${name}`);
  const client = new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false, connectionName: `furlong-${name}` });
  let down = false;
  client.on('error', (err: Error) => {
    if (!down) logger.warn(`connection problem: ${err.message}`);
    down = true;
  });
  client.on('ready', () => {
    if (down) logger.log('connection restored');
    down = false;
  });
  return client;
}

@Injectable()
export class RedisHealth {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  async status(timeoutMs = 1000): Promise<RedisStatus> {
    if (!this.redis) return 'disabled';
    if (this.redis.status !== 'ready') return 'down';
    try {
      const pong = await Promise.race([
        this.redis.ping(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), timeoutMs).unref()),
      ]);
      return pong === 'PONG' ? 'up' : 'down';
    } catch {
      return 'down';
    }
  }
}

@Injectable()
class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.redis.url ? createRedisClient(config.redis.url, 'shared') : null),
    },
    RedisHealth,
    RedisLifecycle,
  ],
  exports: [REDIS, RedisHealth],
})
export class RedisModule {}
