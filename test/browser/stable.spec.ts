import type { EnterableRace, StableDashboard } from '@furlong/contracts';
import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { signUpAndLogIn } from '../support/accounts';
import { screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import type { ServerProcess } from '../support/server-process';

// The owner's day in chromium against the built server with live racing: create a horse, enter it
// in a race, watch the race run, and see its result, purse and record on My Stable.
describe('the stable in a browser', () => {
  // Live racing at the wall clock's pace, without fair odds: a first start opens dozens of races, and
  // their fair odds would take a core from the suite that runs beside this one (a race at 20×).
  const suite = browserSuite('furlong_browser_stable', {
    RACING_SCHEDULER_SECONDS: '1',
    LOG_LEVEL: 'info',
    FAIR_ODDS_RUNS: '0',
  });
  let server: ServerProcess;
  let page: Page;

  beforeEach(() => {
    ({ server, page } = suite);
  });

  /** The page's own session calls the API (its cookies and CSRF token). */
  const stable = (): Promise<StableDashboard> =>
    page.evaluate(async () => (await (await fetch('/api/stable')).json()) as StableDashboard);

  it("should create a horse, enter it, watch it run and see its result and earnings (the owner's day)", async () => {
    await signUpAndLogIn(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/create-horse`);
    const form = page.getByRole('form', { name: 'Create a horse' });
    await form.getByLabel('Name', { exact: true }).fill('Browser Bolt');
    await form.getByLabel('Breed', { exact: true }).selectOption({ label: 'Thoroughbred' });
    await form.getByLabel('Colour').selectOption('chestnut');
    await form.getByLabel('Date of birth').fill(`${new Date().getUTCFullYear() - 4}-02-01`);
    await form.getByLabel('Gender').selectOption('male');
    await form.getByLabel('Height').selectOption('17');
    // Choosing the height sets the spec's default weight.
    expect(await form.getByLabel('Weight').inputValue()).toBe('1200');
    await form.getByLabel('Sire', { exact: true }).fill('Storm Cat');
    await form.getByLabel('Dam', { exact: true }).fill('Miss Prospector');
    await form.getByLabel('Breeder').fill('Lane End Farm');
    await form.getByRole('button', { name: 'Create Horse' }).click();
    await page.getByText('Horse created successfully').waitFor();
    await screenshot(page, 'stable-created');
    const horse = (await stable()).horses[0];
    if (!horse) throw new Error('no horse in the stable');

    // A race of today that takes entries, run soon: its post time is moved a little after the
    // entry (racing opens it by itself half an hour before post, so the entry comes first), and
    // its distance cut to a 3-furlong dash: the race runs at the wall clock's pace.
    const races = (await (await fetch(`${server.baseUrl}/api/stable/races`)).json()) as { items: EnterableRace[] };
    const race = races.items.find((r) => r.free_slots > 0);
    if (!race) throw new Error('no race takes entries');
    await page.goto(`${server.baseUrl}/enter-race?horseId=${horse.id}&raceId=${race.id}`);
    const entry = page.getByRole('form', { name: 'Enter a horse in a race' });
    await entry.getByLabel('Race', { exact: true }).selectOption(String(race.id));
    await entry.getByLabel('Horse', { exact: true }).selectOption(String(horse.id));
    await entry.getByRole('button', { name: 'Enter Race' }).click();
    await page
      .getByText(/Browser Bolt is entered in /)
      .first()
      .waitFor();
    await screenshot(page, 'stable-entered');

    const db = new Client({ connectionString: suite.databaseUrl });
    await db.connect();
    try {
      await db.query(
        `UPDATE current_races SET post_time = now() + interval '12 seconds', furlongs = 3, miles = 0.375, meters = 604
          WHERE id = $1`,
        [race.id],
      );
    } finally {
      await db.end();
    }

    // Watch it: the live race screen shows the horse in the field.
    await page.goto(`${server.baseUrl}/user-dashboard`);
    await page.getByRole('heading', { name: 'Entries' }).waitFor();
    await page.getByText('Browser Bolt').first().waitFor();
    const until = Date.now() + 150_000;
    let settled: StableDashboard['entries'][number] | undefined;
    while (!settled && Date.now() < until) {
      await page.waitForTimeout(2_000);
      settled = (await stable()).entries.find((e) => e.current_race_id === race.id && e.finish_position !== null);
    }
    if (!settled) throw new Error('the race did not settle in time');
    await page.reload();
    const entries = page.getByRole('region', { name: 'Entries' });
    await entries.getByText(`${race.track_name} race ${race.race_number}`).first().waitFor();
    const after = await stable();
    const mine = after.horses.find((h) => h.id === horse.id);
    expect(mine?.record.starts).toBe(1);
    expect(mine?.record.earnings_cents).toBe(settled.purse_cents);
    expect(after.notices.map((n) => n.kind)).toEqual(expect.arrayContaining(['entered', 'next_to_post', 'result']));
    expect(await page.getByText(/finished \d+(st|nd|rd|th) in race/).count()).toBeGreaterThan(0);
    await screenshot(page, 'stable-dashboard');
  }, 240_000);
});
