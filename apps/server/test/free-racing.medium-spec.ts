import { createHash } from 'node:crypto';
import type { ApiErrorResponse, FreeBoard, FreeLeaderBoard, FreePick } from '@furlong/contracts';
import { freePickPoints } from '@furlong/domain';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import type { FreeBoardHorse } from '../src/free-racing/entities/free-board.entity';
import { FreeRacingJobs } from '../src/free-racing/free-racing.jobs';
import { FreeRacingService, freeRaceOf } from '../src/free-racing/free-racing.service';
import { ApiSession } from './support/api-session';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const PASSWORD = 'correct horse battery';

// Free races against the real PostgreSQL (spec §1, §4, §9): a set of 6–12 boards of 7 distinct
// catalog horses with odds n/m from 1 to 10, each horse's refreshes run by jobs and stopping with
// the 5-minute window, a refresh run twice applied once, Start Race refused while the odds change
// and started once for everyone after, free picks scored exactly once, and the room `free:{id}`.
describe('Free races', () => {
  const dbName = uniqueName('furlong_free');
  let sut: TestApp;
  let boards: FreeBoard[] = [];
  let users = 0;

  const db = () => sut.app.get(DataSource);
  const service = () => sut.app.get(FreeRacingService);
  const jobs = () => sut.app.get(FreeRacingJobs);

  async function stored(id: number): Promise<{ horses: FreeBoardHorse[]; seed: string; status: string }> {
    const [row]: { horses: FreeBoardHorse[]; seed: string; status: string }[] = await db().query(
      'SELECT horses, seed, status FROM free_boards WHERE id = $1',
      [id],
    );
    if (!row) throw new Error(`no board ${id}`);
    return row;
  }
  const closeOdds = (id: number) =>
    db().query(`UPDATE free_boards SET odds_close_at = now() - interval '1 second' WHERE id = $1`, [id]);
  const finishNow = (id: number) =>
    db().query(`UPDATE free_boards SET finishes_at = now() - interval '1 second' WHERE id = $1`, [id]);
  const boardAt = (i: number): FreeBoard => {
    const b = boards[i];
    if (!b) throw new Error(`no board at ${i}`);
    return b;
  };

  async function player(): Promise<ApiSession> {
    const s = new ApiSession(sut.baseUrl);
    users++;
    await s.signUp(`freeplayer${users}`, `freeplayer${users}@furlong.test`, PASSWORD);
    return s;
  }

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 41, scale: 0.05 });
    sut = await startTestApp({ DATABASE_URL: url, REGISTER_MAX_PER_IP_PER_HOUR: '1000' });
    await service().makeSetIfDue();
    boards = (await sut.get<{ items: FreeBoard[] }>('/api/free/boards')).body.items;
  }, 120_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should make 6 to 12 boards of 7 distinct catalog horses with odds n/m from 1 to 10, the seed only committed', async () => {
    expect(boards.length).toBeGreaterThanOrEqual(6);
    expect(boards.length).toBeLessThanOrEqual(12);
    const all = boards.flatMap((b) => b.horses.map((h) => h.horse_id));
    expect(new Set(all).size).toBe(all.length);
    for (const b of boards) {
      expect(b).toMatchObject({ status: 'odds', seed: null, finish_order: null, picks: 0 });
      expect(b.seed_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(Date.parse(b.odds_close_at) - Date.parse(b.odds_open_at)).toBe(5 * 60_000);
      expect(b.horses.map((h) => h.post)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      for (const h of b.horses) {
        expect(h.horse_name.length).toBeGreaterThan(0);
        expect(h.odds_n).toBeGreaterThanOrEqual(1);
        expect(h.odds_n).toBeLessThanOrEqual(10);
        expect(h.odds_m).toBeGreaterThanOrEqual(1);
        expect(h.odds_m).toBeLessThanOrEqual(10);
        expect(h.odds).toBe(`${h.odds_n}/${h.odds_m}`);
        expect(h.points).toBe(freePickPoints({ n: h.odds_n, m: h.odds_m }));
      }
    }
    const names: { horse_name: string }[] = await db().query('SELECT horse_name FROM horses WHERE id = $1', [
      boardAt(0).horses[0]?.horse_id,
    ]);
    expect(boardAt(0).horses[0]?.horse_name).toBe(names[0]?.horse_name);
    // The set is made once: asked again while it runs, nothing is made.
    expect(await service().makeSetIfDue()).toEqual([]);
    expect((await sut.get<FreeBoard>(`/api/free/boards/${boardAt(0).id}`)).body.id).toBe(boardAt(0).id);
    expect((await sut.get(`/api/free/boards/999999`)).status).toBe(404);
  });

  it('should apply a refresh run twice at once only once, and queue the horse’s next', async () => {
    const id = boardAt(0).id;
    const before = await stored(id);
    const horse = before.horses[0] as FreeBoardHorse;
    const payload = { board_id: id, post: horse.post, due_at_ms: horse.next_tick_at_ms as number };
    const outcomes = await Promise.all([jobs().odds(payload), jobs().odds(payload)]);
    expect(outcomes.map((o) => o.applied).sort()).toEqual([false, true]);
    const after = await stored(id);
    const changed = after.horses[0] as FreeBoardHorse;
    expect(changed.tick).toBe(1);
    expect(changed.next_tick_at_ms).not.toBe(horse.next_tick_at_ms);
    const gap = (changed.next_tick_at_ms as number) - (horse.next_tick_at_ms as number);
    expect(gap).toBeGreaterThanOrEqual(8_000);
    expect(gap).toBeLessThanOrEqual(30_000);
    // The other horses were not touched, and a stale refresh changes nothing.
    expect(after.horses.slice(1)).toEqual(before.horses.slice(1));
    expect((await jobs().odds(payload)).applied).toBe(false);
  });

  it('should stop each horse’s refreshes inside the 5-minute window', async () => {
    const b = boardAt(1);
    const closeMs = Date.parse(b.odds_close_at);
    for (let post = 1; post <= 7; post++) {
      let due = (await stored(b.id)).horses[post - 1]?.next_tick_at_ms ?? null;
      let ticks = 0;
      while (due !== null) {
        expect(due).toBeLessThan(closeMs);
        const outcome = await service().tick(b.id, post, due);
        expect(outcome).toBeDefined();
        const h = outcome?.board.horses[post - 1];
        expect(h?.odds_n).toBeGreaterThanOrEqual(1);
        expect(h?.odds_m).toBeLessThanOrEqual(10);
        due = outcome?.nextAtMs ?? null;
        ticks++;
      }
      // 5 minutes at 8–30 s a refresh.
      expect(ticks).toBeGreaterThanOrEqual(9);
      expect(ticks).toBeLessThanOrEqual(38);
      expect((await stored(b.id)).horses[post - 1]?.next_tick_at_ms).toBeNull();
    }
  });

  it('should refuse Start Race while the odds change, then start it once for everyone', async () => {
    const b = boardAt(2);
    const anyone = new ApiSession(sut.baseUrl);
    const early = await anyone.request<ApiErrorResponse & { reason: string }>('POST', `/api/free/boards/${b.id}/start`);
    expect(early.status).toBe(409);
    expect(early.body.reason).toBe('odds_open');
    expect((await stored(b.id)).status).toBe('odds');

    await closeOdds(b.id);
    expect((await sut.get<FreeBoard>(`/api/free/boards/${b.id}`)).body.status).toBe('ready');
    const other = new ApiSession(sut.baseUrl);
    const [one, two] = await Promise.all([
      anyone.request<FreeBoard>('POST', `/api/free/boards/${b.id}/start`),
      other.request<FreeBoard>('POST', `/api/free/boards/${b.id}/start`),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.body.status).toBe('running');
    expect(two.body.started_at).toBe(one.body.started_at);
    expect(one.body.seed).toBeNull();
    expect(Date.parse(one.body.finishes_at as string)).toBeGreaterThan(Date.parse(one.body.started_at as string));
  });

  it('should score each pick exactly once at the finish: the winner’s picker by the odds taken, the others 0', async () => {
    const b = boardAt(3);
    const race = freeRaceOf(await stored(b.id));
    const winner = race.finish_order[0] as number;
    const loser = race.finish_order[6] as number;
    const right = await player();
    const wrong = await player();

    const bad = await right.request<ApiErrorResponse>('POST', `/api/free/boards/${b.id}/picks`, { post: 8 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('post');
    const visitor = await new ApiSession(sut.baseUrl).request('POST', `/api/free/boards/${b.id}/picks`, { post: 1 });
    expect(visitor.status).toBe(401);

    // A second pick replaces the first, at the odds of the horse picked then.
    await right.request<FreePick>('POST', `/api/free/boards/${b.id}/picks`, { post: loser });
    const pick = await right.request<FreePick>('POST', `/api/free/boards/${b.id}/picks`, { post: winner });
    expect(pick.status).toBe(200);
    expect(pick.body).toMatchObject({ board_id: b.id, post: winner, points: null });
    const taken = (await sut.get<FreeBoard>(`/api/free/boards/${b.id}`)).body.horses[winner - 1];
    expect(pick.body.odds).toBe(taken?.odds);
    expect((await wrong.request('POST', `/api/free/boards/${b.id}/picks`, { post: loser })).status).toBe(200);

    await closeOdds(b.id);
    expect((await right.request('POST', `/api/free/boards/${b.id}/start`)).status).toBe(200);
    const late = await wrong.request<{ reason: string }>('POST', `/api/free/boards/${b.id}/picks`, { post: winner });
    expect(late.status).toBe(409);
    expect(late.body.reason).toBe('race_started');

    await finishNow(b.id);
    const runs = await Promise.all([jobs().finish({ board_id: b.id }), jobs().finish({ board_id: b.id })]);
    expect(runs.map((r) => r.finished).sort()).toEqual([false, true]);
    expect((await jobs().sweep({ reason: 'schedule' })).finished).toBe(0);

    const done = (await sut.get<FreeBoard>(`/api/free/boards/${b.id}`)).body;
    expect(done).toMatchObject({ status: 'finished', finish_order: race.finish_order, picks: 2 });
    expect(
      createHash('sha256')
        .update(done.seed as string)
        .digest('hex'),
    ).toBe(done.seed_hash);

    const points = freePickPoints({ n: taken?.odds_n ?? 0, m: taken?.odds_m ?? 0 });
    const mine = await right.get<{ items: FreePick[] }>('/api/free/picks');
    expect(mine.body.items).toEqual([expect.objectContaining({ board_id: b.id, post: winner, points })]);
    expect((await wrong.get<{ items: FreePick[] }>('/api/free/picks')).body.items[0]?.points).toBe(0);

    for (const period of ['today', 'all']) {
      const leaders = (await sut.get<FreeLeaderBoard>(`/api/free/leader-board?period=${period}`)).body;
      expect(leaders.items.slice(0, 2)).toEqual([
        { rank: 1, username: `freeplayer${users - 1}`, points, picks: 1, wins: 1 },
        { rank: 2, username: `freeplayer${users}`, points: 0, picks: 1, wins: 0 },
      ]);
    }
    expect((await sut.get('/api/free/leader-board?period=week')).status).toBe(400);
  });

  it('should send a board’s room its full state on joining, then each refresh', async () => {
    const id = boardAt(4).id;
    const viewer: Socket = io(sut.baseUrl, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        viewer.on('connect', () => resolve());
        viewer.on('connect_error', reject);
      });
      const updates: FreeBoard[] = [];
      viewer.on('free:update', (u: FreeBoard) => updates.push(u));
      const joined = await viewer.emitWithAck('free:join', id);
      expect(joined).toMatchObject({ ok: true, board: { id, status: 'odds' } });
      expect(await viewer.emitWithAck('free:join', 999_999)).toMatchObject({ ok: false, reason: 'not_found' });
      expect(await viewer.emitWithAck('free:join', 'x')).toMatchObject({ ok: false, reason: 'invalid_id' });

      const horse = (await stored(id)).horses[2] as FreeBoardHorse;
      await jobs().odds({ board_id: id, post: horse.post, due_at_ms: horse.next_tick_at_ms as number });
      const deadline = Date.now() + 5_000;
      while (updates.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const changed = (await stored(id)).horses[2] as FreeBoardHorse;
      expect(updates[0]?.horses[2]).toMatchObject({ odds_n: changed.odds_n, odds_m: changed.odds_m });
    } finally {
      viewer.close();
    }
  });
  it('should start boards nobody started 10 minutes after their odds closed, and renew the set once all have finished', async () => {
    const setId = boardAt(0).set_id;
    await db().query(
      `UPDATE free_boards SET odds_close_at = now() - interval '11 minutes' WHERE set_id = $1 AND status = 'odds'`,
      [setId],
    );
    const waiting: { n: number }[] = await db().query(
      `SELECT count(*)::int AS n FROM free_boards WHERE set_id = $1 AND status = 'odds'`,
      [setId],
    );
    expect(await service().makeSetIfDue()).toEqual([]);
    const first = await jobs().sweep({ reason: 'schedule' });
    expect(first.started).toBe(waiting[0]?.n);
    expect((await jobs().sweep({ reason: 'schedule' })).started).toBe(0);

    await db().query(
      `UPDATE free_boards SET finishes_at = now() - interval '1 second' WHERE set_id = $1 AND status = 'running'`,
      [setId],
    );
    expect((await jobs().sweep({ reason: 'schedule' })).finished).toBeGreaterThan(0);
    const left: { n: number }[] = await db().query(
      `SELECT count(*)::int AS n FROM free_boards WHERE set_id = $1 AND status <> 'finished'`,
      [setId],
    );
    expect(left[0]?.n).toBe(0);
    // Sets are off in this app (FREE_BOARDS=false): the service makes the next one, once.
    const [next, again] = await Promise.all([service().makeSetIfDue(), service().makeSetIfDue()]);
    expect([next.length > 0, again.length > 0].sort()).toEqual([false, true]);
    const made = next.length > 0 ? next : again;
    expect(made[0]?.set_id).toBe(setId + 1);
    expect((await sut.get<{ items: FreeBoard[] }>('/api/free/boards')).body.items.map((b) => b.id)).toEqual(
      made.map((b) => b.id),
    );
  });
});
