import type { Page } from 'playwright-core';
import { logIn, newAccount, signUpAndLogIn } from '../support/accounts';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { BROWSER_STEP_MS } from '../support/browser-suite';
import { seededDatabase } from '../support/postgres';
import { type ServerProcess, startServerProcess } from '../support/server-process';

// Accounts end to end in Debian's chromium: real sessions (cookies), real forms, two devices.
describe('accounts in a browser', () => {
  let db: Awaited<ReturnType<typeof seededDatabase>>;
  let server: ServerProcess;
  let desk: TestBrowser;
  let page: Page;

  beforeAll(async () => {
    db = await seededDatabase('furlong_accounts_browser');
    server = await startServerProcess({ DATABASE_URL: db.url });
    desk = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await desk?.close();
    await server?.stop();
    await db?.drop();
  });

  beforeEach(async () => {
    await desk.context.clearCookies();
    page = await desk.newPage();
    page.setDefaultTimeout(BROWSER_STEP_MS);
  });

  afterEach(async () => {
    await page.close();
  });

  const url = (path: string) => `${server.baseUrl}${path}`;

  it('should sign up, log out, log in, edit the profile and log out', async () => {
    const account = await signUpAndLogIn(page, server.baseUrl, newAccount('flow'));
    await page.waitForURL(/\/profile$/);
    await page.getByRole('heading', { name: 'Account Info' }).waitFor();
    expect(await page.getByTestId('wallet-balance').textContent()).toBe('$1,000.00');
    await page.getByRole('cell', { name: 'starting credit' }).waitFor();
    await screenshot(page, 'accounts-signed-up-profile');

    await page.getByRole('link', { name: 'Logout' }).click();
    await page.getByText('You are now being logged out.').waitFor();
    await page.waitForURL(/\/home$/);
    await page.getByText('Not logged in').waitFor();

    await page.goto(url('/profile'));
    await page.getByText('Please log in to access this feature.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');

    await page.goto(url('/login'));
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Incorrect email or password. Please try again.').waitFor();
    await screenshot(page, 'accounts-login-wrong-password');

    await logIn(page, server.baseUrl, account);
    await page.waitForURL(/\/program-card$/);

    await page.getByRole('link', { name: account.username }).click();
    await page.waitForURL(/\/profile$/);
    const info = page.getByRole('region', { name: 'Account Info' });
    await info.getByRole('button', { name: 'Edit' }).click();
    await info.getByLabel('Full name').fill('Someone Else');
    await info.getByRole('button', { name: 'Cancel' }).click();
    expect(await info.getByLabel('Full name').inputValue()).toBe('');

    await info.getByRole('button', { name: 'Edit' }).click();
    await info.getByLabel('Full name').fill('Jane Rider');
    await info.getByLabel('Username').fill(`${account.username}_x`);
    await info.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Your account is updated.').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Account Info' }).waitFor();
    expect(await info.getByLabel('Full name').inputValue()).toBe('Jane Rider');
    await page.getByText(`${account.username}_x`, { exact: true }).first().waitFor();
    await screenshot(page, 'accounts-profile-edited');

    await page.goto(url('/logout'));
    await page.getByText('You are now being logged out.').waitFor();
    await page.waitForURL(/\/home$/);
    const me = await page.evaluate(async () => (await fetch('/api/me')).status);
    expect(me).toBe(401);
    await page.goto(url('/logout'));
    await page.getByText('Session ID or user ID is missing').waitFor();
    await page.waitForURL(/\/login$/);
  });

  it('should log a second browser in with Pass Login approved on a logged-in one', async () => {
    const phone = await launchBrowser();
    try {
      const phonePage = await phone.newPage();
      phonePage.setDefaultTimeout(BROWSER_STEP_MS);
      const account = await signUpAndLogIn(phonePage, server.baseUrl, newAccount('phone'));

      await page.goto(url('/login'));
      await page.getByRole('button', { name: 'Pass Login' }).click();
      await page.locator('.pass-panel svg').waitFor();
      const link = await page.getByTestId('pass-link').getAttribute('href');
      if (!link) throw new Error('no pass link');
      expect(new URL(link).pathname).toBe('/auth');
      await screenshot(page, 'accounts-pass-login-qr');

      await phonePage.goto(link);
      await phonePage.getByText(/asks to log in as/).waitFor();
      await screenshot(phonePage, 'accounts-pass-login-approve');
      await phonePage.getByRole('button', { name: 'Approve' }).click();
      await phonePage.getByText(`Approved: the other device is now logged in as ${account.username}.`).waitFor();

      await page.waitForURL(/\/program-card$/);
      await page.getByRole('link', { name: account.username }).waitFor();
      await screenshot(page, 'accounts-pass-login-done');

      // The id is dead: opening the link again says so.
      await phonePage.goto(link);
      await phonePage.getByText('This pass login has already been used.').waitFor();
    } finally {
      await phone.close();
    }
  });
});
