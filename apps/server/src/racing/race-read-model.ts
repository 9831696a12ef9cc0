import type { ScratchedRunner } from '@furlong/contracts';
import type { Finish } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { horseSql, jockeySql, liveResultsSql, trackSql } from '../catalog/catalog-joins.sql';
import { RaceHistoryRepository } from '../catalog/race-history.repository';
import { preparedQuery } from '../common/prepared-query';
import type { RacePhase } from './entities/current-race.entity';

/** What a bet is checked against before anything is written: the race's card position and field. */
export interface RaceField {
  id: number;
  track_id: number;
  race_date: string;
  race_number: number;
  num_horses: number;
}

/** A race as placing a bet needs it, locked for the transaction. */
export interface LockedRace extends RaceField {
  status: RacePhase;
  post_time: Date;
  /** Program numbers scratched from the race (read under the lock: a scratch locks the race first). */
  scratched: number[];
}

/** A race as the tote needs it. */
export interface RaceForTote {
  id: number;
  status: RacePhase;
  post_time: Date;
  track_id: number;
}

/** A runner with its morning line as the card stored it (null only for races finished before lines were kept). */
export interface StoredLineRow {
  post_position: number;
  horse_name: string;
  score: number | null;
  /** Odds to 1. */
  odds: number | null;
}

/** A race of a card, as the sequences (Daily Double, Pick N) starting at it need it. */
export interface CardRace {
  id: number;
  track_id: number;
  race_date: string;
  race_number: number;
}

/** A race as a bet's leg shows it. */
export interface RaceLegView {
  id: number;
  race_name: string;
  race_number: number;
  race_date: string;
  post_time: Date;
  track_id: number;
  track_name: string;
  status: RacePhase;
  /** The field by program number, to name a bet's selections. */
  runners: { post_position: number; horse_name: string }[];
}

/** The next race to go off. */
export interface NextOffRow {
  id: number;
  race_name: string;
  track_name: string;
  post_time: Date;
}

/** A race's phase and track. */
export interface RacePhaseRow {
  id: number;
  status: RacePhase;
  track_id: number;
}

type Runner = EntityManager | DataSource;

const LOCKED_RACE_COLUMNS = `id, status, post_time, track_id, race_date::text AS race_date, race_number, num_horses,
  ARRAY(SELECT e.post_position::int FROM current_race_entries e
         WHERE e.current_race_id = current_races.id AND e.scratched_at IS NOT NULL ORDER BY 1) AS scratched`;
const RACE_FIELDS_SQL = `SELECT id, track_id, race_date::text AS race_date, race_number, num_horses
  FROM current_races WHERE id = ANY($1::int[])`;

/**
 * The races of `$n` (an int[] parameter) locked FOR SHARE, as LockedRace rows: for a caller that
 * composes its own statement around the lock (one round trip for a bet slip). The close, an UPDATE,
 * waits for the lock holders and every lock after it sees the race closed.
 */
export function lockedRacesForShareSql(idsParam: string): string {
  return `SELECT ${LOCKED_RACE_COLUMNS} FROM current_races WHERE id = ANY(${idsParam}::int[]) ORDER BY id FOR SHARE`;
}

/** A runner of a race posting in a window, with its people (the featured bonus picks from these). */
export interface PostingRunnerRow {
  current_race_id: number;
  race_number: number;
  track_name: string;
  post_time: Date;
  status: RacePhase;
  post_position: number;
  horse_id: number;
  horse_name: string;
  jockey_id: number;
  jockey_name: string;
  trainer_id: number | null;
  trainer_name: string | null;
  owner_id: number | null;
  owner_name: string | null;
}

/**
 * Racing's answers about its races (current_races, current_race_entries) for other modules. A
 * method that takes a manager runs in the caller's transaction (PGlite is one session: a query
 * beside an open transaction would wait for it forever).
 */
@Injectable()
export class RaceReadModel {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(RaceHistoryRepository) private readonly history: RaceHistoryRepository,
  ) {}

  /** Card position and field size of the races that exist (prepared: every bet slip reads them). */
  fields(raceIds: readonly number[]): Promise<RaceField[]> {
    return preparedQuery(this.dataSource, RACE_FIELDS_SQL, [[...raceIds]]);
  }

  /** Locks the races FOR SHARE for the caller's transaction (see lockedRacesForShareSql). */
  lockForShare(manager: EntityManager, ids: readonly number[]): Promise<LockedRace[]> {
    return manager.query(lockedRacesForShareSql('$1'), [[...ids]]);
  }

  /** The runners (scratched ones left out) of the races posting in [from, to), by post time and post. */
  postingRunners(from: Date, to: Date): Promise<PostingRunnerRow[]> {
    return this.dataSource.query(
      `SELECT cr.id AS current_race_id, cr.race_number, t.track_name, cr.post_time, cr.status, e.post_position,
              e.horse_id, h.horse_name, e.jockey_id, j.jockey_name, h.trainer_id, h.trainer_name, h.owner_id, h.owner_name
         FROM current_races cr
         JOIN LATERAL (${trackSql('cr.track_id')}) t ON true
         JOIN current_race_entries e ON e.current_race_id = cr.id AND e.scratched_at IS NULL
         JOIN LATERAL (${horseSql('e.horse_id')}) h ON true
         JOIN LATERAL (${jockeySql('e.jockey_id')}) j ON true
        WHERE cr.post_time >= $1 AND cr.post_time < $2
        ORDER BY cr.post_time, cr.id, e.post_position`,
      [from, to],
    );
  }

  /** The races as a bet's legs show them. */
  async legViews(ids: readonly number[]): Promise<Map<number, RaceLegView>> {
    if (ids.length === 0) return new Map();
    const rows: RaceLegView[] = await this.dataSource.query(
      `SELECT cr.id, cr.location || ' Race ' || cr.race_number AS race_name, cr.race_number,
              cr.race_date::text AS race_date, cr.post_time, cr.track_id, t.track_name, cr.status,
              (SELECT coalesce(json_agg(json_build_object('post_position', e.post_position, 'horse_name', h.horse_name)
                        ORDER BY e.post_position), '[]'::json)
                 FROM current_race_entries e JOIN LATERAL (${horseSql('e.horse_id')}) h ON true
                WHERE e.current_race_id = cr.id) AS runners
         FROM current_races cr JOIN LATERAL (${trackSql('cr.track_id')}) t ON true
        WHERE cr.id = ANY($1::int[])`,
      [[...ids]],
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  async toteRace(raceId: number, runner: Runner = this.dataSource): Promise<RaceForTote | undefined> {
    const rows: RaceForTote[] = await runner.query(
      'SELECT id, status, post_time, track_id FROM current_races WHERE id = $1',
      [raceId],
    );
    return rows[0];
  }

  /**
   * The starters of a race (scratched runners left out) with the morning line its card fixed (never
   * made again from later form).
   */
  storedMorningLine(raceId: number, runner: Runner = this.dataSource): Promise<StoredLineRow[]> {
    return runner.query(
      `SELECT e.post_position, h.horse_name, e.morning_line_score AS score, e.morning_line_odds::float8 AS odds
         FROM current_race_entries e
         JOIN LATERAL (${horseSql('e.horse_id')}) h ON true
        WHERE e.current_race_id = $1 AND e.scratched_at IS NULL
        ORDER BY e.post_position`,
      [raceId],
    );
  }

  /** Open races (by the racing clock) nearest post first; every one without a limit. */
  async openRaces(racingNow: Date, limit?: number): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM current_races WHERE status = 'open' AND post_time > $1 ORDER BY post_time, id
        ${limit === undefined ? '' : 'LIMIT $2'}`,
      limit === undefined ? [racingNow] : [racingNow, limit],
    );
    return rows.map((r) => r.id);
  }

  /** Those of `ids` that no longer take bets: closed or later, or past post by the racing clock. */
  async notTakingBets(ids: readonly number[], racingNow: Date): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM current_races WHERE id = ANY($1::int[]) AND (status <> 'open' OR post_time <= $2)`,
      [[...ids], racingNow],
    );
    return rows.map((r) => r.id);
  }

  /** The races on the cards of calendar day `date` (YYYY-MM-DD, each track's own day), every track. */
  async idsOnDate(date: string): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      'SELECT id FROM current_races WHERE race_date = $1::date ORDER BY id',
      [date],
    );
    return rows.map((r) => r.id);
  }

  /** When the official result of each of these races was written (races with none are left out). */
  async resultTimes(ids: readonly number[]): Promise<Map<number, Date>> {
    if (ids.length === 0) return new Map();
    const rows: { current_race_id: number; finished_at: Date }[] = await this.dataSource.query(
      `SELECT lr.current_race_id, lr.finished_at FROM (${liveResultsSql()}) lr WHERE lr.current_race_id = ANY($1::int[])`,
      [[...ids]],
    );
    return new Map(rows.map((r) => [r.current_race_id, r.finished_at]));
  }

  /** Phase and track of each of these races that exists. */
  async phases(ids: readonly number[], runner: Runner = this.dataSource): Promise<Map<number, RacePhaseRow>> {
    if (ids.length === 0) return new Map();
    const rows: RacePhaseRow[] = await runner.query(
      'SELECT id, status, track_id FROM current_races WHERE id = ANY($1::int[])',
      [[...ids]],
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  /**
   * The races that follow `race` on its track's card (race numbers +1, +2, … without a gap, at
   * most `limit`), while they can still run (not finished or cancelled).
   */
  async followingRaces(manager: EntityManager, race: CardRace, limit: number): Promise<number[]> {
    const rows: { id: number; race_number: number }[] = await manager.query(
      `SELECT id, race_number FROM current_races
        WHERE track_id = $1 AND race_date = $2 AND race_number > $3 AND race_number <= $3 + $4
          AND status IN ('scheduled', 'open')
        ORDER BY race_number`,
      [race.track_id, race.race_date, race.race_number, limit],
    );
    const out: number[] = [];
    for (const r of rows) {
      if (r.race_number !== race.race_number + out.length + 1) break;
      out.push(r.id);
    }
    return out;
  }

  /** The official finish (rank groups, winner first; a dead heat shares a group) of each of these races that has a result. */
  officialFinishes(raceIds: readonly number[], runner: Runner = this.dataSource): Promise<Map<number, Finish>> {
    return this.history.officialFinishes(raceIds, runner);
  }

  /** The official winners (program numbers: one, or those that dead-heated for the win) of each of these races that has a result. */
  officialWinners(raceIds: readonly number[]): Promise<Map<number, number[]>> {
    return this.history.officialWinners(raceIds);
  }

  /** The program numbers of a race's starters (scratched runners left out). */
  async postPositions(raceId: number, runner: Runner = this.dataSource): Promise<number[]> {
    return (await this.postPositionsOf([raceId], runner)).get(raceId) ?? [];
  }

  /** The program numbers of each race's starters (scratched runners left out), in one read. */
  async postPositionsOf(raceIds: readonly number[], runner: Runner = this.dataSource): Promise<Map<number, number[]>> {
    const out = new Map<number, number[]>(raceIds.map((id) => [id, []]));
    if (raceIds.length === 0) return out;
    const rows: { current_race_id: number; post_position: number }[] = await runner.query(
      `SELECT current_race_id, post_position FROM current_race_entries
        WHERE current_race_id = ANY($1::int[]) AND scratched_at IS NULL ORDER BY current_race_id, post_position`,
      [[...raceIds]],
    );
    for (const r of rows) out.get(Number(r.current_race_id))?.push(Number(r.post_position));
    return out;
  }

  /** The scratched runners of each of these races (post-position order); races without any are left out. */
  async scratched(
    raceIds: readonly number[],
    runner: Runner = this.dataSource,
  ): Promise<Map<number, ScratchedRunner[]>> {
    const out = new Map<number, ScratchedRunner[]>();
    if (raceIds.length === 0) return out;
    const rows: (Omit<ScratchedRunner, 'scratched_at'> & { current_race_id: number; scratched_at: Date })[] =
      await runner.query(
        `SELECT e.current_race_id, e.post_position, e.horse_id, h.horse_name, e.scratch_reason AS reason, e.scratched_at,
                CASE WHEN e.scratched_by IS NULL THEN 'simulation' ELSE 'admin' END AS scratched_by
           FROM current_race_entries e JOIN LATERAL (${horseSql('e.horse_id')}) h ON true
          WHERE e.current_race_id = ANY($1::int[]) AND e.scratched_at IS NOT NULL
          ORDER BY e.current_race_id, e.post_position`,
        [[...raceIds]],
      );
    for (const { current_race_id, ...r } of rows) {
      const list = out.get(current_race_id) ?? [];
      list.push({ ...r, scratched_at: new Date(r.scratched_at).toISOString() });
      out.set(current_race_id, list);
    }
    return out;
  }
  /**
   * The races by phase for the operations page (those posting within 12 hours either side of the
   * racing clock's `now`, and any closed or running), and the next to go off after `now`.
   */
  async opsSummary(now: Date): Promise<{ byState: Map<RacePhase, number>; nextOff: NextOffRow | null }> {
    const [counts, next] = await Promise.all([
      this.dataSource.query(
        `SELECT status, count(*)::int AS races FROM current_races
          WHERE status IN ('closed', 'running')
             OR post_time BETWEEN $1::timestamptz - interval '12 hours' AND $1::timestamptz + interval '12 hours'
          GROUP BY status`,
        [now],
      ) as Promise<Array<{ status: RacePhase; races: number }>>,
      this.dataSource.query(
        `SELECT cr.id, cr.location || ' Race ' || cr.race_number AS race_name, t.track_name, cr.post_time
           FROM current_races cr JOIN LATERAL (${trackSql('cr.track_id')}) t ON true
          WHERE cr.status IN ('scheduled', 'open') AND cr.post_time >= $1
          ORDER BY cr.post_time, cr.id LIMIT 1`,
        [now],
      ) as Promise<NextOffRow[]>,
    ]);
    return { byState: new Map(counts.map((r) => [r.status, r.races])), nextOff: next[0] ?? null };
  }
}
