import type { LiveFinisher } from '@furlong/contracts';
import { type Finish, finishFromPositions } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { write } from '../common/write-result';
import type { Race } from './entities/race.entity';

/** The catalog race a live race becomes in the history (starting_time: the card's clock time at the track). */
export type HistoryRaceRecord = Pick<
  Race,
  | 'race_name'
  | 'race_class'
  | 'race_date'
  | 'race_number'
  | 'starting_time'
  | 'track_id'
  | 'location'
  | 'miles'
  | 'furlongs'
  | 'meters'
  | 'weather'
  | 'surface_type'
  | 'track_condition'
  | 'purse_cents'
>;

/** A runner of the race as it was entered. */
export interface HistoryEntryRecord {
  post_position: number;
  horse_id: number;
  jockey_id: number;
}

/** One finisher of an official result. */
export type HistoryFinisherRecord = Pick<
  LiveFinisher,
  'finish_position' | 'post_position' | 'horse_id' | 'finish_time_ms' | 'speed_figure' | 'earnings_cents'
>;

/** A live race's official result as the history records it. */
export interface HistoryResultRecord {
  currentRaceId: number;
  race: HistoryRaceRecord;
  entries: readonly HistoryEntryRecord[];
  /** Winner first. */
  finishers: readonly HistoryFinisherRecord[];
  winnerTimeMs: number;
  wirePosition: number;
  /** Progress per 500 ms sample, post-position order (a replay of the race). */
  positions: number[][];
  finishedAt: Date;
}

/** Thrown when the catalog history already holds a race at this track, date and number (seeded history). */
export class HistorySlotTakenError extends Error {}

type Runner = EntityManager | DataSource;

/** A winning streak is counted back over at most this many starts. */
const MAX_STREAK_LOOKED_AT = 100;

/**
 * The catalog's race history as racing writes and reads it: a live race's result joins the history
 * (races, race_entries, race_results, race_result_finishers, the earnings of horses and jockeys).
 * The write takes the caller's manager, so it is one transaction with racing's own; so does a read
 * that a transaction needs (PGlite is one session: a query beside it would wait forever).
 */
@Injectable()
export class RaceHistoryRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * The official finish of each of these live races that has a result: program numbers in rank
   * groups, winner first (runners that dead-heated share a group).
   */
  async officialFinishes(
    currentRaceIds: readonly number[],
    runner: Runner = this.dataSource,
  ): Promise<Map<number, Finish>> {
    if (currentRaceIds.length === 0) return new Map();
    const rows: { current_race_id: number; posts: number[]; places: number[] }[] = await runner.query(
      `SELECT rr.current_race_id,
              array_agg(f.post_position ORDER BY f.finish_position, f.post_position) AS posts,
              array_agg(f.finish_position ORDER BY f.finish_position, f.post_position) AS places
         FROM race_results rr JOIN race_result_finishers f ON f.result_id = rr.id
        WHERE rr.current_race_id = ANY($1::int[])
        GROUP BY rr.current_race_id`,
      [[...currentRaceIds]],
    );
    return new Map(
      rows.map((r) => [
        r.current_race_id,
        finishFromPositions(
          r.posts.map((p, i) => ({ post_position: Number(p), finish_position: Number(r.places[i]) })),
        ),
      ]),
    );
  }

  /**
   * The horse's wins in a row up to and including this result, over its whole history (seeded and
   * live): 0 when it did not win this one; a dead heat for first counts as a win.
   */
  async winStreak(horseId: number, resultId: number): Promise<number> {
    const rows: { finish_position: number }[] = await this.dataSource.query(
      `SELECT f.finish_position
         FROM race_result_finishers f JOIN race_results rr ON rr.id = f.result_id
        WHERE f.horse_id = $1
          AND (rr.finished_at, rr.id) <= (SELECT finished_at, id FROM race_results WHERE id = $2)
        ORDER BY rr.finished_at DESC, rr.id DESC
        LIMIT $3`,
      [horseId, resultId, MAX_STREAK_LOOKED_AT],
    );
    const streak = rows.findIndex((r) => Number(r.finish_position) !== 1);
    return streak === -1 ? rows.length : streak;
  }

  /**
   * The official winners (program numbers, ascending) of each of these live races that has a result:
   * one, or every runner that dead-heated for the win.
   */
  async officialWinners(currentRaceIds: readonly number[]): Promise<Map<number, number[]>> {
    if (currentRaceIds.length === 0) return new Map();
    const rows: { current_race_id: number; post_positions: number[] }[] = await this.dataSource.query(
      `SELECT rr.current_race_id, array_agg(f.post_position ORDER BY f.post_position) AS post_positions
         FROM race_results rr JOIN race_result_finishers f ON f.result_id = rr.id
        WHERE rr.current_race_id = ANY($1::int[])
          AND f.finish_position = (SELECT min(g.finish_position) FROM race_result_finishers g WHERE g.result_id = rr.id)
        GROUP BY rr.current_race_id`,
      [[...currentRaceIds]],
    );
    return new Map(rows.map((r) => [r.current_race_id, r.post_positions.map(Number)]));
  }

  /**
   * The finishers of a result with the names of their horses and connections, winner first (runners
   * that dead-heated by program number, each marked).
   */
  finishers(resultId: number): Promise<LiveFinisher[]> {
    return this.dataSource.query(
      `SELECT f.finish_position, f.post_position, f.horse_id, h.horse_name, f.jockey_id, j.jockey_name,
              f.trainer_id, tr.trainer_name, f.owner_id, o.owner_name, f.finish_time_ms, f.speed_figure,
              f.earnings_cents, count(*) OVER (PARTITION BY f.finish_position) > 1 AS dead_heat
         FROM race_result_finishers f
         JOIN horses h ON h.id = f.horse_id
         JOIN jockeys j ON j.id = f.jockey_id
         LEFT JOIN trainers tr ON tr.id = f.trainer_id
         LEFT JOIN owners o ON o.id = f.owner_id
        WHERE f.result_id = $1
        ORDER BY f.finish_position, f.post_position`,
      [resultId],
    );
  }

  /** The result recorded for a live race, if any. */
  /**
   * Keeps each finisher's final win odds (post position → odds to 1) on a live race's result;
   * runs again harmlessly (the same values), and does nothing before the result exists.
   */
  async keepFinalOdds(currentRaceId: number, odds: ReadonlyMap<number, number>): Promise<number> {
    if (odds.size === 0) return 0;
    const { count } = await write(
      this.dataSource,
      `UPDATE race_result_finishers f SET final_odds = o.odds
         FROM race_results rr, unnest($2::int[], $3::numeric[]) AS o(post, odds)
        WHERE rr.current_race_id = $1 AND f.result_id = rr.id AND f.post_position = o.post`,
      [currentRaceId, [...odds.keys()], [...odds.values()]],
    );
    return count;
  }

  async resultIdOf(manager: EntityManager, currentRaceId: number): Promise<number | undefined> {
    const rows: { id: number }[] = await manager.query('SELECT id FROM race_results WHERE current_race_id = $1', [
      currentRaceId,
    ]);
    return rows[0]?.id;
  }

  /**
   * Writes the catalog race and its entries, the result with its finishers, and the earnings of
   * horses and jockeys. The unique current_race_id of race_results stops a second writer.
   */
  async recordResult(
    manager: EntityManager,
    record: HistoryResultRecord,
  ): Promise<{ raceId: number; resultId: number }> {
    const raceId = await this.insertRace(manager, record.race, record.entries);
    const winner = record.finishers[0];
    if (!winner) throw new Error(`race ${record.currentRaceId} has no finishers`);
    const inserted: { id: number }[] = await manager.query(
      `INSERT INTO race_results (race_id, current_race_id, num_horses, winner_horse_id, winner_post_position,
                                 race_duration_ms, wire_position, horse_positions, finished_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9)
       ON CONFLICT (current_race_id) DO NOTHING
       RETURNING id`,
      [
        raceId,
        record.currentRaceId,
        record.finishers.length,
        winner.horse_id,
        winner.post_position,
        Math.round(record.winnerTimeMs),
        record.wirePosition,
        JSON.stringify(record.positions),
        record.finishedAt,
      ],
    );
    const resultId = inserted[0]?.id;
    if (resultId === undefined) throw new Error(`race ${record.currentRaceId}: a result appeared during the write`);
    // Each finisher rode as entered (a finisher without an entry is not written).
    const jockeyByPost = new Map(record.entries.map((e) => [e.post_position, e.jockey_id]));
    const f = record.finishers.filter((x) => jockeyByPost.has(x.post_position));
    await manager.query(
      `INSERT INTO race_result_finishers (result_id, finish_position, post_position, horse_id, jockey_id, trainer_id,
                                          owner_id, finish_time_ms, speed_figure, earnings_cents)
       SELECT $1, u.finish_position, u.post_position, u.horse_id, u.jockey_id, h.trainer_id, h.owner_id,
              u.finish_time_ms, u.speed_figure, u.earnings_cents
         FROM unnest($2::smallint[], $3::smallint[], $4::int[], $5::int[], $6::int[], $7::smallint[], $8::bigint[])
              AS u(finish_position, post_position, horse_id, jockey_id, finish_time_ms, speed_figure, earnings_cents)
         JOIN horses h ON h.id = u.horse_id`,
      [
        resultId,
        f.map((x) => x.finish_position),
        f.map((x) => x.post_position),
        f.map((x) => x.horse_id),
        f.map((x) => jockeyByPost.get(x.post_position)),
        f.map((x) => x.finish_time_ms),
        f.map((x) => x.speed_figure),
        f.map((x) => x.earnings_cents),
      ],
    );
    await manager.query(
      `UPDATE horses h SET earnings_cents = h.earnings_cents + f.earnings_cents
         FROM race_result_finishers f WHERE f.result_id = $1 AND h.id = f.horse_id AND f.earnings_cents > 0`,
      [resultId],
    );
    await manager.query(
      `UPDATE jockeys j SET earnings_cents = j.earnings_cents + f.earnings_cents
         FROM race_result_finishers f WHERE f.result_id = $1 AND j.id = f.jockey_id AND f.earnings_cents > 0`,
      [resultId],
    );
    return { raceId, resultId };
  }

  private async insertRace(
    manager: EntityManager,
    race: HistoryRaceRecord,
    entries: readonly HistoryEntryRecord[],
  ): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO races (race_name, race_date, race_number, starting_time, race_class, num_horses, track_id, location,
                          miles, furlongs, meters, weather, surface_type, track_condition, purse_cents)
       VALUES ($1, $2, $3, $4, $15, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (track_id, race_date, race_number) DO NOTHING
       RETURNING id`,
      [
        race.race_name,
        race.race_date,
        race.race_number,
        race.starting_time,
        entries.length,
        race.track_id,
        race.location,
        race.miles,
        race.furlongs,
        race.meters,
        race.weather,
        race.surface_type,
        race.track_condition,
        race.purse_cents,
        race.race_class,
      ],
    );
    const raceId = rows[0]?.id;
    if (raceId === undefined) {
      throw new HistorySlotTakenError(
        `the history already holds race ${race.race_number} of track ${race.track_id} on ${race.race_date}`,
      );
    }
    await manager.query(
      `INSERT INTO race_entries (race_id, post_position, horse_id, jockey_id, trainer_id, owner_id)
       SELECT $1, e.post_position, e.horse_id, e.jockey_id, h.trainer_id, h.owner_id
         FROM unnest($2::smallint[], $3::int[], $4::int[]) AS e(post_position, horse_id, jockey_id)
         JOIN horses h ON h.id = e.horse_id`,
      [raceId, entries.map((e) => e.post_position), entries.map((e) => e.horse_id), entries.map((e) => e.jockey_id)],
    );
    return raceId;
  }
}
