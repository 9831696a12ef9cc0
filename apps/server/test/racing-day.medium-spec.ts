import type { ApiErrorResponse, PlaceBetsResponse, RacePayoffs, RacingDay } from '@furlong/contracts';
import { DataSource } from 'typeorm';
import { ApiSession } from './support/api-session';
import { finishRace, stageCard, waitFor } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

// The dashboard's day: the total of the day's pools (every bet and the house's opening money) and
// the biggest prices the day's settled pools paid, per $2, against the real PostgreSQL.
describe('The racing day', () => {
  const dbName = uniqueName('furlong_racing_day');
  let sut: TestApp;
  let raceId = 0;
  let raceDate = '';

  const db = () => sut.app.get(DataSource);

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 23, scale: 0.05 });
    sut = await startTestApp({
      DATABASE_URL: url,
      REGISTER_MAX_PER_IP_PER_HOUR: '1000',
      WAGERING_CROWD_CENTS_PER_TICK: '0',
    });
    const [track]: { id: number }[] = await db().query('SELECT id FROM tracks ORDER BY id LIMIT 1');
    [raceId] = (await stageCard(sut.app, track?.id as number, 1)) as [number];
    const [day]: { race_date: string }[] = await db().query(
      'SELECT race_date::text AS race_date FROM current_races WHERE id = $1',
      [raceId],
    );
    raceDate = day?.race_date as string;
    await waitFor('the pools', async () => {
      const [n]: { n: number }[] = await db().query(
        `SELECT count(*)::int AS n FROM wager_pools WHERE current_race_id = $1 AND bet_type = 'Win' AND seed_cents > 0`,
        [raceId],
      );
      return n?.n === 1 ? true : undefined;
    });
  }, 120_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it("should add a bet to the day's handle and list the race's five biggest $2 prices", async () => {
    const before = (await sut.get<RacingDay>(`/api/racing_day?date=${raceDate}`)).body;
    expect(before.date).toBe(raceDate);
    expect(before.races_with_pools).toBeGreaterThanOrEqual(1);
    expect(before.handle_cents).toBeGreaterThanOrEqual(before.house_seed_cents);

    const punter = new ApiSession(sut.baseUrl);
    await punter.signUp('daypunter', 'daypunter@furlong.test', 'racing day password');
    const slip = await punter.request<PlaceBetsResponse>(
      'POST',
      '/api/bets',
      { bets: [{ bet_type: 'Win', race_ids: [raceId], amount_cents: 500, selections: [[1]], box: false }] },
      { headers: { 'Idempotency-Key': `racing-day-${process.pid}` } },
    );
    expect(slip.status).toBe(201);
    const after = (await sut.get<RacingDay>(`/api/racing_day?date=${raceDate}`)).body;
    expect(after.handle_cents - before.handle_cents).toBe(500);
    expect(after.house_seed_cents).toBe(before.house_seed_cents);

    const [winner] = await finishRace(sut.app, raceId);
    const payoffs = await waitFor('the race settled', async () => {
      const p = (await sut.get<RacePayoffs>(`/api/current_races/${raceId}/payoffs`)).body;
      return p.settled ? p : undefined;
    });
    const settled = (await sut.get<RacingDay>(`/api/racing_day?date=${raceDate}`)).body;
    // The race's every $2 price (Win, Place and Show among them), biggest first: the day lists the
    // five biggest, each as the race's payoffs show it (the Win price only when it is one of them:
    // a seed may make every exotic pay more).
    const all = payoffs.pools.flatMap((pool) =>
      pool.payoffs.map((p) => ({
        bet_type: pool.bet_type,
        combination: p.combination,
        cents: p.two_dollar_payout_cents,
      })),
    );
    const biggest = all.map((p) => p.cents).sort((a, b) => b - a);
    expect(settled.biggest_payouts.map((p) => p.two_dollar_payout_cents)).toEqual(biggest.slice(0, 5));
    for (const listed of settled.biggest_payouts) {
      expect(listed.current_race_id).toBe(raceId);
      expect(all).toContainEqual({
        bet_type: listed.bet_type,
        combination: listed.combination,
        cents: listed.two_dollar_payout_cents,
      });
    }
    const win = payoffs.win_place_show.find((w) => w.post_position === winner)?.win_cents as number;
    expect(all).toContainEqual({ bet_type: 'Win', combination: String(winner), cents: win });
    expect(settled.biggest_payouts.every((p) => p.race_name.length > 0 && p.track_name.length > 0)).toBe(true);
  });

  it('should answer an empty day with nothing in it', async () => {
    const res = await sut.get<RacingDay>('/api/racing_day?date=2001-01-01');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      date: '2001-01-01',
      races_with_pools: 0,
      handle_cents: 0,
      house_seed_cents: 0,
      biggest_payouts: [],
    });
  });

  it('should answer today by the server clock without a date, and 400 naming a bad date', async () => {
    const today = await sut.get<RacingDay>('/api/racing_day');
    expect(today.status).toBe(200);
    expect(today.body.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const bad = await sut.get<ApiErrorResponse>('/api/racing_day?date=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field)).toEqual(['date']);
  });
});
