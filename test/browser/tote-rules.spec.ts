import type { LiveRaceResult, NextToPostResponse } from '@furlong/contracts';
import {
  type EngineRunner,
  type Finish,
  finishFromPositions,
  finishPositions,
  hasDeadHeat,
  officialTimeMs,
  simulateRace,
} from '@furlong/domain';
import { Client } from 'pg';
import type { Page } from 'playwright-core';
import { logIn, signUpAndLogIn } from '../support/accounts';
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

/** Racing minutes a race must have left to be bet on here (20×: 3 s of wall time each). */
const MIN_MTP = 6;
/** At most this many racing minutes to post, so the walk waits at most a minute and a half for the off. */
const MAX_MTP = 30;

interface Candidate {
  id: number;
  finish: Finish;
}

/**
 * The open races whose result the test can foresee: a race is a function of its seed and entries,
 * both fixed when betting opens (the seed stays secret from players; the test reads the database).
 */
async function foresee(databaseUrl: string): Promise<Candidate[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      id: number;
      seed: string;
      engine_runners: EngineRunner[];
      furlongs: number;
      surface_type: string;
      track_condition: string;
    }>(
      `SELECT id, seed, engine_runners, furlongs::float8 AS furlongs, surface_type, track_condition
         FROM current_races
        WHERE status = 'open' AND seed IS NOT NULL AND engine_runners IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM current_race_entries e
                           WHERE e.current_race_id = current_races.id AND e.scratched_at IS NOT NULL)
          AND post_time > now() + make_interval(secs => $1)
          AND post_time < now() + make_interval(secs => $2)
        ORDER BY post_time`,
      [(MIN_MTP * 60) / 20, (MAX_MTP * 60) / 20],
    );
    return rows.map((r) => {
      const race = simulateRace({
        seed: r.seed,
        runners: r.engine_runners,
        conditions: { furlongs: r.furlongs, surface: r.surface_type, condition: r.track_condition },
      } as Parameters<typeof simulateRace>[0]);
      const post = new Map(r.engine_runners.map((x, i) => [x.post_position, i]));
      const times = race.finish_order.map((p) => officialTimeMs(race.finish_times_ms[post.get(p) as number] as number));
      const places = finishPositions(times);
      return {
        id: r.id,
        finish: finishFromPositions(
          race.finish_order.map((p, i) => ({ post_position: p, finish_position: places[i] as number })),
        ),
      };
    });
  } finally {
    await client.end();
  }
}

/**
 * Waits (bounded) for an open race posting within MAX_MTP with a dead heat whose winner and
 * runner-up are clear (new races open as the racing clock runs, so one comes along).
 */
async function raceWithDeadHeat(databaseUrl: string): Promise<Candidate> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const found = (await foresee(databaseUrl)).find(
      (c) => hasDeadHeat(c.finish) && c.finish[0]?.length === 1 && c.finish[1]?.length === 1,
    );
    if (found) return found;
    await new Promise((r) => setTimeout(r, 3000));
  }
  throw new Error('no open race with a dead heat in four minutes (about 7 % of races have one)');
}

async function betWin(page: Page, baseUrl: string, raceId: number, post: number): Promise<void> {
  await page.goto(`${baseUrl}/bets?raceId=${raceId}`);
  await page.getByRole('heading', { name: /^Bets — / }).waitFor();
  await page.getByRole('checkbox', { name: new RegExp(`^#${post} `) }).check();
  await page.getByRole('button', { name: 'Add Bet' }).click();
  await page.getByRole('button', { name: 'Review Bets' }).click();
  await page.getByRole('button', { name: 'Place Bet' }).click();
  await page.getByText(/1 bet placed for \$2\.00\. Your balance is/).waitFor();
}

// Issue 16 in the browser, one server for both walks (at 20× a race posts every minute or two and
// runs in seconds). A scratch: an admin scratches a runner from the race card (a reason and a
// confirmation), the card marks it SCR with the reason at once, the race runs without it, and the
// result page lists it. A dead heat and a pool nobody held the winner of: no house money in the win
// pools and no simulated crowd, so the member's $2 on the runner-up is the only ticket in the win
// pool; nobody backs the winner, and the pool pays the runner-up (Va. 11VAC10-20-320). The race is
// one whose seed gives a dead heat (recorded to the hundredth).
describe('the tote rules on the race card and the result page in the browser', () => {
  const suite = browserSuite(
    'furlong_tote_rules',
    {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RACING_ENABLED: 'true',
      RACING_TIME_SCALE: '20',
      RACING_SCHEDULER_SECONDS: '1',
      // Four racing hours of races open at once: enough that some race's seed gives a dead heat.
      RACING_OPEN_LEAD_MINUTES: '240',
      WAGERING_SEED_WIN_CENTS: '0',
      WAGERING_CROWD_CENTS_PER_TICK: '0',
    },
    20_000,
  );
  let server: ServerProcess;
  let page: Page;

  beforeEach(async () => {
    ({ server, page } = suite);
  });

  it('should show "DH" for runners that dead-heat and a win pool paid on the runner-up', async () => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signUpAndLogIn(page, server.baseUrl);
    const race = await raceWithDeadHeat(suite.databaseUrl);
    const runnerUp = race.finish[1]?.[0] as number;
    await betWin(page, server.baseUrl, race.id, runnerUp);

    await page.goto(`${server.baseUrl}/race/${race.id}`);
    await page.waitForURL(new RegExp(`/race-results\\?id=${race.id}$`), { timeout: 240_000 });
    const finishers = page.getByRole('table', { name: 'Finishers in order' });
    await finishers.waitFor();
    const tied = race.finish.filter((g) => g.length > 1).flat();
    expect(await finishers.getByTitle('Dead heat').count()).toBe(tied.length);

    const mine = page.getByRole('table', { name: 'Your bets on this race' });
    const deadline = Date.now() + 60_000;
    while ((await mine.getByText(/^Won \$/).count()) === 0) {
      if (Date.now() > deadline) throw new Error("the member's ticket on the runner-up was not paid within a minute");
      await page.waitForTimeout(2000);
      await page.reload();
      await mine.waitFor();
    }
    await page
      .getByRole('list', { name: 'Win, place and show pools' })
      .getByText(`Win pool $2.00 (No winning ticket: paid on ${runnerUp}, the next finisher)`)
      .waitFor();
    await finishers.scrollIntoViewIfNeeded();
    await screenshot(page, 'tote-rules-dead-heat-and-fallback');
    expect(errors).toEqual([]);
  }, 420_000);

  it('should let an admin scratch a runner on the race card, and show it on the result page', async () => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    // The suite's browser profile still holds the member of the walk before.
    await page.context().clearCookies();
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
