// The raw-PostgreSQL figure of `npm run bench:bets`: pgbench runs bet-transaction.pgbench.sql (one
// transaction with the writes of a one-bet slip, see that file) on the bench's scratch database,
// with the API run's connections and seconds, so the two figures stand side by side in one run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { REPO_ROOT } from '../support/server-process';

const SCRIPT = join(REPO_ROOT, 'test/bench/bet-transaction.pgbench.sql');
const SETUP = join(REPO_ROOT, 'test/bench/bet-transaction.setup.sql');

export interface PgbenchFigures {
  tps: number;
  p50: number;
  p99: number;
  transactions: number;
  failed: number;
}

/** The pgbench on PATH, or undefined. */
export function pgbenchPath(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v pgbench'], { encoding: 'utf8' });
  const path = found.stdout.trim();
  return found.status === 0 && path !== '' ? path : undefined;
}

/** Runs the script for `seconds` with `connections` clients; undefined without pgbench. */
export async function rawBetTransactions(
  url: string,
  seconds: number,
  connections: number,
): Promise<PgbenchFigures | undefined> {
  const pgbench = pgbenchPath();
  if (!pgbench) return undefined;
  const pg = new Client({ connectionString: url });
  await pg.connect();
  let counts: { races: string; users: string };
  try {
    const results = (await pg.query(readFileSync(SETUP, 'utf8'))) as unknown as { rows: unknown[] }[];
    counts = results.at(-1)?.rows[0] as { races: string; users: string };
  } finally {
    await pg.end();
  }
  if (Number(counts.races) === 0 || Number(counts.users) === 0)
    throw new Error('pgbench setup found no races or users');
  const dir = mkdtempSync(join(tmpdir(), 'furlong-pgbench-'));
  try {
    const run = spawnSync(
      pgbench,
      [
        '--no-vacuum',
        '--protocol=prepared',
        `--client=${connections}`,
        '--jobs=1',
        `--time=${seconds}`,
        `--file=${SCRIPT}`,
        `--define=races=${counts.races}`,
        `--define=users=${counts.users}`,
        '--log',
        `--log-prefix=${join(dir, 'tx')}`,
        url,
      ],
      { encoding: 'utf8' },
    );
    if (run.status !== 0) throw new Error(`pgbench failed (${run.status}):\n${run.stderr}\n${run.stdout}`);
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1] ?? Number.NaN);
    const failed = Number(/number of failed transactions: (\d+)/.exec(run.stdout)?.[1] ?? 0);
    // Per-transaction log lines: client, transaction number, latency µs, script, epoch s, µs.
    const latencies: number[] = [];
    for (const file of readdirSync(dir)) {
      for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
        const us = Number(line.split(' ')[2]);
        if (Number.isFinite(us) && line !== '') latencies.push(us / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    return {
      tps: Math.round(tps),
      p50: Number(at(0.5).toFixed(1)),
      p99: Number(at(0.99).toFixed(1)),
      transactions: latencies.length,
      failed,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
