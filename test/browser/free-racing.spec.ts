import type { FreeBoard } from '@furlong/contracts';
import { Client } from 'pg';
import { signUpAndLogIn } from '../support/accounts';
import { screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';

const PHONE = { width: 375, height: 812 };

// Free races in a browser: the set of boards made at start, a member's free pick on the live tote
// board, Start Race once the odds have closed (moved on in the database), the race on the shared
// Pixi race screen with its live-stream meters, the finish scoring the pick on the leader board,
// and the random data collection kept in the tab's session storage.
describe('free races in a browser', () => {
  const suite = browserSuite('furlong_browser_free', { RACING_ENABLED: 'false', FAIR_ODDS_RUNS: '0' });

  async function sql(text: string, values: unknown[] = []): Promise<void> {
    const db = new Client({ connectionString: suite.databaseUrl });
    await db.connect();
    try {
      await db.query(text, values);
    } finally {
      await db.end();
    }
  }

  async function boards(): Promise<FreeBoard[]> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await fetch(`${suite.server.baseUrl}/api/free/boards`);
      const body = (await res.json()) as { items: FreeBoard[] };
      if (body.items.length > 0 || Date.now() > deadline) return body.items;
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  it('should show the boards, take a free pick, start and show the race, and score the pick', async () => {
    const page = suite.page;
    const base = suite.server.baseUrl;
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    const set = await boards();
    expect(set.length).toBeGreaterThanOrEqual(6);
    const board = set[0] as FreeBoard;

    await page.goto(`${base}/free-program-card`);
    await page.getByRole('region', { name: board.name, exact: true }).waitFor();
    expect(await page.locator('.free-panel').count()).toBe(set.length);
    await screenshot(page, 'free-program-card');

    await signUpAndLogIn(page, base);
    await page.goto(`${base}/free-tote-board?board=${board.id}`);
    const horse = board.horses[2];
    await page.getByRole('button', { name: `Pick ${horse?.horse_name}` }).click();
    await page.getByText('Your pick', { exact: true }).waitFor();
    await screenshot(page, 'free-tote-board');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'free-tote-board-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The odds window ends (moved on here rather than waited for): anyone may start the race.
    await sql(`UPDATE free_boards SET odds_close_at = now() - interval '1 second' WHERE id = $1`, [board.id]);
    await page.goto(`${base}/free-race?board=${board.id}`);
    await page.getByText('Loading images will take a few seconds...').waitFor();
    await page.getByRole('button', { name: 'Start Race' }).click();
    await page.locator('.free-status', { hasText: 'Racing' }).waitFor();
    await page.getByText('Loading images will take a few seconds...').waitFor({ state: 'detached' });
    await page.getByText("Leader's speed").waitFor();
    await page.waitForTimeout(15_000);
    await page.getByText(/\(furlong 1\)/).waitFor();
    await screenshot(page, 'free-race-running');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'free-race-running-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The finish (moved on here too): the sweep settles it and scores the pick once.
    await sql(`UPDATE free_boards SET finishes_at = now() - interval '1 second' WHERE id = $1`, [board.id]);
    await page.getByRole('region', { name: 'Result' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText('Verified: the seed matches and the race runs the same here.').waitFor();
    await screenshot(page, 'free-race-finished');

    await page.goto(`${base}/free-leader-board`);
    await page.getByRole('table', { name: 'Players by points, today' }).waitFor();
    await page.getByText(/Free Race 1: .* points$/).waitFor();
    await screenshot(page, 'free-leader-board');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'free-leader-board-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto(`${base}/free-random-data`);
    await page.getByRole('button', { name: 'Fetch random data' }).click();
    await page.getByRole('heading', { name: 'Horses (5)' }).waitFor();
    const stored = await page.evaluate(() => JSON.parse(sessionStorage.getItem('randomData') ?? '{}'));
    expect(Object.keys(stored).sort()).toEqual(['horses', 'jockeys', 'owners', 'races', 'tracks', 'trainers']);
    expect(stored.horses).toHaveLength(5);
    await page.reload();
    await page.getByRole('heading', { name: 'Horses (5)' }).waitFor();
    await screenshot(page, 'free-random-data');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'free-random-data-phone');
    expect(errors).toEqual([]);
  }, 240_000);
});
