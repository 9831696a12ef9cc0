import type { EntityManager } from 'typeorm';

// Every start with its race day (a live run's history race is written with the day it was run on).
// `where` narrows the horses (a live result refreshes only its runners).
const starts = (where: string) => `
  SELECT f.horse_id, f.jockey_id, f.finish_position, f.speed_figure, f.earnings_cents, f.finish_time_ms,
         r.race_date, rr.finished_at, rr.id AS result_id
  FROM race_result_finishers f
  JOIN race_results rr ON rr.id = f.result_id
  JOIN races r ON r.id = rr.race_id
  ${where}`;

const upsertPastPerformances = (where: string) => `
  WITH starts AS (${starts(where)}),
  horse_totals AS (
    SELECT horse_id,
           count(*)::int AS starts,
           (count(*) FILTER (WHERE finish_position = 1))::int AS wins,
           round(avg(speed_figure), 2) AS avg_speed_figure,
           sum(earnings_cents)::bigint AS earnings_cents
    FROM starts
    GROUP BY horse_id
  ),
  last_start AS (
    SELECT DISTINCT ON (horse_id) horse_id, jockey_id, finish_time_ms, race_date
    FROM starts
    ORDER BY horse_id, finished_at DESC, race_date DESC, result_id DESC
  ),
  jockey_totals AS (
    SELECT jockey_id,
           round(100.0 * count(*) FILTER (WHERE finish_position = 1) / count(*), 2) AS win_pct
    FROM race_result_finishers
    WHERE jockey_id IN (SELECT jockey_id FROM last_start)
    GROUP BY jockey_id
  ),
  upserted AS (
    INSERT INTO past_performances (
      horse_id, jockey_id, starts, wins, win_pct_horse, avg_speed_figure_horse, earnings_cents,
      last_race_time_ms, last_race_date, win_percentage_jockey, refreshed_at
    )
    SELECT h.horse_id, l.jockey_id, h.starts, h.wins, round(100.0 * h.wins / h.starts, 2), h.avg_speed_figure,
           h.earnings_cents, l.finish_time_ms, l.race_date, coalesce(j.win_pct, 0), $1::timestamptz
    FROM horse_totals h
    JOIN last_start l ON l.horse_id = h.horse_id
    LEFT JOIN jockey_totals j ON j.jockey_id = l.jockey_id
    ON CONFLICT (horse_id) DO UPDATE SET
      jockey_id = EXCLUDED.jockey_id,
      starts = EXCLUDED.starts,
      wins = EXCLUDED.wins,
      win_pct_horse = EXCLUDED.win_pct_horse,
      avg_speed_figure_horse = EXCLUDED.avg_speed_figure_horse,
      earnings_cents = EXCLUDED.earnings_cents,
      last_race_time_ms = EXCLUDED.last_race_time_ms,
      last_race_date = EXCLUDED.last_race_date,
      win_percentage_jockey = EXCLUDED.win_percentage_jockey,
      refreshed_at = EXCLUDED.refreshed_at
    RETURNING 1
  )
  SELECT count(*)::int AS horses FROM upserted`;

const UPSERT_PAST_PERFORMANCES = upsertPastPerformances('');
const UPSERT_HORSES_PAST_PERFORMANCES = upsertPastPerformances('WHERE f.horse_id = ANY($2::int[])');

const DELETE_WITHOUT_STARTS = `
  DELETE FROM past_performances p
  WHERE NOT EXISTS (SELECT 1 FROM race_result_finishers f WHERE f.horse_id = p.horse_id)`;

// Only rows whose values change are written, so a nightly run on a settled table touches few rows.
const UPDATE_HORSES = `
  UPDATE horses h
  SET earnings_cents = t.earnings_cents, age = t.age
  FROM (
    SELECT h2.id,
           coalesce(e.total, 0)::bigint AS earnings_cents,
           greatest(0, date_part('year', age($1::date, h2.dob)))::smallint AS age
    FROM horses h2
    LEFT JOIN (
      SELECT horse_id, sum(earnings_cents) AS total FROM race_result_finishers GROUP BY horse_id
    ) e ON e.horse_id = h2.id
  ) t
  WHERE t.id = h.id AND (h.earnings_cents IS DISTINCT FROM t.earnings_cents OR h.age IS DISTINCT FROM t.age)`;

const UPDATE_JOCKEYS = `
  UPDATE jockeys j
  SET earnings_cents = t.earnings_cents
  FROM (
    SELECT j2.id, coalesce(e.total, 0)::bigint AS earnings_cents
    FROM jockeys j2
    LEFT JOIN (
      SELECT jockey_id, sum(earnings_cents) AS total FROM race_result_finishers GROUP BY jockey_id
    ) e ON e.jockey_id = j2.id
  ) t
  WHERE t.id = j.id AND j.earnings_cents IS DISTINCT FROM t.earnings_cents`;

/**
 * Recomputes, set-wise from the official results, every horse's past-performance row (horses with
 * no start lose theirs), horse and jockey earnings, and horse ages at `now`'s calendar date (UTC).
 * Run it in a transaction. Returns how many horses have a past-performance row.
 */
export async function refreshPastPerformances(manager: EntityManager, now: Date): Promise<{ horses: number }> {
  const today = now.toISOString().slice(0, 10);
  await manager.query(DELETE_WITHOUT_STARTS);
  const [row]: { horses: number }[] = await manager.query(UPSERT_PAST_PERFORMANCES, [now.toISOString()]);
  await manager.query(UPDATE_HORSES, [today]);
  await manager.query(UPDATE_JOCKEYS);
  return { horses: row?.horses ?? 0 };
}

/**
 * Recomputes the past-performance rows of some horses only (the runners of a race just finished),
 * from all their results. Earnings and ages stay with the nightly full refresh and the result writer.
 */
export async function refreshHorsePastPerformances(
  manager: EntityManager,
  now: Date,
  horseIds: readonly number[],
): Promise<{ horses: number }> {
  if (horseIds.length === 0) return { horses: 0 };
  const [row]: { horses: number }[] = await manager.query(UPSERT_HORSES_PAST_PERFORMANCES, [
    now.toISOString(),
    [...horseIds],
  ]);
  return { horses: row?.horses ?? 0 };
}
