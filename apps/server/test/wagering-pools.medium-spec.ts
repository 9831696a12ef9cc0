import type {
  ApiErrorResponse,
  BetListResponse,
  BetRequest,
  PlaceBetsResponse,
  RacePayoffs,
  ToteView,
} from '@furlong/contracts';
import { netPoolCents, pricePerDollarCents, seedPool, ticketPayoutCents, topSequences } from '@furlong/domain';
import { DataSource } from 'typeorm';
import { RacingService } from '../src/racing/racing.service';
import { PoolService } from '../src/wagering/pool.service';
import { ApiSession } from './support/api-session';
import { finishRace, stageRace, waitFor, withDeadHeatForWin, withoutDeadHeat } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const PASSWORD = 'correct horse battery';
const START_CREDIT = 1_000_000;
/** The configured takeout of trifecta, superfecta and Pick N (the default). */
const PICK_TAKEOUT = 0.24;

interface PoolRecord {
  id: number;
  bet_type: string;
  race_ids: number[];
  gross_cents: number;
  seed_cents: number;
  carryover_cents: number;
  carried_over_cents: number;
  state: string;
  account_code: string;
}

// Multi-race pools: house seed for the superfecta, the double and Pick N, the Pick N carryover
// through the ledger, and the tote's double probables and Pick N will-pays. One database; two
// servers in turn (with and without the exotic house seed), racing off: the tests open and finish
// their races themselves.
describe('Wagering pools', () => {
  const dbName = uniqueName('furlong_pools');
  let url: string;
  let sut: TestApp;
  let counter = 0;
  let keyCounter = 0;

  const db = () => sut.app.get(DataSource);
  const key = () => `pools-${process.pid}-${++keyCounter}-${Date.now()}`;

  async function bettor(): Promise<ApiSession> {
    const session = new ApiSession(sut.baseUrl);
    counter++;
    await session.signUp(`poolpunter${counter}`, `poolpunter${counter}@furlong.test`, PASSWORD);
    return session;
  }

  function place(session: ApiSession, bets: BetRequest[]) {
    return session.request<PlaceBetsResponse & ApiErrorResponse>(
      'POST',
      '/api/bets',
      { bets },
      { headers: { 'Idempotency-Key': key() } },
    );
  }

  /** Tracks whose cards have at least `races` races, lowest id first. */
  async function tracksWith(races: number): Promise<number[]> {
    const rows: { id: number }[] = await db().query('SELECT id FROM tracks WHERE daily_races >= $1 ORDER BY id', [
      races,
    ]);
    return rows.map((r) => r.id);
  }

  /** A fresh card of the track: every race of it scheduled 20 minutes apart from 10 minutes from now, by number. */
  async function stageCard(trackId: number): Promise<number[]> {
    const first = await stageRace(sut.app, { startsInWallMs: 10 * 60_000, trackId });
    const rows: { id: number }[] = await db().query(
      `WITH c1 AS (SELECT track_id, race_date, race_number, post_time FROM current_races WHERE id = $1),
       u AS (
         UPDATE current_races c SET post_time = c1.post_time + (c.race_number - c1.race_number) * interval '20 minutes',
                                    status = 'scheduled'
           FROM c1
          WHERE c.track_id = c1.track_id AND c.race_date = c1.race_date AND c.race_number > c1.race_number
         RETURNING c.id, c.race_number)
       SELECT id FROM u ORDER BY race_number`,
      [first],
    );
    return [first, ...rows.map((r) => r.id)];
  }

  /** Opens the races one by one (in this order), each with its pools made by the opening job. */
  async function open(...raceIds: number[]): Promise<void> {
    for (const id of raceIds) {
      expect(await sut.app.get(RacingService).open([id])).toEqual([id]);
      await waitFor(`the opening of race ${id}`, async () => {
        const rows: { n: number }[] = await db().query(
          `SELECT count(*)::int AS n FROM wager_pools WHERE current_race_id = $1 AND bet_type = 'Win' AND seed_cents > 0`,
          [id],
        );
        return rows[0]?.n === 1 ? true : undefined;
      });
      // The tests read one winner per race: a seed without a dead heat.
      await withoutDeadHeat(sut.app, id);
    }
  }

  /** The winner a race will have: its result is a pure function of the seed it got at the opening. */
  async function winnerOf(raceId: number): Promise<number> {
    const runnable = await sut.app.get(RacingService).runnable(raceId);
    if (!runnable) throw new Error(`race ${raceId} not runnable`);
    return runnable.race.finish_order[0] as number;
  }

  const finish = (raceId: number) => finishRace(sut.app, raceId);

  async function fieldSize(raceId: number): Promise<number> {
    const [{ n }]: { n: number }[] = await db().query(
      'SELECT count(*)::int AS n FROM current_race_entries WHERE current_race_id = $1',
      [raceId],
    );
    return n;
  }

  async function poolsStartingAt(raceId: number): Promise<PoolRecord[]> {
    const rows: PoolRecord[] = await db().query(
      `SELECT id, bet_type, race_ids, gross_cents::int8 AS gross_cents, seed_cents::int8 AS seed_cents,
              carryover_cents::int8 AS carryover_cents, carried_over_cents::int8 AS carried_over_cents, state, account_code
         FROM wager_pools WHERE current_race_id = $1 ORDER BY bet_type`,
      [raceId],
    );
    return rows.map((r) => ({
      ...r,
      gross_cents: Number(r.gross_cents),
      seed_cents: Number(r.seed_cents),
      carryover_cents: Number(r.carryover_cents),
      carried_over_cents: Number(r.carried_over_cents),
    }));
  }

  async function interests(poolId: number): Promise<Record<string, number>> {
    const rows: { interest: string; amount_cents: string }[] = await db().query(
      'SELECT interest, amount_cents FROM wager_pool_interests WHERE pool_id = $1',
      [poolId],
    );
    return Object.fromEntries(rows.map((r) => [r.interest, Number(r.amount_cents)]));
  }

  async function balanceOf(code: string): Promise<number> {
    const rows: { b: string }[] = await db().query('SELECT balance_cents AS b FROM wallet_accounts WHERE code = $1', [
      code,
    ]);
    return Number(rows[0]?.b ?? 0);
  }

  async function ledgerSum(): Promise<number> {
    const rows: { total: string }[] = await db().query(
      'SELECT coalesce(sum(balance_cents), 0) AS total FROM wallet_accounts',
    );
    return Number(rows[0]?.total);
  }

  /** The punter's Pick 3 once settlement has paid or lost it. */
  const settledPick3 = (punter: ApiSession) =>
    waitFor('the Pick 3 settled', async () => {
      const items = (await punter.get<BetListResponse>('/api/me/bets')).body.items;
      const bet = items.find((b) => b.bet_type === 'Pick 3');
      return bet && bet.status !== 'pending' ? bet : undefined;
    });
  const tote = async (raceId: number) => (await sut.get<ToteView>(`/api/current_races/${raceId}/tote`)).body;
  const all = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  /** Up to `count` horses of a field of `n` that are not `winner`. */
  const losers = (n: number, winner: number, count: number) =>
    all(n)
      .filter((h) => h !== winner)
      .slice(0, count);

  beforeAll(async () => {
    url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 7, scale: 0.05 });
  }, 90_000);

  afterAll(async () => {
    await dropDatabase(dbName);
  });

  describe('with the house seed', () => {
    beforeAll(async () => {
      sut = await startTestApp({
        DATABASE_URL: url,
        STARTING_CREDIT_CENTS: String(START_CREDIT),
        REGISTER_MAX_PER_IP_PER_HOUR: '100000',
        WAGERING_CROWD_CENTS_PER_TICK: '0',
      });
    }, 60_000);

    afterAll(async () => {
      await sut?.close();
    });

    it('should seed the superfecta, the double and every Pick N of the card once at the opening, by the morning line', async () => {
      const [trackId] = await tracksWith(4);
      const card = await stageCard(trackId as number);
      const [r1, r2, r3] = card as [number, number, number];
      await open(r1);

      const pools = await poolsStartingAt(r1);
      const byType = new Map(pools.map((p) => [p.bet_type, p]));
      const longest = Math.min(10, card.length);
      const picks = Array.from({ length: longest - 2 }, (_, i) => `Pick ${i + 3}`);
      expect(pools.map((p) => p.bet_type).sort()).toEqual(
        ['Daily Double', 'Exacta', 'Place', 'Quinella', 'Show', 'Superfecta', 'Trifecta', 'Win', ...picks].sort(),
      );
      for (const p of pools) {
        expect(p.seed_cents).toBe(['Win', 'Place', 'Show'].includes(p.bet_type) ? 200_000 : 100_000);
        expect(p.gross_cents).toBe(p.seed_cents);
        expect(await balanceOf(p.account_code)).toBe(p.seed_cents);
      }
      expect(byType.get('Daily Double')?.race_ids).toEqual([r1, r2]);
      for (const [i, type] of picks.entries()) expect(byType.get(type)?.race_ids).toEqual(card.slice(0, i + 3));

      // The spread: a bounded number of interests, in proportion to the product of each leg's line.
      const n1 = await fieldSize(r1);
      const superfecta = await interests(byType.get('Superfecta')?.id as number);
      expect(Object.keys(superfecta).length).toBe(Math.min(240, n1 * (n1 - 1) * (n1 - 2) * (n1 - 3)));
      const pools$ = sut.app.get(PoolService);
      const lines = [
        (await pools$.fieldLine(r1)).probabilities,
        (await pools$.fieldLine(r2)).probabilities,
        (await pools$.fieldLine(r3)).probabilities,
      ];
      const dd = await interests(byType.get('Daily Double')?.id as number);
      expect(Object.keys(dd).length).toBe(n1 * (await fieldSize(r2)));
      const share = (line: Record<string, number> | undefined, h: string) =>
        (line?.[h] ?? 0) / Object.values(line ?? {}).reduce((a, b) => a + b, 0);
      for (const [k, cents] of Object.entries(dd)) {
        const [a, b] = k.split('-') as [string, string];
        // Largest remainder: within a cent of the exact share of the stake.
        expect(Math.abs(cents - 100_000 * share(lines[0], a) * share(lines[1], b))).toBeLessThan(1.0001);
      }
      const pick3 = await interests(byType.get('Pick 3')?.id as number);
      const expected = seedPool(PICK_TAKEOUT, 100_000, topSequences(lines, 120)).money;
      expect(pick3).toEqual(Object.fromEntries(Object.entries(expected).filter(([, c]) => c > 0)));
      const favourite = (line: Record<string, number>) =>
        Object.entries(line).sort((a, b) => b[1] - a[1])[0]?.[0] as string;
      const mostBacked = Object.entries(pick3).sort((a, b) => b[1] - a[1])[0]?.[0];
      expect(mostBacked).toBe(lines.map(favourite).join('-'));
      for (const type of picks) {
        expect(Object.keys(await interests(byType.get(type)?.id as number)).length).toBeLessThanOrEqual(120);
      }

      // Once: a second opening job (a retry, another instance) adds nothing.
      const seeds: { n: number }[] = await db().query(
        `SELECT count(*)::int AS n FROM ledger_transfers
          WHERE reason = 'pool_seed' AND reference IN (SELECT 'pool:' || id FROM wager_pools WHERE current_race_id = $1)`,
        [r1],
      );
      expect(seeds[0]?.n).toBe(pools.length);
      expect(await pools$.openPools([r1])).toBe(0);
      expect(await poolsStartingAt(r1)).toEqual(pools);
      expect(await ledgerSum()).toBe(0);
    }, 60_000);

    it('should show the double probables and the Pick 3 will-pays, and pay the Pick 3 what it showed', async () => {
      const [trackId] = await tracksWith(4);
      const [r1, r2, r3] = (await stageCard(trackId as number)) as [number, number, number];
      await open(r1, r2, r3);
      const [n1, n2, n3] = [await fieldSize(r1), await fieldSize(r2), await fieldSize(r3)];
      const punter = await bettor();
      const slip = await place(punter, [
        { bet_type: 'Daily Double', race_ids: [r1, r2], amount_cents: 200, selections: [[1], [1]], box: false },
        {
          bet_type: 'Pick 3',
          race_ids: [r1, r2, r3],
          amount_cents: 10,
          selections: [all(n1), all(n2), all(n3)],
          box: false,
        },
      ]);
      expect(slip.status).toBe(201);

      // Before any result: every leg-1 row of the double (it is seeded whole), each cell the pool's price.
      const before = await tote(r1);
      const ddPool = before.pools.find((p) => p.bet_type === 'Daily Double');
      expect(before.daily_double).toMatchObject({ race_ids: [r1, r2], leg1_winner: null, second: all(n2) });
      expect(before.daily_double?.rows.map((r) => r.first)).toEqual(all(n1));
      const ddMoney = await interests(
        (await poolsStartingAt(r1)).find((p) => p.bet_type === 'Daily Double')?.id as number,
      );
      for (const row of before.daily_double?.rows ?? []) {
        row.payouts_cents.forEach((cents, j) => {
          const m = ddMoney[`${row.first}-${j + 1}`] ?? 0;
          expect(cents).toBe(m > 0 ? 2 * pricePerDollarCents((ddPool?.net_cents ?? 0) - m, m) : null);
        });
      }
      expect(before.pick_will_pays).toEqual([]);
      const early = (await tote(r3)).pick_will_pays.find((p) => p.bet_type === 'Pick 3');
      expect(early).toEqual({
        bet_type: 'Pick 3',
        race_ids: [r1, r2, r3],
        carryover_cents: 0,
        winners: null,
        leg_winners: null,
        will_pays: null,
      });

      const [w1] = await finish(r1);
      const afterLeg1 = (await tote(r1)).daily_double;
      expect(afterLeg1?.leg1_winner).toBe(w1);
      expect(afterLeg1?.rows.map((r) => r.first)).toEqual([w1]);
      expect((await tote(r3)).pick_will_pays.find((p) => p.bet_type === 'Pick 3')?.will_pays).toBeNull();

      const [w2] = await finish(r2);
      const board = await tote(r3);
      const willPays = board.pick_will_pays.find((p) => p.bet_type === 'Pick 3');
      expect(willPays?.winners).toEqual([w1, w2]);
      expect(willPays?.leg_winners).toEqual([[w1], [w2]]);
      const pick = (await poolsStartingAt(r1)).find((p) => p.bet_type === 'Pick 3') as PoolRecord;
      const money = await interests(pick.id);
      const net = netPoolCents(pick.gross_cents, PICK_TAKEOUT);
      expect(willPays?.will_pays).toEqual(
        all(n3).map((h) => {
          const m = money[`${w1}-${w2}-${h}`] ?? 0;
          return { post_position: h, payout_cents: m > 0 ? 2 * pricePerDollarCents(net - m, m) : null };
        }),
      );

      const w3 = await winnerOf(r3);
      const shown = willPays?.will_pays?.find((w) => w.post_position === w3)?.payout_cents as number;
      await finish(r3);
      const settled = await settledPick3(punter);
      // The wheel holds the winning sequence once, at 10 cents: the will-pay for $2, pro rata.
      expect(settled).toMatchObject({ status: 'won', payout_cents: ticketPayoutCents(10, shown / 2) });
      expect((await tote(r3)).pick_will_pays.find((p) => p.bet_type === 'Pick 3')?.will_pays).toBeNull();
      expect(await ledgerSum()).toBe(0);
    }, 90_000);

    it('should count every dead-heated winner of an earlier leg in the Pick 3 will-pays, and pay what they showed', async () => {
      const [trackId] = await tracksWith(4);
      const [r1, r2, r3] = (await stageCard(trackId as number)) as [number, number, number];
      await open(r1, r2, r3);
      // Leg 1 a dead heat for the win: a ticket with either winner has it right.
      const heat = await withDeadHeatForWin(sut.app, r1);
      const [n1, n2, n3] = [await fieldSize(r1), await fieldSize(r2), await fieldSize(r3)];
      const punter = await bettor();
      const wheel = { bet_type: 'Pick 3' as const, race_ids: [r1, r2, r3], amount_cents: 10, box: false };
      const slip = await place(punter, [{ ...wheel, selections: [all(n1), all(n2), all(n3)] }]);
      expect(slip.status).toBe(201);

      const finished = await finish(r1);
      expect([...finished.slice(0, heat.length)].sort((a, b) => a - b)).toEqual(heat);
      // The double's probables: a row per dead-heated winner of leg 1.
      const double = (await tote(r1)).daily_double;
      expect(double?.leg1_winners).toEqual(heat);
      expect(double?.rows.map((r) => r.first)).toEqual(heat);
      const [w2] = await finish(r2);
      const willPays = (await tote(r3)).pick_will_pays.find((p) => p.bet_type === 'Pick 3');
      expect(willPays?.winners).toEqual([heat[0], w2]);
      expect(willPays?.leg_winners).toEqual([heat, [w2]]);
      const pick = (await poolsStartingAt(r1)).find((p) => p.bet_type === 'Pick 3') as PoolRecord;
      const money = await interests(pick.id);
      const net = netPoolCents(pick.gross_cents, PICK_TAKEOUT);
      expect(willPays?.will_pays).toEqual(
        all(n3).map((h) => {
          const m = heat.reduce((sum, d) => sum + (money[`${d}-${w2}-${h}`] ?? 0), 0);
          return { post_position: h, payout_cents: m > 0 ? 2 * pricePerDollarCents(net - m, m) : null };
        }),
      );

      // The double paid every combination the dead heat made with w2, each at its cell's price (the
      // race's payoffs, as its result page shows them).
      const paid = await waitFor('the double settled', async () => {
        const payoffs = (await sut.get<RacePayoffs>(`/api/current_races/${r2}/payoffs`)).body;
        const pool = payoffs.pools.find((p) => p.bet_type === 'Daily Double' && p.race_ids.join() === [r1, r2].join());
        return payoffs.settled && pool && pool.payoffs.length > 0 ? pool.payoffs : undefined;
      });
      expect(paid.map((p) => p.combination).sort()).toEqual(heat.map((d) => `${d}-${w2}`).sort());
      for (const [i, d] of heat.entries()) {
        const price = paid.find((p) => p.combination === `${d}-${w2}`)?.price_per_dollar_cents as number;
        expect(double?.rows[i]?.payouts_cents[double.second.indexOf(w2)]).toBe(2 * price);
      }

      const w3 = await winnerOf(r3);
      const shown = willPays?.will_pays?.find((w) => w.post_position === w3)?.payout_cents as number;
      await finish(r3);
      const settled = await settledPick3(punter);
      // The wheel holds a winning sequence through each dead-heated winner, 10 cents on each: each
      // is paid the will-pay for $2, pro rata.
      expect(settled).toMatchObject({ status: 'won', payout_cents: heat.length * ticketPayoutCents(10, shown / 2) });
      expect(await ledgerSum()).toBe(0);
    }, 90_000);
  });

  describe('without an exotic house seed', () => {
    beforeAll(async () => {
      sut = await startTestApp({
        DATABASE_URL: url,
        STARTING_CREDIT_CENTS: String(START_CREDIT),
        REGISTER_MAX_PER_IP_PER_HOUR: '100000',
        // Racing is off, so the tote tick (and its crowd) runs only when a test calls it.
        WAGERING_CROWD_CENTS_PER_TICK: '100000',
        WAGERING_SEED_EXOTIC_CENTS: '0',
      });
    }, 60_000);

    afterAll(async () => {
      await sut?.close();
    });

    it('should carry a Pick 3 nobody had a race of into the next Pick 3 at the track and pay it to its winner', async () => {
      // A track of its own: the carryover account is per track and bet type.
      const trackId = (await tracksWith(6)).at(-1) as number;
      const card = await stageCard(trackId);
      const [r1, r2, r3, r4, r5, r6] = card as [number, number, number, number, number, number];
      const code = `carryover:${trackId}:pick_3`;
      const carriedBefore = await balanceOf(code);
      await open(r1, r2, r3);
      const first = [await winnerOf(r1), await winnerOf(r2), await winnerOf(r3)];
      const fields = [await fieldSize(r1), await fieldSize(r2), await fieldSize(r3)];
      const alice = await bettor();
      const bob = await bettor();
      // Not one race right on any ticket.
      const misses = fields.map((n, i) => losers(n, first[i] as number, 3));
      expect(
        (
          await place(alice, [
            { bet_type: 'Pick 3', race_ids: [r1, r2, r3], amount_cents: 100, selections: misses, box: false },
          ])
        ).status,
      ).toBe(201);
      expect(
        (
          await place(bob, [
            {
              bet_type: 'Pick 3',
              race_ids: [r1, r2, r3],
              amount_cents: 200,
              selections: misses.map((m) => [m[0] as number]),
              box: false,
            },
          ])
        ).status,
      ).toBe(201);
      const gross1 = misses.reduce((c, m) => c * m.length, 1) * 100 + 200;

      for (const id of [r1, r2, r3]) await finish(id);
      const carry = netPoolCents(gross1, PICK_TAKEOUT);
      const pool1 = await waitFor('the first Pick 3 settled', async () => {
        const p = (await poolsStartingAt(r1)).find((x) => x.bet_type === 'Pick 3');
        return p && p.state !== 'open' ? p : undefined;
      });
      expect(pool1).toMatchObject({ state: 'settled', gross_cents: gross1, carried_over_cents: carry });
      expect(await balanceOf(code)).toBe(carriedBefore + carry);
      expect(await balanceOf(pool1.account_code)).toBe(0);
      const lost = (await alice.get<BetListResponse>('/api/me/bets')).body.items;
      expect(lost.map((b) => [b.status, b.payout_cents])).toEqual([['lost', 0]]);
      expect(await ledgerSum()).toBe(0);

      // The next Pick 3 pool made at this track takes it in at its opening, untaxed.
      await open(r4);
      const pool2 = (await poolsStartingAt(r4)).find((p) => p.bet_type === 'Pick 3') as PoolRecord;
      expect(pool2).toMatchObject({ race_ids: [r4, r5, r6], gross_cents: 0, carryover_cents: carriedBefore + carry });
      expect(await balanceOf(code)).toBe(0);
      expect(await balanceOf(pool2.account_code)).toBe(carriedBefore + carry);
      const board = (await tote(r4)).pools.find((p) => p.bet_type === 'Pick 3');
      expect(board).toMatchObject({
        gross_cents: 0,
        carryover_cents: carriedBefore + carry,
        net_cents: carriedBefore + carry,
      });
      await open(r5, r6);
      expect((await poolsStartingAt(r5)).find((p) => p.bet_type === 'Pick 3')).toBeUndefined();

      const second = [await winnerOf(r4), await winnerOf(r5), await winnerOf(r6)];
      const carol = await bettor();
      const dave = await bettor();
      expect(
        (
          await place(carol, [
            {
              bet_type: 'Pick 3',
              race_ids: [r4, r5, r6],
              amount_cents: 100,
              selections: second.map((w) => [w]),
              box: false,
            },
          ])
        ).status,
      ).toBe(201);
      const daveLegs = [await fieldSize(r4), await fieldSize(r5), await fieldSize(r6)].map((n, i) =>
        losers(n, second[i] as number, 1),
      );
      expect(
        (
          await place(dave, [
            { bet_type: 'Pick 3', race_ids: [r4, r5, r6], amount_cents: 200, selections: daveLegs, box: false },
          ])
        ).status,
      ).toBe(201);

      await finish(r4);
      await finish(r5);
      // The will-pay before the last leg counts the carryover.
      const gross2 = 300;
      const net2 = netPoolCents(gross2, PICK_TAKEOUT) + carriedBefore + carry;
      const price = pricePerDollarCents(net2 - 100, 100);
      const willPay = (await tote(r6)).pick_will_pays.find((p) => p.bet_type === 'Pick 3');
      expect(willPay?.carryover_cents).toBe(carriedBefore + carry);
      expect(willPay?.will_pays?.find((w) => w.post_position === second[2])?.payout_cents).toBe(2 * price);

      await finish(r6);
      const won = await waitFor('the second Pick 3 settled', async () => {
        const bet = (await carol.get<BetListResponse>('/api/me/bets')).body.items[0];
        return bet?.status === 'pending' ? undefined : bet;
      });
      // gross × (1 − takeout) + carryover over the $1 on the winning sequence, broken to the dime.
      expect(won).toMatchObject({ status: 'won', payout_cents: ticketPayoutCents(100, price) });
      expect(net2 - (won?.payout_cents ?? 0)).toBeGreaterThanOrEqual(0);
      expect(net2 - (won?.payout_cents ?? 0)).toBeLessThan(10);
      const settled2 = (await poolsStartingAt(r4)).find((p) => p.bet_type === 'Pick 3');
      expect(settled2).toMatchObject({ state: 'settled', carried_over_cents: 0 });
      expect(await balanceOf(settled2?.account_code as string)).toBe(0);
      expect(await balanceOf(code)).toBe(0);
      expect(await ledgerSum()).toBe(0);
    }, 90_000);

    it('should have the crowd back the superfecta, the double and the Pick 3 of an open race, within its cap', async () => {
      const [trackId] = await tracksWith(4);
      const [r1, r2, r3] = (await stageCard(trackId as number)) as [number, number, number];
      await open(r1);
      const before = await ledgerSum();
      // One crowd tick due (the mark a tick back from the opening), added when the board is looked at.
      await db().query(
        `UPDATE wager_crowd_marks SET through_at = through_at - interval '5 seconds' WHERE current_race_id = $1`,
        [r1],
      );
      await sut.app.get(PoolService).catchUpCrowd(r1, { crowd: true });

      const pools = new Map((await poolsStartingAt(r1)).map((p) => [p.bet_type, p]));
      expect(pools.get('Daily Double')?.race_ids).toEqual([r1, r2]);
      expect(pools.get('Pick 3')?.race_ids).toEqual([r1, r2, r3]);
      for (const type of ['Superfecta', 'Daily Double', 'Pick 3']) {
        const pool = pools.get(type) as PoolRecord;
        // No exotic seed here: all of it is the crowd's, in whole dollars on each interest.
        expect(pool.gross_cents).toBeGreaterThan(0);
        expect(await balanceOf(pool.account_code)).toBe(pool.gross_cents);
        const money = Object.values(await interests(pool.id));
        expect(money.every((c) => c > 0 && c % 100 === 0)).toBe(true);
        expect(money.reduce((a, b) => a + b, 0)).toBe(pool.gross_cents);
      }
      const crowd: { total: string }[] = await db().query(
        `SELECT coalesce(sum(amount_cents), 0) AS total FROM ledger_transfers
          WHERE reason = 'crowd' AND reference IN (SELECT 'pool:' || id FROM wager_pools WHERE current_race_id = $1)`,
        [r1],
      );
      expect(Number(crowd[0]?.total)).toBeGreaterThan(0);
      expect(Number(crowd[0]?.total)).toBeLessThanOrEqual(100_000);
      expect(await ledgerSum()).toBe(before);
    });
  });
});
