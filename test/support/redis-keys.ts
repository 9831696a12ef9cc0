import { Redis } from 'ioredis';

/**
 * Deletes every key under `prefix` (a run's queue, leases, adapter and ops reports) on the Redis at
 * `url`: what a bench, a load run or a browser suite leaves on the machine's Redis when it ends.
 */
export async function dropRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
