import type { PredictorWeights } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

const FIELDS = ['win_rate', 'average_speed', 'earnings', 'last_race_time', 'jockey_win_rate'] as const;

/** predictor_weights: an account's saved weights, stored as whole hundredths. */
@Injectable()
export class PredictorWeightsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async find(userId: number): Promise<PredictorWeights | undefined> {
    const [row]: Record<(typeof FIELDS)[number], number>[] = await this.dataSource.query(
      `SELECT ${FIELDS.join(', ')} FROM predictor_weights WHERE user_id = $1`,
      [userId],
    );
    if (!row) return undefined;
    return Object.fromEntries(FIELDS.map((f) => [f, row[f] / 100])) as PredictorWeights;
  }

  async save(userId: number, weights: PredictorWeights): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO predictor_weights (user_id, ${FIELDS.join(', ')}, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (user_id) DO UPDATE SET ${FIELDS.map((f) => `${f} = EXCLUDED.${f}`).join(', ')}, updated_at = now()`,
      [userId, ...FIELDS.map((f) => Math.round(weights[f] * 100))],
    );
  }
}
