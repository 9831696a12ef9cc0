import type { ApiErrorResponse, BetListResponse, Featured, LedgerPage, PlaceBetsResponse } from '@furlong/contracts';
import { FEATURED_HOUR_MS, featuredHourStart } from '@furlong/domain';
import { DataSource } from 'typeorm';
import { RacingClock } from '../src/common/racing-clock';
import { JobQueue } from '../src/jobs/job-queue.service';
import { RaceCardService } from '../src/racing/race-card.service';
import { RacingService } from '../src/racing/racing.service';
import { WageringJobs } from '../src/wagering/wagering.jobs';
import { ApiSession } from './support/api-session';
import { finishRace, stageCard, waitFor } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const PASSWORD = 'correct horse battery';

// Issue 20, the featured bonus: a winning Win bet on the featured horse, placed while it was
// featured, earns min(cap, 10 % of its payout) once, however many times the bonus job runs.
describe('Featured bonus', () => {
  const dbName = uniqueName('furlong_featured');
  let sut: TestApp;
  let users = 0;
  let keys = 0;
  const db = () => sut.app.get(DataSource);

  async function member(): Promise<ApiSession> {
    const session = new ApiSession(sut.baseUrl);
    users++;
    await session.signUp(`featuredpunter${users}`, `featuredpunter${users}@furlong.test`, PASSWORD);
    return session;
  }

  async function winBet(session: ApiSession, raceId: number, post: number): Promise<number> {
    const res = await session.request<PlaceBetsResponse & ApiErrorResponse>(
      'POST',
      '/api/bets',
      { bets: [{ bet_type: 'Win', race_ids: [raceId], amount_cents: 1000, selections: [[post]], box: false }] },
      { headers: { 'Idempotency-Key': `featured-${process.pid}-${++keys}` } },
    );
    if (res.status !== 201) throw new Error(`slip refused: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.bets[0]?.id as number;
  }

  async function bonusLines(session: ApiSession) {
    const page = (await session.get<LedgerPage>('/api/me/ledger?limit=100')).body;
    return page.items.filter((e) => e.reason === 'featured_bonus');
  }

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 23, scale: 0.05 });
    sut = await startTestApp({
      DATABASE_URL: url,
      REGISTER_MAX_PER_IP_PER_HOUR: '1000',
      WAGERING_CROWD_CENTS_PER_TICK: '0',
      FEATURED_BONUS_SHARE: '0.1',
      FEATURED_BONUS_CAP_CENTS: '5000',
    });
  }, 90_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should pay the bonus exactly once per winning Win bet on the featured horse', async () => {
    const [trackRow]: { id: number }[] = await db().query('SELECT id FROM tracks ORDER BY id LIMIT 1');
    const [raceId] = (await stageCard(sut.app, trackRow?.id as number, 1)) as [number];
    const order = (await sut.app.get(RacingService).runnable(raceId))?.race.finish_order ?? [];
    const winnerPost = order[0] as number;
    const loserPost = order.at(-1) as number;
    const field = await sut.app.get(RaceCardService).entries(raceId);
    const winner = field.find((r) => r.post_position === winnerPost);
    const loser = field.find((r) => r.post_position === loserPost);
    // The winner's horse featured this hour and the next (a bet on the boundary); nobody else of the field.
    const hour = featuredHourStart(sut.app.get(RacingClock).nowMs());
    for (const start of [hour, hour + FEATURED_HOUR_MS]) {
      await db().query(
        `INSERT INTO featured_picks (hour_start, horse_id, jockey_id, trainer_id, owner_id) VALUES ($1, $2, -1, -1, -1)
         ON CONFLICT (hour_start) DO UPDATE SET horse_id = $2, jockey_id = -1, trainer_id = -1, owner_id = -1`,
        [new Date(start), winner?.horse_id],
      );
    }
    expect(loser?.horse_id).not.toBe(winner?.horse_id);

    const alice = await member();
    const bob = await member();
    const carol = await member();
    const aliceBet = await winBet(alice, raceId, winnerPost);
    await winBet(bob, raceId, loserPost);
    const carolBet = await winBet(carol, raceId, winnerPost);
    // Carol's bet was placed two hours ago, when nobody was featured: a winner, but not a featured one.
    await db().query(`DELETE FROM featured_picks WHERE hour_start = $1`, [new Date(hour - 2 * FEATURED_HOUR_MS)]);
    await db().query(`UPDATE bets SET bet_date = bet_date - interval '2 hours' WHERE id = $1`, [carolBet]);

    await finishRace(sut.app, raceId);
    const settled = await waitFor('the bets settled', async () => {
      const items = (await alice.get<BetListResponse>('/api/me/bets?limit=10')).body.items;
      return items.every((b) => b.status !== 'pending') ? items : undefined;
    });
    const won = settled.find((b) => b.id === aliceBet);
    expect(won?.status).toBe('won');
    const expected = Math.min(5000, Math.floor((won?.payout_cents ?? 0) * 0.1));
    expect(expected).toBeGreaterThan(0);

    // Settlement queues the bonus job itself; running it twice more pays nothing more.
    await sut.app.get(JobQueue).driver.run('wagering.featured-bonus', { current_race_id: raceId });
    await sut.app.get(JobQueue).driver.run('wagering.featured-bonus', { current_race_id: raceId });

    const lines = await waitFor('the bonus paid', async () => {
      const l = await bonusLines(alice);
      return l.length > 0 ? l : undefined;
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ amount_cents: expected, counterparty: 'house' });
    expect(lines[0]?.description).toMatch(/^Featured bonus: Win, Race \d+ at .+/);
    expect(await bonusLines(bob)).toEqual([]);
    expect(await bonusLines(carol)).toEqual([]);
    const recorded: { bet_id: number; amount_cents: number }[] = await db().query(
      'SELECT bet_id::int AS bet_id, amount_cents FROM featured_bonuses ORDER BY bet_id',
    );
    expect(recorded).toEqual([{ bet_id: aliceBet, amount_cents: expected }]);

    const [sums]: { balances: string; entries: string }[] = await db().query(
      `SELECT (SELECT COALESCE(sum(balance_cents), 0) FROM wallet_accounts)::bigint AS balances,
              (SELECT COALESCE(sum(amount_cents), 0) FROM ledger_entries)::bigint AS entries`,
    );
    expect(Number(sums?.balances)).toBe(0);
    expect(Number(sums?.entries)).toBe(0);
  }, 120_000);

  // The bonus follows the people as well as the horse: a win on a horse the featured jockey rides,
  // or the featured trainer trains, is paid too (each on a race of its own track).
  it.each([
    ['jockey', 2],
    ['trainer', 3],
  ] as const)(
    'should pay the bonus on a winning Win bet on a horse of the featured %s',
    async (who, trackIndex) => {
      const tracks: { id: number }[] = await db().query('SELECT id FROM tracks ORDER BY id LIMIT 3');
      const [raceId] = (await stageCard(sut.app, tracks[trackIndex - 1]?.id as number, 1)) as [number];
      const winnerPost = (await sut.app.get(RacingService).runnable(raceId))?.race.finish_order[0] as number;
      const winner = (await sut.app.get(RaceCardService).entries(raceId)).find((r) => r.post_position === winnerPost);
      const person = who === 'jockey' ? winner?.jockey_id : winner?.trainer_id;
      expect(person).toEqual(expect.any(Number));
      const hour = featuredHourStart(sut.app.get(RacingClock).nowMs());
      for (const start of [hour, hour + FEATURED_HOUR_MS]) {
        await db().query(
          `INSERT INTO featured_picks (hour_start, horse_id, jockey_id, trainer_id, owner_id) VALUES ($1, -1, $2, $3, -1)
         ON CONFLICT (hour_start) DO UPDATE SET horse_id = -1, jockey_id = $2, trainer_id = $3, owner_id = -1`,
          [new Date(start), who === 'jockey' ? person : -1, who === 'trainer' ? person : -1],
        );
      }
      const dora = await member();
      const doraBet = await winBet(dora, raceId, winnerPost);
      await finishRace(sut.app, raceId);
      const lines = await waitFor('the bonus paid', async () => {
        const l = await bonusLines(dora);
        return l.length > 0 ? l : undefined;
      });
      const [won] = (await dora.get<BetListResponse>('/api/me/bets?limit=10')).body.items.filter(
        (b) => b.id === doraBet,
      );
      expect(won?.status).toBe('won');
      expect(lines).toEqual([
        expect.objectContaining({ amount_cents: Math.min(5000, Math.floor((won?.payout_cents ?? 0) * 0.1)) }),
      ]);
    },
    120_000,
  );

  it('should show the hour’s featured performers, until when, and the bonus terms', async () => {
    const res = await sut.get<Featured>('/api/featured');
    expect(res.status).toBe(200);
    expect(res.body.bonus).toEqual({ share: 0.1, cap_cents: 5000 });
    expect(new Date(res.body.until).getTime() - new Date(res.body.since).getTime()).toBe(FEATURED_HOUR_MS);
    expect(new Date(res.body.since).getTime()).toBeLessThanOrEqual(new Date(res.body.server_time).getTime());
    // The pick is kept: the same four on a second look within the hour.
    expect((await sut.get<Featured>('/api/featured')).body.performers).toEqual(res.body.performers);
  });

  it('should keep the hour’s four from the tote’s tick, with nobody asking for them', async () => {
    await db().query('DELETE FROM featured_picks');
    await sut.app.get(WageringJobs).tote({ reason: 'manual' });
    const hour = new Date(featuredHourStart(sut.app.get(RacingClock).nowMs()));
    const rows: { n: number }[] = await db().query(
      'SELECT count(*)::int AS n FROM featured_picks WHERE hour_start = $1',
      [hour],
    );
    expect(rows[0]?.n).toBe(1);
  });
});
