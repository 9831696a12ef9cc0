// The fair-odds thread (node:worker_threads): runs the domain's simulateFairOdds off the event loop
// that serves requests and ticks live races, one request at a time, and answers each with the
// tally's chances. Plain CommonJS on purpose: Node loads it as it is, from the built server and from
// the TypeScript sources under the test runner alike (a worker thread cannot load TypeScript), and
// it takes the domain from its build, as the built server does.
const { parentPort } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const { simulateFairOdds } = require('@furlong/domain');

parentPort.on('message', (request) => {
  const started = performance.now();
  try {
    const tally = simulateFairOdds(request.race, request.runs, request.seed);
    parentPort.postMessage({
      id: request.id,
      ok: true,
      runs: tally.runs,
      odds: tally.result(),
      ms: performance.now() - started,
    });
  } catch (err) {
    parentPort.postMessage({ id: request.id, ok: false, message: err instanceof Error ? err.message : String(err) });
  }
});
