import type {
  BetListResponse,
  ClientToServerEvents,
  MeResponse,
  PlaceBetsResponse,
  ServerToClientEvents,
  ToteJoinReply,
  ToteView,
} from '@furlong/contracts';
import { ticketPayoutCents } from '@furlong/domain';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { ApiSession } from './support/api-session';
import { stageRace, waitFor, waitForStatus, withoutDeadHeat } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const PASSWORD = 'correct horse battery';

// Wagering against races that run by themselves: the racing clock at 20×, the scheduler opening
// and closing, the runner recording the result, the settle job paying it; the tote over Socket.IO.
// Betting opens 3 racing minutes (9 s of wall time) before the off, so a loaded machine still has
// time to place the slip while the race is open.
describe('wagering on live races', () => {
  const dbName = uniqueName('furlong_wagering_live');
  let sut: TestApp;
  const sockets: Socket[] = [];
  const db = () => sut.app.get(DataSource);

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 11, scale: 0.05 });
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
  }, 90_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should move the tote until the close, freeze it, run the race and pay the winners from it', async () => {
    const punter = new ApiSession(sut.baseUrl);
    await punter.signUp('livepunter', 'live@furlong.test', PASSWORD);
    const raceId = await stageRace(sut.app, { startsInWallMs: 11_000 });
    await waitForStatus(sut.baseUrl, raceId, 'open', 15_000);
    // One winner is paid below from the whole pool: a seed without a dead heat (CI once drew one).
    await withoutDeadHeat(sut.app, raceId);

    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(sut.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
    });
    sockets.push(socket);
    const updates: ToteView[] = [];
    socket.on('tote:update', (t) => updates.push(t));
    const joined = await new Promise<ToteJoinReply>((resolve) => socket.emit('tote:join', raceId, resolve));
    expect(joined.ok).toBe(true);

    const runners = (await sut.get<ToteView>(`/api/current_races/${raceId}/tote`)).body.runners.length;
    const bets = Array.from({ length: runners }, (_, i) => ({
      bet_type: 'Win' as const,
      race_ids: [raceId],
      amount_cents: 1000,
      selections: [[i + 1]],
      box: false,
    }));
    const placed = await punter.request<PlaceBetsResponse>(
      'POST',
      '/api/bets',
      { bets },
      {
        headers: { 'Idempotency-Key': `live-slip-${raceId}` },
      },
    );
    expect(placed.status).toBe(201);

    // The crowd moves the board while betting is open; the last update is the frozen board.
    const frozen = await waitFor('the frozen tote', async () => updates.find((u) => u.frozen), 20_000);
    const open = updates.filter((u) => !u.frozen).map((u) => u.pools.find((p) => p.bet_type === 'Win')?.gross_cents);
    expect(new Set(open).size).toBeGreaterThan(1);

    await waitForStatus(sut.baseUrl, raceId, 'finished', 20_000);
    const result = (await sut.get<{ finishers: { post_position: number }[] }>(`/api/current_races/${raceId}/result`))
      .body;
    const winner = result.finishers[0]?.post_position as number;
    const settled = await waitFor('the bets settled', async () => {
      const page = await punter.get<BetListResponse>('/api/me/bets');
      return page.body.items.every((b) => b.status !== 'pending') ? page.body.items : undefined;
    });
    // The frozen board is what the pool paid from: net pool over the money on the winner.
    const board = (await sut.get<ToteView>(`/api/current_races/${raceId}/tote`)).body;
    expect(board.pools).toEqual(frozen.pools);
    const net = frozen.pools.find((p) => p.bet_type === 'Win')?.net_cents ?? 0;
    const onWinner = frozen.runners.find((r) => r.post_position === winner)?.win_cents ?? 1;
    const price = Math.max(105, 100 + Math.floor(((net - onWinner) * 10) / onWinner) * 10);
    const won = settled.filter((b) => b.status === 'won');
    expect(won.map((b) => b.selections[0]?.[0])).toEqual([winner]);
    expect(won[0]?.payout_cents).toBe(ticketPayoutCents(1000, price));
    const me = (await punter.get<MeResponse>('/api/me')).body;
    expect(me.balance_cents).toBe(100_000 - runners * 1000 + (won[0]?.payout_cents ?? 0));
    const [{ total }]: { total: string }[] = await db().query(
      'SELECT sum(balance_cents) AS total FROM wallet_accounts',
    );
    expect(Number(total)).toBe(0);
  }, 60_000);
});
