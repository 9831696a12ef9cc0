import type { Page } from 'playwright-core';
import { logIn, signUpAndLogIn } from '../support/accounts';
import { screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';

const ADMIN = { email: 'registrar@furlong.test', password: 'the registrars password' };

// Administration in chromium (issue 21): an admin finds a member, edits and disables them, credits
// their wallet with a reason, reads all of it in the audit log, runs the scan and insert twice (the
// second finds nothing), browses the users table (no password hash), renames a jockey in the table
// manager (bets stay read-only), checks the schema against the code, adds a custom field to horses
// and sets it on a horse's page, and reads every one of those writes in the audit log; the member
// is then refused at login.
describe('administration in a browser', () => {
  const suite = browserSuite('furlong_browser_admin', {
    RACING_ENABLED: 'false',
    AUCTION_HOUSE_SALES: 'false',
    FREE_BOARDS: 'false',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  let page: Page;
  let baseUrl: string;

  beforeEach(() => {
    page = suite.page;
    baseUrl = suite.server.baseUrl;
  });

  it('should edit a member, adjust their wallet, scan twice, write a table row, add a custom field, and show it all in the audit log', async () => {
    const member = await signUpAndLogIn(page, baseUrl);
    await page.context().clearCookies();
    await logIn(page, baseUrl, ADMIN);

    await page.goto(`${baseUrl}/admin-profile`);
    await page.getByLabel('Find a user').fill(member.username);
    await page.getByRole('button', { name: 'Search' }).click();
    // The search's answer first: the table shows the last list until it comes, and a row that moves
    // under the pointer as it arrives can take the click meant for another.
    await page.getByRole('table', { name: 'Users (1)' }).waitFor();
    await page.getByRole('button', { name: `Edit ${member.username}` }).click();
    const edit = page.getByRole('form', { name: `Edit ${member.username}` });
    await edit.getByLabel('Full name').fill('Dora Marsh');
    await edit.getByRole('checkbox').check();
    await edit.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row').filter({ hasText: member.username });
    await row.getByText('Disabled').waitFor();
    await row.getByText('Dora Marsh').waitFor();

    await page.getByRole('button', { name: `Adjust the wallet of ${member.username}` }).click();
    const wallet = page.getByRole('form', { name: `Adjust the wallet of ${member.username}` });
    await wallet.getByLabel('Amount ($)').fill('25');
    await wallet.getByLabel('Reason').fill('welcome back');
    await wallet.getByRole('button', { name: 'Credit $25.00' }).click();
    await row.getByText('$1,025.00').waitFor();
    await screenshot(page, 'admin-users');

    await page.getByRole('link', { name: 'audit log' }).click();
    const log = page.getByRole('table', { name: /Audit log/ });
    await log.waitFor();
    await log.getByRole('row').filter({ hasText: 'wallet.adjust' }).getByText('reason: — → "welcome back"').waitFor();
    const update = log.getByRole('row').filter({ hasText: 'user.update' });
    await update.getByText('disabled: false → true').waitFor();
    await update.getByText('full_name: null → "Dora Marsh"').waitFor();
    await screenshot(page, 'admin-audit-log');

    // The scan and insert, twice: the second run finds nothing.
    await page.goto(`${baseUrl}/run-scan-insert`);
    await page.getByRole('button', { name: 'Run scan and insert' }).click();
    await page.getByRole('heading', { name: 'This run' }).waitFor();
    await page.getByRole('button', { name: 'Run scan and insert' }).click();
    await page
      .getByRole('region', { name: 'Scan report' })
      .getByText(/Nothing to repair\./)
      .waitFor();
    await screenshot(page, 'admin-scan-insert');
    await page.goto(`${baseUrl}/admin/audit`);
    await page
      .getByRole('table', { name: /Audit log/ })
      .getByRole('row')
      .filter({ hasText: 'scan.run' })
      .first()
      .waitFor();

    // The table browser: the users' fields without the password hash, and their rows.
    await page.goto(`${baseUrl}/showDB`);
    await page.getByLabel('Table', { exact: true }).selectOption('users');
    const fields = page.getByRole('region', { name: 'Fields of users' });
    await fields.getByRole('cell', { name: 'email', exact: true }).waitFor();
    expect(await fields.getByRole('cell', { name: 'password_hash' }).count()).toBe(0);
    await page.getByRole('region', { name: 'Rows of users' }).getByText(member.email).waitFor();
    await screenshot(page, 'admin-tables');

    // The table manager writes through the table's owner: a jockey renamed; bets are read-only.
    await page.getByLabel('Table', { exact: true }).selectOption('jockeys');
    await page.getByRole('button', { name: 'Edit row 1', exact: true }).click();
    const jockey = page.getByRole('form', { name: 'Edit row 1 of jockeys' });
    await jockey.getByLabel(/jockey_name/).fill('Dora Marsh Senior');
    await jockey.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Row 1 of jockeys saved.').waitFor();
    await page.getByRole('region', { name: 'Rows of jockeys' }).getByText('Dora Marsh Senior').waitFor();
    await page.getByLabel('Table', { exact: true }).selectOption('bets');
    await page.getByText(/^Read-only: /).waitFor();
    expect(await page.getByRole('button', { name: 'New row' }).count()).toBe(0);

    // The compare-columns tool: the migrated database has the columns the code expects.
    await page.goto(`${baseUrl}/compare-columns`);
    await page.getByText(/^The database matches the code: \d+ tables, \d+ columns checked\.$/).waitFor();

    // A custom field instead of a raw column: a reserved name refused, "Coat pattern" added to
    // horses, set on a horse's page and still there after a reload.
    await page.goto(`${baseUrl}/add-columns`);
    const add = page.getByRole('form', { name: 'Add a custom field' });
    await add.getByLabel('Entity').selectOption('horses');
    await add.getByLabel('Name').fill('select');
    await add.getByRole('button', { name: 'Add field' }).click();
    await add.getByText("'select' is a reserved word").waitFor();
    await add.getByLabel('Name').fill('coat_pattern');
    await add.getByLabel('Label (optional)').fill('Coat pattern');
    await add.getByLabel('Type').selectOption('text');
    await add.getByRole('button', { name: 'Add field' }).click();
    await page.getByText('Added Coat pattern (coat_pattern) to horses.').waitFor();
    await page.getByRole('region', { name: 'Fields of horses' }).getByText('coat_pattern').waitFor();

    await page.goto(`${baseUrl}/page-horse/1`);
    const more = page.getByRole('region', { name: 'More details' });
    await more.getByRole('button', { name: 'Edit' }).click();
    const details = page.getByRole('form', { name: 'Edit more details' });
    await details.getByLabel('Coat pattern').fill('Tobiano');
    await details.getByRole('button', { name: 'Save' }).click();
    await more.getByText('Tobiano').waitFor();
    await page.reload();
    await page.getByRole('region', { name: 'More details' }).getByText('Tobiano').waitFor();
    await screenshot(page, 'admin-custom-field');

    // The audit log has all of it: the field added and set, the jockey's row, the refusal.
    await page.goto(`${baseUrl}/admin/audit`);
    const audit = page.getByRole('table', { name: /Audit log/ });
    for (const action of ['custom_field.add', 'custom_field.set', 'row.update', 'scan.run', 'user.update']) {
      await audit.getByRole('row').filter({ hasText: action }).first().waitFor();
    }
    await audit
      .getByRole('row')
      .filter({ hasText: 'custom_field.set' })
      .getByText(/Tobiano/)
      .waitFor();
    await audit
      .getByRole('row')
      .filter({ hasText: 'row.update' })
      .getByText(/Dora Marsh Senior/)
      .waitFor();
    await screenshot(page, 'admin-audit-log-all');

    await page.context().clearCookies();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('This account is disabled. Please contact us.').waitFor();
  }, 120_000);
});
