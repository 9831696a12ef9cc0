import type { LiveRaceResult, NextToPostResponse } from '@furlong/contracts';
import type { Page } from 'playwright-core';
import { logIn } from '../support/accounts';
import { screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import type { ServerProcess } from '../support/server-process';

const ADMIN = { email: 'steward@furlong.test', password: 'the stewards password' };

/** An open race with at least 8 racing minutes to post and seven runners or more (a scratch leaves six). */
async function openRace(baseUrl: string): Promise<number> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const board = (await (await fetch(`${baseUrl}/api/next_to_post?limit=50`)).json()) as NextToPostResponse;
    const race = board.races.find((r) => r.status === 'open' && r.mtp >= 8 && r.mtp <= 25 && r.num_horses >= 7);
    if (race) return race.id;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error('no open race with 8 to 25 MTP and seven runners in 2 minutes');
}

async function result(page: Page, baseUrl: string, raceId: number): Promise<LiveRaceResult> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/current_races/${raceId}/result`);
    if (res.ok) return (await res.json()) as LiveRaceResult;
    await page.waitForTimeout(2000);
  }
  throw new Error(`race ${raceId} has no result after 150 s`);
}

// Issue 16's scratch in the browser: an admin scratches a runner from the race card (a reason and a
// confirmation), the card marks it SCR with the reason at once, the race runs without it, and the
// result page lists it as scratched. At 20× a race posts every minute or two and runs in seconds.
describe('a scratch in the browser', () => {
  const suite = browserSuite(
    'furlong_scratches',
    {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RACING_ENABLED: 'true',
      RACING_TIME_SCALE: '20',
      RACING_SCHEDULER_SECONDS: '1',
      RACING_OPEN_LEAD_MINUTES: '30',
    },
    20_000,
  );
  let server: ServerProcess;
  let page: Page;

  beforeEach(async () => {
    ({ server, page } = suite);
  });

  it('should let an admin scratch a runner on the race card, and show it on the result page', async () => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await logIn(page, server.baseUrl, ADMIN);
    const raceId = await openRace(server.baseUrl);

    await page.goto(`${server.baseUrl}/race-card?raceId=${raceId}`);
    const entries = page.getByRole('table', { name: /^Entries/ });
    await entries.waitFor();
    const rows = entries.getByRole('row');
    const last = rows.last();
    const horse = ((await last.getByRole('link').first().textContent()) ?? '').trim();
    await last.getByRole('button', { name: /^Scratch #\d+ / }).click();
    const form = last.getByRole('form', { name: /^Scratch #\d+ / });
    await form.getByLabel('Reason').fill('Vet scratch');
    await form.getByRole('button', { name: 'Confirm scratch' }).click();
    // The card says so at once: SCR and the reason, and one starter fewer.
    await last.getByText('SCR').waitFor();
    await last.getByText('Vet scratch').waitFor();
    await page.getByRole('table', { name: /starters\)$/ }).waitFor();
    await screenshot(page, 'scratch-1-race-card');

    // The bet slip no longer offers the runner.
    await page.getByRole('link', { name: 'Place Bet' }).click();
    await page.waitForURL(/\/bets\?raceId=/);
    await page.getByRole('checkbox', { name: /^#1 / }).first().waitFor();
    expect(
      await page.getByRole('checkbox', { name: new RegExp(horse.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).count(),
    ).toBe(0);

    // The race runs without it; its result page lists the scratch.
    const official = await result(page, server.baseUrl, raceId);
    expect(official.finishers.map((f) => f.horse_name)).not.toContain(horse);
    await page.goto(`${server.baseUrl}/race-results?id=${raceId}`);
    const scratched = page.getByRole('region', { name: 'Scratched' });
    await scratched.getByText(horse).waitFor();
    await scratched.getByText(/Vet scratch/).waitFor();
    await screenshot(page, 'scratch-2-result');
    expect(errors).toEqual([]);
  }, 240_000);
});
