import type {
  ApiErrorResponse,
  AuditPage,
  BetListResponse,
  BetRequest,
  BetView,
  CurrentRaceDetail,
  LedgerPage,
  LiveRaceResult,
  PlaceBetsResponse,
  RaceScratchNotice,
  RaceVerification,
  ScratchResult,
  ToteView,
} from '@furlong/contracts';
import { SIMULATED_SCRATCH_REASONS, scratchPlan, ticketPayoutCents } from '@furlong/domain';
import { DataSource } from 'typeorm';
import { CurrentRaceRepository } from '../src/racing/current-race.repository';
import { RacingService } from '../src/racing/racing.service';
import { ScratchService } from '../src/racing/scratch.service';
import { ApiSession } from './support/api-session';
import { finishRace, openCard, stageRace, waitFor, watchRace, withoutDeadHeat } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const PASSWORD = 'correct horse battery';
const ADMIN_EMAIL = 'steward@furlong.test';
const ADMIN_PASSWORD = 'the stewards password';

// Scratches end to end against the real PostgreSQL: an admin scratches through the API; the
// single-race pools refund the combinations naming the runner (wallets, bets, pool interests);
// the double's ticket on the scratched runner is settled on its leg's post-time favourite; a race
// left with fewer than six starters is cancelled and refunded; the ledger still sums to zero.
describe('Scratches', () => {
  const dbName = uniqueName('furlong_scratches');
  let url: string;
  let sut: TestApp;
  let admin: ApiSession;
  let users = 0;
  let keys = 0;
  let card: number[] = [];

  const db = () => sut.app.get(DataSource);
  const all = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  async function bettor(): Promise<ApiSession> {
    const session = new ApiSession(sut.baseUrl);
    users++;
    await session.signUp(`scratchpunter${users}`, `scratchpunter${users}@furlong.test`, PASSWORD);
    return session;
  }

  function slip(session: ApiSession, bets: BetRequest[]) {
    return session.request<PlaceBetsResponse & ApiErrorResponse>(
      'POST',
      '/api/bets',
      { bets },
      { headers: { 'Idempotency-Key': `scratches-${process.pid}-${++keys}` } },
    );
  }

  async function place(session: ApiSession, bets: BetRequest[]): Promise<PlaceBetsResponse> {
    const res = await slip(session, bets);
    if (res.status !== 201) throw new Error(`slip refused: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  const scratch = (session: ApiSession, raceId: number, body: unknown) =>
    session.request<ScratchResult & ApiErrorResponse>('POST', `/api/admin/current_races/${raceId}/scratches`, body);

  const balance = async (session: ApiSession) =>
    (await session.get<LedgerPage>('/api/me/ledger?limit=1')).body.items[0]?.balance_after_cents ?? 0;

  async function ledgerSums(): Promise<{ balances: number; entries: number }> {
    const [sums]: { balances: string; entries: string }[] = await db().query(
      `SELECT (SELECT coalesce(sum(balance_cents), 0) FROM wallet_accounts)::int8 AS balances,
              (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries)::int8 AS entries`,
    );
    return { balances: Number(sums?.balances), entries: Number(sums?.entries) };
  }

  /** Each single-race pool of the race: its gross, the sum of its interests, and its ledger account's balance. */
  async function singleRacePools(raceId: number) {
    const rows: { bet_type: string; gross: string; interests: string; account: string; keys: string[] }[] =
      await db().query(
        `SELECT p.bet_type, p.gross_cents::int8 AS gross,
                (SELECT coalesce(sum(i.amount_cents), 0) FROM wager_pool_interests i WHERE i.pool_id = p.id)::int8 AS interests,
                (SELECT coalesce(sum(w.balance_cents), 0) FROM wallet_accounts w WHERE w.code = p.account_code)::int8 AS account,
                (SELECT coalesce(array_agg(i.interest), '{}') FROM wager_pool_interests i WHERE i.pool_id = p.id) AS keys
           FROM wager_pools p WHERE p.current_race_id = $1 AND cardinality(p.race_ids) = 1 ORDER BY p.bet_type`,
        [raceId],
      );
    return rows.map((r) => ({
      ...r,
      gross: Number(r.gross),
      interests: Number(r.interests),
      account: Number(r.account),
    }));
  }

  async function settledBets(session: ApiSession): Promise<BetView[]> {
    return waitFor('the bets settled', async () => {
      const items = (await session.get<BetListResponse>('/api/me/bets?limit=200')).body.items;
      return items.length > 0 && items.every((b) => b.status !== 'pending') ? items : undefined;
    });
  }

  beforeAll(async () => {
    url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 23, scale: 0.05 });
    sut = await startTestApp({
      DATABASE_URL: url,
      REGISTER_MAX_PER_IP_PER_HOUR: '1000',
      WAGERING_CROWD_CENTS_PER_TICK: '0',
      // A small house stake: a punter's $300 makes the post-time favourite.
      WAGERING_SEED_WIN_CENTS: '10000',
      // The simulation's rate, for the last test (it scratches only when asked to here: racing is off).
      RACING_SCRATCH_RATE: '0.5',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    });
    admin = new ApiSession(sut.baseUrl);
    await admin.logIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    // Four consecutive races of one card, open (a double r1-r2, a Pick 3 r1-r3, a fourth to cancel),
    // the first three with fields of 8 or more.
    const tracks: { id: number }[] = await db().query(
      'SELECT id FROM tracks WHERE daily_races >= 4 ORDER BY id LIMIT 1',
    );
    let first = 0;
    // A day whose first three races have fields of eight or more (a scratch then leaves seven).
    for (let tries = 0; first === 0; tries++) {
      if (tries === 30) throw new Error('no card with three fields of eight found');
      const id = await stageRace(sut.app, { startsInWallMs: 10 * 60_000, trackId: tracks[0]?.id as number });
      const small: { n: number }[] = await db().query(
        `SELECT count(*)::int AS n FROM current_races c, current_races c1
          WHERE c1.id = $1 AND c.track_id = c1.track_id AND c.race_date = c1.race_date
            AND c.race_number BETWEEN c1.race_number AND c1.race_number + 2 AND c.num_horses >= 8`,
        [id],
      );
      if (small[0]?.n === 3) first = id;
    }
    card = await openCard(sut.app, first, 4);
    for (const id of card) {
      await waitFor(`the pools of race ${id}`, async () => {
        const n: { n: number }[] = await db().query(
          `SELECT count(*)::int AS n FROM wager_pools WHERE current_race_id = $1 AND bet_type = 'Win' AND seed_cents > 0`,
          [id],
        );
        return n[0]?.n === 1 ? true : undefined;
      });
    }
  }, 90_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should refuse a scratch to a member, a bad body naming the field, an unknown runner or race', async () => {
    const [r1] = card as [number];
    const member = await bettor();
    expect((await scratch(member, r1, { post_position: 1, reason: 'Vet scratch' })).status).toBe(403);
    const bad = await scratch(admin, r1, { post_position: 0, reason: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['post_position', 'reason']);
    expect((await scratch(admin, 2_000_000_000, { post_position: 1, reason: 'Vet scratch' })).status).toBe(404);
    const field: { n: number }[] = await db().query('SELECT num_horses AS n FROM current_races WHERE id = $1', [r1]);
    if ((field[0]?.n ?? 12) < 12) {
      expect((await scratch(admin, r1, { post_position: 12, reason: 'Vet scratch' })).status).toBe(404);
    }
  });

  it('should refund the combinations naming the runner, settle the double and the Pick 3 on the favourite, and keep the ledger at zero', async () => {
    const [r1, r2, r3] = card as [number, number, number];
    const racing = sut.app.get(RacingService);
    const fieldOf = async (id: number) =>
      (await sut.get<CurrentRaceDetail>(`/api/current_races/${id}`)).body.entries.map((e) => e.post_position);
    const field2 = await fieldOf(r2);
    const w1 = (await racing.runnable(r1))?.race.finish_order[0] as number;
    // The runner to scratch: one that would not have won race 2 (so the test also shows the new field's order).
    const before = (await racing.runnable(r2))?.race.finish_order ?? [];
    const s = before.at(-1) as number;
    const [a, b] = field2.filter((pp) => pp !== s) as [number, number];
    // Who wins race 2 without the runner: the engine over the remaining field (what the race will run).
    const spec2 = (await racing.runnable(r2))?.spec;
    if (!spec2) throw new Error('race 2 not runnable');
    const expectedW2 = racing.simulate({
      ...spec2,
      engine_runners: spec2.engine_runners.filter((r) => r.post_position !== s),
    }).finish_order[0] as number;

    const alice = await bettor();
    const bob = await bettor();
    const dave = await bettor();
    await place(alice, [
      { bet_type: 'Win', race_ids: [r2], amount_cents: 200, selections: [[s]], box: false },
      { bet_type: 'Win', race_ids: [r2], amount_cents: 200, selections: [[a]], box: false },
      // A $1 exacta box of three: 6 combinations, 4 of them naming the scratched runner.
      { bet_type: 'Exacta', race_ids: [r2], amount_cents: 100, selections: [[s, a, b]], box: true },
    ]);
    await place(bob, [
      { bet_type: 'Daily Double', race_ids: [r1, r2], amount_cents: 100, selections: [[w1], [s]], box: false },
    ]);
    // Dave holds both the runner and the horse that will be the favourite: two combinations, both paid.
    await place(dave, [
      {
        bet_type: 'Daily Double',
        race_ids: [r1, r2],
        amount_cents: 100,
        selections: [[w1], [s, expectedW2]],
        box: false,
      },
    ]);
    // Carol's Pick 3 names the runner in its second leg: it stands for the favourite there too.
    const w3 = (await racing.runnable(r3))?.race.finish_order[0] as number;
    const carol = await bettor();
    await place(carol, [
      { bet_type: 'Pick 3', race_ids: [r1, r2, r3], amount_cents: 100, selections: [[w1], [s], [w3]], box: false },
    ]);
    // Erin's $50 on the same sequence and on the double with the runner weigh in the will-pays and
    // the double's probables once they stand for the favourite's.
    await place(await bettor(), [
      { bet_type: 'Pick 3', race_ids: [r1, r2, r3], amount_cents: 5_000, selections: [[w1], [s], [w3]], box: false },
      { bet_type: 'Daily Double', race_ids: [r1, r2], amount_cents: 5_000, selections: [[w1], [s]], box: false },
    ]);
    const aliceBefore = await balance(alice);
    const poolsBefore = await singleRacePools(r2);

    // A viewer of the race's room hears of the scratch without asking again.
    const viewer = await watchRace(sut.baseUrl, r2);
    const notices: RaceScratchNotice[] = [];
    viewer.socket.on('race:scratch', (n) => notices.push(n));

    const made = await scratch(admin, r2, { post_position: s, reason: 'Vet scratch' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      current_race_id: r2,
      scratched: { post_position: s, reason: 'Vet scratch', scratched_by: 'admin' },
      starters: field2.length - 1,
      refunded_bets: 2,
      refunded_cents: 200 + 4 * 100,
      cancelled: false,
    });
    const notice = await waitFor('the scratch notice', async () => notices[0]);
    expect(notice).toMatchObject({ race_id: r2, starters: field2.length - 1, cancelled: false });
    expect(notice.scratched.map((r) => r.post_position)).toEqual([s]);
    viewer.close();
    // A viewer joining now gets the starters as the field and the scratch beside it.
    const late = await watchRace(sut.baseUrl, r2);
    expect(late.snapshot.entries.map((e) => e.post_position)).not.toContain(s);
    expect(late.snapshot.scratched).toEqual([expect.objectContaining({ post_position: s, reason: 'Vet scratch' })]);
    late.close();
    // The boards count starters, not the draw.
    const [{ post_time: postTime }] = await db().query('SELECT post_time FROM current_races WHERE id = $1', [r2]);
    const board = await sut.app.get(CurrentRaceRepository).notOff(new Date(postTime), 50);
    expect(board.find((r) => r.id === r2)?.num_horses).toBe(field2.length - 1);
    // Idempotent: a second scratch is a 409 and refunds nothing more.
    const again = await scratch(admin, r2, { post_position: s, reason: 'Vet scratch' });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('already_scratched');
    // The admin's scratch is in the audit log, and so is the refused second one.
    const audit = (await admin.get<AuditPage>('/api/admin/audit?action=runner.scratch')).body.items.filter(
      (e) => e.row_id === `${r2}:${s}`,
    );
    expect(audit.map((e) => e.result)).toEqual(['refused', 'ok']);
    expect(audit[1]).toMatchObject({
      table_name: 'current_race_entries',
      before: { scratched: false },
      after: { scratched: true, reason: 'Vet scratch', race_cancelled: false, refunded_bets: 2, refunded_cents: 600 },
    });
    expect(audit[0]?.reason).toContain('already scratched');
    expect(await balance(alice)).toBe(aliceBefore + 600);
    const ledger = (await alice.get<LedgerPage>('/api/me/ledger?limit=5')).body.items;
    expect(
      ledger
        .filter((e) => e.reason === 'scratch_refund')
        .map((e) => e.amount_cents)
        .sort(),
    ).toEqual([200, 400]);

    // The bets tell the truth: the Win on the runner is refunded, the box keeps its two other combinations.
    const aliceBets = (await alice.get<BetListResponse>('/api/me/bets?limit=10')).body.items;
    expect(aliceBets.find((x) => x.bet_type === 'Win' && x.selections[0]?.[0] === s)).toMatchObject({
      status: 'refunded',
      refunded_cents: 200,
    });
    expect(aliceBets.find((x) => x.bet_type === 'Exacta')).toMatchObject({ status: 'pending', refunded_cents: 400 });

    // The pools lost every interest naming the runner (the house's seed there too) and still add up.
    const poolsAfter = await singleRacePools(r2);
    for (const pool of poolsAfter) {
      expect(pool.keys.filter((k) => k.split('-').includes(String(s)))).toEqual([]);
      expect(pool.interests).toBe(pool.gross);
      expect(pool.account).toBe(pool.gross);
      const was = poolsBefore.find((p) => p.bet_type === pool.bet_type)?.gross ?? 0;
      // Alice's money on the runner left the Win and Exacta pools (a pool seeded off the runner keeps its gross).
      if (pool.bet_type === 'Win' || pool.bet_type === 'Exacta') expect(pool.gross).toBeLessThan(was);
      else expect(pool.gross).toBeLessThanOrEqual(was);
    }

    // A bet naming the scratched runner is refused, naming the field.
    const refused = await slip(alice, [
      { bet_type: 'Exacta', race_ids: [r2], amount_cents: 100, selections: [[a], [s]], box: false },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.field).toBe('bets[0].selections[1]');

    // The reads show it: the card, the tote, and the engine runs the remaining field.
    const detail = (await sut.get<CurrentRaceDetail>(`/api/current_races/${r2}`)).body;
    expect(detail.entries.find((e) => e.post_position === s)?.scratch).toMatchObject({
      reason: 'Vet scratch',
      scratched_by: 'admin',
    });
    const tote = (await sut.get<ToteView>(`/api/current_races/${r2}/tote`)).body;
    expect(tote.scratched.map((r) => r.post_position)).toEqual([s]);
    expect(tote.runners.map((r) => r.post_position)).not.toContain(s);
    // The field changed, so the race may now end in a dead heat: a seed without one, so that the
    // engine's order is the official order compared below.
    await withoutDeadHeat(sut.app, r2);
    const rerun = (await racing.runnable(r2))?.race.finish_order ?? [];
    expect(rerun).toHaveLength(field2.length - 1);
    expect(rerun).not.toContain(s);

    // The favourite of leg 2 at post: a punter's $300 on the horse that wins it.
    const w2 = rerun[0] as number;
    await place(await bettor(), [
      { bet_type: 'Win', race_ids: [r2], amount_cents: 30_000, selections: [[w2]], box: false },
    ]);

    expect(await finishRace(sut.app, r1)).toContain(w1);
    // The double's probables after leg 1 price the tickets on the runner as the favourite's.
    const double = (await sut.get<ToteView>(`/api/current_races/${r1}/tote`)).body.daily_double;
    expect(double?.leg1_winners).toEqual([w1]);
    const ddShown = double?.rows[0]?.payouts_cents[double.second.indexOf(w2)];
    const order2 = await finishRace(sut.app, r2);
    expect(order2).toEqual(rerun);
    // Too late now: the race is off.
    expect((await scratch(admin, r2, { post_position: a, reason: 'Vet scratch' })).body.reason).toBe('betting_closed');

    // Bob's double on the scratched runner is paid as the favourite's: w1 with w2.
    const bobBets = await settledBets(bob);
    expect(bobBets[0]).toMatchObject({ status: 'won', refunded_cents: 0 });
    const kept: { combination: string; price_per_dollar_cents: number }[] = await db().query(
      `SELECT pp.combination, pp.price_per_dollar_cents FROM pool_payoffs pp JOIN wager_pools p ON p.id = pp.pool_id
        WHERE p.current_race_id = $1 AND p.bet_type = 'Daily Double'`,
      [r1],
    );
    expect(kept.map((k) => k.combination)).toEqual([`${w1}-${w2}`]);
    expect(ddShown).toBe(2 * (kept[0]?.price_per_dollar_cents ?? 0));
    expect(bobBets[0]?.payout_cents).toBe((100 * (kept[0]?.price_per_dollar_cents ?? 0)) / 100);
    expect(w2).toBe(expectedW2);
    expect((await settledBets(dave))[0]).toMatchObject({
      status: 'won',
      payout_cents: 2 * ((100 * (kept[0]?.price_per_dollar_cents ?? 0)) / 100),
    });

    // The Pick 3 will-pays before leg 3 count the tickets on the scratched runner as the favourite's.
    const willPays = (await sut.get<ToteView>(`/api/current_races/${r3}/tote`)).body.pick_will_pays.find(
      (p) => p.bet_type === 'Pick 3' && p.race_ids.join() === [r1, r2, r3].join(),
    );
    expect(willPays?.leg_winners).toEqual([[w1], [w2]]);
    const shown = willPays?.will_pays?.find((w) => w.post_position === w3)?.payout_cents;

    // Carol's Pick 3 with the scratched runner in leg 2 is paid as w1-w2-w3, all three right.
    expect(await finishRace(sut.app, r3)).toContain(w3);
    const carolBets = await settledBets(carol);
    const pick3: { combination: string; price_per_dollar_cents: number; races_correct: number }[] = await db().query(
      `SELECT pp.combination, pp.price_per_dollar_cents, pp.races_correct
         FROM pool_payoffs pp JOIN wager_pools p ON p.id = pp.pool_id
        WHERE p.current_race_id = $1 AND p.bet_type = 'Pick 3'`,
      [r1],
    );
    const sequence = pick3.find((k) => k.combination === `${w1}-${w2}-${w3}`);
    expect(sequence?.races_correct).toBe(3);
    expect(shown).toBe(2 * (sequence?.price_per_dollar_cents ?? 0));
    expect(carolBets[0]).toMatchObject({
      status: 'won',
      payout_cents: ticketPayoutCents(100, sequence?.price_per_dollar_cents ?? 0),
    });

    // The result lists the scratch and still verifies from the seed.
    const result = (await sut.get<LiveRaceResult>(`/api/current_races/${r2}/result`)).body;
    expect(result.scratched.map((r) => [r.post_position, r.reason])).toEqual([[s, 'Vet scratch']]);
    expect(result.engine_runners.map((r) => r.post_position)).not.toContain(s);
    expect((await sut.get<RaceVerification>(`/api/current_races/${r2}/verify`)).body).toMatchObject({
      hash_matches: true,
      result_matches: true,
    });
    await settledBets(alice);
    expect(await ledgerSums()).toEqual({ balances: 0, entries: 0 });
  }, 90_000);

  it('should cancel and refund a race left with fewer than six starters', async () => {
    const r3 = card[3] as number;
    const field = (await sut.get<CurrentRaceDetail>(`/api/current_races/${r3}`)).body.entries.map(
      (e) => e.post_position,
    );
    const carol = await bettor();
    const start = await balance(carol);
    await place(carol, [
      { bet_type: 'Win', race_ids: [r3], amount_cents: 500, selections: [[field[0] as number]], box: false },
      { bet_type: 'Trifecta', race_ids: [r3], amount_cents: 10, selections: [all(field.length)], box: true },
    ]);
    // Down to six starters: every combination naming one of them comes back.
    const toScratch = field.slice(1, field.length - 5);
    for (const pp of toScratch) {
      expect((await scratch(admin, r3, { post_position: pp, reason: "Trainer's decision" })).body.cancelled).toBe(
        false,
      );
    }
    const last = await scratch(admin, r3, { post_position: field.at(-1) as number, reason: 'Lame on arrival' });
    expect(last.body).toMatchObject({ cancelled: true, starters: 5 });
    const race = (await sut.get<CurrentRaceDetail>(`/api/current_races/${r3}`)).body;
    expect(race).toMatchObject({ status: 'cancelled', cancel_reason: 'too_few_starters' });

    // Every pool of the race refunded by the cancel path: carol has all her money back, once.
    const bets = await settledBets(carol);
    expect(bets.every((b) => b.status === 'refunded' && b.payout_cents + b.refunded_cents === b.total_cents)).toBe(
      true,
    );
    expect(await balance(carol)).toBe(start);
    expect(await ledgerSums()).toEqual({ balances: 0, entries: 0 });
  }, 60_000);

  it("should scratch by the simulation as the race's seed says, once, with a listed reason", async () => {
    // An open race with a field of eight or more whose seed plans a scratch (at rate 0.5 all but 1 in 256 do).
    let found: { raceId: number; postTime: Date; plan: NonNullable<ReturnType<typeof scratchPlan>> } | undefined;
    for (let tries = 0; !found; tries++) {
      if (tries === 30) throw new Error('no race with a field of eight and a planned scratch found');
      const id = await stageRace(sut.app, { startsInWallMs: 10 * 60_000 });
      const [row]: { n: number }[] = await db().query('SELECT num_horses AS n FROM current_races WHERE id = $1', [id]);
      if ((row?.n ?? 0) < 8) continue;
      await sut.app.get(RacingService).open([id]);
      const [race]: { seed: string; post_time: Date }[] = await db().query(
        'SELECT seed, post_time FROM current_races WHERE id = $1',
        [id],
      );
      const field = (await sut.get<CurrentRaceDetail>(`/api/current_races/${id}`)).body.entries.map(
        (e) => e.post_position,
      );
      const plan = race ? scratchPlan(race.seed, field, 0.5) : null;
      if (race && plan) found = { raceId: id, postTime: race.post_time, plan };
    }
    const { raceId, postTime, plan } = found;
    const atPost = new Date(postTime.getTime() - 1000);
    const simulation = sut.app.get(ScratchService);
    expect(await simulation.simulate(atPost)).toBe(1);
    // Once: a race the simulation (or an admin) scratched from is left alone.
    expect(await simulation.simulate(atPost)).toBe(0);
    const detail = (await sut.get<CurrentRaceDetail>(`/api/current_races/${raceId}`)).body;
    const out = detail.entries.filter((e) => e.scratch !== null);
    expect(out.map((e) => e.post_position)).toEqual([plan.post_position]);
    expect(out[0]?.scratch).toMatchObject({ reason: plan.reason, scratched_by: 'simulation' });
    expect(SIMULATED_SCRATCH_REASONS).toContain(plan.reason);
    expect(detail.status).toBe('open');
  });
});
