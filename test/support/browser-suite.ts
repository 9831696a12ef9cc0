import type { Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from './browser';
import { seededDatabase } from './postgres';
import { type ServerProcess, startServerProcess } from './server-process';

/**
 * How long a page step may take by default (a click's navigation, an element to show). The browser
 * suites share two cores with their servers, PostgreSQL and the other test files: on a slow machine a
 * lazy page's chunk or a first answer has taken over 15 s, so a step gets 30 s (and a test 90 s, in
 * browser-timeout.ts); a test that waits for something longer (a race) says so where it waits.
 */
export const BROWSER_STEP_MS = 30_000;

export interface BrowserSuite {
  readonly server: ServerProcess;
  readonly browser: TestBrowser;
  /** A fresh page for each test, closed after it. */
  readonly page: Page;
  /** The suite's scratch database, for a test that must read what the server keeps (a race's seed). */
  readonly databaseUrl: string;
  /** Stops the server (SIGTERM, as a deploy does). */
  stopServer(): Promise<void>;
  /** Starts the server again with the same settings on the same address (a page there reconnects to it). */
  startServerAgain(): Promise<ServerProcess>;
}

/**
 * Registers the hooks of a browser suite (call it inside `describe`): the built server on a scratch
 * PostgreSQL database holding the seeded catalog (seededDatabase) with `env`, one chromium profile for the suite, and a new page per test.
 */
export function browserSuite(
  databasePrefix: string,
  env: Record<string, string> = {},
  pageTimeoutMs = BROWSER_STEP_MS,
): BrowserSuite {
  let db: Awaited<ReturnType<typeof seededDatabase>> | undefined;
  let server: ServerProcess | undefined;
  let browser: TestBrowser | undefined;
  let page: Page | undefined;

  // A few hundred fair-odds runs per opened race, as every test server (a suite may ask for more).
  const serverEnv = (databaseUrl: string) => ({ DATABASE_URL: databaseUrl, FAIR_ODDS_RUNS: '200', ...env });

  beforeAll(async () => {
    db = await seededDatabase(databasePrefix);
    server = await startServerProcess(serverEnv(db.url));
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await db?.drop();
  });

  beforeEach(async () => {
    page = await (browser as TestBrowser).newPage();
    page.setDefaultTimeout(pageTimeoutMs);
  });

  afterEach(async () => {
    await page?.close();
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the browser suite has no ${what} yet (use it inside a test)`);
    return value;
  };
  return {
    get server() {
      return ready(server, 'server');
    },
    get browser() {
      return ready(browser, 'browser');
    },
    get page() {
      return ready(page, 'page');
    },
    get databaseUrl() {
      return ready(db, 'database').url;
    },
    async stopServer() {
      await ready(server, 'server').stop();
    },
    async startServerAgain() {
      const { baseUrl } = ready(server, 'server');
      server = await startServerProcess({ ...serverEnv(ready(db, 'database').url), PORT: new URL(baseUrl).port });
      return server;
    },
  };
}
