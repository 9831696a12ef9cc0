import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { REPO_ROOT } from './server-process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Screenshots of the flows, kept as test artifacts (git-ignored). */
export const ARTIFACTS_DIR = join(REPO_ROOT, 'test-artifacts');

// Debian's chromium, headless, with no calls home (the machine has no network) and a fresh profile.
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface TestBrowser {
  context: BrowserContext;
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<TestBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'furlong-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    newPage: () => context.newPage(),
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true });
}

/**
 * Counts the page's calls of requestAnimationFrame from here on (installed before the page's own
 * scripts, on every navigation): an animation that runs asks for every display frame.
 */
export async function countFrameRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counted = window as unknown as { furlongFrameRequests: number };
    counted.furlongFrameRequests = 0;
    const request = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => {
      counted.furlongFrameRequests++;
      return request(callback);
    };
  });
}

/** The page's requestAnimationFrame calls a second over the next `ms` (see countFrameRequests). */
export async function frameRequestsPerSecond(page: Page, ms = 2000): Promise<number> {
  return page.evaluate(async (windowMs) => {
    const counted = window as unknown as { furlongFrameRequests?: number };
    if (counted.furlongFrameRequests === undefined) throw new Error('countFrameRequests was not installed');
    const before = counted.furlongFrameRequests;
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    return ((counted.furlongFrameRequests - before) * 1000) / (performance.now() - started);
  }, ms);
}
