import type { ScratchedRunner } from '@furlong/contracts';
import { findBetType, poolSettleable } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { preparedQuery } from '../common/prepared-query';
import { type RaceForTote, RaceReadModel, type StoredLineRow } from '../racing/race-read-model';
import type { PoolState } from './entities/wager-pool.entity';
import { poolAccountCode } from './wagering-rules';

export interface PoolRow {
  id: number;
  current_race_id: number;
  last_race_id: number;
  bet_type: string;
  bet_type_id: number;
  race_ids: number[];
  takeout: number;
  gross_cents: number;
  seed_cents: number;
  /** Carried in from an earlier Pick N pool at the track (added to the net pool, untaxed). */
  carryover_cents: number;
  account_code: string;
  state: PoolState;
}

export interface PoolToOpen {
  race_ids: number[];
  bet_type: string;
  bet_type_id: number;
  takeout: number;
}

/** Money to add to one pool, per interest. */
export interface PoolMoneyIn {
  interests: string[];
  cents: number[];
}

export type { RaceForTote };
export type RunnerLine = StoredLineRow;

/** A pool row as PoolRow reads it (convert with toPool). */
export const POOL_COLUMNS = `id, current_race_id, last_race_id, bet_type, bet_type_id, race_ids, takeout::float8 AS takeout,
  gross_cents::int8 AS gross_cents, seed_cents::int8 AS seed_cents, carryover_cents::int8 AS carryover_cents,
  account_code, state`;

/** A row without the statement's ordinal column. */
function stripNo<T extends object>(row: T & { no?: unknown }): T {
  const { no: _no, ...rest } = row;
  return rest as T;
}

/** A PoolRow with its bigint columns as numbers. */
export function toPool(row: PoolRow): PoolRow {
  return {
    ...row,
    gross_cents: Number(row.gross_cents),
    seed_cents: Number(row.seed_cents),
    carryover_cents: Number(row.carryover_cents),
  };
}

/** wager_pools and wager_pool_interests; writes go through the caller's transaction. */
@Injectable()
export class PoolRepository {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(RaceReadModel) private readonly races: RaceReadModel,
  ) {}

  /**
   * Finds or makes several pools in one statement (a group of bet slips, a race's opening): each
   * locked in the order given (give them in (race, bet type) order; `created` says whether this
   * call made it) and its gross and interests added.
   * Answers in the order given. Two entries must not name one pool.
   */
  async ensurePools(
    manager: EntityManager,
    entries: readonly ({ pool: PoolToOpen; gross_cents: number } & PoolMoneyIn)[],
  ): Promise<(PoolRow & { created: boolean })[]> {
    const money = { no: [] as number[], interests: [] as string[], cents: [] as number[] };
    entries.forEach((entry, i) => {
      entry.interests.forEach((interest, k) => {
        money.no.push(i + 1);
        money.interests.push(interest);
        money.cents.push(entry.cents[k] as number);
      });
    });
    const rows: (PoolRow & { created: boolean })[] = await preparedQuery(
      manager,
      `WITH u AS (
         SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::text[], $6::float8[], $7::text[], $8::bigint[])
           WITH ORDINALITY AS u(first_race, last_race, bet_type, bet_type_id, race_ids, takeout, account_code, gross, no)),
       p AS (
         INSERT INTO wager_pools (current_race_id, last_race_id, bet_type, bet_type_id, race_ids, takeout, account_code,
                                  gross_cents)
         SELECT first_race, last_race, bet_type, bet_type_id, race_ids::int[], takeout, account_code, gross
           FROM u ORDER BY no
         ON CONFLICT (current_race_id, bet_type) DO UPDATE SET gross_cents = wager_pools.gross_cents + EXCLUDED.gross_cents
         RETURNING ${POOL_COLUMNS}, (xmax = 0) AS created),
       i AS (
         INSERT INTO wager_pool_interests (pool_id, interest, amount_cents, house_cents)
         SELECT p.id, m.interest, sum(m.cents), 0
           FROM unnest($9::int[], $10::text[], $11::bigint[]) AS m(no, interest, cents)
           JOIN u ON u.no = m.no
           JOIN p ON p.current_race_id = u.first_race AND p.bet_type = u.bet_type
          WHERE m.cents > 0
          GROUP BY p.id, m.interest
         ON CONFLICT (pool_id, interest) DO UPDATE SET amount_cents = wager_pool_interests.amount_cents + EXCLUDED.amount_cents)
       SELECT p.*, u.no FROM p JOIN u ON p.current_race_id = u.first_race AND p.bet_type = u.bet_type ORDER BY u.no`,
      [
        entries.map((e) => e.pool.race_ids[0] as number),
        entries.map((e) => e.pool.race_ids.at(-1) as number),
        entries.map((e) => e.pool.bet_type),
        entries.map((e) => e.pool.bet_type_id),
        entries.map((e) => `{${e.pool.race_ids.join(',')}}`),
        entries.map((e) => e.pool.takeout),
        entries.map((e) => poolAccountCode(e.pool.race_ids[0] as number, e.pool.bet_type)),
        entries.map((e) => e.gross_cents),
        money.no,
        money.interests,
        money.cents,
      ],
    );
    return rows.map((row) => ({ ...toPool(stripNo(row)), created: row.created }));
  }

  /** Marks each pool seeded (with its stake) once: answers the ids this call marked, not those already seeded. */
  async markSeeded(manager: EntityManager, seeds: readonly { poolId: number; cents: number }[]): Promise<Set<number>> {
    if (seeds.length === 0) return new Set();
    const rows: { id: number }[] = await manager.query(
      `WITH u AS (
         UPDATE wager_pools p SET seed_cents = s.cents
           FROM unnest($1::int[], $2::bigint[]) AS s(id, cents)
          WHERE p.id = s.id AND p.seed_cents = 0 RETURNING p.id)
       SELECT id FROM u`,
      [seeds.map((s) => s.poolId), seeds.map((s) => s.cents)],
    );
    return new Set(rows.map((r) => r.id));
  }

  /**
   * House money into several pools (the caller holds their rows' locks): each one's interests, marked
   * as the house's, and its gross, in one statement.
   */
  async addHouseMoney(
    manager: EntityManager,
    entries: readonly { poolId: number; interests: readonly string[]; cents: readonly number[] }[],
  ): Promise<void> {
    const pools = entries.flatMap((e) => e.interests.map(() => e.poolId));
    if (pools.length === 0) return;
    await manager.query(
      `WITH m AS (
         SELECT * FROM unnest($1::int[], $2::text[], $3::bigint[]) AS m(pool_id, interest, cents) WHERE cents > 0),
       i AS (
         INSERT INTO wager_pool_interests (pool_id, interest, amount_cents, house_cents)
         SELECT pool_id, interest, sum(cents), sum(cents) FROM m GROUP BY pool_id, interest ORDER BY pool_id, interest
         ON CONFLICT (pool_id, interest) DO UPDATE
           SET amount_cents = wager_pool_interests.amount_cents + EXCLUDED.amount_cents,
               house_cents = wager_pool_interests.house_cents + EXCLUDED.house_cents)
       UPDATE wager_pools p SET gross_cents = p.gross_cents + t.total
         FROM (SELECT pool_id, sum(cents) AS total FROM m GROUP BY pool_id) t
        WHERE p.id = t.pool_id`,
      [pools, entries.flatMap((e) => e.interests), entries.flatMap((e) => e.cents)],
    );
  }

  /** Money per interest of the pools (by pool id). */
  async interests(
    manager: EntityManager | DataSource,
    poolIds: readonly number[],
  ): Promise<Map<number, Record<string, number>>> {
    const out = new Map<number, Record<string, number>>();
    if (poolIds.length === 0) return out;
    const rows: { pool_id: number; interest: string; amount_cents: string }[] = await manager.query(
      'SELECT pool_id, interest, amount_cents FROM wager_pool_interests WHERE pool_id = ANY($1::int[])',
      [[...poolIds]],
    );
    for (const id of poolIds) out.set(id, {});
    for (const r of rows) (out.get(r.pool_id) as Record<string, number>)[r.interest] = Number(r.amount_cents);
    return out;
  }

  /** The pools that start with this race (its own, and the sequences it opens). */
  async poolsStartingAt(raceId: number): Promise<PoolRow[]> {
    const rows: PoolRow[] = await this.dataSource.query(
      `SELECT ${POOL_COLUMNS} FROM wager_pools WHERE current_race_id = $1 ORDER BY bet_type_id`,
      [raceId],
    );
    return rows.map(toPool);
  }

  race(raceId: number, manager: EntityManager | DataSource = this.dataSource): Promise<RaceForTote | undefined> {
    return this.races.toteRace(raceId, manager);
  }

  /** The runners of a race with the morning line its card fixed. */
  runnerLines(raceId: number, manager: EntityManager | DataSource = this.dataSource): Promise<RunnerLine[]> {
    return this.races.storedMorningLine(raceId, manager);
  }

  /** The race's scratched runners (the tote leaves them off the board and lists them). */
  async scratched(raceId: number): Promise<ScratchedRunner[]> {
    return (await this.races.scratched([raceId])).get(raceId) ?? [];
  }

  /** Open races (by the racing clock) nearest post first. */
  openRaces(racingNow: Date, limit: number): Promise<number[]> {
    return this.races.openRaces(racingNow, limit);
  }

  /** Open races whose win pool has not been seeded (a missed or failed opening job). */
  async openRacesWithoutSeed(racingNow: Date, limit: number): Promise<number[]> {
    const open = await this.races.openRaces(racingNow);
    if (open.length === 0) return [];
    const seeded: { current_race_id: number }[] = await this.dataSource.query(
      `SELECT current_race_id FROM wager_pools
        WHERE current_race_id = ANY($1::int[]) AND bet_type = 'Win' AND seed_cents > 0`,
      [open],
    );
    const done = new Set(seeded.map((r) => r.current_race_id));
    return open.filter((id) => !done.has(id)).slice(0, limit);
  }

  /**
   * The races with pools still open whose first race no longer takes bets (closed or later, or
   * past post by the racing clock): the boards to freeze.
   */
  async racesToFreeze(racingNow: Date): Promise<number[]> {
    const pending: { current_race_id: number }[] = await this.dataSource.query(
      `SELECT DISTINCT current_race_id FROM wager_pools WHERE state = 'open'`,
    );
    if (pending.length === 0) return [];
    return this.races.notTakingBets(
      pending.map((r) => r.current_race_id),
      racingNow,
    );
  }

  /** open → frozen for the pools starting at the race; whether any froze. */
  async freezeRace(manager: EntityManager, raceId: number, at: Date): Promise<boolean> {
    const rows: { id: number }[] = await manager.query(
      `WITH u AS (UPDATE wager_pools SET state = 'frozen', frozen_at = $2
                   WHERE current_race_id = $1 AND state = 'open' RETURNING id)
       SELECT id FROM u`,
      [raceId, at],
    );
    return rows.length > 0;
  }

  /** Whether any pool starting at the race is still open (taking money). */
  async hasOpenPools(manager: EntityManager, raceId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM wager_pools WHERE current_race_id = $1 AND state = 'open' LIMIT 1`,
      [raceId],
    );
    return rows.length > 0;
  }

  /** Starts the race's crowd mark at `at` (its pools' opening), unless it has one. */
  async startCrowdMark(manager: EntityManager, raceId: number, at: Date): Promise<void> {
    await manager.query(
      `INSERT INTO wager_crowd_marks (current_race_id, through_at) VALUES ($1, $2)
       ON CONFLICT (current_race_id) DO NOTHING`,
      [raceId, at],
    );
  }

  /**
   * Locks the race's crowd mark (FOR UPDATE: one adder of crowd money at a time) and reads it;
   * a race seeded before marks were kept gets one at `orNow`.
   */
  async lockCrowdMark(manager: EntityManager, raceId: number, orNow: Date): Promise<Date> {
    await this.startCrowdMark(manager, raceId, orNow);
    const rows: { through_at: Date }[] = await manager.query(
      'SELECT through_at FROM wager_crowd_marks WHERE current_race_id = $1 FOR UPDATE',
      [raceId],
    );
    return new Date((rows[0] as { through_at: Date }).through_at);
  }

  async moveCrowdMark(manager: EntityManager, raceId: number, through: Date): Promise<void> {
    await manager.query('UPDATE wager_crowd_marks SET through_at = $2 WHERE current_race_id = $1', [raceId, through]);
  }

  /** Pools not settled that their races' statuses decide (poolSettleable): settled by their last race's id. */
  async poolsDue(limit: number): Promise<number[]> {
    const pools: { last_race_id: number; race_ids: number[]; bet_type: string }[] = await this.dataSource.query(
      `SELECT DISTINCT last_race_id, race_ids, bet_type FROM wager_pools WHERE state IN ('open', 'frozen')`,
    );
    const phases = await this.races.phases([...new Set(pools.flatMap((p) => p.race_ids))]);
    const due = new Set<number>();
    for (const p of pools) {
      if (due.size >= limit) break;
      const statuses = p.race_ids.map((id) => phases.get(id)?.status ?? 'unknown');
      if (findBetType(p.bet_type) && poolSettleable(p.bet_type, statuses)) due.add(p.last_race_id);
    }
    return [...due];
  }

  /**
   * When the oldest result still waiting for its pools to be paid was written (null when none
   * waits): what the settlement-backlog gauge reports as an age.
   */
  async oldestUnsettledResult(): Promise<Date | null> {
    const due = await this.poolsDue(Number.MAX_SAFE_INTEGER);
    const times = [...(await this.races.resultTimes(due)).values()];
    return times.length === 0 ? null : new Date(Math.min(...times.map((t) => t.getTime())));
  }

  /** Bet type and races of the pools (by id), to name their wallet movements. */
  typesAndRaces(ids: readonly number[]): Promise<{ id: number; bet_type: string; race_ids: number[] }[]> {
    return this.dataSource.query('SELECT id, bet_type, race_ids FROM wager_pools WHERE id = ANY($1::int[])', [
      [...ids],
    ]);
  }
}
