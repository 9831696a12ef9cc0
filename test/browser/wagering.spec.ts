import type { CurrentRaceDetail, CurrentRaceListResponse } from '@furlong/contracts';
import type { Page } from 'playwright-core';
import { signUpAndLogIn } from '../support/accounts';
import { screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import type { ServerProcess } from '../support/server-process';

/** The first race that takes bets now, as the server lists them; waits for the scheduler to open one. */
async function openRace(baseUrl: string, timeoutMs = 90_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/current_races?status=open&limit=50`);
    if (res.ok) {
      const list = (await res.json()) as CurrentRaceListResponse;
      // The latest post time first: the one furthest from closing.
      const race = list.items.find((r) => Date.parse(r.post_time) - Date.parse(list.server_time) > 120_000);
      if (race) return race.id;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('no race opened for betting in time');
}

// A member places a $2 Win bet on an open race from the bets screen and finds it in the betting history.
describe('wagering in the browser', () => {
  const suite = browserSuite('furlong_wagering', {
    RACING_ENABLED: 'true',
    RACING_SCHEDULER_SECONDS: '1',
    // Races open for betting hours before post, so one is open as soon as the day's card exists.
    RACING_OPEN_LEAD_MINUTES: '720',
  });
  let server: ServerProcess;
  let page: Page;

  beforeEach(async () => {
    ({ server, page } = suite);
  });

  it('should place a Win bet on an open race, show it in the betting history, and show the race tote and morning line', async () => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signUpAndLogIn(page, server.baseUrl);
    const raceId = await openRace(server.baseUrl);
    const balanceBefore = (await page.getByTestId('wallet-balance').textContent())?.trim();

    await page.goto(`${server.baseUrl}/bets?raceId=${raceId}`);
    const heading = page.getByRole('heading', { name: /^Bets — / });
    await heading.waitFor();
    // The betting history names the race as a fan says it: "Race 9 at Brighton Racecourse".
    const race = (await (await fetch(`${server.baseUrl}/api/current_races/${raceId}`)).json()) as CurrentRaceDetail;
    const raceName = `Race ${race.race_number} at ${race.track_name}`;
    expect(await page.getByLabel('Bet type').inputValue()).toBe('Win');
    expect(await page.getByLabel('Bet amount ($)').inputValue()).toBe('2');

    const horses = page.getByRole('group', { name: /^Horses/ });
    await horses.getByRole('checkbox').first().check();
    await page.getByRole('button', { name: 'Add Bet' }).click();
    await page.getByRole('table', { name: 'Bet slip' }).waitFor();
    expect((await page.getByTestId('slip-total').textContent())?.trim()).toBe('$2.00');
    await screenshot(page, 'bets-slip');

    // The slip is placed from its review step: what will be placed, the total, the balance after.
    await page.getByRole('button', { name: 'Review Bets' }).click();
    expect((await page.getByTestId('review-total').textContent())?.trim()).toBe('$2.00');
    await page.getByRole('button', { name: 'Place Bet' }).click();
    await page.getByText(/1 bet placed for \$2\.00\. Your balance is/).waitFor();
    expect(await page.getByText('No pending bets.').isVisible()).toBe(true);
    // The header's balance follows (GET /api/me again).
    await page.waitForFunction(
      (before) => document.querySelector('[data-testid="wallet-balance"]')?.textContent?.trim() !== before,
      balanceBefore,
    );
    await screenshot(page, 'bets-placed');

    await page.goto(`${server.baseUrl}/user-bets`);
    const history = page.getByRole('table', { name: /of 1 bets/ });
    await history.waitFor();
    const row = history.locator('tbody tr').first();
    expect(await row.getByRole('cell', { name: 'Win', exact: true }).count()).toBe(1);
    expect(await row.getByRole('cell', { name: raceName, exact: true }).count()).toBe(1);
    expect(await row.getByRole('cell', { name: '$2.00', exact: true }).count()).toBe(1);
    await screenshot(page, 'betting-history');

    // The same race's live tote and morning line.
    await page.goto(`${server.baseUrl}/bet-odds?raceId=${raceId}`);
    const odds = page.getByRole('table', { name: 'Win odds' });
    await odds.waitFor();
    expect(await odds.locator('tbody tr').count()).toBeGreaterThan(1);
    await page.getByRole('table', { name: 'Pools' }).waitFor();
    await screenshot(page, 'bet-odds');

    await page.goto(`${server.baseUrl}/morning-line-odds?raceId=${raceId}`);
    await page.getByRole('table', { name: 'Morning line' }).waitFor();
    expect(await page.getByRole('list', { name: 'Top 3' }).getByRole('listitem').count()).toBe(3);
    await screenshot(page, 'morning-line-odds');

    expect(errors).toEqual([]);
  }, 240_000);
});
