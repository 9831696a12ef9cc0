import type { EarningsHorsesPage, EarningsSummaryResponse } from '@furlong/contracts';
import { formatMoney } from '@furlong/domain';
import type { Page } from 'playwright-core';
import { signUpAndLogIn } from '../support/accounts';
import { screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import type { ServerProcess } from '../support/server-process';

// The earnings page in chromium against the built server on a seeded scratch database.
describe('the earnings page in a browser', () => {
  const suite = browserSuite('furlong_browser_earnings', {});
  let server: ServerProcess;
  let page: Page;

  beforeEach(() => {
    ({ server, page } = suite);
  });

  const api = async <T>(path: string): Promise<T> => (await (await fetch(`${server.baseUrl}${path}`)).json()) as T;

  it('should find a horse by name and draw its earnings over time with its totals, on a phone too', async () => {
    const top = await api<EarningsHorsesPage>('/api/earnings/horses?limit=1');
    const horse = top.items[0];
    if (!horse) throw new Error('the seeded history has no horse with a start');
    const summary = await api<EarningsSummaryResponse>(`/api/earnings/horses/${horse.horse_id}`);
    const total = formatMoney(summary.earnings_cents);

    await signUpAndLogIn(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/earnings`);
    await page.getByRole('heading', { name: 'Earnings', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Find a horse' }).fill(horse.horse_name);
    await page.getByRole('option', { name: horse.horse_name, exact: true }).click();

    const panel = page.getByRole('region', { name: 'Horse earnings' });
    const chart = panel.getByRole('figure', { name: `Earnings over time: ${horse.horse_name}` });
    await chart.locator('canvas').waitFor();
    expect(new URL(page.url()).searchParams.get('horse')).toBe(String(horse.horse_id));
    expect(await panel.locator('.stat-card', { hasText: 'Earnings' }).locator('.stat-card-value').textContent()).toBe(
      total,
    );
    const byYear = panel.getByRole('table', { name: `Totals by year: ${horse.horse_name}` });
    expect(await byYear.getByRole('row', { name: /All years/ }).textContent()).toContain(total);
    await panel.getByRole('table', { name: `Race by race: ${horse.horse_name}, newest first` }).waitFor();
    await screenshot(page, 'earnings-horse');

    // A phone: the chart follows its box.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.waitForFunction(() => {
      const canvas = document.querySelector('.chart-plot canvas');
      return canvas !== null && canvas.getBoundingClientRect().right <= window.innerWidth;
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await screenshot(page, 'earnings-horse-phone');
  });
});
