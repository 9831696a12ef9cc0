import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** One key's window after an attempt was reserved in it. */
export interface Reservation {
  key: string;
  /** Attempts in this window, this one included. */
  count: number;
  windowStartedAt: Date;
}

/** Fixed-window counters in PostgreSQL, so every server instance sees the same counts. */
@Injectable()
export class ThrottleRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * Adds one attempt to each key's window (a new window if the old one is over) and reads the
   * counts back, in one statement: concurrent callers each get a distinct count, so no check of
   * "count < limit" can be passed by two of them at once. Keys are locked in the order given.
   */
  async reserve(keys: readonly string[], at: Date, windowMs: number): Promise<Reservation[]> {
    const rows: { key: string; count: number; window_started_at: Date }[] = await this.dataSource.query(
      `INSERT INTO auth_throttle (key, count, window_started_at)
       SELECT k, 1, $2 FROM unnest($1::text[]) WITH ORDINALITY AS t(k, n) ORDER BY n
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN auth_throttle.window_started_at <= $2 - make_interval(secs => $3) THEN 1
                      ELSE auth_throttle.count + 1 END,
         window_started_at = CASE WHEN auth_throttle.window_started_at <= $2 - make_interval(secs => $3) THEN $2
                                  ELSE auth_throttle.window_started_at END
       RETURNING key, count, window_started_at`,
      [keys, at, windowMs / 1000],
    );
    return keys.map((key) => {
      const row = rows.find((r) => r.key === key);
      if (!row) throw new Error(`throttle key ${key} was not reserved`);
      return { key, count: row.count, windowStartedAt: row.window_started_at };
    });
  }

  /**
   * Gives reserved attempts back, each to the window it was taken from (a newer window keeps its
   * count). One row per statement: a statement holding one lock while waiting for another could
   * deadlock with a reservation that locks the same keys in its own order.
   */
  async release(reservations: readonly Reservation[]): Promise<void> {
    for (const r of reservations) {
      await this.dataSource.query(
        `UPDATE auth_throttle SET count = count - 1 WHERE key = $1 AND window_started_at = $2 AND count > 0`,
        [r.key, r.windowStartedAt],
      );
    }
  }

  /**
   * Drops the windows that started before `at` (long over: their keys start afresh anyway). Rows a
   * reservation holds are skipped, so the purge never waits and cannot deadlock with one.
   */
  async purgeBefore(at: Date): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM auth_throttle WHERE key IN (
         SELECT key FROM auth_throttle WHERE window_started_at < $1 FOR UPDATE SKIP LOCKED)`,
      [at],
    );
  }

  async clear(key: string): Promise<void> {
    await this.dataSource.query('DELETE FROM auth_throttle WHERE key = $1', [key]);
  }
}
