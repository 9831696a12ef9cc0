import { join } from 'node:path';
import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import type { ServerProcess } from '../support/server-process';

// The news in chromium against the built server: the home page's first four items, /news paged,
// each item linking to its race or horse, and both on a phone. The items are written straight
// into news_items here (the medium spec shows the job writing them from a settled race).
const view = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`) });

describe('the news in a browser', () => {
  const suite = browserSuite('furlong_browser_news', {});
  let server: ServerProcess;
  let page: Page;

  beforeAll(async () => {
    const db = new Client({ connectionString: suite.databaseUrl });
    await db.connect();
    for (let i = 1; i <= 25; i++) {
      const horse = i % 2 === 0;
      await db.query(
        `INSERT INTO news_items (guid, kind, title, description, link, thumbnail, created_at)
         VALUES ($1, $2, $3, $4, $5, NULL, now() - make_interval(mins => $6))`,
        [
          `browser-${i}`,
          horse ? 'big_win' : 'carryover',
          horse ? `Longshot ${i} pays $${20 + i}.40 to win` : `Pick 4 carryover of $${i * 100}.00 at Aville Downs`,
          horse
            ? `Longshot ${i} won race ${(i % 9) + 1} at Aville Downs at a $2 Win price of $${20 + i}.40.`
            : `Nobody had the Pick 4 ending with race ${(i % 9) + 1} at Aville Downs: the pool carries over.`,
          horse ? `/page-horse/${i}` : `/race/${i}`,
          i,
        ],
      );
    }
    await db.end();
  });

  beforeEach(() => {
    ({ server, page } = suite);
  });

  it('should show four items on the home page and page through /news, on a phone too', async () => {
    await page.goto(`${server.baseUrl}/home`);
    const home = page.getByRole('region', { name: 'News' });
    await home.getByRole('link', { name: 'Pick 4 carryover of $100.00 at Aville Downs' }).waitFor();
    expect(await home.getByRole('listitem').count()).toBe(4);
    await home.evaluate((s) => s.scrollIntoView());
    await view(page, 'news-home');

    await home.getByRole('link', { name: 'All the news' }).click();
    await page.getByRole('heading', { name: 'News', level: 1 }).waitFor();
    await page.getByText('1–20 of 25').waitFor();
    expect(await page.getByRole('link', { name: 'Longshot 2 pays $22.40 to win' }).getAttribute('href')).toBe(
      '/page-horse/2',
    );
    await view(page, 'news-page');
    await page.getByRole('button', { name: 'Older' }).click();
    await page.getByText('21–25 of 25').waitFor();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${server.baseUrl}/news`);
    await page.getByText('1–20 of 25').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await view(page, 'news-page-phone');
    await screenshot(page, 'news-page-phone-full');
  });
});
