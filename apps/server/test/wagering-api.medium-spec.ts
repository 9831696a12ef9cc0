import type {
  ApiErrorResponse,
  BetListResponse,
  BetRequest,
  BetTypeName,
  MeResponse,
  PlaceBetsResponse,
  ToteView,
} from '@furlong/contracts';
import { BET_TYPES, ticketPayoutCents } from '@furlong/domain';
import { DataSource } from 'typeorm';
import { Metrics } from '../src/metrics/metrics';
import { RacingService } from '../src/racing/racing.service';
import { SettlementService } from '../src/wagering/settlement.service';
import { WageringJobs } from '../src/wagering/wagering.jobs';
import { ApiSession } from './support/api-session';
import { finishRace, stageRace, waitFor, withoutDeadHeat } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const PASSWORD = 'correct horse battery';
const START_CREDIT = 100_000;
const ADMIN = { email: 'steward@furlong.test', password: 'steward password 1' };

// Wagering writes bets, pools and ledger rows: this file works in a database of its own. Live
// racing is off: the tests move their races' phases themselves (the racing clock is the wall clock).
describe('Wagering API', () => {
  const dbName = uniqueName('furlong_wagering');
  let sut: TestApp;
  let counter = 0;
  let keyCounter = 0;

  const db = () => sut.app.get(DataSource);
  const key = () => `slip-${process.pid}-${++keyCounter}-${Date.now()}`;

  async function bettor(): Promise<ApiSession & { me: MeResponse }> {
    const session = new ApiSession(sut.baseUrl);
    counter++;
    const me = await session.signUp(`punter${counter}`, `punter${counter}@furlong.test`, PASSWORD);
    return Object.assign(session, { me });
  }

  function place(session: ApiSession, bets: BetRequest[], idempotencyKey: string | null = key()) {
    return session.request<PlaceBetsResponse & ApiErrorResponse>(
      'POST',
      '/api/bets',
      { bets },
      { headers: idempotencyKey === null ? {} : { 'Idempotency-Key': idempotencyKey } },
    );
  }

  /** A race open for betting, posting `postInMs` from now, its pools seeded by the opening. */
  async function openRace(postInMs = 10 * 60_000): Promise<number> {
    const id = await stageRace(sut.app, { startsInWallMs: postInMs });
    await sut.app.get(RacingService).open([id]);
    await waitFor('seeded pools', async () => {
      const rows: { n: number }[] = await db().query(
        'SELECT count(*)::int AS n FROM wager_pools WHERE current_race_id = $1 AND seed_cents > 0',
        [id],
      );
      return (rows[0]?.n ?? 0) >= 6 ? true : undefined;
    });
    // The prices below read one runner per place: a seed without a dead heat.
    await withoutDeadHeat(sut.app, id);
    return id;
  }

  const win = (raceId: number, horse: number, amount = 200): BetRequest => ({
    bet_type: 'Win',
    race_ids: [raceId],
    amount_cents: amount,
    selections: [[horse]],
    box: false,
  });

  const finish = (raceId: number) => finishRace(sut.app, raceId);

  async function balanceOf(session: ApiSession): Promise<number> {
    return (await session.get<MeResponse>('/api/me')).body.balance_cents;
  }

  async function ledgerSum(): Promise<number> {
    const rows: { total: string }[] = await db().query(
      'SELECT coalesce(sum(balance_cents), 0) AS total FROM wallet_accounts',
    );
    return Number(rows[0]?.total);
  }

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 7, scale: 0.05 });
    sut = await startTestApp({
      DATABASE_URL: url,
      STARTING_CREDIT_CENTS: String(START_CREDIT),
      REGISTER_MAX_PER_IP_PER_HOUR: '100000',
      WAGERING_CROWD_CENTS_PER_TICK: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
  }, 90_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should debit exactly the slip total, write the bets and add them to the pools', async () => {
    const raceId = await openRace();
    const punter = await bettor();
    const before = await sut.get<ToteView>(`/api/current_races/${raceId}/tote`);
    const res = await place(punter, [
      win(raceId, 1),
      { bet_type: 'Exacta', race_ids: [raceId], amount_cents: 100, selections: [[1, 2, 3]], box: true },
    ]);
    expect(res.status).toBe(201);
    expect(res.body.bets.map((b) => [b.bet_type, b.combinations, b.total_cents, b.status])).toEqual([
      ['Win', 1, 200, 'pending'],
      ['Exacta', 6, 600, 'pending'],
    ]);
    expect(res.body.total_cents).toBe(800);
    expect(res.body.balance_cents).toBe(START_CREDIT - 800);
    expect(await balanceOf(punter)).toBe(START_CREDIT - 800);

    const history = await punter.get<BetListResponse>('/api/me/bets');
    expect(history.status).toBe(200);
    expect(history.body.total).toBe(2);
    const exacta = history.body.items.find((b) => b.bet_type === 'Exacta');
    expect(exacta).toMatchObject({ box: true, selections: [[1, 2, 3]], total_cents: 600, status: 'pending' });
    expect(exacta?.legs[0]).toMatchObject({ current_race_id: raceId, leg: 1 });
    expect(exacta?.legs[0]?.track_name).toEqual(expect.any(String));
    // The selections are named by the race's own field.
    const field: { post_position: number; horse_name: string }[] = await db().query(
      `SELECT e.post_position, h.horse_name FROM current_race_entries e JOIN horses h ON h.id = e.horse_id
        WHERE e.current_race_id = $1 AND e.post_position <= 3 ORDER BY e.post_position`,
      [raceId],
    );
    expect(exacta?.selection_runners).toEqual([
      field.map((r) => ({ program_number: r.post_position, horse_name: r.horse_name })),
    ]);

    const after = await sut.get<ToteView>(`/api/current_races/${raceId}/tote`);
    const gross = (t: ToteView, type: string) => t.pools.find((p) => p.bet_type === type)?.gross_cents ?? 0;
    expect(gross(after.body, 'Win') - gross(before.body, 'Win')).toBe(200);
    expect(gross(after.body, 'Exacta') - gross(before.body, 'Exacta')).toBe(600);
    expect(after.body.runners[0]?.win_cents).toBe((before.body.runners[0]?.win_cents ?? 0) + 200);
    expect(after.body.frozen).toBe(false);
    expect(await ledgerSum()).toBe(0);
  });

  it('should answer a replay of the same key with the first answer and never debit twice', async () => {
    const raceId = await openRace();
    const punter = await bettor();
    const k = key();
    const first = await place(punter, [win(raceId, 2, 500)], k);
    const again = await place(punter, [win(raceId, 2, 500)], k);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await balanceOf(punter)).toBe(START_CREDIT - 500);
    const concurrent = await Promise.all(Array.from({ length: 5 }, () => place(punter, [win(raceId, 3)], `${k}-c`)));
    expect(concurrent.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(concurrent.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(await balanceOf(punter)).toBe(START_CREDIT - 700);

    const other = await place(punter, [win(raceId, 4, 500)], k);
    expect(other.status).toBe(422);
    expect(other.body.reason).toBe('idempotency_key_reused');
  });

  it('should refuse a slip without an Idempotency-Key, and a bad slip bet by bet, debiting nothing', async () => {
    const raceId = await openRace();
    const punter = await bettor();
    const missing = await place(punter, [win(raceId, 1)], null);
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]?.field).toBe('Idempotency-Key');

    const bad = await place(punter, [
      win(raceId, 1),
      { bet_type: 'Win', race_ids: [raceId], amount_cents: 150, selections: [[1]], box: false },
      { bet_type: 'Exacta', race_ids: [raceId], amount_cents: 200, selections: [[1], [1]], box: false },
      { bet_type: 'Pick 9', race_ids: [raceId], amount_cents: 200, selections: [[1]], box: false },
      { bet_type: 'Win', race_ids: [raceId], amount_cents: 200, selections: [[99]], box: false },
    ]);
    expect(bad.status).toBe(400);
    const fields = (bad.body.errors ?? []).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['bets[1].amount_cents', 'bets[2].selections', 'bets[3].race_ids']));
    expect(fields.some((f) => f.startsWith('bets[0]'))).toBe(false);

    const outside = await place(punter, [win(raceId, 12)]);
    const [{ n }]: { n: number }[] = await db().query(
      'SELECT count(*)::int AS n FROM current_race_entries WHERE current_race_id = $1',
      [raceId],
    );
    if (n < 12) {
      expect(outside.status).toBe(400);
      expect(outside.body.errors?.[0]?.field).toBe('bets[0].selections[0]');
    }
    const junk = await punter.request<ApiErrorResponse>(
      'POST',
      '/api/bets',
      { bets: 'all of them' },
      {
        headers: { 'Idempotency-Key': key() },
      },
    );
    expect(junk.status).toBe(400);
    expect(await balanceOf(punter)).toBe(START_CREDIT - (outside.status === 201 ? 200 : 0));
  });

  it('should refuse a program number outside the field in any leg of every bet type with a 400, writing nothing', async () => {
    const raceId = await openRace();
    // The races after it on its card, as the legs of the doubles and Pick Ns (open or not: the field is checked first).
    const card: { id: number; num_horses: number }[] = await db().query(
      `SELECT c2.id, c2.num_horses FROM current_races c1
         JOIN current_races c2 ON c2.track_id = c1.track_id AND c2.race_date = c1.race_date
                              AND c2.race_number >= c1.race_number
        WHERE c1.id = $1 ORDER BY c2.race_number`,
      [raceId],
    );
    const punter = await bettor();
    const before = await balanceOf(punter);
    const cases: { bet: BetRequest; slot: number }[] = [];
    for (const type of BET_TYPES) {
      const legs = card.slice(0, type.legs);
      if (legs.length < type.legs) continue;
      const race_ids = legs.map((r) => r.id);
      // A quinella names its pair in one list; every other type one list per slot or leg.
      const slots = type.name === 'Quinella' ? 1 : type.legs > 1 ? type.legs : type.horsesRequired;
      for (let slot = 0; slot < slots; slot++) {
        const field = (type.legs > 1 ? legs[slot] : legs[0])?.num_horses as number;
        for (const bad of new Set([field + 1, 13, 99])) {
          // The bad number in this slot; elsewhere horse 1 of each leg, or distinct horses of one race.
          const good = (k: number) => (type.legs > 1 ? 1 : k + 1);
          const selections =
            type.name === 'Quinella'
              ? [[bad, 1]]
              : Array.from({ length: slots }, (_, k) => [k === slot ? bad : good(k)]);
          cases.push({
            bet: { bet_type: type.name as BetTypeName, race_ids, amount_cents: 200, selections, box: false },
            slot,
          });
        }
      }
    }
    expect(cases.some((c) => c.bet.bet_type === 'Pick 3')).toBe(true);
    for (const { bet, slot } of cases) {
      const answer = await place(punter, [bet]);
      expect({ type: bet.bet_type, selections: bet.selections, status: answer.status }).toEqual({
        type: bet.bet_type,
        selections: bet.selections,
        status: 400,
      });
      expect({ bet, fields: answer.body.errors?.map((e) => e.field) }).toEqual({
        bet,
        fields: [`bets[0].selections[${slot}]`],
      });
    }
    const [{ bets, slips }]: { bets: number; slips: number }[] = await db().query(
      `SELECT (SELECT count(*)::int FROM bets WHERE user_id = $1) AS bets,
              (SELECT count(*)::int FROM bet_slips WHERE user_id = $1) AS slips`,
      [punter.me.id],
    );
    expect({ bets, slips }).toEqual({ bets: 0, slips: 0 });
    expect(await balanceOf(punter)).toBe(before);
  });

  it('should refuse with 409 once betting has closed, by status or by the clock', async () => {
    const raceId = await openRace();
    const punter = await bettor();
    await db().query(`UPDATE current_races SET post_time = now() - interval '1 second' WHERE id = $1`, [raceId]);
    const pastPost = await place(punter, [win(raceId, 1)]);
    expect(pastPost.status).toBe(409);
    expect(pastPost.body.message).toBe('Betting is closed for this race');
    await db().query(
      `UPDATE current_races SET status = 'closed', post_time = now() + interval '1 hour' WHERE id = $1`,
      [raceId],
    );
    const closed = await place(punter, [win(raceId, 1)]);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('Betting is closed for this race');
    expect(await balanceOf(punter)).toBe(START_CREDIT);
    const logout = await sut.get<ApiErrorResponse>('/api/me/bets');
    expect(logout.status).toBe(401);
  });

  it('should never overdraw a small wallet under 200 concurrent bets', async () => {
    const raceId = await openRace();
    const punter = await bettor();
    const cost = 1_000;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => place(punter, [win(raceId, (i % 3) + 1, cost)])),
    );
    const accepted = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter((a) => a.status === 409);
    expect(accepted + refused.length).toBe(200);
    expect(accepted * cost).toBeLessThanOrEqual(START_CREDIT);
    expect(accepted).toBe(START_CREDIT / cost);
    expect(refused.every((r) => r.body.reason === 'insufficient_funds')).toBe(true);
    expect(await balanceOf(punter)).toBe(START_CREDIT - accepted * cost);
    const history = await punter.get<BetListResponse>('/api/me/bets?limit=200');
    expect(history.body.total).toBe(accepted);
    expect(await ledgerSum()).toBe(0);
  });

  it('should write slips that arrive together in shared transactions, each all or nothing with its own answer', async () => {
    const [raceA, raceB, closedRace] = [await openRace(), await openRace(), await openRace()];
    await db().query(`UPDATE current_races SET status = 'closed' WHERE id = $1`, [closedRace]);
    const punters = await Promise.all(Array.from({ length: 8 }, () => bettor()));
    const poor = punters[0] as (typeof punters)[number];
    const grossOf = async (raceId: number, betType: string) =>
      Number(
        (
          await db().query('SELECT gross_cents FROM wager_pools WHERE current_race_id = $1 AND bet_type = $2', [
            raceId,
            betType,
          ])
        )[0]?.gross_cents ?? 0,
      );
    const before = { winA: await grossOf(raceA, 'Win'), exactaB: await grossOf(raceB, 'Exacta') };
    const groups = () => {
      const metric = sut.app.get(Metrics).registry.getSingleMetric('furlong_bet_slip_group_size') as unknown as {
        get(): Promise<{ values: { metricName?: string; value: number }[] }>;
      };
      return metric.get().then((m) => ({
        count: m.values.find((v) => v.metricName?.endsWith('_count'))?.value ?? 0,
        sum: m.values.find((v) => v.metricName?.endsWith('_sum'))?.value ?? 0,
      }));
    };
    const groupsBefore = await groups();

    const exactaB = (amount = 200): BetRequest => ({
      bet_type: 'Exacta',
      race_ids: [raceB],
      amount_cents: amount,
      selections: [[1], [2, 3]],
      box: false,
    });
    const twinKey = key();
    const slips: { who: (typeof punters)[number]; bets: BetRequest[]; key?: string }[] = [
      ...punters.slice(1).flatMap((who, i) => [
        { who, bets: [win(raceA, (i % 4) + 1, 300)] },
        { who, bets: [exactaB()] },
        { who, bets: [win(raceA, 2, 500), { ...win(raceB, 3, 200), bet_type: 'Place' as BetTypeName }] },
        { who, bets: [win(raceA, 5, 100 * (i + 1))] },
      ]),
      // Five of 30,000 from a wallet of 100,000: three are paid for, two are refused.
      ...Array.from({ length: 5 }, () => ({ who: poor, bets: [win(raceA, 1, 30_000)] })),
      { who: punters[1] as (typeof punters)[number], bets: [win(closedRace, 1)] },
      { who: punters[2] as (typeof punters)[number], bets: [win(raceA, 6, 700)], key: twinKey },
      { who: punters[2] as (typeof punters)[number], bets: [win(raceA, 6, 700)], key: twinKey },
    ];
    const answers = await Promise.all(slips.map((s) => place(s.who, s.bets, s.key ?? key())));

    // Groups of more than one slip were written.
    const groupsAfter = await groups();
    expect(groupsAfter.sum - groupsBefore.sum).toBeGreaterThan(groupsAfter.count - groupsBefore.count);

    // Each slip its own answer: the closed race refused naming its field, two of the poor wallet's
    // slips refused for funds, the twins one slip answered twice, everything else accepted.
    const closed = answers[slips.length - 3];
    expect(closed?.status).toBe(409);
    expect(closed?.body.errors?.[0]?.field).toBe('bets[0].race_ids[0]');
    const poorAnswers = answers.slice(28, 33);
    expect(poorAnswers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(poorAnswers.filter((a) => a.status === 409).every((a) => a.body.reason === 'insufficient_funds')).toBe(true);
    const [twin1, twin2] = answers.slice(-2);
    expect(twin1?.status).toBe(201);
    expect(twin2?.body).toEqual(twin1?.body);
    expect(answers.slice(0, 28).every((a) => a.status === 201)).toBe(true);

    // Every wallet debited exactly by its accepted slips, and each answer's balance is the wallet
    // right after that slip, as if the slips had been placed one after another.
    for (const who of punters) {
      const mine = answers
        .filter((a, i) => slips[i]?.who === who && a.status === 201 && !(a === twin2))
        .map((a) => a.body);
      const spent = mine.reduce((sum, b) => sum + b.total_cents, 0);
      expect(await balanceOf(who)).toBe(START_CREDIT - spent);
      let left = START_CREDIT;
      for (const body of [...mine].sort((x, y) => y.balance_cents - x.balance_cents)) {
        left -= body.total_cents;
        expect(body.balance_cents).toBe(left);
      }
    }

    // The pools hold exactly the accepted money.
    const accepted = answers.filter((a) => a.status === 201 && a !== twin2).flatMap((a) => a.body.bets);
    const totalOf = (raceId: number, betType: string) =>
      accepted
        .filter((b) => b.race_ids[0] === raceId && b.bet_type === betType)
        .reduce((sum, b) => sum + b.total_cents, 0);
    expect(await grossOf(raceA, 'Win')).toBe(before.winA + totalOf(raceA, 'Win'));
    expect(await grossOf(raceB, 'Exacta')).toBe(before.exactaB + totalOf(raceB, 'Exacta'));

    // Each account's entries chain: every balance after is the one before plus the entry.
    const broken: { n: number }[] = await db().query(
      `SELECT count(*)::int AS n FROM (
         SELECT balance_after_cents - amount_cents
                  - lag(balance_after_cents) OVER (PARTITION BY account_id ORDER BY id) AS gap
           FROM ledger_entries) g
        WHERE gap <> 0`,
    );
    expect(broken[0]?.n).toBe(0);
    expect(await ledgerSum()).toBe(0);
  });

  it('should accept bets fired around post time only before it, and refuse every one after', async () => {
    const raceId = await openRace(1_500);
    const [{ post_time: postTime }]: { post_time: Date }[] = await db().query(
      'SELECT post_time FROM current_races WHERE id = $1',
      [raceId],
    );
    const punter = await bettor();
    const fired: Promise<{ status: number; sentAt: number; body: PlaceBetsResponse & ApiErrorResponse }>[] = [];
    // Bets every 10 ms from 0.5 s before post to 0.5 s after; the close itself lands at post time.
    const closer = (async () => {
      await new Promise((r) => setTimeout(r, Math.max(0, postTime.getTime() - Date.now())));
      await db().query(`UPDATE current_races SET status = 'closed' WHERE id = $1 AND status = 'open'`, [raceId]);
    })();
    while (Date.now() < postTime.getTime() - 500) await new Promise((r) => setTimeout(r, 5));
    while (Date.now() < postTime.getTime() + 500) {
      const sentAt = Date.now();
      fired.push(place(punter, [win(raceId, 1)]).then((r) => ({ status: r.status, sentAt, body: r.body })));
      await new Promise((r) => setTimeout(r, 10));
    }
    await closer;
    const answers = await Promise.all(fired);
    const accepted = answers.filter((a) => a.status === 201);
    expect(accepted.length).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 409).length).toBeGreaterThan(0);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    // Nothing sent after post time got in, and every accepted bet carries a time before post.
    expect(accepted.every((a) => a.sentAt < postTime.getTime())).toBe(true);
    const late: { n: number }[] = await db().query(
      `SELECT count(*)::int AS n FROM bets b JOIN bet_legs l ON l.bet_id = b.id
        WHERE l.current_race_id = $1 AND b.bet_date >= $2`,
      [raceId, postTime],
    );
    expect(late[0]?.n).toBe(0);
    expect(await balanceOf(punter)).toBe(START_CREDIT - accepted.length * 200);
  });

  it('should settle a finished race from the frozen tote by the domain maths, once, with the ledger at zero', async () => {
    const raceId = await openRace();
    const punters = [await bettor(), await bettor(), await bettor()];
    const [{ n: runners }]: { n: number }[] = await db().query(
      'SELECT count(*)::int AS n FROM current_race_entries WHERE current_race_id = $1',
      [raceId],
    );
    // Every horse backed to win and to show by someone, an exacta box of the field's first four.
    for (let h = 1; h <= runners; h++) {
      const p = punters[h % 3] as ApiSession;
      expect((await place(p, [win(raceId, h, 200 * h), { ...win(raceId, h), bet_type: 'Show' }])).status).toBe(201);
    }
    expect(
      (
        await place(punters[0] as ApiSession, [
          { bet_type: 'Exacta', race_ids: [raceId], amount_cents: 100, selections: [[1, 2, 3, 4]], box: true },
        ])
      ).status,
    ).toBe(201);

    // The close (the race closed, then its pools frozen, as the runner and the close handler do):
    // the board freezes, and it is what settlement pays from.
    await db().query(`UPDATE current_races SET status = 'closed', post_time = now() WHERE id = $1`, [raceId]);
    expect((await sut.get<ToteView>(`/api/current_races/${raceId}/tote`)).body.frozen).toBe(false);
    expect(await sut.app.get(WageringJobs).closePools([raceId])).toBe(1);
    const frozen = (await sut.get<ToteView>(`/api/current_races/${raceId}/tote`)).body;
    expect(frozen.frozen).toBe(true);
    const late = await place(punters[1] as ApiSession, [win(raceId, 1)]);
    expect(late.status).toBe(409);

    const racing = sut.app.get(RacingService);
    const runnable = await racing.runnable(raceId);
    if (!runnable) throw new Error('race not runnable');
    const recorded = await racing.record(runnable);
    const order = recorded?.result.finishers.map((f) => f.post_position) ?? [];
    const winner = order[0] as number;

    await waitFor('the bets settled', async () => {
      const rows: { n: number }[] = await db().query(
        `SELECT count(*)::int AS n FROM bets b JOIN bet_legs l ON l.bet_id = b.id
          WHERE l.current_race_id = $1 AND b.status = 'pending'`,
        [raceId],
      );
      return rows[0]?.n === 0 ? true : undefined;
    });

    // The win price from the frozen board: net pool over the money on the winner, broken to the dime.
    const winPool = frozen.pools.find((p) => p.bet_type === 'Win');
    const onWinner = frozen.runners.find((r) => r.post_position === winner)?.win_cents ?? 0;
    const net = winPool?.net_cents ?? 0;
    const price = Math.max(105, 100 + Math.floor(((net - onWinner) * 10) / onWinner) * 10);
    const winnerPunter = punters[winner % 3] as ApiSession;
    const bets = (await winnerPunter.get<BetListResponse>('/api/me/bets?limit=100')).body.items;
    const winBet = bets.find((b) => b.bet_type === 'Win' && b.selections[0]?.[0] === winner);
    expect(winBet?.status).toBe('won');
    expect(winBet?.payout_cents).toBe(ticketPayoutCents(200 * winner, price));
    const losers = bets.filter((b) => b.bet_type === 'Win' && b.selections[0]?.[0] !== winner);
    expect(losers.every((b) => b.status === 'lost' && b.payout_cents === 0)).toBe(true);
    const shows = bets.filter((b) => b.bet_type === 'Show');
    for (const s of shows) {
      expect(s.status).toBe(order.slice(0, 3).includes(s.selections[0]?.[0] as number) ? 'won' : 'lost');
    }

    const wonTotal: { total: string }[] = await db().query(
      `SELECT coalesce(sum(b.payout_cents), 0) AS total FROM bets b JOIN bet_legs l ON l.bet_id = b.id
        WHERE l.current_race_id = $1`,
      [raceId],
    );
    const paidByLedger: { total: string }[] = await db().query(
      `SELECT coalesce(sum(amount_cents), 0) AS total FROM ledger_transfers
        WHERE reason = 'payout' AND reference IN (SELECT 'pool:' || id FROM wager_pools WHERE current_race_id = $1)`,
      [raceId],
    );
    expect(Number(paidByLedger[0]?.total)).toBe(Number(wonTotal[0]?.total));
    expect(await ledgerSum()).toBe(0);
    // The race's own pools (the double and Pick N starting at it wait for their later legs).
    const pools: { bet_type: string; state: string; n: number }[] = await db().query(
      `SELECT p.bet_type, p.state, w.balance_cents::int AS n FROM wager_pools p
         JOIN wallet_accounts w ON w.code = p.account_code
        WHERE p.current_race_id = $1 AND p.last_race_id = $1`,
      [raceId],
    );
    expect(pools.length).toBeGreaterThanOrEqual(7);
    expect(pools.every((p) => p.n === 0)).toBe(true);
    // The house seeds a superfecta's likeliest combinations only: with no ticket on the winning one
    // it is refunded (to the house); every pool that holds the winner is settled.
    expect(pools.filter((p) => p.state !== 'settled').map((p) => [p.bet_type, p.state])).toEqual(
      pools.filter((p) => p.bet_type === 'Superfecta' && p.state === 'refunded').map((p) => [p.bet_type, p.state]),
    );

    // A second settlement (a retried job, another instance) pays nothing more.
    const balances = await Promise.all(punters.map(balanceOf));
    const again = await sut.app.get(SettlementService).settleRace(raceId);
    expect(again.every((o) => o.state === 'skipped')).toBe(true);
    expect(await Promise.all(punters.map(balanceOf))).toEqual(balances);
  });

  it('should pay a Daily Double at its last leg, not before', async () => {
    const first = await openRace();
    const [second]: { id: number }[] = await db().query(
      `WITH u AS (
         UPDATE current_races c2 SET post_time = c1.post_time + interval '20 minutes', status = 'scheduled'
           FROM current_races c1
          WHERE c1.id = $1 AND c2.track_id = c1.track_id AND c2.race_date = c1.race_date
            AND c2.race_number = c1.race_number + 1
         RETURNING c2.id)
       SELECT id FROM u`,
      [first],
    );
    const secondId = second?.id as number;
    await sut.app.get(RacingService).open([secondId]);
    const sizes: { n: number }[] = await db().query(
      `SELECT count(*)::int AS n FROM current_race_entries WHERE current_race_id = ANY($1::int[])
        GROUP BY current_race_id ORDER BY current_race_id`,
      [[first, secondId]],
    );
    const [n1, n2] = sizes.map((r) => r.n) as [number, number];
    const all = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    const punter = await bettor();
    const wheel = await place(punter, [
      {
        bet_type: 'Daily Double',
        race_ids: [first, secondId],
        amount_cents: 100,
        selections: [all(n1), all(n2)],
        box: false,
      },
    ]);
    expect(wheel.status).toBe(201);
    expect(wheel.body.bets[0]?.combinations).toBe(n1 * n2);
    const notConsecutive = await place(punter, [
      { bet_type: 'Daily Double', race_ids: [secondId, first], amount_cents: 100, selections: [[1], [1]], box: false },
    ]);
    expect(notConsecutive.status).toBe(400);

    const order1 = await finish(first);
    await new Promise((r) => setTimeout(r, 300));
    const pending = (await punter.get<BetListResponse>('/api/me/bets')).body.items[0];
    expect(pending?.status).toBe('pending');
    // Leg 1 is official: the board of the double shows its winner's row only, frozen from here on.
    const board = (await sut.get<ToteView>(`/api/current_races/${first}/tote`)).body;
    expect(board.daily_double?.leg1_winner).toBe(order1[0]);
    expect(board.daily_double?.rows.map((r) => r.first)).toEqual([order1[0]]);

    const order2 = await finish(secondId);
    const settled = await waitFor('the double settled', async () => {
      const bet = (await punter.get<BetListResponse>('/api/me/bets')).body.items[0];
      return bet?.status === 'pending' ? undefined : bet;
    });
    // The pool holds the house's seed and this wheel: net over the money on the winning pair, broken
    // to the dime — the probable the board showed for that pair ($2), for this $1.
    const dd = board.pools.find((p) => p.bet_type === 'Daily Double');
    expect(dd?.gross_cents).toBe(100_000 + n1 * n2 * 100);
    const column = board.daily_double?.second.indexOf(order2[0] as number) ?? -1;
    const probable = board.daily_double?.rows[0]?.payouts_cents[column] as number;
    expect(probable).toBeGreaterThan(0);
    expect(settled).toMatchObject({ status: 'won', payout_cents: ticketPayoutCents(100, probable / 2) });
    expect(await ledgerSum()).toBe(0);
  });

  it("should show a user's bets to that user and to admins only", async () => {
    const raceId = await openRace();
    const owner = await bettor();
    const other = await bettor();
    expect((await place(owner, [win(raceId, 1)])).status).toBe(201);
    const path = `/api/users/${owner.me.id}/bets`;
    expect((await owner.get<BetListResponse>(path)).body.total).toBe(1);
    expect((await other.get(path)).status).toBe(403);
    const admin = new ApiSession(sut.baseUrl);
    await admin.logIn(ADMIN.email, ADMIN.password);
    const seen = await admin.get<BetListResponse>(`${path}?sort=total_cents&order=asc&limit=5`);
    expect(seen.status).toBe(200);
    expect(seen.body.items.map((b) => b.bet_type)).toEqual(['Win']);
    expect((await owner.get('/api/me/bets?sort=nonsense')).status).toBe(400);
  });
});
