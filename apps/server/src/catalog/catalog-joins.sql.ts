// The catalog's rows for a module that shows them beside its own in one statement (a hot read stays
// one round trip), as racing's lockedRacesForShareSql is for wagering. Each is a subquery of at most
// one row per key: join it `JOIN LATERAL (…) alias ON true` (a row without a match drops out, as an
// inner join) or `LEFT JOIN LATERAL (…) alias ON true`. The key is an SQL expression of the caller's
// (a column, never a request value); the catalog alone names its tables and columns here. PostgreSQL
// pulls such subqueries up into the caller's join, so the plan is that of a plain join.

/** track_name, utc_offset_minutes of the track `trackId`. */
export function trackSql(trackId: string): string {
  return `SELECT track_name, utc_offset_minutes FROM tracks WHERE id = ${trackId}`;
}

/**
 * horse_name, horse_number, dob (YYYY-MM-DD text), gender, trainer_id, trainer_name, owner_id,
 * owner_name of the horse `horseId`.
 */
export function horseSql(horseId: string): string {
  return `SELECT h.horse_name, h.horse_number, h.dob::text AS dob, h.gender, h.trainer_id, tr.trainer_name, h.owner_id,
                 o.owner_name
            FROM horses h
            LEFT JOIN trainers tr ON tr.id = h.trainer_id
            LEFT JOIN owners o ON o.id = h.owner_id
           WHERE h.id = ${horseId}`;
}

/** jockey_name of the jockey `jockeyId`. */
export function jockeySql(jockeyId: string): string {
  return `SELECT jockey_name FROM jockeys WHERE id = ${jockeyId}`;
}

/**
 * A runner's form from its past performances (null where the horse has none): horse_name, dob
 * (YYYY-MM-DD text), gender, win_pct, avg_speed, earnings_cents, last_race_time_ms, and
 * jockey_win_pct of the rider `jockeyId`.
 */
export function runnerFormSql(horseId: string, jockeyId: string): string {
  return `SELECT h.horse_name, h.dob::text AS dob, h.gender, pp.win_pct_horse::float8 AS win_pct, pp.avg_speed_figure_horse::float8 AS avg_speed,
                 pp.earnings_cents::float8 AS earnings_cents, pp.last_race_time_ms::float8 AS last_race_time_ms,
                 (SELECT p2.win_percentage_jockey FROM past_performances p2 WHERE p2.jockey_id = ${jockeyId} LIMIT 1)::float8
                   AS jockey_win_pct
            FROM horses h LEFT JOIN past_performances pp ON pp.horse_id = h.id
           WHERE h.id = ${horseId}`;
}

/**
 * last_finishes: the horse `horseId`'s finishing positions in its last three races that finished
 * before the instant `before`, the latest first (an empty array for a horse without a start).
 */
export function lastFinishesSql(horseId: string, before: string): string {
  return `SELECT coalesce(array_agg(l.finish_position ORDER BY l.finished_at DESC, l.result_id DESC), '{}') AS last_finishes
            FROM (SELECT f.finish_position, rr.finished_at, rr.id AS result_id
                    FROM race_result_finishers f JOIN race_results rr ON rr.id = f.result_id
                   WHERE f.horse_id = ${horseId} AND rr.finished_at < ${before}
                   ORDER BY rr.finished_at DESC, rr.id DESC
                   LIMIT 3) l`;
}

/**
 * The results of live races: result_id, current_race_id, race_id, race_name, finished_at,
 * race_duration_ms, wire_position, num_horses, winner_horse_id, winner_post_position.
 */
export function liveResultsSql(): string {
  return `SELECT rr.id AS result_id, rr.current_race_id, rr.race_id, r.race_name, rr.finished_at, rr.race_duration_ms,
                 rr.wire_position, rr.num_horses, rr.winner_horse_id, rr.winner_post_position
            FROM race_results rr JOIN races r ON r.id = rr.race_id`;
}
