import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS_DIR, screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import type { ServerProcess } from '../support/server-process';

// The information pages in chromium against the built server: reached from the footer, the page's
// sections and worked examples, its PDF embedded and downloadable, and the page on a phone.
// What the window shows (a full-page shot of a long page is too tall to look at).
const view = (page: Page, name: string) => page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`) });

describe('the information pages in a browser', () => {
  const suite = browserSuite('furlong_browser_info', {});
  let server: ServerProcess;
  let page: Page;

  beforeEach(() => {
    ({ server, page } = suite);
  });

  it('should open Learn About Racing from the footer with its worked examples and its PDF, on a phone too', async () => {
    await page.goto(`${server.baseUrl}/home`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Learn about racing' }).click();
    await page.getByRole('heading', { name: 'Learn About Racing', level: 1 }).waitFor();
    await page.getByRole('figure', { name: /Worked example: Win: a \$2 ticket on horse 4/ }).waitFor();
    await page.getByRole('table', { name: 'The bet types of Furlong' }).waitFor();

    const download = page.getByRole('link', { name: 'Download PDF' }).first();
    const href = await download.getAttribute('href');
    expect(href).toBe('/api/info/learn-about-racing/pdf');
    const pdf = await page.request.get(`${server.baseUrl}${href}`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await screenshot(page, 'info-learn-about-racing');

    await page.evaluate(() => window.scrollTo(0, 0));
    await view(page, 'info-learn-about-racing-top');
    await page.getByRole('table', { name: 'The bet types of Furlong' }).evaluate((t) => t.scrollIntoView());
    await view(page, 'info-learn-about-racing-table');
    await page.getByRole('heading', { name: 'This page as a PDF' }).evaluate((h) => h.scrollIntoView());
    await page.waitForTimeout(1000);
    await view(page, 'info-learn-about-racing-pdf');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${server.baseUrl}/learn-about-racing#worked-examples`);
    await page.getByRole('heading', { name: 'Worked examples', level: 2 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await screenshot(page, 'info-learn-about-racing-phone');
    await view(page, 'info-learn-about-racing-phone-examples');
    await page.getByRole('table', { name: 'The bet types of Furlong' }).evaluate((t) => t.scrollIntoView());
    await view(page, 'info-learn-about-racing-phone-table');

    await page.goto(`${server.baseUrl}/faqs`);
    await page.getByRole('heading', { name: 'Are the races fixed?', level: 3 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await screenshot(page, 'info-faqs-phone');
    await view(page, 'info-faqs-phone-top');
  });
});
