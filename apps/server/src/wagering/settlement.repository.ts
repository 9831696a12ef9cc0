import type { Finish } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { RaceReadModel } from '../racing/race-read-model';
import { POOL_COLUMNS, type PoolRow, toPool } from './pool.repository';
import { matchesAsOneList } from './wagering-rules';

/** A winning interest and what $1 on it returns (cents, stake included). */
export interface WinningInterest {
  interest: string;
  price_per_dollar_cents: number;
}

/** A pool locked for settlement. */
export interface LockedPool {
  pool: PoolRow;
  /** Status of each race of the pool, in leg order. */
  statuses: string[];
  /** The track of its first race (whose carryover account a Pick N feeds). */
  track_id: number;
}

/** A scratched selection of a sequence leg, settled as the leg's post-time favourite. */
export interface LegSubstitution {
  /** 1-based leg (the bet_selections slot of a sequence). */
  leg: number;
  from: number;
  to: number;
}

/** A sequence leg as its scratches need it: the scratched runners, the starters and the final win pool. */
export interface LegScratches {
  race_id: number;
  scratched: number[];
  starters: number[];
  win_money: Record<string, number>;
}

export interface UserPayout {
  user_id: number;
  cents: number;
}

/** The settlement's SQL: claiming a pool once, the official orders, and the bets updated set-wise. */
@Injectable()
export class SettlementRepository {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(RaceReadModel) private readonly races: RaceReadModel,
  ) {}

  /** Pools waiting on this race (their last leg) or holding a cancelled race. */
  async poolsOf(lastRaceId: number): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM wager_pools WHERE last_race_id = $1 AND state IN ('open', 'frozen') ORDER BY id`,
      [lastRaceId],
    );
    return rows.map((r) => r.id);
  }

  /** Claims a pool for settlement: the conditional UPDATE only one transaction can make. */
  async claim(
    manager: EntityManager,
    poolId: number,
    state: 'settled' | 'refunded',
    at: Date,
  ): Promise<PoolRow | undefined> {
    const rows: PoolRow[] = await manager.query(
      `WITH u AS (UPDATE wager_pools SET state = $2, settled_at = $3, frozen_at = coalesce(frozen_at, $3)
                   WHERE id = $1 AND state IN ('open', 'frozen') RETURNING *)
       SELECT ${POOL_COLUMNS} FROM u`,
      [poolId, state, at],
    );
    const row = rows[0];
    return row ? toPool(row) : undefined;
  }

  /**
   * Locks the pool row (with its carryover in, Pick N) and reads it with the status of each of its
   * races and its first race's track.
   */
  async lockPool(manager: EntityManager, poolId: number): Promise<LockedPool | undefined> {
    const rows: PoolRow[] = await manager.query(
      `SELECT ${POOL_COLUMNS} FROM wager_pools p WHERE p.id = $1 FOR UPDATE`,
      [poolId],
    );
    const row = rows[0];
    if (!row) return undefined;
    const pool = toPool(row);
    // The races are racing's: read in this transaction, after the pool's lock, as the subqueries were.
    const phases = await this.races.phases(pool.race_ids, manager);
    const statuses = pool.race_ids.flatMap((id) => phases.get(id)?.status ?? []);
    return { pool, statuses, track_id: phases.get(pool.current_race_id)?.track_id as number };
  }

  /** Records what a Pick N pool carried on to the next pool of its type at its track. */
  async recordCarriedOver(manager: EntityManager, poolId: number, cents: number): Promise<void> {
    await manager.query('UPDATE wager_pools SET carried_over_cents = $2 WHERE id = $1', [poolId, cents]);
  }

  /** The official finish of each race (rank groups, winner first; a dead heat shares a group). */
  officialFinishes(manager: EntityManager, raceIds: readonly number[]): Promise<Map<number, Finish>> {
    return this.races.officialFinishes(raceIds, manager);
  }

  /** Per leg of a sequence: its scratched runners, starters and final win pool money (in the caller's transaction). */
  async legScratches(manager: EntityManager, raceIds: readonly number[]): Promise<LegScratches[]> {
    const scratched = await this.races.scratched(raceIds, manager);
    // The legs with a scratch: their starters and win money, each in one read for all of them.
    const withScratch = raceIds.filter((id) => scratched.has(id));
    const starters = await this.races.postPositionsOf(withScratch, manager);
    const money: { race_id: number; interest: string; amount_cents: string }[] =
      withScratch.length === 0
        ? []
        : await manager.query(
            `SELECT p.current_race_id AS race_id, i.interest, i.amount_cents
               FROM wager_pools p JOIN wager_pool_interests i ON i.pool_id = p.id
              WHERE p.current_race_id = ANY($1::int[]) AND p.bet_type = 'Win'`,
            [withScratch],
          );
    return raceIds.map((id) => ({
      race_id: id,
      scratched: (scratched.get(id) ?? []).map((r) => r.post_position),
      starters: scratched.has(id) ? (starters.get(id) ?? []) : [],
      win_money: Object.fromEntries(
        money.filter((m) => Number(m.race_id) === id).map((m) => [m.interest, Number(m.amount_cents)]),
      ),
    }));
  }

  /**
   * Settles every pending bet of the pool in one statement: a bet wins the price of each winning
   * interest it covers (slot k holds the k-th number of the key, or for boxes and quinellas its one
   * list holds every number), pays amount × price / 100 per interest, else it lost. Answers the sum
   * per user of what was won.
   */
  async settleBets(
    manager: EntityManager,
    pool: PoolRow,
    winners: readonly WinningInterest[],
    at: Date,
    substitutions: readonly LegSubstitution[] = [],
  ): Promise<UserPayout[]> {
    const rows: { user_id: number; cents: string }[] = await manager.query(
      `WITH w AS (
         SELECT u.interest, u.price, string_to_array(u.interest, '-')::int[] AS pos
           FROM unnest($3::text[], $4::int[]) AS u(interest, price)),
       pb AS (
         SELECT b.id, b.user_id, b.amount_cents, (b.box OR $5) AS one_list
           FROM bet_legs l JOIN bets b ON b.id = l.bet_id
          WHERE l.current_race_id = $1 AND l.leg = 1 AND b.bet_type_id = $2 AND b.status = 'pending'),
       wp AS (
         SELECT w.interest, w.price, k, w.pos[k] AS pp, array_length(w.pos, 1) AS n
           FROM w, generate_subscripts(w.pos, 1) AS k),
       -- A sequence's scratched selection stands for its leg's post-time favourite (none otherwise).
       sub AS (SELECT * FROM unnest($7::int[], $8::int[], $9::int[]) AS u(leg, from_pp, to_pp)),
       -- Set-wise (hash joins, no per-bet subquery): the positions of each winning key a bet covers,
       -- and how many of its selections cover each (two when it held the favourite and a scratched one).
       mk AS (
         SELECT pb.id, wp.interest, wp.k, max(wp.price) AS price, max(wp.n) AS n, count(*) AS times,
                max(pb.amount_cents) AS amount_cents
           FROM pb
           JOIN bet_selections s ON s.bet_id = pb.id
           LEFT JOIN sub ON sub.leg = s.slot AND sub.from_pp = s.post_position
           JOIN wp ON coalesce(sub.to_pp, s.post_position) = wp.pp AND s.slot = CASE WHEN pb.one_list THEN 1 ELSE wp.k END
          GROUP BY pb.id, wp.interest, wp.k),
       m AS (
         SELECT id, interest, max(price) AS price, max(n) AS n, count(*) AS matched, max(amount_cents) AS amount_cents,
                round(exp(sum(ln(times))))::bigint AS times
           FROM mk GROUP BY id, interest),
       hits AS (
         SELECT id, sum(amount_cents::bigint * price / 100 * times) AS payout FROM m WHERE matched = n GROUP BY id),
       upd AS (
         UPDATE bets b SET status = CASE WHEN h.payout > 0 THEN 'won' ELSE 'lost' END,
                           payout_cents = coalesce(h.payout, 0), settled_at = $6
           FROM pb LEFT JOIN hits h ON h.id = pb.id
          WHERE b.id = pb.id
          RETURNING b.user_id, b.payout_cents)
       SELECT user_id, sum(payout_cents)::int8 AS cents FROM upd WHERE payout_cents > 0 GROUP BY user_id ORDER BY user_id`,
      [
        pool.current_race_id,
        pool.bet_type_id,
        winners.map((w) => w.interest),
        winners.map((w) => w.price_per_dollar_cents),
        matchesAsOneList(pool.bet_type, false),
        at,
        substitutions.map((x) => x.leg),
        substitutions.map((x) => x.from),
        substitutions.map((x) => x.to),
      ],
    );
    return rows.map((r) => ({ user_id: r.user_id, cents: Number(r.cents) }));
  }

  /**
   * Every pending bet of the pool gets its cost back (no winning ticket, or a race cancelled), less
   * what scratches gave back of it already.
   */
  async refundBets(manager: EntityManager, pool: PoolRow, at: Date): Promise<UserPayout[]> {
    const rows: { user_id: number; cents: string }[] = await manager.query(
      `WITH upd AS (
         UPDATE bets b SET status = 'refunded', payout_cents = b.total_cents - b.refunded_cents, settled_at = $3
           FROM bet_legs l
          WHERE l.bet_id = b.id AND l.current_race_id = $1 AND l.leg = 1 AND b.bet_type_id = $2 AND b.status = 'pending'
          RETURNING b.user_id, b.payout_cents)
       SELECT user_id, sum(payout_cents)::int8 AS cents FROM upd WHERE payout_cents > 0 GROUP BY user_id ORDER BY user_id`,
      [pool.current_race_id, pool.bet_type_id, at],
    );
    return rows.map((r) => ({ user_id: r.user_id, cents: Number(r.cents) }));
  }

  async recordPaid(manager: EntityManager, poolId: number, paidCents: number): Promise<void> {
    await manager.query('UPDATE wager_pools SET paid_cents = $2 WHERE id = $1', [poolId, paidCents]);
  }
}
