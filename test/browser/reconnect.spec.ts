import { Client } from 'pg';
import { signUpAndLogIn } from '../support/accounts';
import { screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import { bringPostNear, racingNowMs } from '../support/racing-clock';

// The racing clock at 8× wall time: a race of a mile or more runs for 12 s or more, long enough to
// stop and start the server in the middle of it.
const TIME_SCALE = 8;
/** The racing minutes to post the race may have when it is picked (at most 45 s of wall time). */
const MIN_MTP = 0.5;
const MIN_FURLONGS = 8;
/** Its post time is then brought this near (racing ms; 5 s of wall time): no waiting on the card. */
const POST_IN_RACING_MS = 40_000;

/**
 * An open race of a mile or more (waits for the scheduler to open one), its post time brought to
 * 40 racing seconds from now if it is later (bringPostNear), as an operator moving a race up the card would.
 */
async function longRaceSoon(databaseUrl: string): Promise<{ id: number }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ id: number }>(
        `SELECT id FROM current_races
          WHERE status = 'open' AND furlongs >= $2 AND post_time > $1
          ORDER BY post_time LIMIT 1`,
        [new Date(racingNowMs(TIME_SCALE) + MIN_MTP * 60_000), MIN_FURLONGS],
      );
      const race = rows[0];
      if (race && (await bringPostNear(databaseUrl, race.id, TIME_SCALE, POST_IN_RACING_MS))) return race;
      await new Promise((r) => setTimeout(r, 1000));
    }
    throw new Error(`no open race of ${MIN_FURLONGS}+ furlongs posting after ${MIN_MTP} racing minutes`);
  } finally {
    await client.end();
  }
}

/**
 * Runs `steps`; when they fail, adds to the error what the restarted server logged of its racing
 * and realtime (whether and when it took the race back): a slow machine's failure says why.
 */
async function withServerLog(lines: readonly string[], raceId: number, steps: () => Promise<void>): Promise<void> {
  const started = Date.now();
  try {
    await steps();
  } catch (err) {
    const told = lines.filter((l) => /Racing|RaceRunner|Realtime|Jobs|race/.test(l)).slice(-40);
    const why = `race ${raceId}, ${Date.now() - started} ms after the restart; the server logged:\n${told.join('\n')}`;
    (err as Error).message += `\n${why}`;
    throw err;
  }
}

// Issue 22: a viewer whose server restarts in the middle of a race comes back by itself. The race
// screen says it is reconnecting, the socket reconnects to the server when it is back (same
// address, same database: as behind a proxy that sends it to another instance), rejoins the race's
// room and takes the picture from the join's reply; the new process resumes the race from its seed
// and the screen shows its result — with no reload of the page.
describe('the race screen across a server restart', () => {
  const suite = browserSuite('furlong_browser_reconnect', {
    RACING_ENABLED: 'true',
    RACING_TIME_SCALE: String(TIME_SCALE),
    RACING_SCHEDULER_SECONDS: '1',
    AUCTION_HOUSE_SALES: 'false',
    FREE_BOARDS: 'false',
    // Stable across the restart: the page's CSRF token and session stay good.
    AUTH_SECRET: 'reconnect-test-secret-reconnect-test-secret',
  });

  it('should show reconnecting while the server is away, then go on with the race to its result, without a reload', async () => {
    const { page } = suite;
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const { baseUrl } = suite.server;
    await signUpAndLogIn(page, baseUrl);

    const race = await longRaceSoon(suite.databaseUrl);
    await page.goto(`${baseUrl}/race/${race.id}`);
    await page.locator('.race-canvas canvas').waitFor({ state: 'visible' });
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { furlongMark: number }).furlongMark = 22;
    });

    const live = page.getByRole('region', { name: 'Live top 4' });
    await live.waitFor({ timeout: 120_000 });
    await screenshot(page, 'reconnect-1-running');
    // The race clock (racing seconds since the off) as the screen shows it.
    const clock = page.getByRole('timer', { name: 'Race clock' });
    // "40.00", or "1:05.25" past a minute.
    const raceSeconds = async () =>
      ((await clock.textContent()) ?? '')
        .trim()
        .split(':')
        .reduce((total, part) => total * 60 + Number(part), 0);
    const before = await raceSeconds();
    expect(before).toBeGreaterThan(0);

    // The server stops (SIGTERM) in the middle of the race: the screen says so.
    await suite.stopServer();
    const reconnecting = page.getByText('Reconnecting…');
    await reconnecting.waitFor({ timeout: 10_000 });
    await screenshot(page, 'reconnect-2-away');

    // Back on the same address: the screen reconnects by itself and the race goes on to its result.
    const server = await suite.startServerAgain();
    const official = page.getByRole('status', { name: 'Official result' });
    await withServerLog(server.lines, race.id, async () => {
      await reconnecting.waitFor({ state: 'hidden', timeout: 30_000 });
      await live.or(official).first().waitFor({ timeout: 60_000 });
      await screenshot(page, 'reconnect-3-back');
      // It goes on from where the race is now, not from where the screen left it or from the start.
      if (await live.isVisible()) expect(await raceSeconds()).toBeGreaterThan(before);
      await official.waitFor({ timeout: 60_000 });
    });
    const winner = (await official.locator('li .name').first().textContent())?.trim();
    await screenshot(page, 'reconnect-4-result');

    // The result the page shows is the race's one result, and the page was never reloaded.
    const result = (await (await fetch(`${server.baseUrl}/api/current_races/${race.id}/result`)).json()) as {
      finishers?: { horse_name?: string; position?: number }[];
    };
    expect(winner).toBeTruthy();
    expect(JSON.stringify(result)).toContain(winner as string);
    expect(await page.evaluate(() => (window as unknown as { furlongMark?: number }).furlongMark)).toBe(22);
    expect(errors).toEqual([]);
  }, 300_000);
});
