// npm run bench:metrics-cost [-- --rounds R --bet-seconds S --viewers N --viewer-seconds S]
// What the Prometheus metrics cost on the hot paths: the bet runs of `bench:bets` (part 1) and the
// one-race fan-out of `load:viewers`, each with metrics on (the default) and off
// (METRICS_ENABLED=false: nothing counted or timed, no process defaults), R rounds whose order
// alternates (on/off, then off/on) so that a drift of the machine falls on both. Throughput on this
// 2-core machine swings far more than 3 % from run to run, so the figure compared is the server's
// own CPU per unit of work (from /proc): per accepted bet, and per 1,000 frame deliveries. Prints
// every run, the medians and their difference against the target: within 3 %.
import { parseArgs } from 'node:util';
import { Cleanup, runFanout } from '../load/fanout';
import { scratchDatabase } from '../support/postgres';
import { benchPlacing } from './bet-placing';

const TARGET_PCT = 3;
type Metrics = 'on' | 'off';

interface Run {
  round: number;
  metrics: Metrics;
  'bets/s': number;
  'CPU µs/bet': number;
  'deliveries/s': number;
  'CPU ms/1000 deliveries': number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const env = (metrics: Metrics): Record<string, string> => ({ METRICS_ENABLED: metrics === 'on' ? 'true' : 'false' });

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '3' },
      'bet-seconds': { type: 'string', default: '10' },
      viewers: { type: 'string', default: '2000' },
      'viewer-seconds': { type: 'string', default: '20' },
    },
  });
  const rounds = Number(values.rounds);
  const betSeconds = Number(values['bet-seconds']);
  const viewers = Number(values.viewers);
  const viewerSeconds = Number(values['viewer-seconds']);
  if (!(rounds >= 1 && rounds <= 10 && betSeconds >= 1 && betSeconds <= 60 && viewers >= 1 && viewers <= 5000)) {
    throw new Error('--rounds 1–10, --bet-seconds 1–60, --viewers 1–5000');
  }
  const cleanup = new Cleanup();
  process.once('exit', () => cleanup.killAll());
  const runs: Run[] = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      const order: Metrics[] = round % 2 ? ['on', 'off'] : ['off', 'on'];
      for (const metrics of order) {
        const db = await scratchDatabase('furlong_bench_metrics');
        let bets: Awaited<ReturnType<typeof benchPlacing>>;
        try {
          bets = await benchPlacing(db.url, betSeconds, 10, 100, env(metrics));
        } finally {
          await db.drop();
        }
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
        const run: Run = {
          round,
          metrics,
          'bets/s': bets.rps,
          'CPU µs/bet': bets.cpuUsPerBet,
          'deliveries/s': Math.round(fanout.deliveriesPerSecond),
          'CPU ms/1000 deliveries': Number(fanout.cpuMsPer1000.toFixed(2)),
        };
        runs.push(run);
        console.log(JSON.stringify(run));
      }
    }
  } finally {
    await cleanup.run();
  }
  console.log(`\nMetrics on and off, ${rounds} rounds, order alternating`);
  console.table(runs);
  const of = (metrics: Metrics, key: keyof Run) =>
    median(runs.filter((r) => r.metrics === metrics).map((r) => Number(r[key])));
  const rows = (['CPU µs/bet', 'CPU ms/1000 deliveries', 'bets/s', 'deliveries/s'] as const).map((key) => {
    const on = of('on', key);
    const off = of('off', key);
    return {
      figure: key,
      'median on': on,
      'median off': off,
      'on vs off %': Number(((on / off - 1) * 100).toFixed(1)),
    };
  });
  console.table(rows);
  const cpu = rows.slice(0, 2);
  const met = cpu.every((r) => r['on vs off %'] <= TARGET_PCT);
  console.log(
    `Target: server CPU per bet and per delivery within ${TARGET_PCT} % of metrics off: ${met ? 'met' : 'NOT met'}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
