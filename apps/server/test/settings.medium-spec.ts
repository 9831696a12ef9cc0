import { type ApiErrorResponse, DEFAULT_USER_SETTINGS, type UserSettings } from '@furlong/contracts';
import { DataSource } from 'typeorm';
import { ApiSession } from './support/api-session';
import { startTestApp, type TestApp } from './support/test-app';
import { createMigratedDatabase, dropDatabase, uniqueName } from './support/test-database';

const PASSWORD = 'settings password';

const chosen: UserSettings = {
  time_zone: 'Europe/London',
  odds_format: 'decimal',
  default_bet_amount_cents: 500,
  notify_own_horse_running: false,
  notify_own_bet_results: true,
};

// A user's settings against the real PostgreSQL: the defaults until saved, saved whole, refused
// field by field (nothing written), and only ever the caller's own.
describe('User settings', () => {
  const dbName = uniqueName('furlong_settings');
  let sut: TestApp;
  let users = 0;

  const rows = async (): Promise<number> => {
    const [row]: { n: number }[] = await sut.app.get(DataSource).query('SELECT count(*)::int AS n FROM user_settings');
    return row?.n ?? 0;
  };

  async function member(): Promise<ApiSession> {
    const session = new ApiSession(sut.baseUrl);
    users++;
    await session.signUp(`settler${users}`, `settler${users}@furlong.test`, PASSWORD);
    return session;
  }

  beforeAll(async () => {
    const url = await createMigratedDatabase(dbName);
    sut = await startTestApp({ DATABASE_URL: url, REGISTER_MAX_PER_IP_PER_HOUR: '1000' });
  }, 120_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should answer the defaults to a user who never saved any', async () => {
    const res = await (await member()).get<UserSettings>('/api/me/settings');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULT_USER_SETTINGS);
    expect(res.body.time_zone).toBeNull();
  });

  it('should refuse a visitor with 401', async () => {
    const res = await new ApiSession(sut.baseUrl).get<ApiErrorResponse>('/api/me/settings');
    expect(res.status).toBe(401);
  });

  it('should keep saved settings and answer them on the next read', async () => {
    const user = await member();
    const put = await user.request<UserSettings>('PUT', '/api/me/settings', chosen);
    expect(put.status).toBe(200);
    expect(put.body).toEqual(chosen);
    expect((await user.get<UserSettings>('/api/me/settings')).body).toEqual(chosen);

    const again = {
      ...chosen,
      time_zone: null,
      odds_format: 'fractional' as const,
      default_bet_amount_cents: 1_000_000,
    };
    expect((await user.request<UserSettings>('PUT', '/api/me/settings', again)).body).toEqual(again);
    expect((await user.get<UserSettings>('/api/me/settings')).body).toEqual(again);
  });

  it('should answer 400 naming every bad field, and write nothing', async () => {
    const user = await member();
    const before = await rows();
    const res = await user.request<ApiErrorResponse>('PUT', '/api/me/settings', {
      time_zone: 'Mars/Olympus_Mons',
      odds_format: 'american',
      default_bet_amount_cents: 250,
      notify_own_horse_running: 'yes',
      notify_own_bet_results: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field).sort()).toEqual([
      'default_bet_amount_cents',
      'notify_own_horse_running',
      'odds_format',
      'time_zone',
    ]);

    const missing = await user.request<ApiErrorResponse>('PUT', '/api/me/settings', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.map((e) => e.field)).toEqual(
      expect.arrayContaining([
        'time_zone',
        'odds_format',
        'default_bet_amount_cents',
        'notify_own_horse_running',
        'notify_own_bet_results',
      ]),
    );
    expect(await rows()).toBe(before);
    expect((await user.get<UserSettings>('/api/me/settings')).body).toEqual(DEFAULT_USER_SETTINGS);
  });

  it.each([
    ['an offset instead of a zone', { time_zone: '+01:00' }, 'time_zone'],
    ['a zone that does not exist', { time_zone: 'Europe/Atlantis' }, 'time_zone'],
    ['less than $1', { default_bet_amount_cents: 50 }, 'default_bet_amount_cents'],
    ['more than the wager limit', { default_bet_amount_cents: 1_000_100 }, 'default_bet_amount_cents'],
    ['a fraction of a cent', { default_bet_amount_cents: 200.5 }, 'default_bet_amount_cents'],
    ['an unknown field', { colour: 'green' }, ''],
  ])('should refuse %s with 400', async (_what, change, field) => {
    const user = await member();
    const res = await user.request<ApiErrorResponse>('PUT', '/api/me/settings', { ...chosen, ...change });
    expect(res.status).toBe(400);
    if (field) expect([...new Set(res.body.errors?.map((e) => e.field))]).toEqual([field]);
    else expect(res.body.errors?.length).toBeGreaterThan(0);
  });

  it('should show each user only their own settings', async () => {
    const alice = await member();
    const bob = await member();
    await alice.request('PUT', '/api/me/settings', chosen);
    expect((await bob.get<UserSettings>('/api/me/settings')).body).toEqual(DEFAULT_USER_SETTINGS);
    const bobs = { ...DEFAULT_USER_SETTINGS, time_zone: 'Asia/Tokyo' };
    await bob.request('PUT', '/api/me/settings', bobs);
    expect((await alice.get<UserSettings>('/api/me/settings')).body).toEqual(chosen);
    expect((await bob.get<UserSettings>('/api/me/settings')).body).toEqual(bobs);
  });
});
