import { createHash } from 'node:crypto';
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
import { bringPostNear, racingNowMs } from '../support/racing-clock';
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

/** The racing clock's pace here, and how near a race's off is brought once its bets are placed (1.5 s of wall time). */
const TIME_SCALE = 20;
const OFF_IN_RACING_MS = 30_000;

interface Candidate {
  id: number;
  finish: Finish;
}

/** A race's finish (rank groups, dead heats together) from its seed and entries, as the engine runs it. */
function finishOf(
  seed: string,
  runners: EngineRunner[],
  conditions: { furlongs: number; surface: string; condition: string },
): Finish {
  const race = simulateRace({ seed, runners, conditions } as Parameters<typeof simulateRace>[0]);
  const post = new Map(runners.map((x, i) => [x.post_position, i]));
  const times = race.finish_order.map((p) => officialTimeMs(race.finish_times_ms[post.get(p) as number] as number));
  const places = finishPositions(times);
  return finishFromPositions(
    race.finish_order.map((p, i) => ({ post_position: p, finish_position: places[i] as number })),
  );
}

/**
 * Stages a dead heat: the next open race posting in 6 to 30 racing minutes gets a seed (and its
 * commitment) that the engine runs to a dead heat with a clear winner and runner-up. A race is a
 * function of its seed and entries, so the test, reading the database as an operator could, finds
 * such a seed by trying; the server reads the seed when the race runs, and the result page's
 * verification checks the new commitment.
 */
async function stageDeadHeat(databaseUrl: string): Promise<Candidate> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{
        id: number;
        engine_runners: EngineRunner[];
        furlongs: number;
        surface_type: string;
        track_condition: string;
      }>(
        `SELECT id, engine_runners, furlongs::float8 AS furlongs, surface_type, track_condition
           FROM current_races
          WHERE status = 'open' AND seed IS NOT NULL AND engine_runners IS NOT NULL
            AND NOT EXISTS (SELECT 1 FROM current_race_entries e
                             WHERE e.current_race_id = current_races.id AND e.scratched_at IS NOT NULL)
            AND post_time > $1 AND post_time < $2
          ORDER BY post_time LIMIT 1`,
        [new Date(racingNowMs(TIME_SCALE) + MIN_MTP * 60_000), new Date(racingNowMs(TIME_SCALE) + MAX_MTP * 60_000)],
      );
      const race = rows[0];
      if (race) {
        const conditions = { furlongs: race.furlongs, surface: race.surface_type, condition: race.track_condition };
        for (let i = 0; i < 5000; i++) {
          const seed = createHash('sha256').update(`dead-heat:${race.id}:${i}`).digest('hex');
          const finish = finishOf(seed, race.engine_runners, conditions);
          if (!hasDeadHeat(finish) || finish[0]?.length !== 1 || finish[1]?.length !== 1) continue;
          const staged = await client.query(
            `UPDATE current_races SET seed = $2, seed_hash = $3 WHERE id = $1 AND status = 'open'`,
            [race.id, seed, createHash('sha256').update(seed).digest('hex')],
          );
          if (staged.rowCount === 1) return { id: race.id, finish };
          break;
        }
      }
      await new Promise((r) => setTimeout(r, 2000));
    }
    throw new Error('no open race posting in 6 to 30 racing minutes to stage a dead heat on in two minutes');
  } finally {
    await client.end();
  }
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
// given a seed that runs to a dead heat (recorded to the hundredth) before it runs.
describe('the tote rules on the race card and the result page in the browser', () => {
  const suite = browserSuite('furlong_tote_rules', {
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RACING_ENABLED: 'true',
    RACING_TIME_SCALE: String(TIME_SCALE),
    RACING_SCHEDULER_SECONDS: '1',
    // An hour of races open at once: a race 6 to 30 racing minutes from post to stage a dead heat on.
    RACING_OPEN_LEAD_MINUTES: '60',
    WAGERING_SEED_WIN_CENTS: '0',
    WAGERING_CROWD_CENTS_PER_TICK: '0',
  });
  let server: ServerProcess;
  let page: Page;

  beforeEach(async () => {
    ({ server, page } = suite);
  });

  it('should show "DH" for runners that dead-heat and a win pool paid on the runner-up', async () => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await signUpAndLogIn(page, server.baseUrl);
    const race = await stageDeadHeat(suite.databaseUrl);
    const runnerUp = race.finish[1]?.[0] as number;
    await betWin(page, server.baseUrl, race.id, runnerUp);
    expect(await bringPostNear(suite.databaseUrl, race.id, TIME_SCALE, OFF_IN_RACING_MS)).toBe(true);

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
    expect(await bringPostNear(suite.databaseUrl, raceId, TIME_SCALE, OFF_IN_RACING_MS)).toBe(true);
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
