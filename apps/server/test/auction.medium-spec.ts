import type {
  ApiErrorResponse,
  AuctionLot,
  AuctionLotDetail,
  AuctionSale,
  AuditPage,
  ListResponse,
  LotState,
  MyBids,
  PlaceBidResponse,
  SalesContractView,
  StableDashboard,
  StableHorse,
} from '@furlong/contracts';
import { commissionOf, replayBids } from '@furlong/domain';
import { io, type Socket } from 'socket.io-client';
import { DataSource } from 'typeorm';
import { HOUSE, LedgerService } from '../src/accounts/ledger.service';
import { AuctionJobs } from '../src/auction/auction.jobs';
import { AuctionService } from '../src/auction/auction.service';
import { LotWriter } from '../src/auction/lot-writer.service';
import { ApiSession } from './support/api-session';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const PASSWORD = 'correct horse battery';
const ADMIN_EMAIL = 'auctioneer@furlong.test';
const ADMIN_PASSWORD = 'the auctioneers password';
const SOFT_CLOSE_S = 20;

// The auction against the real PostgreSQL: an admin's sales (public, private), bids and maximum
// bids with their holds in the ledger, stale prices, the soft close, a bid racing the close, the
// hammer run twice, RNA, a user's consignment sold with commission, the resale lock, the sales
// contract (form, signatures, PDF), and the ledger summing to zero throughout.
describe('The auction', () => {
  const dbName = uniqueName('furlong_auction');
  let sut: TestApp;
  let admin: ApiSession;
  let users = 0;
  let keys = 0;

  const db = () => sut.app.get(DataSource);
  const key = () => `bid-key-${++keys}-${Date.now()}`;

  async function member(credit = 5_000_000): Promise<{ s: ApiSession; id: number; name: string }> {
    const s = new ApiSession(sut.baseUrl);
    users++;
    const me = await s.signUp(`bidder${users}`, `bidder${users}@furlong.test`, PASSWORD);
    if (credit > 0) {
      await db().transaction((m) =>
        sut.app.get(LedgerService).transfer(m, {
          from: HOUSE,
          to: { userId: me.id },
          amount_cents: credit,
          reason: 'test_credit',
        }),
      );
    }
    return { s, id: me.id, name: me.username };
  }

  async function houseHorses(count: number): Promise<number[]> {
    const rows: { id: number }[] = await db().query(
      `SELECT id FROM horses WHERE user_id IS NULL
          AND id NOT IN (SELECT horse_id FROM auction_horses WHERE horse_id IS NOT NULL) ORDER BY id LIMIT $1`,
      [count],
    );
    return rows.map((r) => r.id);
  }

  async function sale(
    lots: { starting_bid_cents: number; reserve_cents?: number | null }[],
    over: Record<string, unknown> = {},
  ): Promise<{ sale: AuctionSale; lots: AuctionLot[] }> {
    const horses = await houseHorses(lots.length);
    const res = await admin.request<AuctionSale>('POST', '/api/admin/auction/sales', {
      name: `Test sale ${Date.now()}`,
      kind: 'public',
      first_close_at: new Date(Date.now() + 10 * 60_000).toISOString(),
      lots: lots.map((l, i) => ({ horse_id: horses[i], reserve_cents: null, ...l })),
      ...over,
    });
    if (res.status !== 201) throw new Error(`sale not made: ${res.status} ${JSON.stringify(res.body)}`);
    // Every sale an admin makes is in the audit log, with its lots.
    const audit = (await admin.get<AuditPage>('/api/admin/audit?action=auction.sale.create')).body.items;
    expect(audit.find((e) => e.row_id === String(res.body.id))).toMatchObject({
      result: 'ok',
      table_name: 'auction_sales',
      after: { name: res.body.name, lots: expect.any(Array) },
    });
    const list = await admin.get<ListResponse<AuctionLot>>(`/api/auction-horses?sale_id=${res.body.id}&sort=lot_no`);
    return { sale: res.body, lots: list.body.items };
  }

  const bid = (s: ApiSession, lotId: number, amount: number, seen: number | null, kind = 'bid', k = key()) =>
    s.request<PlaceBidResponse & ApiErrorResponse>(
      'POST',
      `/api/auction-horses/${lotId}/bids`,
      { amount_cents: amount, seen_price_cents: seen, kind },
      { headers: { 'Idempotency-Key': k } },
    );

  const state = async (lotId: number) => (await sut.get<LotState>(`/api/auction-horses/${lotId}/currentbid`)).body;
  const balance = (userId: number) => sut.app.get(LedgerService).balanceOfUser(userId);
  const escrow = (lotId: number) => sut.app.get(LedgerService).balanceOf(`auction_lot:${lotId}`);
  const closeNow = (lotId: number) =>
    db().query(`UPDATE auction_horses SET closes_at = now() - interval '1 second' WHERE id = $1`, [lotId]);

  async function ledgerSums(): Promise<{ balances: number; entries: number }> {
    const [sums]: { balances: string; entries: string }[] = await db().query(
      `SELECT (SELECT coalesce(sum(balance_cents), 0) FROM wallet_accounts)::int8 AS balances,
              (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries)::int8 AS entries`,
    );
    return { balances: Number(sums?.balances), entries: Number(sums?.entries) };
  }

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 31, scale: 0.05 });
    sut = await startTestApp({
      DATABASE_URL: url,
      REGISTER_MAX_PER_IP_PER_HOUR: '1000',
      AUCTION_SOFT_CLOSE_SECONDS: String(SOFT_CLOSE_S),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    });
    admin = new ApiSession(sut.baseUrl);
    await admin.logIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  }, 120_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  afterEach(async () => {
    expect(await ledgerSums()).toEqual({ balances: 0, entries: 0 });
  });

  it('should list an admin’s sale with its lots closing two minutes apart, the reserve secret', async () => {
    const { sale: made, lots } = await sale([
      { starting_bid_cents: 500_000 },
      { starting_bid_cents: 500_000, reserve_cents: 900_000 },
    ]);
    expect(made).toMatchObject({ kind: 'public', status: 'live', lots: 2, lots_sold: 0 });
    const [first, second] = lots as [AuctionLot, AuctionLot];
    expect(Date.parse(second.state.closes_at) - Date.parse(first.state.closes_at)).toBe(120_000);
    expect(first.state).toMatchObject({
      status: 'open',
      price_cents: null,
      minimum_bid_cents: 500_000,
      reserve: 'no_reserve',
    });
    expect(second.state.reserve).toBe('not_met');
    expect(JSON.stringify(second)).not.toContain('900000');

    const detail = await sut.get<AuctionLotDetail>(`/api/auction-horses/${first.id}`);
    expect(detail.body).toMatchObject({
      id: first.id,
      history: [],
      commission_bps: 500,
      soft_close_seconds: SOFT_CLOSE_S,
    });
    expect((await sut.get(`/api/auction-horses/999999`)).status).toBe(404);
  });

  it('should show a private sale only to invited users', async () => {
    const guest = await member(0);
    const { sale: made, lots } = await sale([{ starting_bid_cents: 500_000 }], {
      kind: 'private',
      invite: [guest.name],
    });
    const lotId = (lots[0] as AuctionLot).id;
    const visitorSales = await sut.get<ListResponse<AuctionSale>>('/api/auction/sales?kind=private');
    expect(visitorSales.body.items.map((s) => s.id)).not.toContain(made.id);
    expect((await sut.get(`/api/auction-horses/${lotId}`)).status).toBe(404);
    const stranger = await member(0);
    expect((await stranger.s.get(`/api/auction-horses/${lotId}`)).status).toBe(404);
    const invited = await guest.s.get<ListResponse<AuctionSale>>('/api/auction/sales?kind=private');
    expect(invited.body.items.map((s) => s.id)).toContain(made.id);
    expect((await guest.s.get(`/api/auction-horses/${lotId}`)).status).toBe(200);
  });

  it('should bid by the increments, hold only the leader’s maximum, and refuse stale, low and unaffordable bids', async () => {
    const { lots } = await sale([{ starting_bid_cents: 500_000 }]);
    const lotId = (lots[0] as AuctionLot).id;
    const a = await member();
    const b = await member();
    const poor = await member(400_000);

    const first = await bid(a.s, lotId, 500_000, null);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      leading: true,
      replayed: false,
      state: { price_cents: 500_000, minimum_bid_cents: 550_000 },
    });
    expect(await escrow(lotId)).toBe(500_000);

    // B saw no bid: the price has moved.
    const stale = await bid(b.s, lotId, 600_000, null);
    expect(stale.status).toBe(409);
    expect(stale.body.reason).toBe('stale_price');
    expect(stale.body.message).toContain('$5,000.00');

    const low = await bid(b.s, lotId, 540_000, 500_000);
    expect(low.status).toBe(409);
    expect(low.body).toMatchObject({ reason: 'too_low', message: 'The next bid must be at least $5,500.00.' });

    // B's maximum of $9,000 outbids A at once: A's hold goes back, B holds $9,000, the price is $5,500.
    const aBefore = await balance(a.id);
    const max = await bid(b.s, lotId, 900_000, 500_000, 'max');
    expect(max.body).toMatchObject({ leading: true, state: { price_cents: 550_000, leader_paddle: b.id } });
    expect(await balance(a.id)).toBe(aBefore + 500_000);
    expect(await escrow(lotId)).toBe(900_000);

    // A's $7,000 is covered by B's maximum: the price goes to $7,500 (7,000 + 500), B still leads.
    const covered = await bid(a.s, lotId, 700_000, 550_000);
    expect(covered.body).toMatchObject({ leading: false, state: { price_cents: 750_000, leader_paddle: b.id } });
    expect(await escrow(lotId)).toBe(900_000);

    const broke = await bid(poor.s, lotId, 800_000, 750_000);
    expect(broke.status).toBe(409);
    expect(broke.body.reason).toBe('insufficient_funds');

    const invalid = await bid(a.s, lotId, -5, 750_000);
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual([{ field: 'amount_cents', reason: 'Please enter a valid bid amount.' }]);
    const noKey = await a.s.request<ApiErrorResponse>('POST', `/api/auction-horses/${lotId}/bids`, {
      amount_cents: 800_000,
      seen_price_cents: 750_000,
    });
    expect(noKey.status).toBe(400);
    expect(noKey.body.errors?.[0]?.field).toBe('Idempotency-Key');

    const mine = await b.s.get<MyBids>('/api/auction/bidding');
    expect(mine.body.items[0]).toMatchObject({ max_cents: 900_000, leading: true, held_cents: 900_000 });
    const detail = await sut.get<AuctionLotDetail>(`/api/auction-horses/${lotId}`);
    expect(detail.body.history.map((h) => h.price_cents)).toEqual([750_000, 550_000, 500_000]);
  });

  it('should place a retried bid once (the same Idempotency-Key)', async () => {
    const { lots } = await sale([{ starting_bid_cents: 500_000 }]);
    const lotId = (lots[0] as AuctionLot).id;
    const a = await member();
    const before = await balance(a.id);
    const k = key();
    const [one, two] = await Promise.all([
      bid(a.s, lotId, 600_000, null, 'max', k),
      bid(a.s, lotId, 600_000, null, 'max', k),
    ]);
    expect([one.status, two.status].sort()).toEqual([201, 201]);
    expect([one.body.replayed, two.body.replayed].sort()).toEqual([false, true]);
    expect(one.body.bid_id).toBe(two.body.bid_id);
    expect(await balance(a.id)).toBe(before - 600_000);
    expect((await state(lotId)).bids).toBe(1);
    // A retry after the price has moved on is still the decided bid, not a stale one.
    const b = await member();
    expect((await bid(b.s, lotId, 700_000, 500_000)).status).toBe(201);
    const late = await bid(a.s, lotId, 600_000, null, 'max', k);
    expect(late.status).toBe(201);
    expect(late.body).toMatchObject({ replayed: true, bid_id: one.body.bid_id });
  });

  it('should extend only the lot bid on in its last seconds, and refuse a bid once the close has passed', async () => {
    const { lots } = await sale([{ starting_bid_cents: 500_000 }, { starting_bid_cents: 500_000 }]);
    const [lot1, lot2] = lots as [AuctionLot, AuctionLot];
    const a = await member();
    await db().query(`UPDATE auction_horses SET closes_at = now() + interval '5 seconds' WHERE id = $1`, [lot1.id]);
    const other = Date.parse((await state(lot2.id)).closes_at);

    const late = await bid(a.s, lot1.id, 500_000, null);
    const closes = Date.parse(late.body.state.closes_at);
    expect(late.body.state.extensions).toBe(1);
    expect(closes - Date.now()).toBeGreaterThan((SOFT_CLOSE_S - 3) * 1000);
    expect(Date.parse((await state(lot2.id)).closes_at)).toBe(other);

    // The close passes while the lot is still open (the hammer not yet run): the bid is refused under the lot's lock.
    await closeNow(lot1.id);
    const tooLate = await bid(a.s, lot1.id, 550_000, 500_000);
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.reason).toBe('closed');
  });

  it('should let the hammer fall once when its job runs twice: the buyer pays the price, gets the change, the horse and the contract', async () => {
    const { lots } = await sale([{ starting_bid_cents: 500_000 }]);
    const lot = lots[0] as AuctionLot;
    const a = await member();
    const b = await member();
    await bid(a.s, lot.id, 800_000, null, 'max');
    await bid(b.s, lot.id, 600_000, 500_000);
    expect((await state(lot.id)).price_cents).toBe(650_000);
    const aBefore = await balance(a.id);
    const houseBefore = await sut.app.get(LedgerService).balanceOf('house');
    await closeNow(lot.id);

    const jobs = sut.app.get(AuctionJobs);
    const runs = await Promise.all([jobs.hammer({ lot_id: lot.id }), jobs.hammer({ lot_id: lot.id })]);
    expect(runs.map((r) => r.closed).sort()).toEqual([false, true]);
    expect(await sut.app.get(LotWriter).hammer(lot.id)).toBeUndefined();

    expect(await state(lot.id)).toMatchObject({ status: 'sold', hammer_price_cents: 650_000 });
    expect(await balance(a.id)).toBe(aBefore + 800_000 - 650_000);
    expect(await escrow(lot.id)).toBe(0);
    expect((await sut.app.get(LedgerService).balanceOf('house')) - houseBefore).toBe(650_000);

    const stable = await a.s.get<StableDashboard>('/api/stable');
    expect(stable.body.horses.map((h) => h.id)).toContain(lot.horse_id);
    const contracts = await a.s.get<{ items: SalesContractView[] }>('/api/sales-contracts');
    expect(contracts.body.items[0]).toMatchObject({
      lot_id: lot.id,
      horse_name: lot.name,
      purchase_price_cents: 650_000,
      status: 'signed',
      your_side: 'buyer',
    });
    const pdf = await fetch(`${sut.baseUrl}/api/sales-contracts/${contracts.body.items[0]?.id}/pdf`, {
      headers: { cookie: [...a.s.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ') },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await b.s.request('GET', `/api/sales-contracts/${contracts.body.items[0]?.id}`)).status).toBe(404);
  });

  it('should not sell below the reserve (RNA) and give the hold back', async () => {
    const { lots } = await sale([{ starting_bid_cents: 500_000, reserve_cents: 1_000_000 }]);
    const lotId = (lots[0] as AuctionLot).id;
    const a = await member();
    const before = await balance(a.id);
    const res = await bid(a.s, lotId, 800_000, null, 'max');
    expect(res.body.state).toMatchObject({ price_cents: 800_000, reserve: 'not_met' });
    await closeNow(lotId);
    await sut.app.get(AuctionJobs).sweep({ reason: 'schedule' });
    expect(await state(lotId)).toMatchObject({ status: 'rna', hammer_price_cents: 800_000 });
    expect(await balance(a.id)).toBe(before);
  });

  it('should sell a user’s consigned horse, pay the seller less 5 % commission, and lock the buyer out of reselling it', async () => {
    const seller = await member(0);
    const [breed]: { id: number }[] = await db().query("SELECT id FROM breeds WHERE breed_name = 'Thoroughbred'");
    const horse = await seller.s.request<StableHorse>('POST', '/api/stable/horses', {
      horse_name: `Gavel ${users}`,
      breed_id: breed?.id,
      color: 'bay',
      dob: `${new Date().getUTCFullYear() - 4}-03-15`,
      gender: 'male',
      height_hands: 16,
      weight_lbs: 1000,
      sire: 'Storm Cat',
      dam: 'Miss Prospector',
      breeder: 'Lane End Farm',
    });
    expect(horse.status).toBe(201);
    const consigned = await seller.s.request<AuctionLot & ApiErrorResponse>('POST', '/api/auction/consignments', {
      horse_id: horse.body.id,
      starting_bid_cents: 100_000,
      reserve_cents: 200_000,
    });
    expect(consigned.status).toBe(201);
    expect(consigned.body).toMatchObject({ consignor: seller.name, starting_bid_cents: 100_000 });
    const again = await seller.s.request<ApiErrorResponse>('POST', '/api/auction/consignments', {
      horse_id: horse.body.id,
      starting_bid_cents: 100_000,
    });
    expect(again.body.reason).toBe('in_sale');
    const own = await bid(seller.s, consigned.body.id, 100_000, null);
    expect(own.body.reason).toBe('own_lot');
    // At auction, the horse enters no race (and My Stable says so).
    const entry = await seller.s.request<ApiErrorResponse>('POST', '/api/stable/entries', {
      horse_id: horse.body.id,
      current_race_id: 1,
    });
    expect(entry.status).toBe(409);
    expect(entry.body.reason).toBe('in_sale');
    expect((await seller.s.get<StableHorse>(`/api/stable/horses/${horse.body.id}`)).body.on_sale).toBe(true);

    const buyer = await member();
    const sellerBefore = await balance(seller.id);
    await bid(buyer.s, consigned.body.id, 300_000, null, 'max');
    expect((await state(consigned.body.id)).price_cents).toBe(200_000);
    await closeNow(consigned.body.id);
    await sut.app.get(AuctionJobs).sweep({ reason: 'schedule' });

    expect(commissionOf(200_000)).toBe(10_000);
    expect(await balance(seller.id)).toBe(sellerBefore + 200_000 - 10_000);
    const bought = await buyer.s.get<StableDashboard>('/api/stable');
    expect(bought.body.horses.find((h) => h.id === horse.body.id)?.on_sale).toBe(false);
    const lock = await buyer.s.request<ApiErrorResponse>('POST', '/api/auction/consignments', {
      horse_id: horse.body.id,
      starting_bid_cents: 100_000,
    });
    expect(lock.status).toBe(409);
    expect(lock.body.reason).toBe('resale_lock');
    const gone = await seller.s.request('POST', '/api/auction/consignments', {
      horse_id: horse.body.id,
      starting_bid_cents: 100_000,
    });
    expect(gone.status).toBe(404);
  });

  it('should let a consigned horse that did not sell race again', async () => {
    const seller = await member(0);
    const [breed]: { id: number }[] = await db().query("SELECT id FROM breeds WHERE breed_name = 'Thoroughbred'");
    const horse = await seller.s.request<StableHorse>('POST', '/api/stable/horses', {
      horse_name: `Passed ${users}`,
      breed_id: breed?.id,
      color: 'gray',
      dob: `${new Date().getUTCFullYear() - 5}-02-01`,
      gender: 'female',
      height_hands: 16,
      weight_lbs: 1000,
      sire: 'Tapit',
      dam: 'Rags to Riches',
      breeder: 'Lane End Farm',
    });
    const lot = await seller.s.request<AuctionLot>('POST', '/api/auction/consignments', {
      horse_id: horse.body.id,
      starting_bid_cents: 100_000,
    });
    expect({ horse: horse.status, lot: lot.status, body: lot.status === 201 ? 'ok' : lot.body }).toEqual({
      horse: 201,
      lot: 201,
      body: 'ok',
    });
    await closeNow(lot.body.id);
    await sut.app.get(AuctionJobs).sweep({ reason: 'schedule' });
    expect((await state(lot.body.id)).status).toBe('no_bids');
    expect((await seller.s.get<StableHorse>(`/api/stable/horses/${horse.body.id}`)).body.on_sale).toBe(false);
  });

  it('should decide concurrent bids one at a time: the price a replay gives, only the leader’s maximum held', async () => {
    const { lots } = await sale([{ starting_bid_cents: 500_000 }]);
    const lotId = (lots[0] as AuctionLot).id;
    const bidders = await Promise.all(Array.from({ length: 6 }, () => member()));
    for (let round = 0; round < 4; round++) {
      await Promise.all(
        bidders.map(async (x, i) => {
          const now = await state(lotId);
          await bid(x.s, lotId, now.minimum_bid_cents + i * 30_000, now.price_cents, 'max');
        }),
      );
    }
    const final = await state(lotId);
    const bids: { user_id: number; max_cents: number; id: number }[] = await db().query(
      'SELECT user_id, max_cents, id FROM auction_bids WHERE lot_id = $1 ORDER BY id',
      [lotId],
    );
    expect(bids.length).toBe(final.bids);
    const replay = replayBids(
      { starting_bid_cents: 500_000, reserve_cents: null },
      bids.map((b) => ({ bidder: b.user_id, max_cents: b.max_cents, seq: b.id })),
    );
    expect(final.price_cents).toBe(replay.price_cents);
    expect(final.leader_paddle).toBe(replay.leader);
    expect(await escrow(lotId)).toBe(replay.leader_max_cents);
  });

  it('should store a sales contract made on the form with one signature, and let the counterparty sign it', async () => {
    const a = await member(0);
    const b = await member(0);
    const made = await a.s.request<SalesContractView & ApiErrorResponse>('POST', '/api/sales-contracts', {
      contract_date: '2026-11-26',
      your_side: 'seller',
      counterparty: b.name,
      horse_name: 'Paper Chase',
      purchase_price_cents: 1_250_000,
      payment_days: 30,
      delivery_days: 10,
      state: 'KY',
      signature: 'Alex Seller',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      status: 'awaiting_signature',
      your_side: 'seller',
      you_may_sign: false,
      buyer_name: b.name,
    });
    const bad = await a.s.request<ApiErrorResponse>('POST', '/api/sales-contracts', {
      contract_date: 'soon',
      your_side: 'seller',
      counterparty: b.name,
      horse_name: '',
      purchase_price_cents: 0,
      payment_days: 400,
      delivery_days: 10,
      state: 'ZZ',
      signature: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(
      ['contract_date', 'horse_name', 'payment_days', 'purchase_price_cents', 'signature', 'state'].sort(),
    );
    const signed = await b.s.request<SalesContractView>('POST', `/api/sales-contracts/${made.body.id}/signature`, {
      signature: 'Bo Buyer',
    });
    expect(signed.body).toMatchObject({ status: 'signed', buyer_signature: 'Bo Buyer', your_side: 'buyer' });
    expect(signed.body.buyer_signed_at).not.toBeNull();
    const twice = await b.s.request<ApiErrorResponse>('POST', `/api/sales-contracts/${made.body.id}/signature`, {
      signature: 'Bo Buyer',
    });
    expect(twice.body.reason).toBe('already_signed');
  });

  it('should send a lot’s room its full state on joining, then every bid and the hammer', async () => {
    const { lots } = await sale([{ starting_bid_cents: 500_000 }]);
    const lotId = (lots[0] as AuctionLot).id;
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
      const updates: LotState[] = [];
      viewer.on('lot:update', (u: LotState) => updates.push(u));
      const joined = await viewer.emitWithAck('lot:join', lotId);
      expect(joined).toMatchObject({ ok: true, state: { lot_id: lotId, status: 'open', price_cents: null } });
      expect(await viewer.emitWithAck('lot:join', 999_999)).toMatchObject({ ok: false, reason: 'not_found' });

      const a = await member();
      await bid(a.s, lotId, 500_000, null);
      await closeNow(lotId);
      await sut.app.get(AuctionJobs).sweep({ reason: 'schedule' });
      const deadline = Date.now() + 5_000;
      while (updates.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(updates.map((u) => [u.status, u.price_cents])).toEqual([
        ['open', 500_000],
        ['sold', 500_000],
      ]);
    } finally {
      viewer.close();
    }
  });

  it('should keep one house sale running: the seed’s catalogued lots first, then house horses', async () => {
    const catalogued: { n: number }[] = await db().query(
      'SELECT count(*)::int AS n FROM auction_horses WHERE sale_id IS NULL',
    );
    expect(catalogued[0]?.n).toBeGreaterThan(0);
    const service = sut.app.get(AuctionService);
    const closes = await service.makeHouseSale();
    expect(closes.size).toBe(8);
    expect((await service.makeHouseSale()).size).toBe(0);
    const left: { n: number }[] = await db().query(
      'SELECT count(*)::int AS n FROM auction_horses WHERE sale_id IS NULL',
    );
    expect(left[0]?.n).toBe(Math.max(0, (catalogued[0]?.n ?? 0) - 8));
    const live = await sut.get<ListResponse<AuctionSale>>('/api/auction/sales?status=live');
    expect(live.body.items.find((x) => x.name.includes('digital sale'))).toMatchObject({ lots: 8, status: 'live' });
  });
});
