import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Fixed-window counters in PostgreSQL, so every server instance sees the same counts. */
@Injectable()
export class ThrottleRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async get(key: string): Promise<{ count: number; window_started_at: Date } | undefined> {
    const rows: { count: number; window_started_at: Date }[] = await this.dataSource.query(
      'SELECT count, window_started_at FROM auth_throttle WHERE key = $1',
      [key],
    );
    return rows[0];
  }

  /** Adds one to the key's window (starting a new window if the old one is over). */
  async hit(key: string, at: Date, windowMs: number): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO auth_throttle (key, count, window_started_at) VALUES ($1, 1, $2)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN auth_throttle.window_started_at <= $2 - make_interval(secs => $3) THEN 1
                      ELSE auth_throttle.count + 1 END,
         window_started_at = CASE WHEN auth_throttle.window_started_at <= $2 - make_interval(secs => $3) THEN $2
                                  ELSE auth_throttle.window_started_at END`,
      [key, at, windowMs / 1000],
    );
  }

  async clear(key: string): Promise<void> {
    await this.dataSource.query('DELETE FROM auth_throttle WHERE key = $1', [key]);
  }

  /** Drops windows that ended long ago (housekeeping at sign-in time keeps the table small). */
  async purgeBefore(at: Date): Promise<void> {
    await this.dataSource.query('DELETE FROM auth_throttle WHERE window_started_at < $1', [at]);
  }
}
