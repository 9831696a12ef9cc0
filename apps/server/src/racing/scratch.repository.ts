import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { RacePhase } from './entities/current-race.entity';

/** A race locked for a scratch. */
export interface RaceToScratch {
  id: number;
  status: RacePhase;
  post_time: Date;
}

/** An open race with its seed and drawn field, for the simulation's scratches. */
export interface OpenRaceField {
  id: number;
  post_time: Date;
  seed: string;
  /** Every runner drawn (scratched or not), by post position. */
  field: number[];
  scratched: number[];
}

/** The scratch's writes to current_races and current_race_entries (racing's tables). */
@Injectable()
export class ScratchRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Locks the race row FOR UPDATE: bets in flight (FOR SHARE) finish first, later ones see the scratch. */
  async lockRace(manager: EntityManager, id: number): Promise<RaceToScratch | undefined> {
    const rows: RaceToScratch[] = await manager.query(
      'SELECT id, status, post_time FROM current_races WHERE id = $1 FOR UPDATE',
      [id],
    );
    return rows[0];
  }

  /** Whether the entry exists and whether it is scratched already (locked with the race). */
  async entry(manager: EntityManager, id: number, postPosition: number): Promise<{ scratched: boolean } | undefined> {
    const rows: { scratched: boolean }[] = await manager.query(
      `SELECT scratched_at IS NOT NULL AS scratched FROM current_race_entries
        WHERE current_race_id = $1 AND post_position = $2 FOR UPDATE`,
      [id, postPosition],
    );
    return rows[0];
  }

  /**
   * Marks the entry scratched (conditionally: a second scratch changes nothing) and takes it out of
   * the engine's runners if they are fixed already; answers the race's scratched runners and starters.
   */
  async scratch(
    manager: EntityManager,
    scratch: { id: number; postPosition: number; at: Date; reason: string; by: number | null },
  ): Promise<{ scratched: number[]; starters: number } | undefined> {
    const marked: { post_position: number }[] = await manager.query(
      `WITH u AS (
         UPDATE current_race_entries SET scratched_at = $3, scratch_reason = $4, scratched_by = $5
          WHERE current_race_id = $1 AND post_position = $2 AND scratched_at IS NULL RETURNING post_position)
       SELECT post_position FROM u`,
      [scratch.id, scratch.postPosition, scratch.at, scratch.reason, scratch.by],
    );
    if (marked.length === 0) return undefined;
    // The race is a function of its seed and its starters: the engine input loses the runner.
    await manager.query(
      `UPDATE current_races SET engine_runners = (
         SELECT coalesce(jsonb_agg(r.value ORDER BY r.n), '[]'::jsonb)
           FROM jsonb_array_elements(engine_runners) WITH ORDINALITY AS r(value, n)
          WHERE (r.value->>'post_position')::int <> $2)
        WHERE id = $1 AND engine_runners IS NOT NULL`,
      [scratch.id, scratch.postPosition],
    );
    const [row]: { scratched: number[]; starters: number }[] = await manager.query(
      `SELECT coalesce(array_agg(post_position::int ORDER BY post_position) FILTER (WHERE scratched_at IS NOT NULL), '{}') AS scratched,
              (count(*) FILTER (WHERE scratched_at IS NULL))::int AS starters
         FROM current_race_entries WHERE current_race_id = $1`,
      [scratch.id],
    );
    return row;
  }

  /** Cancels a race left with too few starters (conditionally, like every move). */
  async cancelTooFewStarters(manager: EntityManager, id: number): Promise<boolean> {
    const rows: { id: number }[] = await manager.query(
      `WITH u AS (UPDATE current_races SET status = 'cancelled', cancel_reason = 'too_few_starters'
                   WHERE id = $1 AND status IN ('scheduled', 'open') RETURNING id)
       SELECT id FROM u`,
      [id],
    );
    return rows.length > 0;
  }

  /** Open races before post with their seed and field: where the simulation may scratch. */
  openRaceFields(racingNow: Date, limit: number): Promise<OpenRaceField[]> {
    return this.dataSource.query(
      `SELECT cr.id, cr.post_time, cr.seed,
              array_agg(e.post_position::int ORDER BY e.post_position) AS field,
              coalesce(array_agg(e.post_position::int ORDER BY e.post_position) FILTER (WHERE e.scratched_at IS NOT NULL), '{}') AS scratched
         FROM current_races cr JOIN current_race_entries e ON e.current_race_id = cr.id
        WHERE cr.status = 'open' AND cr.post_time > $1 AND cr.seed IS NOT NULL
        GROUP BY cr.id ORDER BY cr.post_time, cr.id LIMIT $2`,
      [racingNow, limit],
    );
  }
}
