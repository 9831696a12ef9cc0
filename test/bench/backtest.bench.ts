// npm run bench:backtest: how long the race predictor's back-test (issue 17) takes over the whole
// history of a freshly seeded database (~3,600 races, ~33,000 starts):
// 1. the domain alone, in this process on one core: replayForm (each runner's form before its race)
//    and backtest (hit rate, log-loss, Brier, calibration) under one set of weights; best of 5;
// 2. through the API on the built server: the first request (loads the history and replays it) and
//    then requests with other weights (the replay is kept), as the client sees them and as the
//    response's compute_ms and the product's /metrics (furlong_http_request_duration_seconds) say.
// Target: the whole history in ≤ 2 s on one core.

import { backtest, type HistoryRace, replayedProbabilities, replayForm } from '@furlong/domain';
import { Client } from 'pg';
import { scratchDatabase } from '../support/postgres';
import { startServerProcess } from '../support/server-process';

const TARGET_MS = 2000;
const METRICS_TOKEN = 'bench-metrics-token-backtest';
const SPEC = { winRate: 0.2, averageSpeed: 0.3, earnings: 0.1, lastRaceTime: 0.3, jockeyWinRate: 0.1 };

const STARTS_SQL = `
  SELECT rr.id AS result_id, f.horse_id, f.jockey_id, f.finish_position, f.speed_figure,
         f.earnings_cents::float8 AS earnings_cents, f.finish_time_ms
    FROM race_result_finishers f
    JOIN race_results rr ON rr.id = f.result_id
    JOIN races r ON r.id = rr.race_id
   ORDER BY rr.finished_at, r.race_date, rr.id, f.finish_position, f.post_position`;

interface StartRow {
  result_id: number;
  horse_id: number;
  jockey_id: number | null;
  finish_position: number;
  speed_figure: number | null;
  earnings_cents: number;
  finish_time_ms: number | null;
}

function best(runs: number, work: () => void): number {
  let min = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work();
    min = Math.min(min, performance.now() - started);
  }
  return min;
}

async function metricSum(baseUrl: string): Promise<{ count: number; sum: number }> {
  const res = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  let count = 0;
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.includes('route="/api/handicapping/backtest"')) continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (line.startsWith('furlong_http_request_duration_seconds_count')) count += value;
    if (line.startsWith('furlong_http_request_duration_seconds_sum')) sum += value;
  }
  return { count, sum };
}

async function main(): Promise<void> {
  const db = await scratchDatabase('furlong_bench_backtest');
  const server = await startServerProcess(
    { DATABASE_URL: db.url, RACING_ENABLED: 'false', LOG_LEVEL: 'info', METRICS_TOKEN },
    300_000,
  );
  try {
    // 1. The domain on this process's one core.
    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    const rows = (await pg.query(STARTS_SQL)).rows as StartRow[];
    await pg.end();
    const races: HistoryRace[] = [];
    for (const r of rows) {
      let race = races[races.length - 1];
      if (race?.key !== r.result_id) {
        race = { key: r.result_id, starts: [] };
        races.push(race);
      }
      (race.starts as HistoryRace['starts'][number][]).push({
        horseId: r.horse_id,
        jockeyId: r.jockey_id,
        finishPosition: r.finish_position,
        speedFigure: r.speed_figure,
        earningsCents: r.earnings_cents,
        finishTimeMs: r.finish_time_ms,
      });
    }
    let replayed = replayForm(races);
    const replayMs = best(5, () => {
      replayed = replayForm(races);
    });
    const scoreMs = best(5, () => {
      backtest(replayed.map((r) => ({ probabilities: replayedProbabilities(r, SPEC), winners: r.winners })));
    });

    // 2. Through the API.
    const get = async (query: string) => {
      const started = performance.now();
      const res = await fetch(`${server.baseUrl}/api/handicapping/backtest${query}`);
      const body = (await res.json()) as { compute_ms: number; races: number };
      if (res.status !== 200) throw new Error(`backtest: ${res.status} ${JSON.stringify(body)}`);
      return { ms: performance.now() - started, computeMs: body.compute_ms, races: body.races };
    };
    const metricsBefore = await metricSum(server.baseUrl);
    const cold = await get('');
    const warm: number[] = [];
    const warmCompute: number[] = [];
    for (let i = 1; i <= 10; i++) {
      const r = await get(`?win_rate=${(i / 10).toFixed(2)}&average_speed=${(1 - i / 20).toFixed(2)}`);
      warm.push(r.ms);
      warmCompute.push(r.computeMs);
    }
    const metricsAfter = await metricSum(server.baseUrl);
    warm.sort((a, b) => a - b);
    warmCompute.sort((a, b) => a - b);
    const median = (xs: number[]) => xs[Math.floor(xs.length / 2)] as number;

    console.log(`\nBack-test over the seeded history: ${races.length} races, ${rows.length} starts`);
    console.table([
      { step: 'domain: replayForm (form before each race), best of 5', ms: Number(replayMs.toFixed(1)) },
      { step: 'domain: backtest under one set of weights, best of 5', ms: Number(scoreMs.toFixed(1)) },
      { step: 'API: first request (load + replay + score), wall', ms: Math.round(cold.ms) },
      { step: 'API: next requests, other weights, median wall', ms: Math.round(median(warm)) },
      { step: 'API: next requests, median compute_ms (scoring only)', ms: median(warmCompute) },
    ]);
    const served = metricsAfter.count - metricsBefore.count;
    console.log(
      `The server's /metrics: ${served} back-test requests, ${(((metricsAfter.sum - metricsBefore.sum) / Math.max(1, served)) * 1000).toFixed(0)} ms on average (furlong_http_request_duration_seconds, route /api/handicapping/backtest)`,
    );
    const whole = replayMs + scoreMs;
    console.log(
      `Target: the whole history in ≤ ${TARGET_MS} ms on one core: ${whole.toFixed(0)} ms (domain), ${Math.round(cold.ms)} ms (first API request): ${whole <= TARGET_MS && cold.ms <= TARGET_MS ? 'met' : 'NOT met'}`,
    );
  } finally {
    await server.stop();
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
