import { join } from 'node:path';
import type { Featured } from '@furlong/contracts';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import type { ServerProcess } from '../support/server-process';

// The home page's featured performers in chromium against the built server: the hour's four (or
// nobody when no card runs), the bonus sentence and the countdown, on a desktop and on a phone.
describe('the featured bonus on the home page in a browser', () => {
  const suite = browserSuite('furlong_browser_featured', {});
  let server: ServerProcess;
  let page: Page;

  beforeEach(() => {
    ({ server, page } = suite);
  });

  it('should say who is featured, the bonus and the time to the next rotation, on a phone too', async () => {
    // The scheduler makes today's cards soon after the start: wait until someone is featured.
    for (let tries = 0; ; tries++) {
      const body = (await (await page.request.get(`${server.baseUrl}/api/featured`)).json()) as Featured;
      if (body.performers.length === 4) break;
      if (tries === 60) throw new Error('nobody featured after 30 s');
      await page.waitForTimeout(500);
    }
    await page.goto(`${server.baseUrl}/home`);
    const featured = page.getByRole('region', { name: 'Featured performers' });
    await featured.getByText(/credited once per bet to your wallet as “Featured bonus”/).waitFor();
    await featured.getByText(/Next rotation in \d+:\d\d/).waitFor();
    await featured.getByText('Horse', { exact: true }).waitFor();
    await featured.evaluate((s) => s.scrollIntoView());
    await screenshot(page, 'featured-home');
    await featured.screenshot({ path: join(ARTIFACTS_DIR, 'featured-section.png') });

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${server.baseUrl}/home`);
    await featured.getByText(/Next rotation in/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await screenshot(page, 'featured-home-phone');
    await featured.screenshot({ path: join(ARTIFACTS_DIR, 'featured-section-phone.png') });
  });
});
