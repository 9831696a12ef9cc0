import type {
  ClientToServerEvents,
  PlaceBetsResponse,
  ServerToClientEvents,
  ToteJoinReply,
  ToteOdds,
  ToteView,
} from '@furlong/contracts';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { RacingClock } from '../src/common/racing-clock';
import { RacingService } from '../src/racing/racing.service';
import { crowdMoney } from '../src/wagering/crowd-money';
import { PoolService } from '../src/wagering/pool.service';
import { ApiSession } from './support/api-session';
import { stageRace, waitFor, waitForStatus } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const PASSWORD = 'correct horse battery';

// Issue 16 §2 and §3: the board follows the money without waiting for a tote tick (a bet moves the
// watched board, the close sends the final one), and the simulated crowd's money accrues lazily
// (added in one step when someone looks or the race closes) into the pools and the ledger.
describe('tote boards that keep up with the money', () => {
  const dbName = uniqueName('furlong_tote_live');
  let url: string;
  let sut: TestApp;
  const sockets: Socket[] = [];
  let users = 0;
  const db = () => sut.app.get(DataSource);

  beforeAll(async () => {
    url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 12, scale: 0.05 });
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await dropDatabase(dbName);
  });

  async function watch(raceId: number): Promise<{ updates: ToteView[]; odds: ToteOdds[]; board: ToteView }> {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(sut.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
    });
    sockets.push(socket);
    const updates: ToteView[] = [];
    const odds: ToteOdds[] = [];
    socket.on('tote:update', (t) => updates.push(t));
    socket.on('tote:odds', (t) => odds.push(t));
    const joined = await new Promise<ToteJoinReply>((resolve) => socket.emit('tote:join', raceId, resolve));
    if (!joined.ok) throw new Error(`tote:join refused: ${JSON.stringify(joined)}`);
    return { updates, odds, board: joined.tote };
  }

  async function ledgerSum(): Promise<number> {
    const [{ total }]: { total: string }[] = await db().query(
      'SELECT sum(balance_cents) AS total FROM wallet_accounts',
    );
    return Number(total);
  }

  describe('with the tote tick out of the way (every 10 minutes)', () => {
    beforeAll(async () => {
      sut = await startTestApp({
        DATABASE_URL: url,
        RACING_ENABLED: 'true',
        RACING_TIME_SCALE: '20',
        RACING_SCHEDULER_SECONDS: '0.5',
        RACING_OPEN_LEAD_MINUTES: '3',
        WAGERING_TOTE_SECONDS: '600',
        WAGERING_CROWD_CENTS_PER_TICK: '0',
        REGISTER_MAX_PER_IP_PER_HOUR: '1000',
      });
    }, 60_000);

    afterAll(async () => {
      await sut?.close();
    });

    it('should move the watched board after a bet and send the final board at the close', async () => {
      const punter = new ApiSession(sut.baseUrl);
      users++;
      await punter.signUp(`totepunter${users}`, `tote${users}@furlong.test`, PASSWORD);
      const raceId = await stageRace(sut.app, { startsInWallMs: 11_000 });
      await waitForStatus(sut.baseUrl, raceId, 'open', 15_000);
      await waitFor('the pools seeded', async () =>
        (await sut.get<ToteView>(`/api/current_races/${raceId}/tote`)).body.pools.length > 0 ? true : undefined,
      );
      const { updates, odds, board } = await watch(raceId);
      const before = board.runners.find((r) => r.post_position === 1)?.win_cents ?? 0;

      const placed = await punter.request<PlaceBetsResponse>(
        'POST',
        '/api/bets',
        { bets: [{ bet_type: 'Win', race_ids: [raceId], amount_cents: 1500, selections: [[1]], box: false }] },
        { headers: { 'Idempotency-Key': `tote-live-${raceId}` } },
      );
      expect(placed.status).toBe(201);
      const sent = Date.now();
      // No tote tick in this window: only the bet's own refresh can bring this, as the board's
      // light part (pools and odds; the whole board with its probables comes with the tick).
      const moved = await waitFor(
        'the odds with the bet',
        async () => odds.find((u) => u.runners.find((r) => r.post_position === 1)?.win_cents === before + 1500),
        5_000,
      );
      expect(moved.frozen).toBe(false);
      expect(Object.keys(moved).sort()).toEqual(['as_of', 'frozen', 'pools', 'race_id', 'runners', 'status']);
      expect(Date.now() - sent).toBeLessThan(5_000);

      // The close freezes the pools and sends the final board (again no tick in between).
      const final = await waitFor('the final board', async () => updates.find((u) => u.frozen), 20_000);
      const frozenPools: { n: number }[] = await db().query(
        `SELECT count(*)::int AS n FROM wager_pools WHERE current_race_id = $1 AND state = 'frozen'`,
        [raceId],
      );
      expect(frozenPools[0]?.n).toBeGreaterThan(0);
      expect(final.runners.find((r) => r.post_position === 1)?.win_cents).toBe(before + 1500);
      expect((await sut.get<ToteView>(`/api/current_races/${raceId}/tote`)).body.pools).toEqual(final.pools);
    }, 60_000);
  });

  describe('with the crowd betting', () => {
    const CAP = 5000;
    beforeAll(async () => {
      sut = await startTestApp({
        DATABASE_URL: url,
        RACING_ENABLED: 'true',
        RACING_TIME_SCALE: '20',
        RACING_SCHEDULER_SECONDS: '0.5',
        RACING_OPEN_LEAD_MINUTES: '3',
        WAGERING_TOTE_SECONDS: '0.5',
        WAGERING_CROWD_CENTS_PER_TICK: String(CAP),
      });
    }, 60_000);

    afterAll(async () => {
      await sut?.close();
    });

    async function crowdCents(raceId: number): Promise<number> {
      const [{ total }]: { total: string }[] = await db().query(
        `SELECT coalesce(sum(amount_cents), 0) AS total FROM ledger_transfers
          WHERE reason = 'crowd' AND reference IN (SELECT 'pool:' || id FROM wager_pools WHERE current_race_id = $1)`,
        [raceId],
      );
      return Number(total);
    }

    it('should add the crowd money due in one step, once, however many ask at the same time', async () => {
      // Opened by hand far from post, so nothing else looks at it meanwhile.
      const raceId = await stageRace(sut.app, { startsInWallMs: 120_000 });
      await sut.app.get(RacingService).open([raceId]);
      await waitFor('the pools seeded', async () => {
        const rows: { n: number }[] = await db().query(
          `SELECT count(*)::int AS n FROM wager_crowd_marks WHERE current_race_id = $1`,
          [raceId],
        );
        return rows[0]?.n === 1 ? true : undefined;
      });
      // Twenty ticks due (the mark ten seconds back, 0.5 s a tick).
      const [mark]: { through_at: Date }[] = await db().query(
        `WITH u AS (UPDATE wager_crowd_marks SET through_at = through_at - interval '10 seconds'
                     WHERE current_race_id = $1 RETURNING through_at)
         SELECT through_at FROM u`,
        [raceId],
      );
      const ledgerBefore = await ledgerSum();
      const pools = sut.app.get(PoolService);
      const results = await Promise.all([pools.catchUpCrowd(raceId), pools.catchUpCrowd(raceId)]);
      expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(1);
      const [after]: { through_at: Date }[] = await db().query(
        'SELECT through_at FROM wager_crowd_marks WHERE current_race_id = $1',
        [raceId],
      );
      // Exactly the pure function's money of the ticks between the marks, whichever caller added it.
      const from = Math.floor(new Date(mark?.through_at as Date).getTime() / 500);
      const to = Math.floor(new Date(after?.through_at as Date).getTime() / 500);
      expect(to - from).toBeGreaterThanOrEqual(20);
      const line = await pools.fieldLine(raceId);
      const expected = crowdMoney(raceId, from, to, CAP, [line.probabilities]).get('Win');
      const win: { id: number; gross_cents: number; seed_cents: number }[] = await db().query(
        `SELECT id, gross_cents::int8 AS gross_cents, seed_cents::int8 AS seed_cents FROM wager_pools
          WHERE current_race_id = $1 AND bet_type = 'Win'`,
        [raceId],
      );
      expect((win[0]?.gross_cents ?? 0) - (win[0]?.seed_cents ?? 0)).toBe(expected?.cents);
      const houseOnWin: { interest: string; house_cents: number }[] = await db().query(
        'SELECT interest, house_cents::int8 AS house_cents FROM wager_pool_interests WHERE pool_id = $1',
        [win[0]?.id],
      );
      const consistent = await db().query(
        `SELECT 1 FROM wager_pools WHERE id = $1 AND gross_cents = (SELECT sum(amount_cents) FROM wager_pool_interests WHERE pool_id = $1)`,
        [win[0]?.id],
      );
      expect(consistent).toHaveLength(1);
      expect(houseOnWin.reduce((s, r) => s + Number(r.house_cents), 0)).toBe(win[0]?.gross_cents);
      expect(await ledgerSum()).toBe(ledgerBefore);
      // Asked again: only the ticks since the mark (a tick is 0.5 s here, so maybe none).
      await pools.catchUpCrowd(raceId);
      const [again]: { through_at: Date }[] = await db().query(
        'SELECT through_at FROM wager_crowd_marks WHERE current_race_id = $1',
        [raceId],
      );
      const to2 = Math.floor(new Date(again?.through_at as Date).getTime() / 500);
      const more = crowdMoney(raceId, to, to2, CAP, [line.probabilities]).get('Win')?.cents ?? 0;
      const [win2]: { gross_cents: number }[] = await db().query(
        `SELECT gross_cents::int8 AS gross_cents FROM wager_pools WHERE current_race_id = $1 AND bet_type = 'Win'`,
        [raceId],
      );
      expect(Number(win2?.gross_cents)).toBe(Number(win[0]?.gross_cents) + more);
    }, 60_000);

    it("should put the unwatched race's crowd money up to post into its pools at the close, then freeze them", async () => {
      const raceId = await stageRace(sut.app, { startsInWallMs: 11_000 });
      await waitForStatus(sut.baseUrl, raceId, 'open', 15_000);
      const ledgerBefore = await ledgerSum();
      // Nobody looks: nothing is added while it is open.
      await new Promise((r) => setTimeout(r, 2000));
      expect(await crowdCents(raceId)).toBe(0);

      await waitFor(
        'the pools frozen',
        async () => {
          const rows: { n: number }[] = await db().query(
            `SELECT count(*)::int AS n FROM wager_pools WHERE current_race_id = $1 AND state = 'open'`,
            [raceId],
          );
          return rows[0]?.n === 0 ? true : undefined;
        },
        20_000,
      );
      const [race]: { post_time: Date }[] = await db().query('SELECT post_time FROM current_races WHERE id = $1', [
        raceId,
      ]);
      const [mark]: { through_at: Date }[] = await db().query(
        'SELECT through_at FROM wager_crowd_marks WHERE current_race_id = $1',
        [raceId],
      );
      // The crowd bet up to post (the racing clock's post on the wall clock) and not after.
      const postWall = sut.app.get(RacingClock).toWall(new Date(race?.post_time as Date).getTime());
      expect(Math.abs(new Date(mark?.through_at as Date).getTime() - postWall)).toBeLessThan(1);
      const crowd = await crowdCents(raceId);
      expect(crowd).toBeGreaterThan(0);
      // At most the cap per tick over the open window (about 9 s of wall time, 0.5 s a tick).
      expect(crowd).toBeLessThanOrEqual(CAP * 30);
      const pools: { id: number; gross_cents: number; account_code: string }[] = await db().query(
        `SELECT id, gross_cents::int8 AS gross_cents, account_code FROM wager_pools WHERE current_race_id = $1`,
        [raceId],
      );
      for (const pool of pools) {
        const [{ money, balance }]: { money: string; balance: string }[] = await db().query(
          `SELECT (SELECT coalesce(sum(amount_cents), 0) FROM wager_pool_interests WHERE pool_id = $1) AS money,
                  (SELECT balance_cents FROM wallet_accounts WHERE code = $2) AS balance`,
          [pool.id, pool.account_code],
        );
        expect(Number(money)).toBe(Number(pool.gross_cents));
        expect(Number(balance)).toBe(Number(pool.gross_cents));
      }
      expect(await ledgerSum()).toBe(ledgerBefore);
      // Frozen: a late look adds nothing.
      await sut.app.get(PoolService).catchUpCrowd(raceId, { crowd: true });
      expect(await crowdCents(raceId)).toBe(crowd);
    }, 60_000);
  });
});
