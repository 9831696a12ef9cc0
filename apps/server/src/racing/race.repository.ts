import type { LiveRaceResult, RaceCancelReason, RaceEntryView, ScratchedRunner } from '@furlong/contracts';
import { type EngineRunner, storedMorningLine } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { horseSql, jockeySql, liveResultsSql, runnerFormSql, trackSql } from '../catalog/catalog-joins.sql';
import { refreshHorsePastPerformances } from '../catalog/past-performance.sql';
import { type HistoryRaceRecord, RaceHistoryRepository } from '../catalog/race-history.repository';
import { preparedQuery } from '../common/prepared-query';
import { write } from '../common/write-result';
import type { RacePhase } from './entities/current-race.entity';
import { RaceReadModel } from './race-read-model';
import type { OfficialFinisher } from './race-result.math';

/** Everything needed to run, show and record one current race. */
export interface RaceRunSpec {
  id: number;
  track_id: number;
  track_name: string;
  location: string;
  race_number: number;
  race_date: string;
  post_time: Date;
  status: RacePhase;
  cancel_reason: RaceCancelReason | null;
  seed: string | null;
  seed_hash: string | null;
  furlongs: number;
  miles: number;
  meters: number;
  surface_type: string;
  track_condition: string;
  weather: string;
  purse_cents: number;
  race_class: string;
  race_title: string;
  utc_offset_minutes: number;
  /** Fixed when betting opened; null before. */
  engine_runners: EngineRunner[] | null;
  /** The starters (scratched runners left out), post-position order: the engine runs these. */
  entries: RaceEntryView[];
  /** The runners scratched before the off, post-position order. */
  scratched: ScratchedRunner[];
}

/** A runner's form as the engine input is built from it when betting opens. */
export interface RunnerFormRow {
  current_race_id: number;
  post_position: number;
  horse_id: number;
  /** past_performances.avg_speed_figure_horse, or null for a horse without form. */
  speed_figure: number | null;
  /** The rider's win percentage (past_performances.win_percentage_jockey), or null. */
  jockey_win_pct: number | null;
  /** The race's surface and going, for raters that need them (RunnerRatings). */
  surface_type: string;
  track_condition: string;
}

export interface RaceOpening {
  id: number;
  seed: string;
  seed_hash: string;
  engine_runners: EngineRunner[];
}

export interface ActiveRaceRow {
  id: number;
  status: RacePhase;
  post_time: Date;
}

/** The live result as written: what the result row and the race's catalog history need. */
export interface ResultToWrite {
  spec: RaceRunSpec;
  finishers: OfficialFinisher[];
  winnerTimeMs: number;
  /** Progress per 500 ms sample, post-position order (a replay of the race). */
  positions: number[][];
  finishedAt: Date;
  wirePosition: number;
}

/** The catalog race a live race becomes: with the name and class its card gave it, at its clock time at the track. */
function historyRace(spec: RaceRunSpec): HistoryRaceRecord {
  // The card's clock time at the track: post time shifted by the track's offset.
  const localStart = new Date(spec.post_time.getTime() + spec.utc_offset_minutes * 60_000).toISOString().slice(11, 19);
  return {
    race_name: spec.race_title,
    race_class: spec.race_class,
    race_date: spec.race_date,
    race_number: spec.race_number,
    starting_time: localStart,
    track_id: spec.track_id,
    location: spec.location,
    miles: spec.miles,
    furlongs: spec.furlongs,
    meters: spec.meters,
    weather: spec.weather,
    surface_type: spec.surface_type,
    track_condition: spec.track_condition,
    purse_cents: spec.purse_cents,
  };
}

// The catalog's result of a live race beside the race's own columns (one statement).
const RESULT_HEADER = `
  SELECT rr.result_id, rr.current_race_id, rr.race_id, rr.race_name, cr.track_id, t.track_name,
         cr.race_date, cr.furlongs, cr.surface_type, cr.track_condition, rr.finished_at, rr.race_duration_ms,
         rr.wire_position, cr.seed, cr.seed_hash, coalesce(cr.engine_runners, '[]'::jsonb) AS engine_runners
    FROM (${liveResultsSql()}) rr
    JOIN current_races cr ON cr.id = rr.current_race_id
    JOIN LATERAL (${trackSql('cr.track_id')}) t ON true`;

type ResultHeaderRow = Omit<LiveRaceResult, 'finished_at' | 'finishers'> & { finished_at: Date };

/** Which live results to list: one track, one card day (the track's), a page. */
export interface ResultsFilter {
  trackId?: number;
  date?: string;
  limit: number;
  offset: number;
}

/** A live result as a list of results shows it (racing's part: the winner's price is wagering's). */
export interface ResultSummaryRow {
  result_id: number;
  current_race_id: number;
  race_name: string;
  race_number: number;
  track_id: number;
  track_name: string;
  race_date: string;
  post_time: Date;
  finished_at: Date;
  runners: number;
  winner_post_position: number;
  winner_horse_id: number;
  winner_name: string;
}

/** current_races through the lifecycle, and the live results (race_results and their history rows). */
@Injectable()
export class RaceRepository {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(RaceHistoryRepository) private readonly history: RaceHistoryRepository,
    @Inject(RaceReadModel) private readonly readModel: RaceReadModel,
  ) {}

  /** Scheduled races whose post time is within the opening lead (and not stale). */
  async scheduledToOpen(openPostUpTo: Date, notBefore: Date, limit: number): Promise<number[]> {
    const rows: { id: number }[] = await this.dataSource.query(
      `SELECT id FROM current_races
        WHERE status = 'scheduled' AND post_time <= $1 AND post_time >= $2
        ORDER BY post_time, id LIMIT $3`,
      [openPostUpTo, notBefore, limit],
    );
    return rows.map((r) => r.id);
  }

  async runnerForms(raceIds: readonly number[]): Promise<RunnerFormRow[]> {
    if (raceIds.length === 0) return [];
    return this.dataSource.query(
      `SELECT e.current_race_id, e.post_position, e.horse_id, f.avg_speed AS speed_figure, f.jockey_win_pct,
              cr.surface_type, cr.track_condition
         FROM current_race_entries e
         JOIN current_races cr ON cr.id = e.current_race_id
         LEFT JOIN LATERAL (${runnerFormSql('e.horse_id', 'e.jockey_id')}) f ON true
        WHERE e.current_race_id = ANY($1::int[]) AND e.scratched_at IS NULL
        ORDER BY e.current_race_id, e.post_position`,
      [[...raceIds]],
    );
  }

  /** scheduled → open with the seed, its hash and the engine runners; returns the races that moved. */
  async open(openings: readonly RaceOpening[]): Promise<number[]> {
    if (openings.length === 0) return [];
    return this.update(
      `UPDATE current_races cr
          SET status = 'open', seed = u.seed, seed_hash = u.seed_hash, engine_runners = u.runners
         FROM unnest($1::int[], $2::text[], $3::text[], $4::jsonb[]) AS u(id, seed, seed_hash, runners)
        WHERE cr.id = u.id AND cr.status = 'scheduled'
        RETURNING cr.id`,
      [
        openings.map((o) => o.id),
        openings.map((o) => o.seed),
        openings.map((o) => o.seed_hash),
        openings.map((o) => JSON.stringify(o.engine_runners)),
      ],
    );
  }

  /** open → closed for every race whose post time has come (the server's racing clock decides). */
  closeDue(closePostUpTo: Date): Promise<number[]> {
    return this.update(
      `UPDATE current_races SET status = 'closed' WHERE status = 'open' AND post_time <= $1 RETURNING id`,
      [closePostUpTo],
    );
  }

  /**
   * Races that never got going by their post time plus the grace: cancelled, not run late, for a
   * missed post (the server was not running, or not racing, at their post time).
   */
  cancelStale(postBefore: Date): Promise<number[]> {
    return this.update(
      `UPDATE current_races SET status = 'cancelled', cancel_reason = 'missed_post'
        WHERE status IN ('scheduled', 'open', 'closed') AND post_time < $1 RETURNING id`,
      [postBefore],
    );
  }

  /** open → closed for one race at its post time; false if it was not open or its time has not come. */
  async close(id: number, racingNow: Date): Promise<boolean> {
    const ids = await this.update(
      `UPDATE current_races SET status = 'closed' WHERE id = $1 AND status = 'open' AND post_time <= $2 RETURNING id`,
      [id, racingNow],
    );
    return ids.length > 0;
  }

  /** closed → running. */
  async start(id: number): Promise<boolean> {
    const ids = await this.update(
      `UPDATE current_races SET status = 'running' WHERE id = $1 AND status = 'closed' RETURNING id`,
      [id],
    );
    return ids.length > 0;
  }

  /** A race that cannot be recorded: cancelled (conditionally, like every move). */
  async abandon(id: number): Promise<boolean> {
    const ids = await this.update(
      `UPDATE current_races SET status = 'cancelled', cancel_reason = 'not_recorded'
        WHERE id = $1 AND status IN ('open', 'closed', 'running') RETURNING id`,
      [id],
    );
    return ids.length > 0;
  }

  /** Runs an UPDATE … RETURNING id and answers the ids it moved. */
  private async update(sql: string, params: unknown[]): Promise<number[]> {
    const { rows } = await write<{ id: number }>(this.dataSource, sql, params);
    return rows.map((r) => r.id);
  }

  /** Races a runner should hold: open or closed up to `horizon` and not stale, and every running one. */
  activeUpTo(horizon: Date, notBefore: Date): Promise<ActiveRaceRow[]> {
    return this.dataSource.query(
      `SELECT id, status, post_time FROM current_races
        WHERE (status IN ('open', 'closed') AND post_time <= $1 AND post_time >= $2) OR status = 'running'
        ORDER BY post_time, id`,
      [horizon, notBefore],
    );
  }

  /** Every viewer's join reads this: prepared statements, planned once per connection. */
  async runSpec(id: number): Promise<RaceRunSpec | undefined> {
    const rows: Omit<RaceRunSpec, 'entries' | 'scratched'>[] = await preparedQuery(
      this.dataSource,
      `SELECT cr.id, cr.track_id, t.track_name, cr.location, cr.race_number, cr.race_date, cr.post_time, cr.status,
              cr.cancel_reason, cr.seed, cr.seed_hash, cr.furlongs, cr.miles, cr.meters, cr.surface_type, cr.track_condition,
              cr.weather, cr.purse_cents, cr.race_class, cr.race_title, t.utc_offset_minutes, cr.engine_runners
         FROM current_races cr JOIN LATERAL (${trackSql('cr.track_id')}) t ON true
        WHERE cr.id = $1`,
      [id],
    );
    const row = rows[0];
    if (!row) return undefined;
    // Every entry in one read: the starters run (and are the race's `entries`), the scratched are listed.
    const runners: (Omit<RaceEntryView, 'morning_line'> & {
      score: number | null;
      odds: number | null;
      scratched_at: Date | null;
      scratch_reason: string | null;
      scratched_by: number | null;
    })[] = await preparedQuery(
      this.dataSource,
      `SELECT e.post_position, e.horse_id, h.horse_name, h.horse_number, e.jockey_id, j.jockey_name,
              e.morning_line_score AS score, e.morning_line_odds::float8 AS odds,
              e.scratched_at, e.scratch_reason, e.scratched_by
         FROM current_race_entries e
         JOIN LATERAL (${horseSql('e.horse_id')}) h ON true
         JOIN LATERAL (${jockeySql('e.jockey_id')}) j ON true
        WHERE e.current_race_id = $1
        ORDER BY e.post_position`,
      [id],
    );
    // The line as the card fixed it (over the whole card), shown as the tote shows odds.
    const line = storedMorningLine(runners);
    const entries: RaceEntryView[] = [];
    const scratched: ScratchedRunner[] = [];
    runners.forEach(({ score: _score, odds: _odds, scratched_at, scratch_reason, scratched_by, ...r }, i) => {
      if (scratched_at === null) {
        entries.push({ ...r, morning_line: line.display[i] ?? null });
      } else {
        scratched.push({
          post_position: r.post_position,
          horse_id: r.horse_id,
          horse_name: r.horse_name,
          reason: scratch_reason ?? '',
          scratched_at: new Date(scratched_at).toISOString(),
          scratched_by: scratched_by === null ? 'simulation' : 'admin',
        });
      }
    });
    return { ...row, entries, scratched };
  }

  /** Fills in the engine runners of an open race that has none (opened before they were kept). */
  async setEngineRunners(id: number, runners: readonly EngineRunner[]): Promise<void> {
    await this.dataSource.query(
      'UPDATE current_races SET engine_runners = $2::jsonb WHERE id = $1 AND engine_runners IS NULL',
      [id, JSON.stringify(runners)],
    );
  }

  /**
   * Records a race's result exactly once, in one transaction: the catalog race and its entries (so
   * the run joins the history and the statistics), the result with its finishers, the earnings of
   * horses and jockeys, and the race marked finished (which reveals its seed). The race row is locked
   * first, so a second writer waits and then finds it finished; the unique current_race_id of
   * race_results stops any other. Returns the result id, and whether this call wrote it; undefined
   * when the race can no longer finish (cancelled).
   */
  async writeResult(result: ResultToWrite): Promise<{ resultId: number; written: boolean } | undefined> {
    const { spec } = result;
    // PGlite is a single session: everything below goes through the transaction's own manager.
    return this.dataSource.transaction(async (manager) => {
      const [race]: { status: RacePhase }[] = await manager.query(
        'SELECT status FROM current_races WHERE id = $1 FOR UPDATE',
        [spec.id],
      );
      const existing = await this.history.resultIdOf(manager, spec.id);
      if (existing !== undefined) return { resultId: existing, written: false };
      if (!race || !['open', 'closed', 'running'].includes(race.status)) return undefined;

      const { raceId, resultId } = await this.history.recordResult(manager, {
        currentRaceId: spec.id,
        race: historyRace(spec),
        entries: spec.entries,
        finishers: result.finishers,
        winnerTimeMs: result.winnerTimeMs,
        wirePosition: result.wirePosition,
        positions: result.positions,
        finishedAt: result.finishedAt,
      });
      await manager.query(`UPDATE current_races SET status = 'finished', race_id = $2 WHERE id = $1`, [
        spec.id,
        raceId,
      ]);
      return { resultId, written: true };
    });
  }

  /** After a result: the runners' past-performance rows from all their results. */
  async refreshPastPerformances(horseIds: readonly number[], now: Date): Promise<void> {
    await this.dataSource.transaction((manager) => refreshHorsePastPerformances(manager, now, horseIds));
  }

  /** The official result of a finished live race, by current race id or by result id. */
  async result(by: { currentRaceId: number } | { resultId: number }): Promise<LiveRaceResult | undefined> {
    const [where, id] =
      'currentRaceId' in by ? ['rr.current_race_id', by.currentRaceId] : ['rr.result_id', by.resultId];
    const rows: ResultHeaderRow[] = await this.dataSource.query(
      `${RESULT_HEADER} WHERE ${where} = $1 AND cr.status = 'finished'`,
      [id],
    );
    const row = rows[0];
    if (!row) return undefined;
    const finishers = await this.history.finishers(row.result_id);
    const scratched = (await this.readModel.scratched([row.current_race_id])).get(row.current_race_id) ?? [];
    return { ...row, finished_at: row.finished_at.toISOString(), finishers, scratched };
  }

  /** Finished live races' results, newest post time first, with their winners; and how many match. */
  async resultsPage(filter: ResultsFilter): Promise<{ rows: ResultSummaryRow[]; total: number }> {
    const where = `cr.status = 'finished' AND ($1::int IS NULL OR cr.track_id = $1) AND ($2::date IS NULL OR cr.race_date = $2)`;
    const match = [filter.trackId ?? null, filter.date ?? null];
    const [rows, counted] = await Promise.all([
      this.dataSource.query(
        `SELECT rr.result_id, rr.current_race_id, rr.race_name, cr.race_number, cr.track_id, t.track_name,
                cr.race_date::text AS race_date, cr.post_time, rr.finished_at, rr.num_horses AS runners,
                rr.winner_post_position, rr.winner_horse_id, h.horse_name AS winner_name
           FROM (${liveResultsSql()}) rr
           JOIN current_races cr ON cr.id = rr.current_race_id
           JOIN LATERAL (${trackSql('cr.track_id')}) t ON true
           JOIN LATERAL (${horseSql('rr.winner_horse_id')}) h ON true
          WHERE ${where}
          ORDER BY cr.post_time DESC, cr.id DESC
          LIMIT $3 OFFSET $4`,
        [...match, filter.limit, filter.offset],
      ) as Promise<ResultSummaryRow[]>,
      this.dataSource.query(
        `SELECT count(*)::int AS total FROM (${liveResultsSql()}) rr JOIN current_races cr ON cr.id = rr.current_race_id
          WHERE ${where}`,
        match,
      ) as Promise<{ total: number }[]>,
    ]);
    return { rows, total: counted[0]?.total ?? 0 };
  }

  /** Phase of a race (null for an unknown one). */
  async phase(id: number): Promise<RacePhase | null> {
    const rows: { status: RacePhase }[] = await this.dataSource.query(
      'SELECT status FROM current_races WHERE id = $1',
      [id],
    );
    return rows[0]?.status ?? null;
  }
}
