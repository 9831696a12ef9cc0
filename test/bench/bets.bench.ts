// npm run bench:bets [-- --seconds S --connections C --users N --settle-bets B --in-flight G --instances 1|2]
// Part 1: accepted bets per second with p50/p99 against the built server on a scratch PostgreSQL
// database: N users signed up through the API, each POST /api/bets a one-bet slip with its own
// Idempotency-Key, session cookie and CSRF token, spread over 10 open races. 50 connections and 20 s
// by default: the target is a rate, and C connections each waiting for its answer can carry at most
// C ÷ latency requests a second (10 connections at ~6 ms a slip: ~1,600/s whatever the server has
// to spare), so fewer connections measure the latency rather than the capacity. Beside it, the same
// transaction in raw PostgreSQL (pgbench, bet-transaction.pgbench.sql) on the same database with
// the same clients and seconds, when pgbench is on PATH. --settle-bets 0 skips part 2.
// Part 2: the time to settle B bets (default 100,000) inserted in bulk into one race's pools,
// from the moment the runner writes the result to the moment every pool of the race is paid.

import { createHash, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { scratchDatabase } from '../support/postgres';
import { startServerProcess } from '../support/server-process';
import { rawBetTransactions } from './bet-pgbench';
import { benchPlacing, RACES, TIME_SCALE } from './bet-placing';

const TARGET_RPS = 2000;
const TARGET_P99_MS = 50;
const TARGET_SETTLE_MS = 5000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Part 2: a server with live racing (×20); one race staged, B bets inserted in bulk, its settlement timed. */
async function benchSettlement(url: string, betCount: number, userIds: number[]) {
  const pg = new Client({ connectionString: url });
  await pg.connect();
  // Races of part 1 stay out of the way: far in the future, so nothing closes, cancels or refunds them.
  await pg.query(`UPDATE current_races SET post_time = now() + interval '400 days' WHERE status = 'open'`);
  const server = await startServerProcess(
    {
      DATABASE_URL: url,
      RACING_ENABLED: 'true',
      RACING_TIME_SCALE: String(TIME_SCALE),
      RACING_SCHEDULER_SECONDS: '0.5',
      RACING_OPEN_LEAD_MINUTES: '1',
      WAGERING_CROWD_CENTS_PER_TICK: '0',
      LOG_LEVEL: 'info',
    },
    300_000,
  );
  try {
    // The racing clock: midnight UTC + (wall − midnight) × scale.
    const wall = Date.now();
    const midnight = Math.floor(wall / 86_400_000) * 86_400_000;
    const racingNow = midnight + (wall - midnight) * TIME_SCALE;
    // The race is opened here (seed and hash written as the scheduler would) so that it stays open
    // through the bulk insert while the opening lead stays short (few other races open meanwhile).
    const seed = randomBytes(32).toString('hex');
    const [race] = (
      await pg.query(
        `WITH u AS (
           UPDATE current_races SET status = 'open', post_time = $1, seed = $2, seed_hash = $3,
                  engine_runners = NULL, furlongs = 5, miles = 0.625, meters = 1006
            WHERE id = (SELECT id FROM current_races WHERE status = 'scheduled' AND num_horses >= 6
                         AND race_date > now()::date + 10 ORDER BY id LIMIT 1)
            RETURNING id, num_horses)
         SELECT * FROM u`,
        [new Date(racingNow + 20_000 * TIME_SCALE), seed, createHash('sha256').update(seed).digest('hex')],
      )
    ).rows as { id: number; num_horses: number }[];
    if (!race) throw new Error('no race to stage');
    await pg.query(
      `INSERT INTO wager_pools (current_race_id, last_race_id, bet_type, bet_type_id, race_ids, takeout, account_code)
       SELECT $1, $1, bet_type, id, ARRAY[$1::int], CASE WHEN bet_type = 'Exacta' THEN 0.185 ELSE 0.16 END,
              'pool:' || $1 || ':' || lower(bet_type)
         FROM bet_types WHERE bet_type IN ('Win', 'Show', 'Exacta')
       ON CONFLICT DO NOTHING`,
      [race.id],
    );
    await pg.query(
      `INSERT INTO wallet_accounts (kind, code) SELECT 'system', account_code FROM wager_pools WHERE current_race_id = $1
       ON CONFLICT DO NOTHING`,
      [race.id],
    );
    const status = async () =>
      ((await pg.query('SELECT status FROM current_races WHERE id = $1', [race.id])).rows[0] as { status: string })
        .status;

    const inserted = Date.now();
    await insertBulkBets(pg, race, betCount, userIds);
    console.log(
      `${betCount.toLocaleString('en-US')} bets inserted in bulk in ${((Date.now() - inserted) / 1000).toFixed(1)} s`,
    );
    if ((await status()) !== 'open') throw new Error('the race closed before the bulk insert ended: raise the lead');

    while ((await status()) !== 'finished') await sleep(10);
    const finishedAt = Date.now();
    for (;;) {
      const [{ n }] = (
        await pg.query(
          // The race's own pools: sequences through it (the house seeds doubles and Pick Ns at every
          // opening) wait for legs that part 1 left open.
          `SELECT count(*)::int AS n FROM wager_pools WHERE race_ids = ARRAY[$1::int] AND state IN ('open', 'frozen')`,
          [race.id],
        )
      ).rows as { n: number }[];
      if (n === 0) break;
      await sleep(10);
    }
    const settleMs = Date.now() - finishedAt;
    const counts = (
      await pg.query(
        `SELECT b.status, count(*)::int AS n, sum(b.payout_cents)::int8 AS paid FROM bets b
           JOIN bet_legs l ON l.bet_id = b.id WHERE l.current_race_id = $1 GROUP BY b.status ORDER BY b.status`,
        [race.id],
      )
    ).rows as { status: string; n: number; paid: string }[];
    const [{ total }] = (await pg.query('SELECT sum(balance_cents)::int8 AS total FROM wallet_accounts')).rows as {
      total: string;
    }[];
    return { settleMs, counts, ledgerSum: Number(total) };
  } finally {
    await pg.end();
    await server.stop();
  }
}

/**
 * B bets into one race (60 % Win, 20 % Show, 20 % Exacta), each with its leg and selections, the money
 * in the pools' interests, and the pools' ledger accounts funded from the house in one transfer each.
 */
async function insertBulkBets(pg: Client, race: { id: number; num_horses: number }, count: number, userIds: number[]) {
  await pg.query('BEGIN');
  await pg.query(
    `CREATE TEMP TABLE gen ON COMMIT DROP AS
       SELECT g, ($3::int[])[1 + g % array_length($3::int[], 1)] AS user_id,
              CASE WHEN g % 5 < 3 THEN 'Win' WHEN g % 5 = 3 THEN 'Show' ELSE 'Exacta' END AS bet_type,
              1 + (g * 7) % $2 AS h1, 1 + ((g * 7) % $2 + 1 + g % ($2 - 1)) % $2 AS h2
         FROM generate_series(1, $1::int) AS g`,
    [count, race.num_horses, userIds],
  );
  await pg.query(
    `INSERT INTO bets (user_id, bet_type_id, track_id, amount_cents, total_cents, combinations, idempotency_key, slip_index)
     SELECT g.user_id, bt.id, cr.track_id, 200, 200, 1, 'bulk-' || g.g, 0
       FROM gen g JOIN bet_types bt ON bt.bet_type = g.bet_type JOIN current_races cr ON cr.id = $1`,
    [race.id],
  );
  await pg.query(
    `CREATE TEMP TABLE bulk ON COMMIT DROP AS
       SELECT b.id, g.* FROM bets b JOIN gen g ON b.idempotency_key = 'bulk-' || g.g AND b.user_id = g.user_id`,
  );
  await pg.query(`INSERT INTO bet_legs (bet_id, leg, current_race_id) SELECT id, 1, $1 FROM bulk`, [race.id]);
  await pg.query(
    `INSERT INTO bet_selections (bet_id, slot, post_position)
     SELECT id, 1, h1 FROM bulk UNION ALL SELECT id, 2, h2 FROM bulk WHERE bet_type = 'Exacta'`,
  );
  await pg.query(
    `INSERT INTO wager_pool_interests (pool_id, interest, amount_cents)
     SELECT p.id, CASE WHEN b.bet_type = 'Exacta' THEN b.h1 || '-' || b.h2 ELSE b.h1::text END, sum(200)
       FROM bulk b JOIN wager_pools p ON p.current_race_id = $1 AND p.bet_type = b.bet_type
      GROUP BY 1, 2
     ON CONFLICT (pool_id, interest) DO UPDATE SET amount_cents = wager_pool_interests.amount_cents + EXCLUDED.amount_cents`,
    [race.id],
  );
  const pools = (
    await pg.query(
      `WITH s AS (SELECT bet_type, count(*) * 200 AS cents FROM bulk GROUP BY bet_type),
            u AS (UPDATE wager_pools p SET gross_cents = p.gross_cents + s.cents FROM s
                   WHERE p.current_race_id = $1 AND p.bet_type = s.bet_type RETURNING p.account_code, s.cents)
       SELECT * FROM u`,
      [race.id],
    )
  ).rows as { account_code: string; cents: string }[];
  for (const p of pools) {
    const cents = Number(p.cents);
    await pg.query(
      `WITH h AS (UPDATE wallet_accounts SET balance_cents = balance_cents - $2 WHERE code = 'house' RETURNING id, balance_cents),
            a AS (UPDATE wallet_accounts SET balance_cents = balance_cents + $2 WHERE code = $1 RETURNING id, balance_cents),
            t AS (INSERT INTO ledger_transfers (from_account_id, to_account_id, amount_cents, reason, reference, created_at)
                  SELECT h.id, a.id, $2, 'bench', 'bulk', now() FROM h, a RETURNING id)
       INSERT INTO ledger_entries (transfer_id, account_id, amount_cents, balance_after_cents, created_at)
       SELECT t.id, h.id, -$2, h.balance_cents, now() FROM t, h
       UNION ALL SELECT t.id, a.id, $2, a.balance_cents, now() FROM t, a`,
      [p.account_code, cents],
    );
  }
  await pg.query('COMMIT');
  // Fresh statistics, as autovacuum would have them for tables this size in steady state.
  await pg.query('ANALYZE bets, bet_legs, bet_selections, wager_pool_interests');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '20' },
      connections: { type: 'string', default: '50' },
      users: { type: 'string', default: '100' },
      'settle-bets': { type: 'string', default: '100000' },
      /** WAGERING_SLIP_GROUPS_IN_FLIGHT for the server (its default when not given). */
      'in-flight': { type: 'string' },
      /** 2: two servers on the database and the machine's Redis, the connections split between them. */
      instances: { type: 'string', default: '1' },
    },
  });
  const seconds = Number(values.seconds);
  const connections = Number(values.connections);
  const users = Number(values.users);
  const settleBets = Number(values['settle-bets']);
  if (values.instances !== '1' && values.instances !== '2') throw new Error('--instances must be 1 or 2');
  const instances = values.instances === '2' ? 2 : 1;
  const db = await scratchDatabase('furlong_bench_bets');
  try {
    const inFlight = values['in-flight'];
    const placing = await benchPlacing(
      db.url,
      seconds,
      connections,
      users,
      inFlight === undefined ? {} : { WAGERING_SLIP_GROUPS_IN_FLIGHT: inFlight },
      instances,
    );
    console.log(`\nPOST /api/bets, one-bet slips (Win, Exacta), ${users} users, ${RACES} open races, ${seconds} s`);
    console.table([
      {
        instances: placing.instances,
        connections: placing.connections,
        'accepted/s': placing.rps,
        'p50 ms': placing.p50,
        'p99 ms': placing.p99,
        accepted: placing.accepted,
        refused: placing.refused,
        errors: placing.errors,
        'bets stored': placing.stored,
        'server CPU µs/bet': placing.cpuUsPerBet,
        'PostgreSQL CPU µs/bet': placing.pgCpuUsPerBet ?? '–',
        'load generator CPU µs/bet': placing.loadCpuUsPerBet,
      },
    ]);
    const m = placing.metrics;
    console.log(
      m
        ? `The server's /metrics for the window${placing.instances > 1 ? ` (both servers, summed)` : ''}: ${m.slips} slips timed (furlong_bet_duration_seconds), p50 ≤ ${m.p50Ms} ms, p99 ≤ ${m.p99Ms} ms (bucket bounds), furlong_process_cpu_seconds_total +${m.cpuSeconds} s, ${m.groups} transactions of ${m.slipsPerGroup} slips on average (furlong_bet_slip_group_size)`
        : 'The server has no /metrics (METRICS_ENABLED=false?)',
    );
    console.log(
      `Target ≥ ${TARGET_RPS}/s and p99 < ${TARGET_P99_MS} ms: ${placing.rps >= TARGET_RPS && placing.p99 < TARGET_P99_MS ? 'met' : 'NOT met'}`,
    );
    const raw = await rawBetTransactions(db.url, seconds, connections);
    if (raw) {
      console.log(
        `\nThe same transaction in raw PostgreSQL (pgbench, test/bench/bet-transaction.pgbench.sql), same run`,
      );
      console.table([
        {
          '': 'API (POST /api/bets)',
          connections,
          'bets/s': placing.rps,
          'p50 ms': placing.p50,
          'p99 ms': placing.p99,
        },
        {
          '': 'pgbench (no HTTP, no Node)',
          connections,
          'bets/s': raw.tps,
          'p50 ms': raw.p50,
          'p99 ms': raw.p99,
          failed: raw.failed,
        },
      ]);
      console.log(`API / raw PostgreSQL: ${raw.tps > 0 ? ((100 * placing.rps) / raw.tps).toFixed(0) : '–'} %`);
    } else {
      console.log('\npgbench not found, raw figure skipped');
    }
    if (settleBets <= 0) return;
    const settling = await benchSettlement(
      db.url,
      settleBets,
      placing.bettors.map((b) => b.userId),
    );
    console.log(`\nSettlement of ${settleBets.toLocaleString('en-US')} bets after the finish: ${settling.settleMs} ms`);
    console.table(settling.counts.map((c) => ({ status: c.status, bets: c.n, 'paid cents': Number(c.paid) })));
    console.log(`Ledger sum after settlement: ${settling.ledgerSum} (must be 0)`);
    console.log(`Target < ${TARGET_SETTLE_MS} ms: ${settling.settleMs < TARGET_SETTLE_MS ? 'met' : 'NOT met'}`);
  } finally {
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
