// Part 2 of the engine bench: the server's race runner with 100 races running at once. Starts the
// built server on a scratch database, puts 100 races' post times a few seconds ahead, lets the
// server open and run them by the (unscaled) racing clock, and reads the lateness of its shared
// timer loop (how long after its due instant each frame or countdown went out) from
// GET /api/racing/runner.
import { Client } from 'pg';
import { scratchDatabase } from '../support/postgres';
import { startServerProcess } from '../support/server-process';

export const TARGET_P99_MS = 10;

interface RunnerStats {
  races_held: number;
  races_running: number;
  tick_lateness_ms: { count: number; p50: number; p99: number; max: number };
}

export interface TickLatenessFigures {
  races: number;
  runningAtOnce: number;
  samples: number;
  p50: number;
  p99: number;
  max: number;
  seconds: number;
}

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchTickLateness(options: { races: number; seconds: number }): Promise<TickLatenessFigures> {
  const db = await scratchDatabase('furlong_bench_ticks');
  const server = await startServerProcess(
    {
      DATABASE_URL: db.url,
      RACING_ENABLED: 'true',
      RACING_TIME_SCALE: '1',
      RACING_SCHEDULER_SECONDS: '1',
      RACING_OPEN_LEAD_MINUTES: '1',
    },
    300_000,
  );
  const pg = new Client({ connectionString: db.url });
  await pg.connect();
  try {
    // Cards for a day far ahead (nothing else runs on it), enough of them for the races wanted.
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const tracks: { id: number; daily_races: number }[] = (
      await pg.query('SELECT id, daily_races FROM tracks ORDER BY id')
    ).rows;
    let made = 0;
    for (const track of tracks) {
      if (made >= options.races) break;
      await json(`${server.baseUrl}/api/program/tracks/${track.id}/card?date=${day}`);
      made += track.daily_races;
    }
    // All off within two seconds, 8 seconds from now: 100 races running at once for a minute or more.
    const firstPost = Date.now() + 8_000;
    const { rowCount } = await pg.query(
      `UPDATE current_races cr SET post_time = $2::timestamptz + (u.n * 20) * interval '1 millisecond',
              status = 'scheduled', seed = NULL, seed_hash = NULL, engine_runners = NULL
         FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM current_races WHERE race_date = $1
               ORDER BY id LIMIT $3) u
        WHERE cr.id = u.id`,
      [day, new Date(firstPost), options.races],
    );
    const runner = () => json<RunnerStats>(`${server.baseUrl}/api/racing/runner`);
    let runningAtOnce = 0;
    const until = firstPost + 2_000 + options.seconds * 1000;
    while (Date.now() < until) {
      await sleep(1000);
      runningAtOnce = Math.max(runningAtOnce, (await runner()).races_running);
    }
    const stats = await runner();
    return {
      races: rowCount ?? 0,
      runningAtOnce,
      samples: stats.tick_lateness_ms.count,
      p50: stats.tick_lateness_ms.p50,
      p99: stats.tick_lateness_ms.p99,
      max: stats.tick_lateness_ms.max,
      seconds: options.seconds,
    };
  } finally {
    await pg.end();
    await server.stop();
    await db.drop();
  }
}

export function printTickLateness(f: TickLatenessFigures): void {
  console.log(
    `\nTick lateness with ${f.races} concurrent races (server process, PostgreSQL, racing clock ×1, ` +
      `${f.seconds} s of running; countdowns and 500 ms frames)`,
  );
  console.table([
    {
      races: f.races,
      'running at once': f.runningAtOnce,
      'events timed': f.samples,
      'p50 ms': f.p50,
      'p99 ms': f.p99,
      'max ms': f.max,
    },
  ]);
  console.log(`Target p99 < ${TARGET_P99_MS} ms: ${f.p99 < TARGET_P99_MS ? 'met' : 'NOT met'} (p99 ${f.p99} ms)`);
}
