import { createHash } from 'node:crypto';
import type {
  BetListResponse,
  CurrentRaceDetail,
  LiveRaceResult,
  PlaceBetsResponse,
  RaceFrame,
  RaceVerification,
} from '@furlong/contracts';
import { officialOrder, simulateRace } from '@furlong/domain';
import { DataSource } from 'typeorm';
import { ApiSession } from './support/api-session';
import { getJson, stageRace, type Viewer, waitFor, waitForStatus, watchRace } from './support/live-race';
import { type ServerChild, startServerChild } from './support/server-child';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const START_CREDIT = 50_000;
const SCALE = '10';

// The built server as a real process on PostgreSQL, killed with SIGKILL (no shutdown hooks) while
// its race runs, then started again: the race finishes with the result its published seed
// implies, and the bets placed before the kill are kept and settled exactly once. A second
// in-process app with racing off only stages the race (the racing clock is the same function of
// the wall clock in both) and reads the database.
describe('a server killed with SIGKILL mid-race', () => {
  const dbName = uniqueName('furlong_fault_kill');
  let env: Record<string, string>;
  let stager: TestApp;
  let server: ServerChild | undefined;
  const viewers: Viewer[] = [];

  const db = () => stager.app.get(DataSource);

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 19, scale: 0.05 });
    env = {
      DATABASE_URL: url,
      SEED_ON_START: 'false',
      RACING_ENABLED: 'true',
      RACING_TIME_SCALE: SCALE,
      RACING_SCHEDULER_SECONDS: '0.5',
      RACING_OPEN_LEAD_MINUTES: '1',
      STARTING_CREDIT_CENTS: String(START_CREDIT),
      WAGERING_CROWD_CENTS_PER_TICK: '0',
    };
    stager = await startTestApp({ DATABASE_URL: url, RACING_TIME_SCALE: SCALE });
    server = await startServerChild(env);
  }, 90_000);

  afterAll(async () => {
    for (const v of viewers) v.close();
    await server?.kill();
    await stager?.close();
    await dropDatabase(dbName);
  });

  it('should finish the race with the seeded result and settle its bets once when restarted after kill -9', async () => {
    // 8 furlongs at 10×: about 10 s of wall time from the off; betting opens 6 s before it.
    const id = await stageRace(stager.app, { startsInWallMs: 12_000, furlongs: 8 });
    const first = server as ServerChild;
    const open = await waitForStatus(first.baseUrl, id, 'open', 20_000);
    const punter = new ApiSession(first.baseUrl);
    const me = await punter.signUp('killed9', 'killed9@furlong.test', 'correct horse battery');
    const slip = await punter.request<PlaceBetsResponse>(
      'POST',
      '/api/bets',
      {
        bets: [
          { bet_type: 'Win', race_ids: [id], amount_cents: 500, selections: [[1]], box: false },
          { bet_type: 'Show', race_ids: [id], amount_cents: 300, selections: [[2]], box: false },
          { bet_type: 'Exacta', race_ids: [id], amount_cents: 100, selections: [[1, 2, 3]], box: true },
        ],
      },
      { headers: { 'Idempotency-Key': `killed9-${Date.now()}` } },
    );
    expect(slip.status).toBe(201);
    const staked = slip.body.total_cents;

    const viewer = await watchRace(first.baseUrl, id);
    viewers.push(viewer);
    await waitFor(
      'the race to be under way',
      async () => ((viewer.frames.at(-1)?.s ?? 0) >= 20 ? true : undefined),
      30_000,
    );
    expect((await getJson<CurrentRaceDetail>(first.baseUrl, `/api/current_races/${id}`)).body.status).toBe('running');

    await first.kill();
    expect(first.child.signalCode).toBe('SIGKILL');
    const seenBefore = [...viewer.frames] as RaceFrame[];

    const killedAt = Date.now();
    server = await startServerChild(env);
    const again = server;
    const upAfterMs = Date.now() - killedAt;
    const statusOnRestart = (await getJson<CurrentRaceDetail>(again.baseUrl, `/api/current_races/${id}`)).body.status;
    const finished = await waitForStatus(again.baseUrl, id, 'finished', 40_000);

    // The result is the one the seed committed at the opening implies, and recorded once.
    expect(finished.seed).not.toBeNull();
    expect(
      createHash('sha256')
        .update(finished.seed as string)
        .digest('hex'),
    ).toBe(open.seed_hash);
    const verification = (await getJson<RaceVerification>(again.baseUrl, `/api/current_races/${id}/verify`)).body;
    expect(verification).toMatchObject({ hash_matches: true, result_matches: true });
    const result = (await getJson<LiveRaceResult>(again.baseUrl, `/api/current_races/${id}/result`)).body;
    const rerun = simulateRace({
      seed: result.seed,
      runners: result.engine_runners,
      conditions: { furlongs: result.furlongs, surface: result.surface_type, condition: result.track_condition },
    });
    const posts = result.engine_runners.map((r) => r.post_position);
    expect(officialOrder(rerun, posts)).toEqual(result.finishers.map((f) => f.post_position));
    expect(verification.official_order).toEqual(verification.rerun_order);
    // What viewers saw before the kill is the same race: every frame's running order is the rerun's.
    expect(seenBefore.length).toBeGreaterThan(5);
    for (const frame of seenBefore) expect(frame.l).toEqual(rerun.samples[frame.s]?.leaderboard);
    const [results] = await db().query('SELECT count(*)::int AS n FROM race_results WHERE current_race_id = $1', [id]);
    expect(results.n).toBe(1);

    // The bets outlived the kill and are settled exactly once; the session did too (it is in the database).
    const sameBrowser = new ApiSession(again.baseUrl);
    for (const [name, value] of punter.cookies) sameBrowser.cookies.set(name, value);
    const bets = await waitFor(
      'the bets to be settled',
      async () => {
        const list = await sameBrowser.get<BetListResponse>('/api/me/bets');
        const items = list.body.items ?? [];
        return items.length === 3 && items.every((b) => b.status !== 'pending') ? items : undefined;
      },
      30_000,
    );
    const paid = bets.reduce((s, b) => s + (b.payout_cents ?? 0), 0);
    const credits: { n: number; cents: number }[] = await db().query(
      `SELECT count(*)::int AS n, coalesce(sum(t.amount_cents), 0)::int8 AS cents
         FROM ledger_transfers t JOIN wallet_accounts w ON w.id = t.to_account_id
        WHERE w.user_id = $1 AND t.reason IN ('payout', 'refund')`,
      [me.id],
    );
    expect(credits[0]?.cents).toBe(paid);
    expect(credits[0]?.n).toBe(bets.filter((b) => (b.payout_cents ?? 0) > 0).length);
    const [wallet] = await db().query('SELECT balance_cents::int8 AS balance FROM wallet_accounts WHERE user_id = $1', [
      me.id,
    ]);
    expect(wallet.balance).toBe(START_CREDIT - staked + paid);
    const pools: { state: string }[] = await db().query(
      'SELECT state FROM wager_pools WHERE current_race_id = $1 AND last_race_id = $1',
      [id],
    );
    expect(pools.length).toBeGreaterThanOrEqual(3);
    expect(pools.every((p) => p.state === 'settled' || p.state === 'refunded')).toBe(true);
    const [ledger] = await db().query('SELECT coalesce(sum(balance_cents), 0)::int8 AS total FROM wallet_accounts');
    expect(ledger.total).toBe(0);
    console.log(
      `kill -9 at sample ${seenBefore.at(-1)?.s}; up again after ${upAfterMs} ms (race ${statusOnRestart}); ${bets.length} bets settled, ${paid} cents paid`,
    );
  }, 120_000);
});
