// SERVER_NODE_ARGS="--require <repo>/test/dist/bench/sql-round-trips.js" npm run bench:bets …
// Counts the SQL round trips a server process sends, by the statement's first 60 characters, with
// the mean time to its answer, and writes them to $SQL_ROUND_TRIPS_DIR (default: the OS temp dir)
// as sql-round-trips-<pid>.txt every 2 s and at SIGTERM. Divide by the accepted bets of the run
// for round trips per bet. A diagnostic: it wraps pg's Client.query, nothing else changes.
import { writeFileSync } from 'node:fs';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Query = (this: unknown, config: unknown, ...rest: unknown[]) => unknown;
const counts = new Map<string, { n: number; ms: number }>();
const loader = Module as unknown as { _load(request: string, ...rest: unknown[]): unknown };
const load = loader._load;
let hooked = false;

loader._load = function (this: unknown, request: string, ...rest: unknown[]) {
  const loaded = load.call(this, request, ...rest) as { Client?: { prototype: { query: Query } } };
  if (!hooked && request === 'pg' && loaded?.Client) {
    hooked = true;
    const query = loaded.Client.prototype.query;
    loaded.Client.prototype.query = function (this: unknown, config: unknown, ...args: unknown[]) {
      const answer = query.call(this, config, ...args);
      const text = typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text;
      if (text) {
        const head = text.replace(/\s+/g, ' ').trim().slice(0, 60);
        const c = counts.get(head) ?? { n: 0, ms: 0 };
        counts.set(head, c);
        c.n++;
        const started = performance.now();
        const done = () => {
          c.ms += performance.now() - started;
        };
        if (answer instanceof Promise) answer.then(done, done);
      }
      return answer;
    };
  }
  return loaded;
};

function dump(): void {
  const rows = [...counts].sort((a, b) => b[1].n - a[1].n);
  const file = join(process.env.SQL_ROUND_TRIPS_DIR ?? tmpdir(), `sql-round-trips-${process.pid}.txt`);
  writeFileSync(file, rows.map(([head, c]) => `${c.n}\t${(c.ms / c.n).toFixed(2)} ms\t${head}`).join('\n') + '\n');
}

process.on('SIGTERM', () => {
  dump();
  process.exit(0);
});
setInterval(dump, 2000).unref();
