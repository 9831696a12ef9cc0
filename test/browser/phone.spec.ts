import type { CurrentRaceDetail, CurrentRaceListResponse } from '@furlong/contracts';
import type { Page } from 'playwright-core';
import { signUpAndLogIn } from '../support/accounts';
import { countFrameRequests, frameRequestsPerSecond, screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import type { ServerProcess } from '../support/server-process';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

/** A race that takes bets now (the latest post first), waiting for the scheduler to open one. */
async function openRace(baseUrl: string, timeoutMs = 60_000): Promise<CurrentRaceDetail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/current_races?status=open&limit=50`);
    if (res.ok) {
      const list = (await res.json()) as CurrentRaceListResponse;
      const race = list.items.find((r) => Date.parse(r.post_time) - Date.parse(list.server_time) > 120_000);
      if (race) return (await (await fetch(`${baseUrl}/api/current_races/${race.id}`)).json()) as CurrentRaceDetail;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('no race opened for betting in time');
}

/** Nothing sticks out sideways: the page is no wider than the phone. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);
  // Named in the failure: which page, and by how many pixels it overflows.
  expect({ what, overflowPx: Math.max(0, width - PHONE.width) }).toEqual({ what, overflowPx: 0 });
}

// The site on a phone (375 px): the menu folds into /hamburger, tables scroll inside themselves or
// stack, the race canvas fits; screenshots of home, race card, bet slip, race screen and results.
describe('the site on a phone', () => {
  const suite = browserSuite('furlong_phone', {
    RACING_ENABLED: 'true',
    RACING_SCHEDULER_SECONDS: '1',
    RACING_OPEN_LEAD_MINUTES: '720',
  });
  let server: ServerProcess;
  let page: Page;

  beforeEach(() => {
    ({ server, page } = suite);
  });

  it('should fit 375 px on every main page, with the menu behind the Menu button', async () => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.setViewportSize(PHONE);
    await countFrameRequests(page);
    await signUpAndLogIn(page, server.baseUrl);
    const race = await openRace(server.baseUrl);

    await page.goto(`${server.baseUrl}/home`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The menu bar is folded away; the header's Menu button opens it as a page.
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
    await expectNoSidewaysScroll(page, 'home');
    await screenshot(page, 'phone-home');
    await page.getByRole('link', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Site menu' });
    await menu.waitFor();
    await expectNoSidewaysScroll(page, 'menu');
    await screenshot(page, 'phone-menu');
    await menu.getByRole('link', { name: 'Program Card', exact: true }).click();
    await page.waitForURL(/\/program-card$/);

    await page.goto(`${server.baseUrl}/race-card?raceId=${race.id}&trackId=${race.track_id}`);
    await page.getByRole('table', { name: /^Entries/ }).waitFor();
    await expectNoSidewaysScroll(page, 'race card');
    await screenshot(page, 'phone-race-card');

    await page.goto(`${server.baseUrl}/bets?raceId=${race.id}`);
    await page.getByRole('heading', { name: /^Bets — / }).waitFor();
    await page
      .getByRole('group', { name: /^Horses/ })
      .getByRole('checkbox')
      .first()
      .check();
    await page.getByRole('button', { name: 'Add Bet' }).click();
    await page.getByRole('table', { name: 'Bet slip' }).waitFor();
    await expectNoSidewaysScroll(page, 'bet slip');
    await screenshot(page, 'phone-bet-slip');

    await page.goto(`${server.baseUrl}/race/${race.id}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.locator('.race-canvas canvas, .race-canvas-failed').first().waitFor();
    // The canvas scales to the screen.
    const canvasWidth = await page.evaluate(
      () => document.querySelector('.race-canvas')?.getBoundingClientRect().width ?? 0,
    );
    expect(canvasWidth).toBeGreaterThan(0);
    expect(canvasWidth).toBeLessThanOrEqual(PHONE.width);
    // Hours before the off the picture stands still: the canvas stops asking for every display frame
    // (a running animation asks for ~60 a second) and redraws a few times a second on a timer.
    await page.waitForTimeout(1500);
    expect(await frameRequestsPerSecond(page)).toBeLessThan(15);
    await expectNoSidewaysScroll(page, 'race screen');
    await screenshot(page, 'phone-race-screen');

    await page.goto(`${server.baseUrl}/race-results`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoSidewaysScroll(page, 'results');
    await screenshot(page, 'phone-results');

    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByRole('heading', { name: "Today's racing" }).waitFor();
    await page.getByLabel('Today at a glance').waitFor();
    await expectNoSidewaysScroll(page, 'dashboard');
    await screenshot(page, 'phone-dashboard');

    await page.goto(`${server.baseUrl}/account-settings`);
    await page.getByRole('button', { name: 'Save settings' }).waitFor();
    await expectNoSidewaysScroll(page, 'settings');
    await screenshot(page, 'phone-settings');

    expect(errors).toEqual([]);
  }, 120_000);

  it('should save settings that change how odds read, and show the dashboard and settings on a desktop', async () => {
    await page.setViewportSize(DESKTOP);
    // A new member (the suite's browser profile still holds the first test's session).
    await suite.browser.context.clearCookies();
    await signUpAndLogIn(page, server.baseUrl);
    const race = await openRace(server.baseUrl);

    await page.goto(`${server.baseUrl}/account-settings`);
    await page.getByRole('radio', { name: /^Decimal/ }).check();
    await page.getByLabel('Default bet amount ($)').fill('5');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved.').waitFor();
    await screenshot(page, 'desktop-settings');

    // The bet slip starts at the default bet; the morning line reads in decimal (5-2 → 3.50).
    await page.goto(`${server.baseUrl}/bets?raceId=${race.id}`);
    await page.getByRole('heading', { name: /^Bets — / }).waitFor();
    // The account's settings may arrive after the race: the form then starts again at the default bet.
    const amount = page.getByLabel('Bet amount ($)');
    const deadline = Date.now() + 10_000;
    while ((await amount.inputValue()) !== '5' && Date.now() < deadline) await page.waitForTimeout(100);
    expect(await amount.inputValue()).toBe('5');
    const firstLine = race.entries[0]?.morning_line as string;
    const [num, den] = firstLine.split('-').map(Number) as [number, number];
    await page
      .getByRole('cell', { name: (num / den + 1).toFixed(2), exact: true })
      .first()
      .waitFor();

    await page.goto(`${server.baseUrl}/dashboard`);
    await page.getByLabel('Today at a glance').waitFor();
    expect(await page.getByRole('link', { name: 'Menu' }).isVisible()).toBe(false);
    await screenshot(page, 'desktop-dashboard');
  }, 90_000);
});
