import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** One starter's stored chances (a row of race_fair_odds). */
export interface StoredFairOdds {
  post_position: number;
  win_probability: number;
  place_probability: number;
  show_probability: number;
  runs: number;
  seed: string;
  computed_at: Date;
}

/** A race's fair odds as the calibration reads them: win chances by post position. */
export interface StoredWinChances {
  current_race_id: number;
  posts: number[];
  win: number[];
}

/** What a computation keeps for a race: one row per starter. */
export interface FairOddsToStore {
  runs: number;
  seed: string;
  computedAt: Date;
  runners: { post_position: number; win: number; place: number; show: number }[];
}

// A chance as the table's check wants it: tallies of fractions (dead heats) may come out a hair over 1.
const chance = (p: number) => Math.min(1, Math.max(0, p));

/** race_fair_odds: the fair-odds module's table. */
@Injectable()
export class FairOddsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** A race's rows, by post position (empty when none were made). */
  async ofRace(raceId: number): Promise<StoredFairOdds[]> {
    const rows: StoredFairOdds[] = await this.dataSource.query(
      `SELECT post_position, win_probability, place_probability, show_probability, runs, seed, computed_at
         FROM race_fair_odds WHERE current_race_id = $1 ORDER BY post_position`,
      [raceId],
    );
    return rows;
  }

  /** The post positions each of these races has fair odds for (races without any are left out). */
  async fields(raceIds: readonly number[]): Promise<Map<number, number[]>> {
    if (raceIds.length === 0) return new Map();
    const rows: { current_race_id: number; posts: number[] }[] = await this.dataSource.query(
      `SELECT current_race_id, array_agg(post_position ORDER BY post_position) AS posts
         FROM race_fair_odds WHERE current_race_id = ANY($1::int[]) GROUP BY current_race_id`,
      [[...raceIds]],
    );
    return new Map(rows.map((r) => [r.current_race_id, r.posts.map(Number)]));
  }

  /**
   * Replaces a race's fair odds with those of the field just simulated, in one transaction: rows of
   * runners no longer in it go, the others are written over (two instances that computed the same
   * field leave one consistent set, whichever writes last).
   */
  async replace(raceId: number, odds: FairOddsToStore): Promise<void> {
    const posts = odds.runners.map((r) => r.post_position);
    // PGlite is one session: everything goes through the transaction's own manager.
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        'DELETE FROM race_fair_odds WHERE current_race_id = $1 AND NOT (post_position = ANY($2::int[]))',
        [raceId, posts],
      );
      await manager.query(
        `INSERT INTO race_fair_odds
           (current_race_id, post_position, win_probability, place_probability, show_probability, runs, seed, computed_at)
         SELECT $1, u.post, u.win, u.place, u.show, $6, $7, $8
           FROM unnest($2::int[], $3::float8[], $4::float8[], $5::float8[]) AS u(post, win, place, show)
         ON CONFLICT (current_race_id, post_position) DO UPDATE
            SET win_probability = excluded.win_probability, place_probability = excluded.place_probability,
                show_probability = excluded.show_probability, runs = excluded.runs, seed = excluded.seed,
                computed_at = excluded.computed_at`,
        [
          raceId,
          posts,
          odds.runners.map((r) => chance(r.win)),
          odds.runners.map((r) => chance(r.place)),
          odds.runners.map((r) => chance(r.show)),
          odds.runs,
          odds.seed,
          odds.computedAt,
        ],
      );
    });
  }

  /** The win chances of the `limit` races whose fair odds were made last, newest first. */
  async latestWinChances(limit: number): Promise<StoredWinChances[]> {
    const rows: StoredWinChances[] = await this.dataSource.query(
      `SELECT current_race_id, array_agg(post_position ORDER BY post_position) AS posts,
              array_agg(win_probability ORDER BY post_position) AS win
         FROM race_fair_odds
        WHERE current_race_id IN (
                SELECT current_race_id FROM race_fair_odds
                 GROUP BY current_race_id ORDER BY max(computed_at) DESC, current_race_id DESC LIMIT $1)
        GROUP BY current_race_id
        ORDER BY max(computed_at) DESC, current_race_id DESC`,
      [limit],
    );
    return rows.map((r) => ({
      current_race_id: r.current_race_id,
      posts: r.posts.map(Number),
      win: r.win.map(Number),
    }));
  }
}
