import type { FeaturedFour } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** A settled winning Win bet on a race: who, what it paid, when it was placed and the post it backed. */
export interface WinningWinBetRow {
  id: number;
  user_id: number;
  payout_cents: number;
  bet_date: Date;
  post_position: number;
}

/** The featured bonus's tables (featured_picks, featured_bonuses) and the bets it looks at. */
@Injectable()
export class FeaturedRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The four of these hours that were made, by hour start (ms). */
  async picks(hourStarts: readonly Date[]): Promise<Map<number, FeaturedFour>> {
    if (hourStarts.length === 0) return new Map();
    const rows: (FeaturedFour & { hour_start: Date })[] = await this.dataSource.query(
      `SELECT hour_start, horse_id, jockey_id, trainer_id, owner_id FROM featured_picks
        WHERE hour_start = ANY($1::timestamptz[])`,
      [hourStarts.map((d) => d.toISOString())],
    );
    return new Map(rows.map(({ hour_start, ...four }) => [new Date(hour_start).getTime(), four]));
  }

  /** Keeps the hour's four unless another instance made it first; returns the one kept. */
  async keepPick(hourStart: Date, four: FeaturedFour): Promise<FeaturedFour> {
    await this.dataSource.query(
      `INSERT INTO featured_picks (hour_start, horse_id, jockey_id, trainer_id, owner_id)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (hour_start) DO NOTHING`,
      [hourStart, four.horse_id, four.jockey_id, four.trainer_id, four.owner_id],
    );
    return (await this.picks([hourStart])).get(hourStart.getTime()) as FeaturedFour;
  }

  /** The race's won single-race bets of this type that have no featured bonus yet. */
  async unpaidWinners(raceId: number, betTypeId: number): Promise<WinningWinBetRow[]> {
    const rows: WinningWinBetRow[] = await this.dataSource.query(
      `SELECT b.id::int AS id, b.user_id, b.payout_cents::float8 AS payout_cents, b.bet_date, s.post_position
         FROM bets b
         JOIN bet_legs l ON l.bet_id = b.id AND l.leg = 1 AND l.current_race_id = $1
         JOIN bet_selections s ON s.bet_id = b.id AND s.slot = 1
        WHERE b.bet_type_id = $2 AND b.status = 'won' AND b.payout_cents > 0
          AND NOT EXISTS (SELECT 1 FROM featured_bonuses fb WHERE fb.bet_id = b.id)
        ORDER BY b.id`,
      [raceId, betTypeId],
    );
    return rows;
  }

  /**
   * Records a bonus in the caller's transaction; false when the bet already has one (another run
   * paid it first: the caller's transaction then rolls back its transfer).
   */
  async record(
    manager: EntityManager,
    bonus: { bet_id: number; user_id: number; amount_cents: number; transfer_id: number },
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO featured_bonuses (bet_id, user_id, amount_cents, transfer_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (bet_id) DO NOTHING RETURNING bet_id`,
      [bonus.bet_id, bonus.user_id, bonus.amount_cents, bonus.transfer_id],
    );
    return rows.length === 1;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
