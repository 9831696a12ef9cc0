import type { ListResponse } from '@furlong/contracts';
import type { Page } from 'playwright-core';
import { signUpAndLogIn } from '../support/accounts';
import { screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import type { ServerProcess } from '../support/server-process';

// Whole flows in Debian's chromium against the built server on the machine's PostgreSQL.
describe('the web client in a browser', () => {
  const suite = browserSuite('furlong_browser', {}, 15_000);
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
