import type {
  ApiErrorResponse,
  BetListResponse,
  BetRequest,
  BetView,
  LiveRaceResult,
  PlaceBetsResponse,
  RacePayoffs,
  ResultPool,
} from '@furlong/contracts';
import { DataSource } from 'typeorm';
import { RacingService } from '../src/racing/racing.service';
import { SettlementService } from '../src/wagering/settlement.service';
import { ApiSession } from './support/api-session';
import { stageCard, waitFor } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const PASSWORD = 'correct horse battery';

// The tote's rules through settlement and the ledger (issue 16): a dead heat for second, a win pool
// nobody backed the winner of (paid on the runner-up), a Pick 3 with a 75 % jackpot share nobody
// hit, and a Daily Double whose second race is cancelled. No house money and no crowd: the pools
// hold only these tickets, so every price is worked out by hand below.
describe('Tote rules through settlement', () => {
  const dbName = uniqueName('furlong_tote_rules');
  let sut: TestApp;
  let users = 0;
  let keys = 0;
  let card: number[] = [];
  /** Each race's official order as the engine runs it (before any dead heat is made). */
  let orders: number[][] = [];
  let ddWinner: ApiSession;
  let ddLoser: ApiSession;

  const db = () => sut.app.get(DataSource);

  async function bettor(): Promise<ApiSession> {
    const session = new ApiSession(sut.baseUrl);
    users++;
    await session.signUp(`toterules${users}`, `toterules${users}@furlong.test`, PASSWORD);
    return session;
  }

  async function place(session: ApiSession, bets: BetRequest[]): Promise<void> {
    const res = await session.request<PlaceBetsResponse & ApiErrorResponse>(
      'POST',
      '/api/bets',
      { bets },
      { headers: { 'Idempotency-Key': `tote-rules-${process.pid}-${++keys}` } },
    );
    if (res.status !== 201) throw new Error(`slip refused: ${res.status} ${JSON.stringify(res.body)}`);
  }

  const single = (bet_type: string, raceId: number, amount: number, ...slots: number[][]): BetRequest => ({
    bet_type: bet_type as BetRequest['bet_type'],
    race_ids: [raceId],
    amount_cents: amount,
    selections: slots,
    box: false,
  });

  /** Runs a race from its seed; `deadHeat` makes the 2nd and 3rd home record the same time. */
  async function finish(raceId: number, deadHeat = false): Promise<void> {
    await db().query(`UPDATE current_races SET status = 'closed', post_time = now() WHERE id = $1`, [raceId]);
    const racing = sut.app.get(RacingService);
    const runnable = await racing.runnable(raceId);
    if (!runnable) throw new Error(`race ${raceId} not runnable`);
    const { spec, race } = runnable;
    if (deadHeat) {
      const posts = spec.engine_runners.map((r) => r.post_position);
      const [, second, third] = race.finish_order as [number, number, number];
      const times = [...race.finish_times_ms];
      times[posts.indexOf(third)] = times[posts.indexOf(second)] as number;
      await racing.record({ spec, race: { ...race, finish_times_ms: times } });
    } else {
      await racing.record(runnable);
    }
  }

  async function settled(raceId: number): Promise<RacePayoffs> {
    return waitFor(`race ${raceId} settled`, async () => {
      const p = (await sut.get<RacePayoffs>(`/api/current_races/${raceId}/payoffs`)).body;
      return p.settled && p.pools.length > 0 ? p : undefined;
    });
  }

  const poolOf = (payoffs: RacePayoffs, type: string) => payoffs.pools.find((p) => p.bet_type === type) as ResultPool;

  async function betsOf(session: ApiSession): Promise<BetView[]> {
    return (await session.get<BetListResponse>('/api/me/bets?limit=100')).body.items;
  }

  /** Double entry holds: every transfer nets to zero and every balance is the sum of its entries. */
  async function ledgerHolds(): Promise<void> {
    const [row]: { entries: string; mismatched: number; unbalanced: number }[] = await db().query(
      `SELECT (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries)::bigint AS entries,
              (SELECT count(*) FROM wallet_accounts a
                WHERE a.balance_cents <> (SELECT coalesce(sum(e.amount_cents), 0) FROM ledger_entries e
                                           WHERE e.account_id = a.id))::int AS mismatched,
              (SELECT count(*) FROM (SELECT transfer_id FROM ledger_entries GROUP BY transfer_id
                                      HAVING sum(amount_cents) <> 0) t)::int AS unbalanced`,
    );
    expect({ ...row, entries: Number(row?.entries) }).toEqual({ entries: 0, mismatched: 0, unbalanced: 0 });
    // Every settled pool's account is empty: paid out, back to the house, or carried over.
    const open: { account_code: string; balance_cents: string }[] = await db().query(
      `SELECT p.account_code, a.balance_cents FROM wager_pools p JOIN wallet_accounts a ON a.code = p.account_code
        WHERE p.state IN ('settled', 'refunded') AND a.balance_cents <> 0`,
    );
    expect(open).toEqual([]);
  }

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 23, scale: 0.05 });
    sut = await startTestApp({
      DATABASE_URL: url,
      REGISTER_MAX_PER_IP_PER_HOUR: '1000',
      WAGERING_CROWD_CENTS_PER_TICK: '0',
      WAGERING_SEED_WIN_CENTS: '0',
      WAGERING_SEED_EXOTIC_CENTS: '0',
      WAGERING_PICK_MAJOR_SHARES: '3:0.75',
    });
    const tracks: { id: number }[] = await db().query(
      'SELECT id FROM tracks WHERE daily_races >= 4 ORDER BY id DESC LIMIT 1',
    );
    // Races without a dead heat (stageCard sees to it): the first test makes its own by hand.
    card = await stageCard(sut.app, tracks[0]?.id as number, 4);
    orders = await Promise.all(
      card.map(async (id) => (await sut.app.get(RacingService).runnable(id))?.race.finish_order ?? []),
    );
    // The sequences are bet before their first race: a Pick 3 over races 1–3 with two of three
    // right ($10) and none right ($90); a Daily Double over races 3–4 on race 3's winner ($2) and on
    // its runner-up ($3).
    const [r1, r2, r3, r4] = card as [number, number, number, number];
    const [o1, o2, o3, o4] = orders as [number[], number[], number[], number[]];
    const sequence = (bet_type: string, race_ids: number[], amount: number, picks: number[]): BetRequest => ({
      bet_type: bet_type as BetRequest['bet_type'],
      race_ids,
      amount_cents: amount,
      selections: picks.map((h) => [h]),
      box: false,
    });
    ddWinner = await bettor();
    ddLoser = await bettor();
    await place(ddWinner, [
      sequence('Pick 3', [r1, r2, r3], 1000, [o1[0], o2[0], o3[1]] as number[]),
      sequence('Daily Double', [r3, r4], 200, [o3[0], o4[0]] as number[]),
    ]);
    await place(ddLoser, [
      sequence('Pick 3', [r1, r2, r3], 9000, [o1.at(-1), o2.at(-1), o3.at(-1)] as number[]),
      sequence('Daily Double', [r3, r4], 300, [o3[1], o4[0]] as number[]),
    ]);
  }, 90_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should split place and exacta profits in a dead heat for second and mark it DH', async () => {
    const [r1] = card as [number];
    const [a, b, c, d] = orders[0] as [number, number, number, number];
    const dave = await bettor();
    const bob = await bettor();
    const carol = await bettor();
    const eve = await bettor();
    // Place pool: $20 on the winner a, $2 and $8 on b and c (they dead-heat for second), $50 on d.
    // Gross $80 at 16 %: net $67.20; profit 67.20 − 30 = 37.20 in quarters: a has two (18.60 / 20 =
    // 0.93 → $1.90 per $1), b one (9.30 / 2 = 4.65 → $5.60), c one (9.30 / 8 = 1.16 → $2.10).
    await place(dave, [single('Place', r1, 2000, [a]), single('Exacta', r1, 100, [a], [b])]);
    await place(bob, [single('Place', r1, 200, [b]), single('Exacta', r1, 300, [a], [c])]);
    await place(carol, [single('Place', r1, 800, [c])]);
    await place(eve, [single('Place', r1, 5000, [d]), single('Exacta', r1, 600, [d], [a])]);
    await finish(r1, true);

    const result = (await sut.get<LiveRaceResult>(`/api/current_races/${r1}/result`)).body;
    expect(result.finishers.slice(0, 3).map((f) => [f.finish_position, f.dead_heat])).toEqual([
      [1, false],
      [2, true],
      [2, true],
    ]);
    expect(result.finishers[1]?.finish_time_ms).toBe(result.finishers[2]?.finish_time_ms);
    // The purse of second and third is shared: 20 % + 10 % of it, half each (to the cent).
    expect(
      Math.abs((result.finishers[1]?.earnings_cents ?? 0) - (result.finishers[2]?.earnings_cents ?? 0)),
    ).toBeLessThanOrEqual(1);

    const payoffs = await settled(r1);
    const placePool = poolOf(payoffs, 'Place');
    const price = (k: number) => placePool.payoffs.find((p) => p.combination === String(k))?.price_per_dollar_cents;
    expect([price(a), price(b), price(c)]).toEqual([190, 560, 210]);
    // Exacta: a-b $1 and a-c $3 both win; gross $10 at 18.5 %: net $8.15, profit 4.15 in halves:
    // 2.075 / 1 → $3.00 per $1; 2.075 / 3 = 0.69 → $1.60 per $1.
    const exacta = poolOf(payoffs, 'Exacta');
    expect(exacta.outcome).toBe('paid');
    expect(exacta.payoffs.map((p) => [p.combination, p.price_per_dollar_cents]).sort()).toEqual(
      [
        [`${a}-${b}`, 300],
        [`${a}-${c}`, 160],
      ].sort(),
    );
    expect((await betsOf(dave)).map((x) => [x.bet_type, x.payout_cents]).sort()).toEqual([
      ['Exacta', 300],
      ['Place', 3800],
    ]);
    expect((await betsOf(bob)).map((x) => [x.bet_type, x.payout_cents]).sort()).toEqual([
      ['Exacta', 480],
      ['Place', 1120],
    ]);
    expect((await betsOf(carol))[0]?.payout_cents).toBe(1680);
    await ledgerHolds();
  }, 60_000);

  it('should pay a win pool nobody backed the winner of on the runner-up, said as such', async () => {
    const [, r2] = card as [number, number];
    const [, second, , fourth] = orders[1] as [number, number, number, number];
    const alice = await bettor();
    const bob = await bettor();
    await place(alice, [single('Win', r2, 500, [second])]);
    await place(bob, [single('Win', r2, 1500, [fourth])]);
    await finish(r2);

    // Gross $20 at 16 %: net $16.80 over the $5 on the runner-up: 2.36 → $3.30 per $1 (Va. 11VAC10-20-320).
    const win = poolOf(await settled(r2), 'Win');
    expect(win.outcome).toBe('fallback');
    expect(win.payoffs).toEqual([
      expect.objectContaining({ combination: String(second), paid_class: String(second), price_per_dollar_cents: 330 }),
    ]);
    expect((await betsOf(alice))[0]).toMatchObject({ status: 'won', payout_cents: 1650 });
    expect((await betsOf(bob))[0]).toMatchObject({ status: 'lost', payout_cents: 0 });
    await ledgerHolds();
  }, 60_000);

  it('should pay the Pick 3 minor share to the most correct and carry the major share over', async () => {
    const [, , r3] = card as [number, number, number];
    await finish(r3);
    // Gross $100 at 24 %: net $76; 75 % ($57) kept for all-correct tickets, nobody has them: the
    // 2-of-3 ticket ($10) takes the $19 minor share ($1.90 per $1), the $57 goes on (Okla. 325:65-9-7).
    const pick = poolOf(await settled(r3), 'Pick 3');
    expect(pick).toMatchObject({ outcome: 'consolation', carried_over_cents: 5700, net_cents: 7600 });
    expect(pick.payoffs).toEqual([
      expect.objectContaining({ races_correct: 2, price_per_dollar_cents: 190, paid_cents: 1900 }),
    ]);
    const [track]: { track_id: number }[] = await db().query('SELECT track_id FROM current_races WHERE id = $1', [r3]);
    const [carry]: { balance_cents: string }[] = await db().query(
      'SELECT balance_cents FROM wallet_accounts WHERE code = $1',
      [`carryover:${track?.track_id}:pick_3`],
    );
    expect(Number(carry?.balance_cents)).toBe(5700);
    await ledgerHolds();
  }, 60_000);

  it("should pay a Daily Double whose second race is cancelled on the first race's winner (Cal. 4 CCR 1957(g))", async () => {
    const [, , , r4] = card as [number, number, number, number];
    await db().query(`UPDATE current_races SET status = 'cancelled', cancel_reason = 'missed_post' WHERE id = $1`, [
      r4,
    ]);
    await sut.app.get(SettlementService).settleDue();
    // Gross $5 at 18.5 %: net $4.07 over the $2 with race 3's winner: 1.035 → $2.00 per $1.
    const rows: { state: string; paid_class: string; price_per_dollar_cents: number }[] = await db().query(
      `SELECT p.state, pp.paid_class, pp.price_per_dollar_cents
         FROM wager_pools p JOIN pool_payoffs pp ON pp.pool_id = p.id
        WHERE p.bet_type = 'Daily Double' AND p.race_ids = $1::int[]`,
      [[card[2], r4]],
    );
    expect(rows).toEqual([{ state: 'settled', paid_class: `${orders[2]?.[0]}-*`, price_per_dollar_cents: 200 }]);
    const doubles = async (s: ApiSession) => (await betsOf(s)).filter((b) => b.bet_type === 'Daily Double');
    expect(await doubles(ddWinner)).toEqual([expect.objectContaining({ status: 'won', payout_cents: 400 })]);
    expect(await doubles(ddLoser)).toEqual([expect.objectContaining({ status: 'lost', payout_cents: 0 })]);
    await ledgerHolds();
  }, 60_000);
});
