// npm run bench:web [-- --runs N]
// The web client's budget: the JavaScript the home route loads (gzip), and how soon the program
// card is interactive in headless chromium against the local server on the machine's PostgreSQL.
// Then home, program card and race card on a desktop and on a phone profile (375×812, 4× CPU
// slowdown, 1.6 Mbps down, 150 ms round trip, through the DevTools protocol), side by side.

import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { newAccount, signUpAndLogIn } from '../support/accounts';
import { launchBrowser } from '../support/browser';
import { scratchDatabase } from '../support/postgres';
import { startServerProcess } from '../support/server-process';

const HOME_BUDGET_KB = 200;
const INTERACTIVE_BUDGET_MS = 1000;
const PHONE_BUDGET_MS = 2500;

/** The phone profile, as the DevTools protocol throttles it. */
const PHONE = {
  viewport: { width: 375, height: 812 },
  cpuSlowdown: 4,
  downKbps: 1600,
  upKbps: 750,
  roundTripMs: 150,
} as const;

interface Screen {
  name: string;
  path: string;
  /** Resolves once the page can be used. */
  ready(page: Page): Promise<void>;
}

/** Loads each screen `runs` + 1 times (the first warms caches, reported apart) and answers the median ms. */
async function timeScreens(page: Page, baseUrl: string, screens: readonly Screen[], runs: number) {
  const rows: { screen: string; cold: number; median: number; worst: number }[] = [];
  for (const screen of screens) {
    const timings: number[] = [];
    let cold = 0;
    for (let i = 0; i < runs + 1; i++) {
      const started = Date.now();
      await page.goto(`${baseUrl}${screen.path}`);
      await screen.ready(page);
      const elapsed = Date.now() - started;
      if (i === 0) cold = elapsed;
      else timings.push(elapsed);
    }
    rows.push({ screen: screen.name, cold, median: median(timings), worst: Math.max(...timings) });
  }
  return rows;
}

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

/** A current race to open the race card of (the day's cards are made on first request). */
async function someRace(baseUrl: string): Promise<number> {
  const first = async () =>
    ((await (await fetch(`${baseUrl}/api/current_races?limit=1`)).json()) as { items: { id: number }[] }).items[0]?.id;
  let id = await first();
  if (id === undefined) {
    await fetch(`${baseUrl}/api/program/tracks/1/card`);
    id = await first();
  }
  if (id === undefined) throw new Error('no current race to open');
  return id;
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

    // Home, program card and race card: desktop beside the phone profile.
    const raceId = await someRace(server.baseUrl);
    const screens: Screen[] = [
      {
        name: 'home',
        path: '/home',
        ready: (p) => p.getByRole('link', { name: 'Open the program card' }).waitFor({ state: 'visible' }),
      },
      {
        name: 'program card',
        path: '/program-card',
        ready: (p) => p.locator('tbody tr.clickable').first().waitFor({ state: 'visible' }),
      },
      {
        name: 'race card',
        path: `/race-card?raceId=${raceId}`,
        ready: (p) => p.getByRole('table', { name: /^Entries/ }).waitFor({ state: 'visible' }),
      },
    ];
    const desktop = await timeScreens(page, server.baseUrl, screens, runs);
    const phone = await browser.newPage();
    await phone.setViewportSize(PHONE.viewport);
    phone.setDefaultTimeout(60_000);
    const cdp = await browser.context.newCDPSession(phone);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.roundTripMs,
      downloadThroughput: (PHONE.downKbps * 1000) / 8,
      uploadThroughput: (PHONE.upKbps * 1000) / 8,
    });
    const onPhone = await timeScreens(phone, server.baseUrl, screens, runs);
    console.log(
      `\nInteractive, ${runs} loads each after a first (cold) one: desktop 1280×900, and a phone ` +
        `(375×812, ${PHONE.cpuSlowdown}× CPU slowdown, ${PHONE.downKbps / 1000} Mbps down, ${PHONE.roundTripMs} ms round trip):`,
    );
    console.table(
      desktop.map((d, i) => {
        const m = onPhone[i] as (typeof onPhone)[number];
        return {
          screen: d.screen,
          'desktop median ms': d.median,
          'desktop worst ms': d.worst,
          'phone cold ms': m.cold,
          'phone median ms': m.median,
          'phone worst ms': m.worst,
          [`phone ≤ ${PHONE_BUDGET_MS} ms`]: m.median <= PHONE_BUDGET_MS ? 'met' : 'NOT met',
        };
      }),
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
