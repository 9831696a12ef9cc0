// npm run bench:engine [-- --races N] [-- --live-races N --live-seconds S | --no-server]
// Part 1 simulates N whole 12-runner races (random realistic fields, distinct seeds) on the main
// thread, 6 furlongs then 10 furlongs, and prints races/s and µs per race against the target.
// Part 2 (tick-lateness.ts) runs 100 live races at once in the built server and prints the p50/p99
// lateness of its shared timer loop.
import { parseArgs } from 'node:util';
import { type EngineInput, Prng, simulateRace } from '@furlong/domain';
import { randomField } from './random-field';
import { benchTickLateness, printTickLateness } from './tick-lateness';

const DEFAULT_RACES = 20_000;
const MAX_RACES = 200_000;
const RUNNERS = 12;
const TARGET_RACES_PER_SECOND = 5_000;

interface ThroughputFigures {
  label: string;
  races: number;
  seconds: number;
  racesPerSecond: number;
  microsPerRace: number;
  medianWinnerSeconds: number;
}

function benchThroughput(label: string, furlongs: number, races: number): ThroughputFigures {
  const prng = new Prng(`engine-bench:${furlongs}`);
  // Fields are made before the clock starts: only the engine is measured.
  const inputs = Array.from({ length: races }, (_, i) => ({
    ...randomField(prng, RUNNERS, furlongs),
    seed: `bench-${furlongs}-${i}`,
  }));
  // Warm the JIT on other seeds first.
  for (let i = 0; i < Math.min(1_000, races); i++) simulateRace({ ...(inputs[i] as EngineInput), seed: `warm-${i}` });

  const winners = new Float64Array(races);
  const started = process.hrtime.bigint();
  for (let i = 0; i < races; i++) winners[i] = simulateRace(inputs[i] as EngineInput).winner_time_ms;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  winners.sort();
  return {
    label,
    races,
    seconds,
    racesPerSecond: races / seconds,
    microsPerRace: (seconds * 1e6) / races,
    medianWinnerSeconds: (winners[races >> 1] as number) / 1000,
  };
}

function printThroughput(figures: ThroughputFigures[]): void {
  console.log(`\nWhole races on one core (${RUNNERS} runners, 50 ms steps, a sample every 500 ms)`);
  console.table(
    figures.map((f) => ({
      race: f.label,
      races: f.races,
      's total': Number(f.seconds.toFixed(2)),
      'races/s': Math.round(f.racesPerSecond),
      'µs/race': Number(f.microsPerRace.toFixed(1)),
      'median winner s': Number(f.medianWinnerSeconds.toFixed(2)),
    })),
  );
  const sprint = figures[0] as ThroughputFigures;
  console.log(
    `Target ≥ ${TARGET_RACES_PER_SECOND.toLocaleString('en-US')} races/s on one core: ` +
      `${sprint.racesPerSecond >= TARGET_RACES_PER_SECOND ? 'met' : 'NOT met'} ` +
      `(${Math.round(sprint.racesPerSecond).toLocaleString('en-US')} races/s for 6 furlongs)`,
  );
}

function parseOptions(): { races: number; liveRaces: number; liveSeconds: number; server: boolean } {
  const { values } = parseArgs({
    options: {
      races: { type: 'string', default: String(DEFAULT_RACES) },
      'live-races': { type: 'string', default: '100' },
      'live-seconds': { type: 'string', default: '30' },
      'no-server': { type: 'boolean', default: false },
    },
  });
  const races = Number(values.races);
  if (!(Number.isInteger(races) && races >= 1 && races <= MAX_RACES)) {
    throw new Error(`--races must be a whole number from 1 to ${MAX_RACES.toLocaleString('en-US')}`);
  }
  const liveRaces = Number(values['live-races']);
  const liveSeconds = Number(values['live-seconds']);
  if (!(Number.isInteger(liveRaces) && liveRaces >= 1 && liveRaces <= 500)) {
    throw new Error('--live-races must be a whole number from 1 to 500');
  }
  if (!(liveSeconds >= 5 && liveSeconds <= 60)) throw new Error('--live-seconds must be from 5 to 60');
  return { races, liveRaces, liveSeconds, server: !values['no-server'] };
}

async function main(): Promise<void> {
  const options = parseOptions();

  // Part 1: the engine alone.
  printThroughput([benchThroughput('6 furlongs', 6, options.races), benchThroughput('10 furlongs', 10, options.races)]);

  // Part 2: tick lateness with 100 concurrent races in the server.
  if (options.server) {
    printTickLateness(await benchTickLateness({ races: options.liveRaces, seconds: options.liveSeconds }));
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
