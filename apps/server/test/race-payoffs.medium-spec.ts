import type {
  ApiErrorResponse,
  BacktestResponse,
  BetListResponse,
  BetRequest,
  BetView,
  LedgerPage,
  LiveRaceResult,
  PlaceBetsResponse,
  RacePayoffs,
  RaceResultListResponse,
  ResultPool,
  ToteView,
} from '@furlong/contracts';
import { ticketPayoutCents } from '@furlong/domain';
import { DataSource } from 'typeorm';
import { RacingService } from '../src/racing/racing.service';
import { PayoffRepository } from '../src/wagering/payoff.repository';
import { SettlementService } from '../src/wagering/settlement.service';
import { ApiSession } from './support/api-session';
import { finishRace, stageCard, stageRace, waitFor, waitForStatus, withoutDeadHeat } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const PASSWORD = 'correct horse battery';

// The payoffs a result shows are the prices its settlement paid: kept in the settlement's own
// transaction (pool_payoffs), never changed by a second run, and served with the results list.
// One database; a server with live racing at 20× for a real race, then one with racing off whose
// tests open and finish a card's races themselves (a Daily Double, a Pick 3, a refunded exacta).
describe('Race payoffs', () => {
  const dbName = uniqueName('furlong_payoffs');
  let url: string;
  let sut: TestApp;
  let users = 0;
  let keys = 0;
  /** The live race of the first part, on the first track. */
  let liveRaceId = 0;

  const db = () => sut.app.get(DataSource);

  async function bettor(): Promise<ApiSession> {
    const session = new ApiSession(sut.baseUrl);
    users++;
    await session.signUp(`payoffpunter${users}`, `payoffpunter${users}@furlong.test`, PASSWORD);
    return session;
  }

  async function place(session: ApiSession, bets: BetRequest[]): Promise<PlaceBetsResponse> {
    const res = await session.request<PlaceBetsResponse & ApiErrorResponse>(
      'POST',
      '/api/bets',
      { bets },
      { headers: { 'Idempotency-Key': `payoffs-${process.pid}-${++keys}` } },
    );
    if (res.status !== 201) throw new Error(`slip refused: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  const payoffsOf = async (raceId: number) => (await sut.get<RacePayoffs>(`/api/current_races/${raceId}/payoffs`)).body;
  const poolOf = (payoffs: RacePayoffs, type: string) => payoffs.pools.find((p) => p.bet_type === type) as ResultPool;
  const all = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

  async function settledBets(session: ApiSession, query = ''): Promise<BetView[]> {
    return waitFor('the bets settled', async () => {
      const items = (await session.get<BetListResponse>(`/api/me/bets?limit=200${query}`)).body.items;
      return items.length > 0 && items.every((b) => b.status !== 'pending') ? items : undefined;
    });
  }

  async function payoffRows(raceId: number): Promise<unknown[]> {
    return db().query(
      `SELECT pp.* FROM pool_payoffs pp JOIN wager_pools p ON p.id = pp.pool_id
        WHERE p.last_race_id = $1 ORDER BY pp.pool_id, pp.combination`,
      [raceId],
    );
  }

  beforeAll(async () => {
    url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 17, scale: 0.05 });
  }, 90_000);

  afterAll(async () => {
    await dropDatabase(dbName);
  });

  describe('a live race', () => {
    beforeAll(async () => {
      sut = await startTestApp({
        DATABASE_URL: url,
        RACING_ENABLED: 'true',
        RACING_TIME_SCALE: '20',
        RACING_SCHEDULER_SECONDS: '0.5',
        RACING_OPEN_LEAD_MINUTES: '3',
        WAGERING_TOTE_SECONDS: '0.5',
        WAGERING_CROWD_CENTS_PER_TICK: '5000',
        REGISTER_MAX_PER_IP_PER_HOUR: '1000',
      });
    }, 60_000);

    afterAll(async () => {
      await sut?.close();
    });

    it('should show the prices each winning ticket was paid, and keep them through a second settlement', async () => {
      // Only the staged race may finish during this test (the back-test below counts the priced
      // races): whatever the scheduler made and ran so far is called off (a race cancelled while it
      // runs writes no result; its pools are refunded, not priced). Cards it makes from here on
      // start an hour of racing time (three minutes at 20×) ahead.
      await db().query(
        `UPDATE current_races SET status = 'cancelled', cancel_reason = 'not_recorded'
          WHERE status IN ('scheduled', 'open', 'closed', 'running')`,
      );
      // A race that had just finished may still be settling (CI once saw it priced mid-test): the
      // count is taken once every result's win pool is settled, and the back-test compared with it.
      await waitFor('every finished race settled', async () => {
        const [row]: { n: number }[] = await db().query(
          `SELECT count(*)::int AS n FROM race_results rr
             JOIN wager_pools p ON p.current_race_id = rr.current_race_id AND p.bet_type = 'Win'
            WHERE p.state IN ('open', 'frozen')`,
        );
        return row?.n === 0 ? true : undefined;
      });
      const before = (await sut.get<BacktestResponse>('/api/handicapping/backtest')).body;
      const [snapshot]: { at: Date }[] = await db().query('SELECT now() AS at');
      const toteBefore = before.scores.find((sc) => sc.name === 'tote');
      const alice = await bettor();
      const bob = await bettor();
      const raceId = await stageRace(sut.app, { startsInWallMs: 11_000 });
      liveRaceId = raceId;
      await waitForStatus(sut.baseUrl, raceId, 'open', 15_000);
      // The worked prices below read one runner per place: a seed without a dead heat (before the off).
      await withoutDeadHeat(sut.app, raceId);
      const n = (await sut.get<ToteView>(`/api/current_races/${raceId}/tote`)).body.runners.length;
      // The result is a pure function of the seed drawn at the opening.
      const winner = (await sut.app.get(RacingService).runnable(raceId))?.race.finish_order[0] as number;

      const straight = (type: 'Win' | 'Place' | 'Show'): BetRequest[] =>
        all(n).map((h) => ({ bet_type: type, race_ids: [raceId], amount_cents: 200, selections: [[h]], box: false }));
      await place(alice, straight('Win'));
      await place(alice, straight('Place'));
      await place(alice, straight('Show'));
      await place(alice, [
        { bet_type: 'Exacta', race_ids: [raceId], amount_cents: 100, selections: [all(n)], box: true },
        { bet_type: 'Trifecta', race_ids: [raceId], amount_cents: 10, selections: [all(n)], box: true },
      ]);
      await place(bob, [
        { bet_type: 'Win', race_ids: [raceId], amount_cents: 200, selections: [[winner]], box: false },
        { bet_type: 'Win', race_ids: [raceId], amount_cents: 600, selections: [[winner]], box: false },
      ]);

      await waitForStatus(sut.baseUrl, raceId, 'finished', 25_000);
      const result = (await sut.get<LiveRaceResult>(`/api/current_races/${raceId}/result`)).body;
      const order = result.finishers.map((f) => f.post_position);
      expect(order[0]).toBe(winner);
      const aliceBets = await settledBets(alice);
      const bobBets = await settledBets(bob);
      const payoffs$ = await waitFor('the payoffs final', async () => {
        const p = await payoffsOf(raceId);
        return p.settled ? p : undefined;
      });

      // $2 Win, Place and Show of the first three, in finishing order.
      expect(payoffs$.win_place_show.map((r) => [r.finish_position, r.post_position, r.horse_name])).toEqual(
        result.finishers.slice(0, 3).map((f) => [f.finish_position, f.post_position, f.horse_name]),
      );
      const [first, second, third] = payoffs$.win_place_show;
      const expectedStraight: Record<string, Record<number, number | null | undefined>> = {
        Win: { [order[0] as number]: first?.win_cents },
        Place: { [order[0] as number]: first?.place_cents, [order[1] as number]: second?.place_cents },
        Show: {
          [order[0] as number]: first?.show_cents,
          [order[1] as number]: second?.show_cents,
          [order[2] as number]: third?.show_cents,
        },
      };
      expect(second?.win_cents).toBeNull();
      expect(third?.place_cents).toBeNull();
      // Every $2 straight ticket was paid exactly the $2 price shown, or lost.
      for (const bet of aliceBets.filter((b) => ['Win', 'Place', 'Show'].includes(b.bet_type))) {
        const price = expectedStraight[bet.bet_type]?.[bet.selections[0]?.[0] as number];
        if (price === undefined) expect([bet.status, bet.payout_cents]).toEqual(['lost', 0]);
        else expect([bet.status, bet.payout_cents]).toEqual(['won', price]);
      }
      // The $2 win price × the winning $2 tickets (one each) is what their owners got; $6 is three of them.
      const winPrice = first?.win_cents as number;
      expect(winPrice).toBeGreaterThanOrEqual(210);
      expect(bobBets.map((b) => [b.amount_cents, b.payout_cents]).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))).toEqual([
        [200, winPrice],
        [600, 3 * winPrice],
      ]);

      // The exotics: one winning combination each, paid per the base amount ($1 exacta, 10¢ trifecta).
      const exacta = poolOf(payoffs$, 'Exacta');
      const trifecta = poolOf(payoffs$, 'Trifecta');
      expect(exacta).toMatchObject({ outcome: 'paid', base_amount_cents: 100 });
      expect(exacta.payoffs.map((p) => p.combination)).toEqual([order.slice(0, 2).join('-')]);
      expect(trifecta).toMatchObject({ outcome: 'paid', base_amount_cents: 10 });
      expect(trifecta.payoffs.map((p) => p.combination)).toEqual([order.slice(0, 3).join('-')]);
      const boxPaid = (type: string) => aliceBets.find((b) => b.bet_type === type)?.payout_cents;
      expect(boxPaid('Exacta')).toBe(exacta.payoffs[0]?.base_payout_cents);
      expect(boxPaid('Trifecta')).toBe(trifecta.payoffs[0]?.base_payout_cents);

      // Every pool's totals are the frozen board's, and every quote is what a ticket of that amount is paid.
      const board = (await sut.get<ToteView>(`/api/current_races/${raceId}/tote`)).body;
      expect(board.frozen).toBe(true);
      for (const pool of payoffs$.pools) {
        const shown = board.pools.find((p) => p.bet_type === pool.bet_type && p.race_ids.length === 1);
        if (pool.race_ids.length === 1) {
          expect([pool.bet_type, pool.gross_cents, pool.net_cents]).toEqual([
            pool.bet_type,
            shown?.gross_cents,
            shown?.net_cents,
          ]);
        }
        for (const p of pool.payoffs) {
          expect(p.base_payout_cents).toBe(ticketPayoutCents(pool.base_amount_cents, p.price_per_dollar_cents));
          expect(p.two_dollar_payout_cents).toBe(ticketPayoutCents(200, p.price_per_dollar_cents));
          expect(p.paid_cents).toBe(ticketPayoutCents(p.winning_cents, p.price_per_dollar_cents));
        }
      }
      const winPool = poolOf(payoffs$, 'Win');
      expect(winPool.payoffs).toHaveLength(1);
      expect(winPool.payoffs[0]?.winning_cents).toBe(board.runners.find((r) => r.post_position === winner)?.win_cents);
      expect(
        poolOf(payoffs$, 'Place')
          .payoffs.map((p) => p.combination)
          .sort(),
      ).toEqual(order.slice(0, 2).map(String).sort());

      // The bets on the race, for their owner only.
      const mine = (await alice.get<BetListResponse>(`/api/me/bets?race_id=${raceId}&limit=200`)).body;
      expect(mine.total).toBe(3 * n + 2);

      // A second settlement run (a retried job) finds every pool settled and writes nothing.
      const rows = await payoffRows(raceId);
      const outcomes = await sut.app.get(SettlementService).settleRace(raceId);
      expect(outcomes.every((o) => o.state === 'skipped')).toBe(true);
      // Nor can the kept prices be overwritten afterwards.
      const winPoolId: { id: number }[] = await db().query(
        `SELECT id FROM wager_pools WHERE current_race_id = $1 AND bet_type = 'Win'`,
        [raceId],
      );
      const written = await db().transaction((m) =>
        sut.app
          .get(PayoffRepository)
          .keep(
            m,
            winPoolId[0]?.id as number,
            [{ interest: String(winner), price_per_dollar_cents: 99_900, money_cents: 100, paid_cents: 999 }],
            null,
          ),
      );
      expect(written).toBe(0);
      expect(await payoffRows(raceId)).toEqual(rows);
      expect(await payoffsOf(raceId)).toEqual(payoffs$);

      // The predictor's back-test now has a priced race: the tote's final money as its forecast,
      // and a $2 flat bet on its favourite paid at this win price if the favourite won.
      const backtest = (await sut.get<BacktestResponse>('/api/handicapping/backtest')).body;
      // Every race priced since the snapshot is this one, or another the scheduler made and ran
      // meanwhile (at 20× racing time; seen in CI): the count must account for each.
      const [others]: { n: number }[] = await db().query(
        `SELECT count(*)::int AS n FROM wager_pools
          WHERE bet_type = 'Win' AND state = 'settled' AND settled_at > $1 AND current_race_id <> $2`,
        [snapshot?.at, raceId],
      );
      expect(backtest.priced_races).toBe(before.priced_races + 1 + (others?.n ?? 0));
      // The tote's figures below are this race's own only when it was the one priced.
      if ((others?.n ?? 0) > 0) return;
      const tote = backtest.scores.find((sc) => sc.name === 'tote');
      const priorRaces = toteBefore?.races ?? 0;
      expect(tote?.races).toBe(priorRaces + 1);
      const money = board.runners.map((r) => r.win_cents ?? 0);
      const favourite = board.runners[money.indexOf(Math.max(...money))]?.post_position;
      expect(tote?.flat_bet).toMatchObject({
        races: (toteBefore?.flat_bet?.races ?? 0) + 1,
        staked_cents: (toteBefore?.flat_bet?.staked_cents ?? 0) + 200,
        returned_cents: (toteBefore?.flat_bet?.returned_cents ?? 0) + (favourite === winner ? winPrice : 0),
      });
      // The tote's chance for the winner is its share of the win pool's money (log-loss is a mean
      // over the priced races: this race adds its own term).
      const total = money.reduce((a, b) => a + b, 0);
      const winnerShare = (board.runners.find((r) => r.post_position === winner)?.win_cents ?? 0) / total;
      const added =
        (tote?.log_loss ?? 0) * (priorRaces + 1) - (priorRaces > 0 ? (toteBefore?.log_loss ?? 0) * priorRaces : 0);
      expect(added).toBeCloseTo(-Math.log(winnerShare), 6);
    }, 90_000);
  });

  describe('sequences, refunds and the list of results', () => {
    let trackId = 0;
    let card: number[] = [];
    let raceDate = '';
    let punter: ApiSession;

    beforeAll(async () => {
      sut = await startTestApp({
        DATABASE_URL: url,
        REGISTER_MAX_PER_IP_PER_HOUR: '1000',
        WAGERING_CROWD_CENTS_PER_TICK: '0',
        // Nobody but the punter in the exotic pools: an exacta nobody hit is refunded.
        WAGERING_SEED_EXOTIC_CENTS: '0',
      });
      const tracks: { id: number }[] = await db().query(
        'SELECT id FROM tracks WHERE daily_races >= 3 ORDER BY id DESC LIMIT 1',
      );
      trackId = tracks[0]?.id as number;
      card = await stageCard(sut.app, trackId, 3);
      const [day]: { race_date: string }[] = await db().query(
        'SELECT race_date::text AS race_date FROM current_races WHERE id = $1',
        [card[0]],
      );
      raceDate = day?.race_date as string;
      for (const id of card) {
        await waitFor(`the pools of race ${id}`, async () => {
          const n: { n: number }[] = await db().query(
            `SELECT count(*)::int AS n FROM wager_pools WHERE current_race_id = $1 AND bet_type = 'Win' AND seed_cents > 0`,
            [id],
          );
          return n[0]?.n === 1 ? true : undefined;
        });
      }
      punter = await bettor();
    }, 60_000);

    afterAll(async () => {
      await sut?.close();
    });

    it('should show the double and the Pick 3 at their last leg, a carryover and a refund said as such', async () => {
      const [r1, r2, r3] = card as [number, number, number];
      const orders = await Promise.all(
        card.map(async (id) => (await sut.app.get(RacingService).runnable(id))?.race.finish_order ?? []),
      );
      const [o1, o2] = orders as [number[], number[]];
      const fields = orders.map((o) => o.length);
      // Not one race right: the Pick 3 carries over. An exacta nobody else has: refunded.
      const misses = orders.map((o) => [o.at(-1) as number]);
      await place(punter, [
        {
          bet_type: 'Daily Double',
          race_ids: [r1, r2],
          amount_cents: 100,
          selections: [all(fields[0] ?? 0), all(fields[1] ?? 0)],
          box: false,
        },
        { bet_type: 'Pick 3', race_ids: [r1, r2, r3], amount_cents: 100, selections: misses, box: false },
        {
          bet_type: 'Exacta',
          race_ids: [r1],
          amount_cents: 100,
          selections: [[o1[1] as number], [o1[0] as number]],
          box: false,
        },
      ]);
      for (const id of card) await finishRace(sut.app, id);
      const bets = await settledBets(punter);

      const leg1 = await waitFor('race 1 settled', async () => {
        const p = await payoffsOf(r1);
        return p.settled ? p : undefined;
      });
      const refunded = poolOf(leg1, 'Exacta');
      expect(refunded).toMatchObject({ outcome: 'refunded', gross_cents: 100, payoffs: [] });
      expect(bets.find((b) => b.bet_type === 'Exacta')).toMatchObject({ status: 'refunded', payout_cents: 100 });
      // The double starts at race 1: it is shown with race 2, its last leg.
      expect(leg1.pools.map((p) => p.bet_type)).not.toContain('Daily Double');

      const leg2 = await payoffsOf(r2);
      const double = poolOf(leg2, 'Daily Double');
      expect(double).toMatchObject({ outcome: 'paid', race_ids: [r1, r2], base_amount_cents: 100 });
      expect(double.payoffs.map((p) => p.combination)).toEqual([`${o1[0]}-${o2[0]}`]);
      // The wheel held the winning pair once, at the $1 base.
      expect(bets.find((b) => b.bet_type === 'Daily Double')?.payout_cents).toBe(double.payoffs[0]?.base_payout_cents);

      const leg3 = await payoffsOf(r3);
      const pick3 = poolOf(leg3, 'Pick 3');
      expect(pick3).toMatchObject({ outcome: 'carried_over', race_ids: [r1, r2, r3], payoffs: [] });
      expect(pick3.carried_over_cents).toBe(pick3.net_cents);
      expect(pick3.carried_over_cents).toBeGreaterThan(0);

      // The wallet says what each movement was: the stake, the double's payout and the exacta's refund.
      const [{ track_name: track, n1 }]: { track_name: string; n1: number }[] = await db().query(
        'SELECT t.track_name, c.race_number AS n1 FROM current_races c JOIN tracks t ON t.id = c.track_id WHERE c.id = $1',
        [r1],
      );
      const ledger = (await punter.get<LedgerPage>('/api/me/ledger?limit=10')).body.items;
      const said = ledger.map((e) => e.description);
      expect(said).toContain(`Daily Double payout, Races ${n1}\u2013${n1 + 1} at ${track}`);
      expect(said).toContain(`Refund: Exacta, Race ${n1} at ${track}`);
      expect(said).toContain('Starting credit');
      expect(said).toContain(`Bet: Exacta, Race ${n1} at ${track}`);
      expect(said).toContain(`Bet: Pick 3, Races ${n1}\u2013${n1 + 2} at ${track}`);
      // The raw reference stays for whoever needs it.
      expect(ledger.find((e) => e.reason === 'refund')?.reference).toMatch(/^pool:\d+$/);

      // Your bets of one race: those with a leg in it.
      const ofRace2 = (await punter.get<BetListResponse>(`/api/me/bets?race_id=${r2}`)).body;
      expect(ofRace2.items.map((b) => b.bet_type).sort()).toEqual(['Daily Double', 'Pick 3']);
      expect((await punter.get<BetListResponse>(`/api/me/bets?race_id=${r1}`)).body.total).toBe(3);
      expect((await new ApiSession(sut.baseUrl).get(`/api/me/bets?race_id=${r1}`)).status).toBe(401);
    }, 60_000);

    it('should list the results newest first, by track and by day, with the winner and its $2 win price', async () => {
      const everything = (await sut.get<RaceResultListResponse>('/api/race_results?limit=100')).body;
      const newestFirst = (items: RaceResultListResponse['items']) => {
        const posts = items.map((r) => Date.parse(r.post_time));
        expect(posts).toEqual([...posts].sort((a, b) => b - a));
      };
      newestFirst(everything.items);
      expect(everything.items.map((r) => r.current_race_id)).toEqual(expect.arrayContaining([liveRaceId, ...card]));
      expect(everything.total).toBeGreaterThanOrEqual(4);

      // The first part's live racing may have run the track's own races of today too: the staged day is ours alone.
      const byTrack = (await sut.get<RaceResultListResponse>(`/api/race_results?track_id=${trackId}&limit=100`)).body;
      expect(byTrack.items.every((r) => r.track_id === trackId)).toBe(true);
      newestFirst(byTrack.items);
      const byBoth = (await sut.get<RaceResultListResponse>(`/api/race_results?track_id=${trackId}&date=${raceDate}`))
        .body;
      // finishRace posts each race as it finishes it: the card's last race is the newest.
      expect(byBoth.items.map((r) => r.current_race_id)).toEqual([...card].reverse());
      expect(byBoth.items.every((r) => r.track_id === trackId && r.race_date === raceDate)).toBe(true);
      expect(byTrack.items.filter((r) => r.race_date === raceDate)).toEqual(byBoth.items);
      const byDay = (await sut.get<RaceResultListResponse>(`/api/race_results?date=${raceDate}`)).body;
      expect(byDay.items.every((r) => r.race_date === raceDate)).toBe(true);
      expect(byDay.items.map((r) => r.current_race_id)).toEqual(expect.arrayContaining(card));
      const page = (
        await sut.get<RaceResultListResponse>(`/api/race_results?track_id=${trackId}&date=${raceDate}&limit=1&offset=1`)
      ).body;
      expect(page).toMatchObject({ total: 3, limit: 1, offset: 1 });
      expect(page.items.map((r) => r.current_race_id)).toEqual([card[1]]);
      const none = (await sut.get<RaceResultListResponse>(`/api/race_results?track_id=${trackId}&date=2020-01-01`))
        .body;
      expect(none).toMatchObject({ items: [], total: 0 });

      // Each item's winner and $2 win price are the result's and its payoffs'.
      for (const item of [...byBoth.items, everything.items.find((r) => r.current_race_id === liveRaceId)]) {
        const payoffs = await payoffsOf(item?.current_race_id as number);
        const [first] = payoffs.win_place_show;
        expect([item?.winner_post_position, item?.winner_name, item?.win_payoff_cents]).toEqual([
          first?.post_position,
          first?.horse_name,
          first?.win_cents,
        ]);
        expect(item?.win_payoff_cents).toBeGreaterThanOrEqual(210);
      }

      const bad = await sut.get<ApiErrorResponse>('/api/race_results?date=2026-02-30');
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.map((e) => e.field)).toEqual(['date']);
      expect((await sut.get('/api/current_races/99999999/payoffs')).status).toBe(404);
    }, 30_000);
  });
});
