import type { UserSettings } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

interface SettingsRow {
  time_zone: string | null;
  odds_format: UserSettings['odds_format'];
  default_bet_amount_cents: number;
  notify_own_horse_running: boolean;
  notify_own_bet_results: boolean;
}

const COLUMNS = 'time_zone, odds_format, default_bet_amount_cents, notify_own_horse_running, notify_own_bet_results';

/** The user_settings table: one row per user who saved settings. */
@Injectable()
export class SettingsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The saved settings of `userId`, or null if they never saved any. */
  async find(userId: number): Promise<UserSettings | null> {
    const rows: SettingsRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM user_settings WHERE user_id = $1`, [
      userId,
    ]);
    return rows[0] ? toSettings(rows[0]) : null;
  }

  /** Writes every field in one statement (a repeat writes the same row again). */
  async save(userId: number, s: UserSettings): Promise<UserSettings> {
    const rows: SettingsRow[] = await this.dataSource.query(
      `INSERT INTO user_settings (user_id, ${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id) DO UPDATE SET
         time_zone = EXCLUDED.time_zone, odds_format = EXCLUDED.odds_format,
         default_bet_amount_cents = EXCLUDED.default_bet_amount_cents,
         notify_own_horse_running = EXCLUDED.notify_own_horse_running,
         notify_own_bet_results = EXCLUDED.notify_own_bet_results, updated_at = now()
       RETURNING ${COLUMNS}`,
      [
        userId,
        s.time_zone,
        s.odds_format,
        s.default_bet_amount_cents,
        s.notify_own_horse_running,
        s.notify_own_bet_results,
      ],
    );
    return toSettings(rows[0] as SettingsRow);
  }
}

function toSettings(row: SettingsRow): UserSettings {
  return {
    time_zone: row.time_zone,
    odds_format: row.odds_format,
    default_bet_amount_cents: Number(row.default_bet_amount_cents),
    notify_own_horse_running: row.notify_own_horse_running,
    notify_own_bet_results: row.notify_own_bet_results,
  };
}
