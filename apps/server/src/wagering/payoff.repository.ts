import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PoolState } from './entities/wager-pool.entity';

/** A winning combination of a pool as the settlement priced it. */
export interface PayoffToKeep {
  interest: string;
  price_per_dollar_cents: number;
  money_cents: number;
  paid_cents: number;
  /** The fallback class's pattern when paid as one. */
  label?: string;
}

/** A kept payoff row. */
export interface PayoffRow {
  combination: string;
  price_per_dollar_cents: number;
  winning_cents: number;
  paid_cents: number;
  races_correct: number | null;
  paid_class: string | null;
}

/** A pool that ends with a race, with the payoffs kept when it was settled. */
export interface PoolWithPayoffs {
  id: number;
  bet_type: string;
  race_ids: number[];
  takeout: number;
  state: PoolState;
  gross_cents: number;
  carryover_cents: number;
  carried_over_cents: number;
  payoffs: PayoffRow[];
}

/**
 * pool_payoffs: what each settled pool paid on each winning combination, written once in the
 * settlement's transaction (a second settlement run adds nothing), and read for results.
 */
/** A runner's line of a settled win pool (interest: the post position as text). */
export interface WinPoolRow {
  current_race_id: number;
  interest: string;
  amount_cents: number;
  price_per_dollar_cents: number | null;
}

@Injectable()
export class PayoffRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Keeps a settled pool's prices; rows already kept stay as they were. Answers the rows written. */
  async keep(
    manager: EntityManager,
    poolId: number,
    prices: readonly PayoffToKeep[],
    racesCorrect: number | null,
  ): Promise<number> {
    if (prices.length === 0) return 0;
    const rows: { combination: string }[] = await manager.query(
      `INSERT INTO pool_payoffs (pool_id, combination, price_per_dollar_cents, winning_cents, paid_cents, races_correct,
                                 paid_class)
       SELECT $1, u.combination, u.price, u.winning, u.paid, $6, u.class
         FROM unnest($2::text[], $3::int[], $4::bigint[], $5::bigint[], $7::text[])
              AS u(combination, price, winning, paid, class)
       ON CONFLICT (pool_id, combination) DO NOTHING
       RETURNING combination`,
      [
        poolId,
        prices.map((p) => p.interest),
        prices.map((p) => p.price_per_dollar_cents),
        prices.map((p) => p.money_cents),
        prices.map((p) => p.paid_cents),
        racesCorrect,
        prices.map((p) => p.label ?? null),
      ],
    );
    return rows.length;
  }

  /** Every pool whose last race is `raceId` (its own, and the sequences ending with it), with its payoffs. */
  async poolsEndingWith(raceId: number): Promise<PoolWithPayoffs[]> {
    const rows: (Omit<PoolWithPayoffs, 'gross_cents' | 'carryover_cents' | 'carried_over_cents'> & {
      gross_cents: string;
      carryover_cents: string;
      carried_over_cents: string;
    })[] = await this.dataSource.query(
      `SELECT p.id, p.bet_type, p.race_ids, p.takeout::float8 AS takeout, p.state, p.gross_cents, p.carryover_cents,
              p.carried_over_cents,
              coalesce((SELECT json_agg(json_build_object(
                                 'combination', pp.combination, 'price_per_dollar_cents', pp.price_per_dollar_cents,
                                 'winning_cents', pp.winning_cents, 'paid_cents', pp.paid_cents,
                                 'races_correct', pp.races_correct, 'paid_class', pp.paid_class)
                               ORDER BY pp.price_per_dollar_cents DESC, pp.combination)
                          FROM pool_payoffs pp WHERE pp.pool_id = p.id), '[]'::json) AS payoffs
         FROM wager_pools p
        WHERE p.last_race_id = $1
        ORDER BY p.id`,
      [raceId],
    );
    return rows.map((r) => ({
      ...r,
      gross_cents: Number(r.gross_cents),
      carryover_cents: Number(r.carryover_cents),
      carried_over_cents: Number(r.carried_over_cents),
      payoffs: r.payoffs.map((p) => ({
        ...p,
        winning_cents: Number(p.winning_cents),
        paid_cents: Number(p.paid_cents),
      })),
    }));
  }

  /** The price per $1 the win pool of each race paid on its winner (races whose win pool has not paid are left out). */
  async winPrices(winners: ReadonlyMap<number, number>): Promise<Map<number, number>> {
    if (winners.size === 0) return new Map();
    const rows: { current_race_id: number; price_per_dollar_cents: number }[] = await this.dataSource.query(
      `SELECT p.current_race_id, pp.price_per_dollar_cents
         FROM unnest($1::int[], $2::text[]) AS w(race_id, winner)
         JOIN wager_pools p ON p.current_race_id = w.race_id AND p.bet_type = 'Win'
         JOIN pool_payoffs pp ON pp.pool_id = p.id AND pp.combination = w.winner`,
      [[...winners.keys()], [...winners.values()].map(String)],
    );
    return new Map(rows.map((r) => [r.current_race_id, r.price_per_dollar_cents]));
  }

  /**
   * Every settled win pool's final money on each runner and the price it paid per $1 on a winner
   * (null for a loser): the tote's forecast and the flat bet's prices for the predictor's back-test.
   */
  async settledWinPools(): Promise<WinPoolRow[]> {
    const rows: WinPoolRow[] = await this.dataSource.query(
      `SELECT p.current_race_id, i.interest, i.amount_cents::float8 AS amount_cents, pp.price_per_dollar_cents
         FROM wager_pools p
         JOIN wager_pool_interests i ON i.pool_id = p.id
         LEFT JOIN pool_payoffs pp ON pp.pool_id = p.id AND pp.combination = i.interest
        WHERE p.bet_type = 'Win' AND p.state = 'settled'
        ORDER BY p.current_race_id`,
    );
    return rows;
  }
}
