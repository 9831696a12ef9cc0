import type { Page } from 'playwright-core';
import { logIn } from '../support/accounts';
import { screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';

const ADMIN = { email: 'postmaster@furlong.test', password: 'the postmasters password' };
const PHONE = { width: 375, height: 812 };
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

// The forms in chromium: the insurance quote sent with script (JSON) and as the plain HTML form
// post the page is (its own submit, no script handler: 303 back with ?sent=), a contact message,
// and the admins' outbox with the mails the JSON transport sent.
describe('the forms in a browser', () => {
  const suite = browserSuite('furlong_browser_forms', {
    RACING_ENABLED: 'false',
    AUCTION_HOUSE_SALES: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  let page: Page;
  let baseUrl: string;

  beforeEach(() => {
    page = suite.page;
    baseUrl = suite.server.baseUrl;
  });

  async function fillQuote(email: string): Promise<void> {
    const form = page.getByRole('form', { name: 'Insurance quote request' });
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Park');
    await form.getByLabel('Phone').fill('555 010 2030');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Date of birth').fill('1980-04-12');
    await form.getByLabel('Street').fill('12 Oak Lane');
    await form.getByLabel(/^Space or lot number/).fill('42');
    await form.getByLabel('City').fill('Sacramento');
    await form.getByLabel('State').selectOption('CA');
    await form.getByLabel('ZIP code').fill('95814');
    await form.getByLabel('Year built').fill('2015');
    await form.getByLabel('Length (ft)').fill('56');
    await form.getByLabel('Width (ft)').fill('28');
    await form.getByLabel('In a manufactured-home park').check();
    await form.getByLabel('Purchase price ($)').fill('85000');
    await form.getByLabel('Owner-occupied').check();
    await form.getByLabel('Cover starts').fill(inDays(10));
    await form.getByLabel('Flood cover').check();
  }

  it('should send the quote from the footer’s page, with per-field errors first', async () => {
    await page.goto(`${baseUrl}/home`);
    // The home page's sections arrive after it, each pushing the footer down: a click aimed at the
    // link as it was can land beside it once it has moved (in CI, once, the quote page never came). Click
    // again until the route has changed.
    const quoteLink = page.locator('.app-footer').getByRole('link', { name: 'Insurance quote' });
    for (let tries = 0; tries < 5 && !/\/insurance-quote$/.test(page.url()); tries++) {
      await quoteLink.click();
      await page.waitForURL(/\/insurance-quote$/, { timeout: 3000 }).catch(() => undefined);
    }
    await page.getByRole('heading', { name: 'Insurance Quote', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Request a quote' }).click();
    await page.getByText('First name is required').waitFor();
    await screenshot(page, 'forms-quote-errors');
    await fillQuote('ada.script@furlong.test');
    await page.getByRole('button', { name: 'Request a quote' }).click();
    await page.getByText(/your quote request #\d+ is on its way/).waitFor();
    await screenshot(page, 'forms-quote-sent');
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/insurance-quote`);
    await page.getByRole('form', { name: 'Insurance quote request' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'forms-quote-phone');
  });

  it('should take the quote as a plain HTML form post (the form’s own submit, no script handler)', async () => {
    await page.goto(`${baseUrl}/insurance-quote`);
    await fillQuote('ada.plain@furlong.test');
    // HTMLFormElement.submit() posts the form as the browser does without script: urlencoded, with
    // the hidden _csrf field; the server answers 303 back to the page with ?sent={id}.
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/send-email') && r.request().method() === 'POST'),
      page.evaluate(() => (document.querySelector('form[action="/api/send-email"]') as HTMLFormElement).submit()),
    ]);
    expect(response.status()).toBe(303);
    expect(response.request().headers()['content-type']).toBe('application/x-www-form-urlencoded');
    await page.waitForURL(/\/insurance-quote\?sent=\d+$/);
    await page.getByText(/Thank you: your quote request #\d+ is on its way\./).waitFor();
  });

  it('should send a contact message and show the admin the outbox', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`${baseUrl}/contact-us`);
    const form = page.getByRole('form', { name: 'Contact Us' });
    await form.getByLabel('Your name').fill('Bea Lowe');
    await form.getByLabel('E-mail').fill('bea@furlong.test');
    await form.getByLabel('Subject').fill('The tote');
    await form.getByLabel('Message').fill('How often is the tote board refreshed?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('A confirmation is coming to bea@furlong.test.', { exact: false }).waitFor();
    await screenshot(page, 'forms-contact-phone');

    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, baseUrl, ADMIN);
    await page.goto(`${baseUrl}/admin/outbox`);
    const table = page.getByRole('table', { name: 'Outbox' });
    await table.waitFor();
    // The JSON transport sends each mail once the outbox job runs (woken by each form).
    await page.getByLabel('Status', { exact: true }).selectOption('sent');
    await table.getByText('bea@furlong.test').waitFor();
    await screenshot(page, 'forms-outbox');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'forms-outbox-phone');
  });
});
