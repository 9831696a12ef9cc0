// npm run bench:metrics-cost [-- --rounds R --bet-seconds S --viewers N --viewer-seconds S]
// What the Prometheus metrics cost on the hot paths, metrics on (the default) against off
// (METRICS_ENABLED=false: nothing counted or timed, no process defaults). Throughput on this 2-core
// machine swings far more than 3 % from run to run, so the figure compared is the server's own CPU
// per unit of work (from /proc), and the bets are measured in pairs run at the same time:
// - bets: two servers, one with metrics and one without, each on its own scratch database with its
//   bettors and open races (part 1 of `bench:bets`), loaded at once by two autocannons for S seconds
//   (5 connections each): whatever else the machine does falls on both. Each round gives the ratio
//   of their CPU per accepted bet; the median ratio over R rounds is the figure.
// - viewers: the one-race fan-out of `load:viewers` (N viewers, S seconds), on then off, the order
//   alternating by round (two fan-outs at once would compete for the same two cores' sockets);
//   CPU per 1,000 deliveries. --viewers 0 leaves it out.
// Prints every run, the medians and the target: within 3 %.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Cleanup, runFanout } from '../load/fanout';
import { scratchDatabase } from '../support/postgres';
import { prepareBetting } from './bet-placing';
import { type ProfileShare, profileShare, readProfile } from './cpu-profile-share';

const TARGET_PCT = 3;
type Metrics = 'on' | 'off';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
let sameOnBoth = false;

/** Runs `work` with the servers it starts writing a CPU profile; the share of metrics code in its last window. */
async function profiled(work: () => Promise<unknown>, fromEndS: number, toEndS: number): Promise<ProfileShare> {
  const dir = mkdtempSync(join(tmpdir(), 'furlong-metrics-prof-'));
  const before = process.env.SERVER_NODE_ARGS;
  process.env.SERVER_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${dir}`;
  try {
    await work();
  } finally {
    if (before === undefined) delete process.env.SERVER_NODE_ARGS;
    else process.env.SERVER_NODE_ARGS = before;
  }
  try {
    const [file] = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('the server wrote no CPU profile');
    return profileShare(readProfile(join(dir, file)), fromEndS, toEndS);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const env = (metrics: Metrics): Record<string, string> => ({
  METRICS_ENABLED: metrics === 'on' || sameOnBoth ? 'true' : 'false',
});

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '3' },
      'bet-seconds': { type: 'string', default: '10' },
      viewers: { type: 'string', default: '2000' },
      'viewer-seconds': { type: 'string', default: '20' },
      /** Both bet servers with metrics on: how far apart two equal servers measure (the method's own error). */
      aa: { type: 'boolean', default: false },
      /** Skip the profiled runs (one bet run and one fan-out with metrics on, V8 CPU profile). */
      'no-profile': { type: 'boolean', default: false },
    },
  });
  const rounds = Number(values.rounds);
  const betSeconds = Number(values['bet-seconds']);
  const viewers = Number(values.viewers);
  const viewerSeconds = Number(values['viewer-seconds']);
  sameOnBoth = values.aa === true;
  if (sameOnBoth)
    console.log('A/A: both bet servers run with metrics on ("off" below is a second server with metrics on)');
  if (!(rounds >= 1 && rounds <= 10 && betSeconds >= 1 && betSeconds <= 60 && viewers >= 0 && viewers <= 5000)) {
    throw new Error('--rounds 1–10, --bet-seconds 1–60, --viewers 0–5000');
  }
  const cleanup = new Cleanup();
  process.once('exit', () => cleanup.killAll());
  const pairs: {
    round: number;
    'on CPU µs/bet': number;
    'off CPU µs/bet': number;
    'on bets/s': number;
    'off bets/s': number;
    'on/off': number;
  }[] = [];
  const fanouts: { round: number; metrics: Metrics; 'deliveries/s': number; 'CPU ms/1000 deliveries': number }[] = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      const dbs = [await scratchDatabase('furlong_bench_metrics_a'), await scratchDatabase('furlong_bench_metrics_b')];
      const benches: Awaited<ReturnType<typeof prepareBetting>>[] = [];
      try {
        // The one prepared second has sat idle less before the run: alternate which that is.
        const order: Metrics[] = round % 2 ? ['on', 'off'] : ['off', 'on'];
        const prepared = new Map<Metrics, Awaited<ReturnType<typeof prepareBetting>>>();
        for (const [i, metrics] of order.entries()) {
          const bench = await prepareBetting((dbs[i] as { url: string }).url, 100, 5, env(metrics));
          benches.push(bench);
          prepared.set(metrics, bench);
        }
        const [on, off] = await Promise.all(
          (['on', 'off'] as const).map((m) => (prepared.get(m) as (typeof benches)[number]).run(betSeconds, 5)),
        );
        if (!on || !off) throw new Error('a bet run gave no figures');
        const pair = {
          round,
          'on CPU µs/bet': on.cpuUsPerBet,
          'off CPU µs/bet': off.cpuUsPerBet,
          'on bets/s': on.rps,
          'off bets/s': off.rps,
          'on/off': Number((on.cpuUsPerBet / off.cpuUsPerBet).toFixed(3)),
        };
        pairs.push(pair);
        console.log(JSON.stringify(pair));
      } finally {
        for (const b of benches) await b.close();
        for (const db of dbs) await db.drop();
      }
      if (viewers === 0) continue;
      const order: Metrics[] = round % 2 ? ['on', 'off'] : ['off', 'on'];
      for (const metrics of order) {
        const fanout = await runFanout(
          {
            mode: 'product',
            viewers,
            seconds: viewerSeconds,
            processes: 1,
            instances: 1,
            concurrency: 100,
            log: () => undefined,
            serverEnv: env(metrics),
          },
          cleanup,
        );
        const run = {
          round,
          metrics,
          'deliveries/s': Math.round(fanout.deliveriesPerSecond),
          'CPU ms/1000 deliveries': Number(fanout.cpuMsPer1000.toFixed(2)),
        };
        fanouts.push(run);
        console.log(JSON.stringify(run));
      }
    }
  } finally {
    await cleanup.run();
  }
  // Sampling: the share of the metrics' own code in the server's CPU, one run of each with metrics on.
  const shares: { run: string; 'busy ms': number; 'metrics %': number; 'GC %': number; where: string }[] = [];
  if (!values['no-profile']) {
    const db = await scratchDatabase('furlong_bench_metrics_prof');
    try {
      const bets = await profiled(
        async () => {
          const bench = await prepareBetting(db.url, 100, 5, env('on'));
          try {
            await bench.run(betSeconds, 5);
          } finally {
            await bench.close();
          }
        },
        betSeconds + 1,
        1,
      );
      shares.push({
        run: `bets, ${betSeconds} s`,
        'busy ms': bets.busyMs,
        'metrics %': bets.metricsPct,
        'GC %': bets.gcPct,
        where: JSON.stringify(bets.parts),
      });
    } finally {
      await db.drop();
    }
    if (viewers > 0) {
      const fan = await profiled(
        () =>
          runFanout(
            {
              mode: 'product',
              viewers,
              seconds: viewerSeconds,
              processes: 1,
              instances: 1,
              concurrency: 100,
              log: () => undefined,
              serverEnv: env('on'),
            },
            new Cleanup(cleanup),
          ),
        viewerSeconds + 3,
        3,
      );
      shares.push({
        run: `${viewers} viewers, ${viewerSeconds} s`,
        'busy ms': fan.busyMs,
        'metrics %': fan.metricsPct,
        'GC %': fan.gcPct,
        where: JSON.stringify(fan.parts),
      });
    }
    await cleanup.run();
  }
  console.log(`\nBets: metrics on and off at the same time, ${rounds} rounds, ${betSeconds} s each`);
  console.table(pairs);
  const betRatio = median(pairs.map((p) => p['on/off']));
  const betPct = Number(((betRatio - 1) * 100).toFixed(1));
  console.log(`Median CPU per bet, on vs off: ${betPct > 0 ? '+' : ''}${betPct} %`);
  let viewerPct: number | null = null;
  if (fanouts.length > 0) {
    console.log(`\nViewers: ${viewers} on one race, ${viewerSeconds} s, on and off in alternating order`);
    console.table(fanouts);
    const of = (m: Metrics) => median(fanouts.filter((f) => f.metrics === m).map((f) => f['CPU ms/1000 deliveries']));
    viewerPct = Number(((of('on') / of('off') - 1) * 100).toFixed(1));
    console.log(
      `Median CPU per 1,000 deliveries: on ${of('on')} ms, off ${of('off')} ms: ${viewerPct > 0 ? '+' : ''}${viewerPct} %`,
    );
  }
  const met = betPct <= TARGET_PCT && (viewerPct === null || viewerPct <= TARGET_PCT);
  console.log(
    `Timed runs: server CPU per bet and per delivery within ${TARGET_PCT} % of metrics off: ${met ? 'met' : 'NOT met'}`,
  );
  if (shares.length > 0) {
    console.log("\nSampled (V8 CPU profile, metrics on): the metrics code's share of the server's busy CPU");
    console.table(shares);
    const sampledMet = shares.every((s) => s['metrics %'] <= TARGET_PCT);
    console.log(`Sampled: metrics code within ${TARGET_PCT} % of the server's CPU: ${sampledMet ? 'met' : 'NOT met'}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
