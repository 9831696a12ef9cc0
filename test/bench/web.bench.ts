// npm run bench:web [-- --runs N]
// The web client's budget: the JavaScript the home route loads (gzip), and how soon the program
// card is interactive in headless chromium against the local server on the machine's PostgreSQL.

import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { newAccount, signUpAndLogIn } from '../support/accounts';
import { launchBrowser } from '../support/browser';
import { scratchDatabase } from '../support/postgres';
import { startServerProcess } from '../support/server-process';

const HOME_BUDGET_KB = 200;
const INTERACTIVE_BUDGET_MS = 1000;

/** Loads `path` and sums the gzip size of every script it fetched. */
async function scriptsLoaded(page: Page, url: string): Promise<{ files: { name: string; gzip: number }[] }> {
  const bodies: Promise<{ name: string; gzip: number }>[] = [];
  const onResponse = (response: import('playwright-core').Response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(
      response.body().then((body) => ({ name: new URL(response.url()).pathname, gzip: gzipSync(body).length })),
    );
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  return { files: await Promise.all(bodies) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' } } });
  const runs = Number(values.runs);
  if (!(Number.isInteger(runs) && runs >= 1 && runs <= 50)) throw new Error('--runs must be 1–50');

  const db = await scratchDatabase('furlong_webbench');
  const server = await startServerProcess({ DATABASE_URL: db.url }, 300_000);
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const home = await scriptsLoaded(page, `${server.baseUrl}/home`);
    const homeKb = home.files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
    console.log('\nJavaScript loaded by /home (gzip):');
    console.table(home.files.map((f) => ({ file: f.name, 'gzip KB': (f.gzip / 1024).toFixed(1) })));
    console.log(
      `Total ${homeKb.toFixed(1)} KB: budget ≤ ${HOME_BUDGET_KB} KB ${homeKb <= HOME_BUDGET_KB ? 'met' : 'NOT met'}`,
    );

    // A member's session, then the program card: from navigation until a track can be clicked.
    await signUpAndLogIn(page, server.baseUrl, newAccount('bench'));
    const timings: number[] = [];
    for (let i = 0; i < runs + 1; i++) {
      const started = Date.now();
      await page.goto(`${server.baseUrl}/program-card`);
      await page.getByRole('button', { name: 'All', exact: true }).waitFor({ state: 'visible' });
      await page.locator('tbody tr.clickable').first().waitFor({ state: 'visible' });
      const elapsed = Date.now() - started;
      // The first load warms the server's caches and chromium's; it is reported but not counted.
      if (i === 0) console.log(`\nProgram card, cold first load: ${elapsed} ms`);
      else timings.push(elapsed);
    }
    const p50 = median(timings);
    console.log(
      `Program card interactive (navigation → a clickable track), ${runs} loads: median ${p50} ms, worst ${Math.max(...timings)} ms; budget < ${INTERACTIVE_BUDGET_MS} ms ${p50 < INTERACTIVE_BUDGET_MS ? 'met' : 'NOT met'}`,
    );
  } finally {
    await browser.close();
    await server.stop();
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
