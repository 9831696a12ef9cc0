import type { Page } from 'playwright-core';
import { signUpAndLogIn } from '../support/accounts';
import { countFrameRequests, frameRequestsPerSecond, screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import type { ServerProcess } from '../support/server-process';

// The racing clock at 20× wall time: the next race posts within seconds and runs in about four.
const TIME_SCALE = '20';

/** How many distinct colours a grid of samples of the race canvas shows (a blank canvas has one). */
async function canvasColours(page: Page): Promise<number> {
  return page.evaluate(() => {
    const source = document.querySelector<HTMLCanvasElement>('.race-canvas canvas');
    if (!source || source.width === 0) return 0;
    const copy = document.createElement('canvas');
    copy.width = source.width;
    copy.height = source.height;
    const ctx = copy.getContext('2d');
    if (!ctx) return 0;
    ctx.drawImage(source, 0, 0);
    const { data } = ctx.getImageData(0, 0, copy.width, copy.height);
    const seen = new Set<string>();
    for (let y = 0; y < copy.height; y += 7) {
      for (let x = 0; x < copy.width; x += 7) {
        const i = (y * copy.width + x) * 4;
        seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      }
    }
    return seen.size;
  });
}

// A member watches the next race to post run live on the race screen, lands on its results, and
// verifies it: the seed's hash in the browser, the engine re-run in the browser when the result
// publishes its inputs, and the server's own check.
describe('a live race in the browser', () => {
  const suite = browserSuite('furlong_live_race', {
    RACING_ENABLED: 'true',
    RACING_TIME_SCALE: TIME_SCALE,
    RACING_SCHEDULER_SECONDS: '1',
  });
  let server: ServerProcess;
  let page: Page;

  beforeEach(async () => {
    ({ server, page } = suite);
  });

  it('should run the next race to post on the race screen, then show its results and verify them', async () => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await countFrameRequests(page);
    await signUpAndLogIn(page, server.baseUrl);

    await page.goto(`${server.baseUrl}/current-race-screens`);
    const next = page.getByRole('region', { name: 'Next to post' });
    // The next race still before its post (on a loaded machine the first pass of the scheduler can
    // leave a race of the first minute "At the post" for a while; that one is not the next to run).
    const watch = next
      .getByRole('row')
      .filter({ hasNotText: 'At the post' })
      .getByRole('link', { name: /^Watch / })
      .first();
    await watch.waitFor({ timeout: 60_000 });
    await screenshot(page, 'current-races');
    await watch.click();

    await page.waitForURL(/\/race\/\d+$/);
    const raceId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.locator('.race-canvas canvas').waitFor({ state: 'visible' });
    await page.getByText('Loading images will take a few seconds...').waitFor({ state: 'hidden' });
    // Before the off the side panel lists the field in post order; from the off, the standings.
    await page
      .getByRole('region', { name: /^(The field|Leaderboard)$/ })
      .getByRole('listitem')
      .first()
      .waitFor();
    expect(await canvasColours(page)).toBeGreaterThan(20);
    await screenshot(page, 'race-screen-before-the-off');

    // The off: the live top 4 while it runs (or, if it is quick, straight to the result).
    const live = page.getByRole('region', { name: 'Live top 4' });
    const official = page.getByRole('status', { name: 'Official result' });
    await live.or(official).first().waitFor({ timeout: 90_000 });
    // Running (or easing up past the post for a few seconds after the finish), the canvas draws
    // every display frame.
    expect(await frameRequestsPerSecond(page, 1000)).toBeGreaterThan(8);
    if (await live.isVisible()) {
      expect(await live.getByRole('listitem').count()).toBe(4);
      await screenshot(page, 'race-screen-running');
    }

    await official.waitFor({ timeout: 60_000 });
    const winner = (await official.locator('li .name').first().textContent())?.trim();
    expect(winner).toBeTruthy();
    await screenshot(page, 'race-screen-result');

    // Five seconds after the result, the results page of this race.
    await page.waitForURL(new RegExp(`/race-results\\?id=${raceId}$`), { timeout: 15_000 });
    await page.getByRole('heading', { name: /^Race Results: / }).waitFor();
    const firstRow = page.locator('.finishers-table tbody tr').first();
    expect((await firstRow.locator('td').nth(2).textContent())?.trim()).toBe(winner);
    const horseHref = await firstRow.locator('td').nth(2).getByRole('link').getAttribute('href');
    expect(horseHref).toMatch(/^\/page-horse\/\d+$/);
    await screenshot(page, 'race-results');

    await page.getByRole('button', { name: 'Verify' }).click();
    const checks = page.getByRole('list', { name: 'Verification' });
    await checks.getByText(/matches the published hash/).waitFor();
    await checks.getByText(/hash matches; re-run finish order matches the official order/).waitFor();
    // The browser re-runs the engine when the result publishes its inputs; until then it says so.
    const published = (await (await fetch(`${server.baseUrl}/api/current_races/${raceId}/result`)).json()) as object;
    const rerun = checks.getByRole('listitem').nth(1);
    await rerun
      .getByText(
        'engine_runners' in published || 'engine_input' in published
          ? /finish order and times matches the official result/
          : /not available/,
      )
      .waitFor();
    expect(await checks.textContent()).not.toContain('NOT match');
    await screenshot(page, 'race-results-verified');

    expect(errors).toEqual([]);
  }, 240_000);
});
