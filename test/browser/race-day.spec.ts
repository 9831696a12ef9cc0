import type { CurrentRaceDetail } from '@furlong/contracts';
import type { Locator, Page } from 'playwright-core';
import { signUpAndLogIn } from '../support/accounts';
import { screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import { bringPostNear } from '../support/racing-clock';
import type { ServerProcess } from '../support/server-process';

/** The racing clock's pace here. */
const TIME_SCALE = 20;
/** Racing minutes a race must have left for the walk to bet on it (20×: 3 s of wall time each). */
const MIN_MTP = 8;
const MAX_MTP = 25;

/** The first race on the home page's next-to-post list with between MIN_MTP and MAX_MTP minutes to post. */
async function raceToBetOn(page: Page, baseUrl: string): Promise<Locator> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const next = page.getByRole('region', { name: 'Next to post' });
    const rows = next.getByRole('listitem');
    await rows.first().waitFor();
    for (const row of await rows.all()) {
      const mtp = Number.parseInt((await row.getByRole('timer').textContent()) ?? '', 10);
      if (mtp >= MIN_MTP && mtp <= MAX_MTP) return row.getByRole('link').first();
    }
    await page.waitForTimeout(3000);
    await page.goto(`${baseUrl}/home`);
  }
  throw new Error(`no race between ${MIN_MTP} and ${MAX_MTP} MTP on the home page in 2 minutes`);
}

// Issue 15's walk: a fan's race day. Home → next to post → the race card → an exacta key built on
// the position grid (and, so that one bet is sure to pay, an exacta on every order) → review →
// place → watch the race → its result with the payoffs and their own bet paid → the betting
// history by name → the winner's profile with that race in its past performances. At 20× a race
// posts every minute or two and runs in seconds.
describe("a fan's race day in the browser", () => {
  const suite = browserSuite('furlong_race_day', {
    RACING_ENABLED: 'true',
    RACING_TIME_SCALE: String(TIME_SCALE),
    RACING_SCHEDULER_SECONDS: '1',
    RACING_OPEN_LEAD_MINUTES: '30',
  });
  let server: ServerProcess;
  let page: Page;

  beforeEach(async () => {
    ({ server, page } = suite);
  });

  it('should take a member from the home page to a paid exacta and the winner’s profile', async () => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signUpAndLogIn(page, server.baseUrl);

    // Home: what is on now.
    await page.goto(`${server.baseUrl}/home`);
    await page.getByRole('region', { name: 'Next to post' }).waitFor();
    await screenshot(page, 'race-day-1-home');
    const link = await raceToBetOn(page, server.baseUrl);
    await link.click();

    // The race card: the program, and Place Bet while betting is open.
    await page.waitForURL(/\/race-card\?/);
    const raceId = Number(new URL(page.url()).searchParams.get('raceId'));
    expect(raceId).toBeGreaterThan(0);
    await page.getByRole('table', { name: /^Entries/ }).waitFor();
    await screenshot(page, 'race-day-2-race-card');
    await page.getByRole('link', { name: 'Place Bet' }).click();

    // The bet slip: an exacta key by the grid — #1 on top of ALL.
    await page.waitForURL(/\/bets\?raceId=/);
    await page.getByLabel('Bet type').selectOption('Exacta');
    await page.getByRole('checkbox', { name: /^1st: #1 / }).check();
    await page.getByRole('button', { name: 'All for 2nd' }).click();
    const cost = page.getByTestId('bet-cost');
    await cost.filter({ hasText: /^Key: \d+ combinations × \$2\.00 = / }).waitFor();
    await page.getByRole('button', { name: 'Add Bet' }).click();
    // And every order of the field at $1, which pays whoever wins.
    await page.getByLabel('Bet type').selectOption('Exacta');
    await page.getByRole('button', { name: 'All for 1st' }).click();
    await page.getByRole('button', { name: 'All for 2nd' }).click();
    await page.getByRole('button', { name: '$1.00', exact: true }).click();
    await page.getByRole('button', { name: 'Add Bet' }).click();
    const slip = page.getByRole('table', { name: 'Bet slip' });
    await slip.getByText(/ALL \(key\)/).waitFor();
    await screenshot(page, 'race-day-3-slip');

    // Review, then place.
    await page.getByRole('button', { name: 'Review Bets' }).click();
    await page.getByRole('region', { name: 'Review your bets' }).waitFor();
    await screenshot(page, 'race-day-4-review');
    await page.getByRole('button', { name: 'Place Bet' }).click();
    await page.getByText(/2 bets placed for \$[\d,.]+\. Your balance is/).waitFor();
    // The off brought near (1.5 s of wall time): the walk watches the race, not the card's minutes.
    expect(await bringPostNear(suite.databaseUrl, raceId, TIME_SCALE, 30_000)).toBe(true);

    // Watch it: the race screen goes to the result by itself five seconds after the finish.
    await page.goto(`${server.baseUrl}/race/${raceId}`);
    await page.waitForURL(new RegExp(`/race-results\\?id=${raceId}$`), { timeout: 150_000 });

    // The result leads with its payoffs, and the member's bets with what they paid.
    await page.getByRole('heading', { name: 'Payoffs' }).waitFor();
    const mine = page.getByRole('table', { name: 'Your bets on this race' });
    const deadline = Date.now() + 60_000;
    while ((await mine.getByText(/^Won \$/).count()) === 0) {
      if (Date.now() > deadline) throw new Error('no bet of the member was paid within a minute of the result');
      await page.waitForTimeout(3000);
      await page.reload();
      await mine.waitFor();
    }
    await page.getByRole('table', { name: 'Win, Place and Show ($2)' }).waitFor();
    await screenshot(page, 'race-day-5-result');

    // The betting history names the horses and the race.
    const race = (await (await fetch(`${server.baseUrl}/api/current_races/${raceId}`)).json()) as CurrentRaceDetail;
    await page.goto(`${server.baseUrl}/user-bets`);
    const history = page.getByRole('table', { name: /of 2 bets/ });
    await history.waitFor();
    await history.getByText(`Race ${race.race_number} at ${race.track_name}`).first().waitFor();
    await history.getByText(/#1 /).first().waitFor();
    await screenshot(page, 'race-day-6-history');

    // The winner's profile shows the race among its past performances.
    await page.goto(`${server.baseUrl}/race-results?id=${raceId}`);
    const finish = page.getByRole('table', { name: 'Finishers in order' });
    await finish.locator('tbody tr').first().getByRole('link').first().click();
    const past = page.getByRole('region', { name: 'Past performances' });
    await past.waitFor();
    // Its newest start: this race, by its title at this track.
    await past
      .getByRole('row')
      .filter({ hasText: race.race_title })
      .filter({ hasText: race.location })
      .first()
      .waitFor();
    await screenshot(page, 'race-day-7-horse');

    expect(errors).toEqual([]);
  }, 420_000);
});
