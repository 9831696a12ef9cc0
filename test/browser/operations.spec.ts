import { CSRF_COOKIE, CSRF_HEADER, type MeResponse } from '@furlong/contracts';
import type { Page } from 'playwright-core';
import { signUpAndLogIn } from '../support/accounts';
import { screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import { dropRedisKeys } from '../support/redis-keys';
import type { ServerProcess } from '../support/server-process';

const ADMIN = { email: 'boss@furlong.test', password: 'admin password for ops' };

/** The cookies a response sets, as `name → value`. */
function cookiesOf(res: Response, into = new Map<string, string>()): Map<string, string> {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (pair && eq > 0) into.set(pair.slice(0, eq).trim(), decodeURIComponent(pair.slice(eq + 1).trim()));
  }
  return into;
}

/** The suite's admin (ADMIN_EMAIL) gives user `id` a role, through the API as any admin would. */
async function setRole(baseUrl: string, id: number, role: MeResponse['role']): Promise<void> {
  const jar = cookiesOf(await fetch(`${baseUrl}/api/auth/csrf`));
  const send = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        cookie: [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '),
        [CSRF_HEADER]: jar.get(CSRF_COOKIE) ?? '',
      },
      body: JSON.stringify(body),
    });
    cookiesOf(res, jar);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  };
  await send('POST', '/api/auth/login', ADMIN);
  await send('PUT', `/api/admin/users/${id}/role`, { role });
}

/** The machine's Redis (the tests' own prefix keeps this suite's keys apart). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const QUEUE_PREFIX = `furlong-browser-ops-${process.pid}`;

// The operations pages in Debian's chromium, with BullMQ on Redis (so the queue board is bull-board)
// and the racing clock at 20× (a race posts every minute or so and runs in seconds): an operator
// opens the queue board, watches the operations page while a race runs, tries an endpoint and runs
// the app test.
describe('the operations pages in a browser', () => {
  const suite = browserSuite('furlong_operations', {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RACING_ENABLED: 'true',
    RACING_TIME_SCALE: '20',
    RACING_SCHEDULER_SECONDS: '1',
    REDIS_URL,
    QUEUE_PREFIX,
  });

  afterAll(() => dropRedisKeys(REDIS_URL, QUEUE_PREFIX));
  let server: ServerProcess;
  let page: Page;

  beforeEach(async () => {
    ({ server, page } = suite);
    await suite.browser.context.clearCookies();
  });

  /** A new member, promoted to operator by the admin; the page's session sees the role at once. */
  async function logInAsOperator(): Promise<void> {
    await signUpAndLogIn(page, server.baseUrl);
    const me = await page.evaluate(async () => (await (await fetch('/api/me')).json()) as { id: number });
    await setRole(server.baseUrl, me.id, 'operator');
  }

  it('should show an operator the queue board, then the operations page with its figures moving while a race runs', async () => {
    await logInAsOperator();
    // bull-board itself, behind the session and role check.
    await page.goto(`${server.baseUrl}/admin/queues`);
    await page.getByText('Furlong queues').first().waitFor();
    await page.getByText('jobs', { exact: true }).first().waitFor();
    await screenshot(page, 'operations-queue-board');

    await page.goto(`${server.baseUrl}/admin/ops`);
    const status = page.getByTestId('ops-live-status');
    await status.filter({ hasText: /^Live · updated / }).waitFor({ timeout: 15_000 });
    const firstUpdate = await status.textContent();
    // Updated every second.
    await page.waitForFunction(
      (first) => document.querySelector('[data-testid="ops-live-status"]')?.textContent !== first,
      firstUpdate,
      { timeout: 5000 },
    );
    const instances = page.getByRole('table', { name: 'Instances' });
    await instances.getByRole('cell', { name: 'up', exact: true }).waitFor();
    // A race runs within a minute or two at 20×: its frames show on the page, and the timer's
    // lateness once a race is timed from its off (a race taken over mid-run sends catch-up frames
    // that are not lateness).
    await page.waitForFunction(
      () =>
        Number.parseFloat(document.querySelector('[data-testid="figure-frames-per-second"]')?.textContent ?? '0') > 0 &&
        /ms$/.test(document.querySelector('[data-testid="figure-tick-lateness"]')?.textContent ?? ''),
      null,
      { timeout: 150_000, polling: 500 },
    );
    await screenshot(page, 'operations-live');
  }, 180_000);

  it('should refuse a member the explorer', async () => {
    await signUpAndLogIn(page, server.baseUrl);
    await page.goto(`${server.baseUrl}/endpoint-test`);
    await page.getByText('This page is for operators and administrators.').waitFor();
  });

  it('should let an operator try GET /api/health from the explorer and see 200', async () => {
    await logInAsOperator();
    await page.goto(`${server.baseUrl}/endpoint-test`);
    await page.getByRole('heading', { name: 'health' }).waitFor();
    await page.getByRole('button', { name: /^GET \/api\/health\b/ }).click();
    await page.getByRole('button', { name: 'Try', exact: true }).click();
    const status = page.getByTestId('try-status');
    await status.waitFor();
    expect(await status.textContent()).toMatch(/^200\b/);
    expect(await page.getByTestId('try-body').textContent()).toContain('"status"');
    await screenshot(page, 'operations-endpoint-test');
  });

  it('should run the app test on Run and pass the catalog and program steps', async () => {
    await logInAsOperator();
    await page.goto(`${server.baseUrl}/app-test`);
    const steps = page.getByRole('list', { name: 'Steps' });
    const step = (label: RegExp) => steps.getByRole('listitem', { name: label });
    // Nothing runs before Run.
    expect(await step(/^Catalog list/).textContent()).toContain('Pending');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    // Every step ends within its bounds (a join 10 s, a frame 15 s); the live ones depend on the day's races.
    await page.getByRole('button', { name: 'Run again' }).waitFor({ timeout: 60_000 });
    expect(await step(/^Catalog list/).textContent()).toContain('Passed');
    expect(await step(/^Program card/).textContent()).toContain('Passed');
    for (const label of [/^Live race join/, /^A frame received/, /^Tote room/, /^A bet on a closed race/]) {
      expect(await step(label).textContent()).toMatch(/Passed|Failed|Skipped/);
    }
    await screenshot(page, 'operations-app-test');
  }, 90_000);
});
