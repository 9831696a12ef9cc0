import type { Redis } from 'ioredis';

/**
 * Where leases live: Redis (SET NX PX) when instances share one, this process's memory otherwise.
 * Every operation is atomic and names the holder, so an instance can never extend or drop a lease
 * that has passed to another.
 */
export interface LeaseStore {
  /** Takes the key for `holder` if nobody holds it (or the last lease expired). */
  setIfAbsent(key: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Extends the lease if `holder` still holds it; false when it expired or passed on. */
  extendIfHeld(key: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Drops the lease if `holder` still holds it. */
  deleteIfHeld(key: string, holder: string): Promise<void>;
  /** Who holds the key now, if anyone. */
  holderOf(key: string): Promise<string | null>;
}

/** Leases in memory: the single process without Redis, and the small tests (with a fake clock). */
export class MemoryLeaseStore implements LeaseStore {
  private readonly leases = new Map<string, { holder: string; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string): { holder: string; expiresAt: number } | undefined {
    const lease = this.leases.get(key);
    if (lease && lease.expiresAt <= this.now()) {
      this.leases.delete(key);
      return undefined;
    }
    return lease;
  }

  async setIfAbsent(key: string, holder: string, ttlMs: number): Promise<boolean> {
    if (this.live(key)) return false;
    this.leases.set(key, { holder, expiresAt: this.now() + ttlMs });
    return true;
  }

  async extendIfHeld(key: string, holder: string, ttlMs: number): Promise<boolean> {
    const lease = this.live(key);
    if (lease?.holder !== holder) return false;
    lease.expiresAt = this.now() + ttlMs;
    return true;
  }

  async deleteIfHeld(key: string, holder: string): Promise<void> {
    if (this.live(key)?.holder === holder) this.leases.delete(key);
  }

  async holderOf(key: string): Promise<string | null> {
    return this.live(key)?.holder ?? null;
  }
}

// Compare-and-set in one round trip: only the holder may extend or delete its lease.
const EXTEND_IF_HELD = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const DELETE_IF_HELD = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** Leases in Redis, shared by every instance. */
export class RedisLeaseStore implements LeaseStore {
  constructor(private readonly redis: Redis) {}

  async setIfAbsent(key: string, holder: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(key, holder, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async extendIfHeld(key: string, holder: string, ttlMs: number): Promise<boolean> {
    return Number(await this.redis.eval(EXTEND_IF_HELD, 1, key, holder, String(ttlMs))) === 1;
  }

  async deleteIfHeld(key: string, holder: string): Promise<void> {
    await this.redis.eval(DELETE_IF_HELD, 1, key, holder);
  }

  holderOf(key: string): Promise<string | null> {
    return this.redis.get(key);
  }
}

/**
 * One runner per race: an instance runs a race only while it holds the race's lease. The lease is
 * renewed well inside its time to live while the race runs and released at the end; if the holder
 * dies, the lease expires and another instance takes the race over (and resumes it).
 */
export class RaceLeases {
  constructor(
    private readonly store: LeaseStore,
    /** This instance's name in the store. */
    readonly holder: string,
    readonly ttlMs: number,
    private readonly prefix: string,
  ) {}

  key(raceId: number): string {
    return `${this.prefix}:race-lease:${raceId}`;
  }

  acquire(raceId: number): Promise<boolean> {
    return this.store.setIfAbsent(this.key(raceId), this.holder, this.ttlMs);
  }

  renew(raceId: number): Promise<boolean> {
    return this.store.extendIfHeld(this.key(raceId), this.holder, this.ttlMs);
  }

  release(raceId: number): Promise<void> {
    return this.store.deleteIfHeld(this.key(raceId), this.holder);
  }

  holderOf(raceId: number): Promise<string | null> {
    return this.store.holderOf(this.key(raceId));
  }
}
