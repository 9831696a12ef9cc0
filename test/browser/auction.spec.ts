import type { AuctionLot, AuctionSale, ListResponse, LotState, SalesContractView } from '@furlong/contracts';
import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { logIn, signUpAndLogIn } from '../support/accounts';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { BROWSER_STEP_MS, browserSuite } from '../support/browser-suite';
import type { ServerProcess } from '../support/server-process';

const ADMIN = { email: 'auctioneer@furlong.test', password: 'the auctioneers password' };
const SOFT_CLOSE_S = 8;
const PHONE = { width: 390, height: 844 };

// Two members bid against each other live on one lot: each sees the other's bid without a reload,
// a bid in the last seconds extends the close, the hammer falls on both screens, and the winner
// finds the horse in their stable and the sales contract, whose PDF opens.
describe('the auction in a browser', () => {
  const suite = browserSuite('furlong_browser_auction', {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    AUCTION_SOFT_CLOSE_SECONDS: String(SOFT_CLOSE_S),
    AUCTION_HOUSE_SALES: 'false',
    RACING_ENABLED: 'false',
    FAIR_ODDS_RUNS: '0',
  });
  let server: ServerProcess;
  let a: Page;
  let second: TestBrowser | undefined;

  beforeEach(() => {
    ({ server, page: a } = suite);
  });

  afterAll(async () => {
    await second?.close();
  });

  /** A JSON request from the page, with its session cookie and CSRF token, as the app sends it. */
  const api = <T>(page: Page, method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ({ method, path, body }) => {
        const csrf = document.cookie
          .split('; ')
          .find((c) => c.startsWith('furlong_csrf='))
          ?.slice('furlong_csrf='.length);
        const res = await fetch(path, {
          method,
          headers: {
            'content-type': 'application/json',
            ...(csrf ? { 'X-CSRF-Token': decodeURIComponent(csrf) } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as unknown };
      },
      { method, path, body },
    ) as Promise<{ status: number; body: T }>;

  async function houseHorse(): Promise<number> {
    const db = new Client({ connectionString: suite.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query<{ id: number }>(
        `SELECT id FROM horses WHERE user_id IS NULL
            AND id NOT IN (SELECT horse_id FROM auction_horses WHERE horse_id IS NOT NULL) ORDER BY id LIMIT 1`,
      );
      if (!rows[0]) throw new Error('no house horse to sell');
      return rows[0].id;
    } finally {
      await db.end();
    }
  }

  it('should let two members bid live, extend the close, fall the hammer and give the winner the horse and contract', async () => {
    const errors: string[] = [];
    a.on('pageerror', (err) => errors.push(`A: ${err.message}`));
    second = await launchBrowser();
    const b = await second.newPage();
    b.setDefaultTimeout(BROWSER_STEP_MS);
    b.on('pageerror', (err) => errors.push(`B: ${err.message}`));

    // The admin makes a public sale of one house horse closing soon, from the admin's session.
    await logIn(a, server.baseUrl, ADMIN);
    const horseId = await houseHorse();
    const made = await api<AuctionSale>(a, 'POST', '/api/admin/auction/sales', {
      name: 'Browser Twilight Sale',
      kind: 'public',
      first_close_at: new Date(Date.now() + 30_000).toISOString(),
      lots: [{ horse_id: horseId, starting_bid_cents: 10_000, reserve_cents: null }],
    });
    expect(made.status).toBe(201);
    await a.goto(`${server.baseUrl}/auction`);
    await a.getByRole('form', { name: 'Make a sale' }).waitFor();
    await screenshot(a, 'auction-admin');
    const lots = await api<ListResponse<AuctionLot>>(a, 'GET', `/api/auction-horses?sale_id=${made.body.id}`);
    const lot = lots.body.items[0] as AuctionLot;

    // Two members, each in their own browser.
    await a.context().clearCookies();
    const [userA, userB] = await Promise.all([signUpAndLogIn(a, server.baseUrl), signUpAndLogIn(b, server.baseUrl)]);
    const lotUrl = `${server.baseUrl}/auction-horses/${lot.id}`;
    await Promise.all([a.goto(lotUrl), b.goto(lotUrl)]);
    const price = (p: Page) => p.getByRole('status', { name: 'Current price' });
    for (const p of [a, b]) await p.getByRole('form', { name: 'Bid on this lot' }).waitFor();
    await b.getByText('No bids yet for this horse.').waitFor();

    // A bids the starting bid; B sees it at once, without a reload, and bids higher.
    await a.getByRole('button', { name: 'Bid $100.00', exact: true }).click();
    await a.getByText('You lead at $100.00.').waitFor();
    await price(b).getByText('$100.00').waitFor();
    await b.getByRole('button', { name: 'Bid $200.00', exact: true }).click();
    await b.getByText('You lead at $200.00.').waitFor();
    await price(a).getByText('$200.00').waitFor();
    await a.getByText(`Paddle`).first().waitFor();
    await screenshot(b, 'auction-lot-live');

    // A answers in the last seconds: the close moves and both pages say Extended.
    const state = () => api<LotState>(a, 'GET', `/api/auction-horses/${lot.id}/currentbid`);
    let now = await state();
    const until = Date.now() + 40_000;
    while (Date.parse(now.body.closes_at) - Date.parse(now.body.server_time) > (SOFT_CLOSE_S - 3) * 1000) {
      if (Date.now() > until) throw new Error('the close did not come');
      await a.waitForTimeout(500);
      now = await state();
    }
    const closeBefore = Date.parse(now.body.closes_at);
    await a.getByRole('button', { name: 'Bid $300.00', exact: true }).click();
    await a.getByText('You lead at $300.00.').waitFor();
    for (const p of [a, b]) await p.getByText('Extended', { exact: true }).waitFor();
    expect(Date.parse((await state()).body.closes_at)).toBeGreaterThan(closeBefore);
    await screenshot(a, 'auction-lot-extended');

    // The hammer falls (its job at the close, or the sweep within 15 s): both pages show it live.
    for (const p of [a, b]) await p.getByText('Sold for $300.00').first().waitFor({ timeout: 40_000 });
    await expect(b.getByRole('form', { name: 'Bid on this lot' }).count()).resolves.toBe(0);
    await screenshot(b, 'auction-lot-sold');

    // The winner's stable lists the horse; the contract is on their Sales Contracts and its PDF opens.
    await a.goto(`${server.baseUrl}/user-dashboard`);
    await a.getByRole('heading', { name: lot.name }).first().waitFor();
    await a.goto(`${server.baseUrl}/sales-contracts`);
    const card = a.getByRole('article', { name: new RegExp(lot.name) });
    await card.waitFor();
    await card.getByText(userA.username).first().waitFor();
    const href = await card.getByRole('link', { name: /Download PDF/ }).getAttribute('href');
    expect(href).toMatch(/^\/api\/sales-contracts\/\d+\/pdf$/);
    const pdf = await a.evaluate(async (url) => {
      const res = await fetch(url);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { type: res.headers.get('content-type'), head: String.fromCharCode(...bytes.subarray(0, 5)) };
    }, href as string);
    expect(pdf).toEqual({ type: 'application/pdf', head: '%PDF-' });
    const contracts = await api<{ items: SalesContractView[] }>(a, 'GET', '/api/sales-contracts');
    expect(contracts.body.items[0]).toMatchObject({ horse_name: lot.name, purchase_price_cents: 30_000 });
    await screenshot(a, 'auction-sales-contracts');

    // The other pages as the loser sees them, on a phone, and the results.
    await b.setViewportSize(PHONE);
    for (const [path, name] of [
      [`/auction-horses/${lot.id}`, 'auction-phone-lot'],
      [`/auction-horses/${lot.id}/currentbid`, 'auction-phone-currentbid'],
      ['/auction-results', 'auction-phone-results'],
      ['/bidding', 'auction-phone-bidding'],
      ['/auction-horses?status=', 'auction-phone-horses'],
      ['/sales-contract', 'auction-phone-contract-form'],
    ] as const) {
      await b.goto(`${server.baseUrl}${path}`);
      await b.getByRole('heading', { level: 1 }).waitFor();
      await b.locator('.status-loading').first().waitFor({ state: 'detached' });
      await screenshot(b, name);
    }
    await b.getByText(userB.username).first().waitFor();
    for (const [path, name] of [
      ['/auction', 'auction-home'],
      ['/auction-horses?status=', 'auction-horses'],
      ['/dates', 'auction-dates'],
      ['/breeds', 'auction-breeds'],
      ['/public', 'auction-public'],
      ['/private', 'auction-private'],
      ['/current-highest-bid', 'auction-current-highest-bid'],
      ['/auction-results', 'auction-results'],
      ['/bidding', 'auction-bidding'],
      ['/breeding-contracts', 'auction-breeding-contracts'],
    ] as const) {
      await a.goto(`${server.baseUrl}${path}`);
      await a.getByRole('heading', { level: 1 }).waitFor();
      await a.locator('.status-loading').first().waitFor({ state: 'detached' });
      await screenshot(a, name);
    }
    await a.goto(`${server.baseUrl}/auction-results`);
    await a.getByRole('region', { name: 'Sold' }).getByText('$300.00').waitFor();
    expect(errors).toEqual([]);
  }, 150_000);
});
