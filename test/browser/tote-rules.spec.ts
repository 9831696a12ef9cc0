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
import { signUpAndLogIn } from '../support/accounts';
import { screenshot } from '../support/browser';
import { browserSuite } from '../support/browser-suite';
import type { ServerProcess } from '../support/server-process';

/** Racing minutes a race must have left to be bet on here (20×: 3 s of wall time each). */
const MIN_MTP = 6;

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
          AND post_time > now() + make_interval(secs => $1)
        ORDER BY post_time`,
      [(MIN_MTP * 60) / 20],
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

/** Waits (bounded) for an open race with a dead heat whose winner and runner-up are clear. */
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

// Issue 16: a dead heat and a pool nobody held the winner of, on a real result page. No house
// money in the win pools and no simulated crowd, so the member's $2 on the runner-up is the only
// ticket in the win pool: nobody backs the winner, and the pool pays the runner-up (Va.
// 11VAC10-20-320). The race is one whose seed gives a dead heat (recorded to the hundredth).
describe('the tote rules on a result page in the browser', () => {
  const suite = browserSuite(
    'furlong_tote_rules',
    {
      RACING_ENABLED: 'true',
      RACING_TIME_SCALE: '20',
      RACING_SCHEDULER_SECONDS: '1',
      RACING_OPEN_LEAD_MINUTES: '30',
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
});
