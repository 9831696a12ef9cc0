import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { POOL_COLUMNS, type PoolRow, toPool } from './pool.repository';

/** A pending bet of a pool with what a scratch refund needs of it. */
export interface PendingBet {
  id: number;
  user_id: number;
  amount_cents: number;
  total_cents: number;
  refunded_cents: number;
  box: boolean;
  /** Slot by slot (slot k at index k − 1). */
  selections: number[][];
}

/** The scratch refunds' SQL over wagering's tables: the race's single-race pools, their bets and interests. */
@Injectable()
export class ScratchRefundRepository {
  /** The open single-race pools of a race, locked in bet type order (the order every writer locks them in). */
  async lockSingleRacePools(manager: EntityManager, raceId: number): Promise<PoolRow[]> {
    const rows: PoolRow[] = await manager.query(
      `SELECT ${POOL_COLUMNS} FROM wager_pools
        WHERE current_race_id = $1 AND last_race_id = $1 AND cardinality(race_ids) = 1 AND state = 'open'
        ORDER BY bet_type FOR UPDATE`,
      [raceId],
    );
    return rows.map(toPool);
  }

  /** The pool's interests naming the runner, taken out: the money on each, and the house's part of it. */
  async removeInterests(
    manager: EntityManager,
    poolId: number,
    interests: readonly string[],
  ): Promise<{ amount_cents: number; house_cents: number }> {
    if (interests.length === 0) return { amount_cents: 0, house_cents: 0 };
    const [row]: { amount_cents: string; house_cents: string }[] = await manager.query(
      `WITH d AS (DELETE FROM wager_pool_interests WHERE pool_id = $1 AND interest = ANY($2::text[])
                  RETURNING amount_cents, house_cents)
       SELECT coalesce(sum(amount_cents), 0)::int8 AS amount_cents, coalesce(sum(house_cents), 0)::int8 AS house_cents FROM d`,
      [poolId, [...interests]],
    );
    return { amount_cents: Number(row?.amount_cents ?? 0), house_cents: Number(row?.house_cents ?? 0) };
  }

  async reduceGross(manager: EntityManager, poolId: number, cents: number): Promise<void> {
    if (cents > 0)
      await manager.query('UPDATE wager_pools SET gross_cents = gross_cents - $2 WHERE id = $1', [poolId, cents]);
  }

  /** The pool's pending bets naming one of the program numbers, locked. */
  async pendingBetsNaming(
    manager: EntityManager,
    pool: PoolRow,
    postPositions: readonly number[],
  ): Promise<PendingBet[]> {
    const rows: (Omit<PendingBet, 'selections'> & { selections: { slot: number; post_position: number }[] })[] =
      await manager.query(
        `SELECT b.id, b.user_id, b.amount_cents, b.total_cents::int8 AS total_cents, b.refunded_cents::int8 AS refunded_cents,
                b.box,
                (SELECT json_agg(json_build_object('slot', s.slot, 'post_position', s.post_position) ORDER BY s.slot, s.post_position)
                   FROM bet_selections s WHERE s.bet_id = b.id) AS selections
           FROM bets b JOIN bet_legs l ON l.bet_id = b.id AND l.leg = 1
          WHERE l.current_race_id = $1 AND b.bet_type_id = $2 AND b.status = 'pending'
            AND EXISTS (SELECT 1 FROM bet_selections s WHERE s.bet_id = b.id AND s.post_position = ANY($3::int[]))
          ORDER BY b.id FOR UPDATE OF b`,
        [pool.current_race_id, pool.bet_type_id, [...postPositions]],
      );
    return rows.map((r) => {
      const slots: number[][] = [];
      for (const s of r.selections) {
        const list = slots[s.slot - 1] ?? [];
        list.push(s.post_position);
        slots[s.slot - 1] = list;
      }
      return {
        ...r,
        id: Number(r.id),
        total_cents: Number(r.total_cents),
        refunded_cents: Number(r.refunded_cents),
        selections: Array.from(slots, (l) => l ?? []),
      };
    });
  }

  /**
   * Records each bet's refund: refunded_cents grows by it; a bet refunded in full is settled as
   * refunded there and then (nothing of it is left in play).
   */
  async recordRefunds(
    manager: EntityManager,
    refunds: readonly { id: number; cents: number }[],
    at: Date,
  ): Promise<void> {
    if (refunds.length === 0) return;
    await manager.query(
      `UPDATE bets b SET refunded_cents = b.refunded_cents + u.cents,
              status = CASE WHEN b.refunded_cents + u.cents >= b.total_cents THEN 'refunded' ELSE b.status END,
              settled_at = CASE WHEN b.refunded_cents + u.cents >= b.total_cents THEN $3 ELSE b.settled_at END
         FROM unnest($1::bigint[], $2::bigint[]) AS u(id, cents)
        WHERE b.id = u.id`,
      [refunds.map((r) => r.id), refunds.map((r) => r.cents), at],
    );
  }
}
