import { BET_TYPES } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type CardRace, RaceReadModel } from '../racing/race-read-model';
import type { PoolState } from './entities/wager-pool.entity';

const CARRYOVER_TYPES = BET_TYPES.filter((t) => t.carriesOver).map((t) => t.name);

export type { CardRace };

/** A Pick N pool as its will-pays need it. */
export interface SequencePool {
  id: number;
  bet_type: string;
  race_ids: number[];
  takeout: number;
  gross_cents: number;
  /** Carried in from an earlier pool of the type at the track (added to the net pool). */
  carryover_cents: number;
  state: PoolState;
}

/**
 * The SQL of the multi-race pools beyond PoolRepository: the later legs of a card, the Pick N
 * carryover (the pool's record of it; the money is the ledger's), and the tote's will-pays.
 */
@Injectable()
export class SequencePoolRepository {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(RaceReadModel) private readonly races: RaceReadModel,
  ) {}

  /**
   * The races that follow `race` on its track's card (race numbers +1, +2, … without a gap, at
   * most `limit`), while they can still run (not finished or cancelled): the later legs of the
   * sequences that start at it.
   */
  followingRaces(manager: EntityManager, race: CardRace, limit: number): Promise<number[]> {
    return this.races.followingRaces(manager, race, limit);
  }

  /** Adds a carryover to a pool's record (the money itself moves by a ledger transfer). */
  async addCarryover(manager: EntityManager, poolId: number, cents: number): Promise<void> {
    await manager.query('UPDATE wager_pools SET carryover_cents = carryover_cents + $2 WHERE id = $1', [poolId, cents]);
  }

  /** The pools of types that carry over (Pick N) whose last leg is this race (and that start before it). */
  async pickPoolsEndingAt(raceId: number): Promise<SequencePool[]> {
    const rows: SequencePool[] = await this.dataSource.query(
      `SELECT id, bet_type, race_ids, takeout::float8 AS takeout, gross_cents::int8 AS gross_cents,
              carryover_cents::int8 AS carryover_cents, state
         FROM wager_pools
        WHERE last_race_id = $1 AND current_race_id <> $1 AND bet_type = ANY($2::text[]) ORDER BY bet_type_id`,
      [raceId, CARRYOVER_TYPES],
    );
    return rows.map((r) => ({ ...r, gross_cents: Number(r.gross_cents), carryover_cents: Number(r.carryover_cents) }));
  }

  /** The money on the interests of a pool that begin with any of `prefixes` (e.g. '3-7-' for two legs won by 3 and 7). */
  async interestsWithPrefixes(poolId: number, prefixes: readonly string[]): Promise<Record<string, number>> {
    const rows: { interest: string; amount_cents: string }[] = await this.dataSource.query(
      `SELECT interest, amount_cents FROM wager_pool_interests
        WHERE pool_id = $1
          AND EXISTS (SELECT 1 FROM unnest($2::text[]) AS p(prefix) WHERE left(interest, length(p.prefix)) = p.prefix)`,
      [poolId, [...prefixes]],
    );
    return Object.fromEntries(rows.map((r) => [r.interest, Number(r.amount_cents)]));
  }

  /** The official winners (program numbers: one, or those that dead-heated for the win) of each of these races that has a result. */
  officialWinners(raceIds: readonly number[]): Promise<Map<number, number[]>> {
    return this.races.officialWinners(raceIds);
  }

  /** The program numbers of a race's field. */
  postPositions(raceId: number): Promise<number[]> {
    return this.races.postPositions(raceId);
  }
}
