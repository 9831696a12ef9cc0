import type { ApiErrorResponse, SaleCompany, StoredTransportQuote } from '@furlong/contracts';
import { TRANSPORT_RATES, transportQuote } from '@furlong/domain';
import { DataSource } from 'typeorm';
import { ApiSession } from './support/api-session';
import { startTestApp, type TestApp } from './support/test-app';
import { createMigratedDatabase, dropDatabase, uniqueName } from './support/test-database';

const PASSWORD = 'sale company password';
const DAY_MS = 86_400_000;
const PER_DAY_MAX = 3;

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

const body = (extra: Record<string, unknown> = {}) => ({
  from_place: 'Furlong Park Sales',
  to_place: 'Aville Downs',
  distance_km: 420,
  horses: 2,
  service: 'van_private',
  travel_date: day(10),
  attendant: true,
  insurance: true,
  horse_name: 'Lot 112',
  notes: 'Quiet travellers, hay nets please.',
  ...extra,
});

// The sale company against the real PostgreSQL: its content for anyone; transport quote requests
// for members, stored with the domain's price, listed only to their owner, refused field by field
// (nothing stored) and past the daily limit.
describe('The sale company', () => {
  const dbName = uniqueName('furlong_sale_company');
  let sut: TestApp;
  let users = 0;

  const db = () => sut.app.get(DataSource);
  const stored = async (): Promise<number> => {
    const [row]: { n: number }[] = await db().query('SELECT count(*)::int AS n FROM transport_quote_requests');
    return row?.n ?? 0;
  };

  async function member(): Promise<ApiSession> {
    const session = new ApiSession(sut.baseUrl);
    users++;
    await session.signUp(`shipper${users}`, `shipper${users}@furlong.test`, PASSWORD);
    return session;
  }

  beforeAll(async () => {
    const url = await createMigratedDatabase(dbName);
    sut = await startTestApp({
      DATABASE_URL: url,
      REGISTER_MAX_PER_IP_PER_HOUR: '1000',
      TRANSPORT_QUOTES_PER_DAY_MAX: String(PER_DAY_MAX),
    });
  }, 120_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should show anyone the facilities, the staff directory and the published rates', async () => {
    const res = await new ApiSession(sut.baseUrl).get<SaleCompany>('/api/sale-company');
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Furlong Sales');
    expect(res.body.facilities.map((f) => f.kind)).toEqual(expect.arrayContaining(['barn', 'sale_ring', 'paddock']));
    expect(res.body.facilities.every((f) => f.capacity > 0 && f.description.length > 0)).toBe(true);
    expect(new Set(res.body.staff.map((s) => s.department)).size).toBeGreaterThan(3);
    expect(res.body.staff.every((s) => s.phone && s.email.includes('@'))).toBe(true);
    expect(res.body.shipping.options).toEqual([
      TRANSPORT_RATES.van_shared,
      TRANSPORT_RATES.van_private,
      TRANSPORT_RATES.air,
    ]);
    expect(res.body.shipping.limits).toMatchObject({ horses_max: 10, distance_km_max: 5000 });
  });

  it('should store a request with the price the domain gives it, and answer it', async () => {
    const owner = await member();
    const res = await owner.request<StoredTransportQuote>('POST', '/api/transport-quotes', body());
    expect(res.status).toBe(201);
    const expected = transportQuote({
      service: 'van_private',
      distance_km: 420,
      horses: 2,
      attendant: true,
      insurance: true,
    });
    expect(res.body.quote).toEqual(expected);
    expect(res.body.quote.total_cents).toBe(176_600);
    expect(res.body).toMatchObject({
      from_place: 'Furlong Park Sales',
      to_place: 'Aville Downs',
      travel_date: day(10),
      horse_name: 'Lot 112',
      notes: 'Quiet travellers, hay nets please.',
    });
    const [row]: { quote_cents: number; quote_lines: unknown; user_id: number }[] = await db().query(
      'SELECT quote_cents, quote_lines, user_id FROM transport_quote_requests WHERE id = $1',
      [res.body.id],
    );
    expect(row?.quote_cents).toBe(expected.total_cents);
    expect(row?.quote_lines).toEqual(expected.lines);
  });

  it('should trim the places and store blank optional text as none', async () => {
    const owner = await member();
    const res = await owner.request<StoredTransportQuote>(
      'POST',
      '/api/transport-quotes',
      body({ from_place: '  Barn A  ', horse_name: '   ', notes: null, attendant: undefined, insurance: undefined }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ from_place: 'Barn A', horse_name: null, notes: null });
    expect(res.body.attendant).toBe(false);
    expect(res.body.quote.lines.map((l) => l.kind)).toEqual(['base', 'distance']);
  });

  it('should answer 400 naming every bad field, and store nothing', async () => {
    const owner = await member();
    const before = await stored();
    const res = await owner.request<ApiErrorResponse>(
      'POST',
      '/api/transport-quotes',
      body({ horses: 11, distance_km: 0, service: 'boat', from_place: '', travel_date: '2026-02-30' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field).sort()).toEqual([
      'distance_km',
      'from_place',
      'horses',
      'service',
      'travel_date',
    ]);
    const missing = await owner.request<ApiErrorResponse>('POST', '/api/transport-quotes', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.map((e) => e.field)).toEqual(
      expect.arrayContaining(['from_place', 'to_place', 'distance_km', 'horses', 'service', 'travel_date']),
    );
    expect(await stored()).toBe(before);
  });

  it('should refuse a travel date in the past or more than a year ahead', async () => {
    const owner = await member();
    const past = await owner.request<ApiErrorResponse>('POST', '/api/transport-quotes', body({ travel_date: day(-2) }));
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([{ field: 'travel_date', reason: 'must not be in the past' }]);
    const far = await owner.request<ApiErrorResponse>('POST', '/api/transport-quotes', body({ travel_date: day(368) }));
    expect(far.status).toBe(400);
    expect(far.body.errors).toEqual([{ field: 'travel_date', reason: 'must be at most 365 days ahead' }]);
    // Today in the visitor's calendar is today somewhere: accepted.
    const today = await owner.request('POST', '/api/transport-quotes', body({ travel_date: day(0) }));
    expect(today.status).toBe(201);
  });

  it('should answer 401 to a visitor who is not logged in', async () => {
    const visitor = new ApiSession(sut.baseUrl);
    const before = await stored();
    expect((await visitor.request('POST', '/api/transport-quotes', body())).status).toBe(401);
    expect((await visitor.get('/api/transport-quotes')).status).toBe(401);
    expect(await stored()).toBe(before);
  });

  it("should list only the user's own requests, newest first", async () => {
    const ann = await member();
    const bob = await member();
    const first = await ann.request<StoredTransportQuote>('POST', '/api/transport-quotes', body({ to_place: 'First' }));
    const second = await ann.request<StoredTransportQuote>(
      'POST',
      '/api/transport-quotes',
      body({ to_place: 'Second', service: 'air', distance_km: 2000, horses: 3 }),
    );
    await bob.request('POST', '/api/transport-quotes', body({ to_place: 'Bob only' }));
    const mine = await ann.get<{ items: StoredTransportQuote[] }>('/api/transport-quotes');
    expect(mine.status).toBe(200);
    expect(mine.body.items.map((q) => q.id)).toEqual([second.body.id, first.body.id]);
    expect(mine.body.items[0]?.quote).toEqual(second.body.quote);
    const bobs = await bob.get<{ items: StoredTransportQuote[] }>('/api/transport-quotes');
    expect(bobs.body.items.map((q) => q.to_place)).toEqual(['Bob only']);
  });

  it('should refuse (409) past the daily limit, even when the requests arrive at once', async () => {
    const owner = await member();
    const answers = await Promise.all(
      Array.from({ length: PER_DAY_MAX + 2 }, (_, i) =>
        owner.request<ApiErrorResponse>('POST', '/api/transport-quotes', body({ notes: `request ${i}` })),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(PER_DAY_MAX).fill(201), 409, 409]);
    const refused = answers.find((a) => a.status === 409);
    expect(refused?.body).toMatchObject({
      reason: 'transport_quotes_per_day',
      message: `You can request at most ${PER_DAY_MAX} transport quotes in 24 hours.`,
    });
    const mine = await owner.get<{ items: StoredTransportQuote[] }>('/api/transport-quotes');
    expect(mine.body.items).toHaveLength(PER_DAY_MAX);
  });
});
