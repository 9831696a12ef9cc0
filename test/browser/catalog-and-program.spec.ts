import type { ListResponse } from '@furlong/contracts';
import type { Page } from 'playwright-core';
import { signUpAndLogIn } from '../support/accounts';
import { screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import type { ServerProcess } from '../support/server-process';

/** Polls `check` every 200 ms until it holds, for at most `timeoutMs`. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// Whole flows in Debian's chromium against the built server on the machine's PostgreSQL.
describe('the web client in a browser', () => {
  const suite = browserSuite('furlong_browser', {});
  let server: ServerProcess;
  let page: Page;

  beforeEach(async () => {
    ({ server, page } = suite);
    // One browser profile serves every test: each starts logged out.
    await suite.browser.context.clearCookies();
    await page.goto(`${server.baseUrl}/home`);
    await page.evaluate(() => localStorage.clear());
  });

  const api = async <T>(path: string): Promise<T> => (await (await fetch(`${server.baseUrl}${path}`)).json()) as T;

  // A real account: sign up (which logs in) through the Sign Up page.
  async function logInAsMember(): Promise<void> {
    await signUpAndLogIn(page, server.baseUrl);
  }

  it('should send an anonymous visitor on a guarded route to /home with the message', async () => {
    await page.goto(`${server.baseUrl}/program-card`);
    await page.getByText('Please log in to access this feature.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    await screenshot(page, 'guarded-route-redirect');
  });

  it('should take a member from the program card through a track and a race card to a horse', async () => {
    const tracks = await api<ListResponse<{ id: number; location: string; track_name: string }>>(
      '/api/tracks?limit=5000&sort=location',
    );
    const track = tracks.items[0];
    if (!track) throw new Error('the seeded catalog has no tracks');
    const letter = track.location.charAt(0).toUpperCase();

    await logInAsMember();
    await page.goto(`${server.baseUrl}/program-card`);
    await page.getByRole('heading', { name: 'Program Card' }).waitFor();
    await page.getByRole('button', { name: letter, exact: true }).click();
    await page.getByRole('row').filter({ hasText: track.track_name }).first().click();
    await page.getByRole('link', { name: 'Daily Races' }).waitFor();
    await screenshot(page, 'program-card-track-selected');

    await page.getByRole('link', { name: 'Daily Races' }).click();
    await page.waitForURL(/\/track-card\?id=\d+/);
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(track.id));
    const firstRace = page.getByRole('row').filter({ hasText: 'Race 1' }).first();
    await firstRace.waitFor();
    await screenshot(page, 'track-card');
    await firstRace.click();

    await page.waitForURL(/\/race-card\?raceId=\d+&trackId=\d+/);
    const raceId = new URL(page.url()).searchParams.get('raceId');
    const race = await api<{ entries: { horse_id: number; horse_name: string }[] }>(`/api/current_races/${raceId}`);
    const runner = race.entries[0];
    if (!runner) throw new Error('the race card has no runners');
    await page.getByRole('link', { name: runner.horse_name, exact: true }).waitFor();
    expect(race.entries.length).toBeGreaterThanOrEqual(6);
    await screenshot(page, 'race-card');

    await page.getByRole('link', { name: runner.horse_name, exact: true }).click();
    await page.waitForURL(new RegExp(`/page-horse/${runner.horse_id}$`));
    await page.getByRole('heading', { name: runner.horse_name }).waitFor();
    await screenshot(page, 'horse-sheet');
  });

  // Issue 17: the race card's Predict Race, a weight moved, the field re-ranked and the back-test re-run.
  it('should re-rank a race and re-test the weights when a member moves a predictor slider', async () => {
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const card = await api<{ races: { id: number }[] }>(`/api/program/tracks/1/card?date=${day}`);
    const raceId = card.races[0]?.id;
    if (!raceId) throw new Error('no race on the card');

    await logInAsMember();
    await page.goto(`${server.baseUrl}/race-card?raceId=${raceId}`);
    await page.getByRole('link', { name: 'Predict Race' }).click();
    await page.waitForURL(new RegExp(`/predict-race\\?raceId=${raceId}$`));
    const table = page.getByRole('table', { name: 'Predicted order' });
    await table.waitFor();
    const yours = page.getByRole('row', { name: /^Your weights/ });
    const spec = page.getByRole('row', { name: /^The spec's weights/ });
    await yours.waitFor({ timeout: 30_000 });
    const column = (n: number) => table.locator(`tbody tr td:nth-child(${n})`).allTextContents();
    const scoresBefore = await column(4);
    const horsesBefore = await column(3);
    expect(await yours.locator('td').allTextContents()).toEqual(await spec.locator('td').allTextContents());
    await screenshot(page, 'predictor-spec-weights');

    // Only the jockeys count now.
    for (const factor of ['Win rate', 'Average speed', 'Earnings', 'Last race time']) {
      await page.getByRole('spinbutton', { name: `${factor} weight`, exact: true }).fill('0');
    }
    await page.getByRole('slider', { name: /^Jockey win rate/ }).fill('1');
    await until('the scores to change', async () => JSON.stringify(await column(4)) !== JSON.stringify(scoresBefore));
    const horsesAfter = await column(3);
    expect([...horsesAfter].sort()).toEqual([...horsesBefore].sort());
    // The back-test follows: the row for these weights now differs from the spec's.
    const specRow = (await spec.locator('td').allTextContents()).join('|');
    await until(
      'the back-test to follow',
      async () => (await yours.locator('td').allTextContents()).join('|') !== specRow,
    );
    await page.getByText('Your weights are saved.').waitFor();
    await screenshot(page, 'predictor-jockeys-only');

    // Remembered: a new visit starts from them.
    await page.reload();
    await until(
      'the saved weights',
      async () => (await page.getByRole('slider', { name: /^Win rate/ }).inputValue()) === '0',
    );
  });

  it('should sort the horses list by a column and page through it', async () => {
    const expected = await api<ListResponse<{ horse_name: string }>>('/api/horses?limit=25&sort=horse_name&order=desc');
    await logInAsMember();
    await page.goto(`${server.baseUrl}/horses`);
    await page.getByText(/^Showing 1–25 of/).waitFor();

    const header = page.getByRole('button', { name: 'Horse name' });
    await header.click();
    await page
      .getByRole('columnheader', { name: /Horse name/ })
      .and(page.locator('[aria-sort="ascending"]'))
      .waitFor();
    await header.click();
    await page
      .getByRole('columnheader', { name: /Horse name/ })
      .and(page.locator('[aria-sort="descending"]'))
      .waitFor();
    await page.getByRole('cell', { name: expected.items[0]?.horse_name, exact: true }).first().waitFor();
    const firstCell = await page.locator('tbody tr').first().locator('td').first().textContent();
    expect(firstCell).toBe(expected.items[0]?.horse_name);

    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.getByText(/^Showing 26–50 of/).waitFor();
    const secondPage = await api<ListResponse<{ horse_name: string }>>(
      '/api/horses?limit=25&offset=25&sort=horse_name&order=desc',
    );
    expect(await page.locator('tbody tr').first().locator('td').first().textContent()).toBe(
      secondPage.items[0]?.horse_name,
    );
    await screenshot(page, 'horses-sorted-page-2');
  });
});
