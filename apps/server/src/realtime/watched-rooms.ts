import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';

/** How often an instance publishes the rooms its viewers are in, and reads everyone's (wall ms). */
export const WATCH_REFRESH_MS = 1000;
/** A published room counts as watched this long after its last refresh. */
const WATCH_TTL_MS = 5 * WATCH_REFRESH_MS;

/** The rooms worth knowing about: a race's and a tote's. */
const isTracked = (room: string) => room.startsWith('race:') || room.startsWith('tote:');

/**
 * Which race and tote rooms have viewers, on this instance or (with Redis) any: work done only for
 * viewers — the tote boards, the countdowns — is skipped for rooms nobody is in. Locally from the
 * adapter's create-room / delete-room events; across instances through a Redis sorted set that
 * each instance refreshes every second (room → expiry), so a viewer on another instance counts
 * within a second of joining.
 */
@Injectable()
export class WatchedRooms implements OnApplicationShutdown {
  private readonly local = new Set<string>();
  private remote = new Set<string>();
  private timer?: NodeJS.Timeout;
  private readonly key: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = `${config.redis.prefix}:watched-rooms`;
  }

  attach(server: Server): void {
    const adapter = server.of('/').adapter;
    adapter.on('create-room', (room: string) => {
      if (isTracked(room)) this.local.add(room);
    });
    adapter.on('delete-room', (room: string) => this.local.delete(room));
    if (this.redis && !this.timer) {
      this.timer = setInterval(() => void this.refresh(), WATCH_REFRESH_MS);
      this.timer.unref();
    }
  }

  /** Whether anyone watches the room (here, or on another instance as of the last refresh). */
  has(room: string): boolean {
    return this.local.has(room) || this.remote.has(room);
  }

  /** Publishes this instance's rooms and reads every instance's still-fresh ones. */
  async refresh(): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    const now = Date.now();
    try {
      const batch = redis.multi();
      if (this.local.size > 0) batch.zadd(this.key, ...[...this.local].flatMap((room) => [now + WATCH_TTL_MS, room]));
      batch.zremrangebyscore(this.key, '-inf', now);
      batch.zrange(this.key, 0, -1);
      const replies = await batch.exec();
      const rooms = replies?.at(-1)?.[1];
      if (Array.isArray(rooms)) this.remote = new Set(rooms as string[]);
    } catch {
      // Redis away: keep the last view; the local rooms still count.
    }
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
