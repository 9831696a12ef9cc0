import {
  type AdminUserRow,
  AUTH_MESSAGES,
  type LedgerPage,
  type ListResponse,
  type LoginLinkCreated,
  type MeResponse,
  type PassLoginCreated,
  type PassLoginInfo,
  type PassLoginStatus,
  SESSION_COOKIE,
  type UserProfile,
} from '@furlong/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap';
import { Clock } from '../src/common/clock';
import { createRootLogger } from '../src/common/logger';
import { loadConfig } from '../src/config/app-config';
import { ApiSession } from './support/api-session';
import { createMigratedDatabase, dropDatabase, uniqueName } from './support/test-database';

class MovableClock extends Clock {
  constructor(private at: number) {
    super();
  }
  now(): Date {
    return new Date(this.at);
  }
  advance(ms: number): void {
    this.at += ms;
  }
}

const MINUTE = 60_000;
const PASSWORD = 'correct horse battery';
const ADMIN = { email: 'boss@furlong.test', password: 'admin password 123' };

interface ErrorBody {
  statusCode: number;
  message: string;
  reason?: string;
  errors?: { field: string; reason: string }[];
}

// Accounts write users, sessions and ledger rows: this file works in a database of its own.
describe('Accounts API', () => {
  const dbName = uniqueName('furlong_accounts');
  const clock = new MovableClock(Date.parse('2026-11-02T10:00:00Z'));
  let app: NestFastifyApplication;
  let baseUrl: string;
  let db: DataSource;
  const sessions: ApiSession[] = [];
  let counter = 0;

  const browser = () => {
    const s = new ApiSession(baseUrl);
    sessions.push(s);
    return s;
  };

  /** A new account, logged in in a fresh "browser". */
  async function member(): Promise<{ api: ApiSession; me: MeResponse; email: string }> {
    counter += 1;
    const api = browser();
    const email = `rider${counter}@furlong.test`;
    const me = await api.signUp(`rider${counter}`, email, PASSWORD);
    return { api, me, email };
  }

  beforeAll(async () => {
    const url = await createMigratedDatabase(dbName);
    const config = loadConfig({
      DATABASE_URL: url,
      SEED_ON_START: 'false',
      RACING_ENABLED: 'false',
      LOG_LEVEL: 'error',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_MAX_FAILURES_PER_IP: '40',
      REGISTER_MAX_PER_IP_PER_HOUR: '1000',
    });
    app = await createApp(config, { clock, logger: createRootLogger({ logLevel: 'error' }) });
    await app.listen(0, '127.0.0.1');
    baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    db = app.get(DataSource);
  });

  afterAll(async () => {
    await app?.close();
    await dropDatabase(dbName);
  });

  describe('sign-up', () => {
    it('should create the account with a wallet holding the starting credit and log it in', async () => {
      const api = browser();
      const res = await api.request<MeResponse>('POST', '/api/auth/register', {
        username: 'Seabiscuit',
        email: 'Sea@Furlong.test',
        password: PASSWORD,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        username: 'Seabiscuit',
        email: 'sea@furlong.test',
        role: 'user',
        balance_cents: 100_000,
      });
      const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      expect(setCookie).not.toMatch(/Max-Age/i);
      const me = await api.get<MeResponse>('/api/me');
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(res.body.id);
      expect(me.body.session.idle_timeout_seconds).toBe(1200);
    });

    it('should store a hash of the session id, never the cookie value, and an argon2id password hash', async () => {
      const { api, me } = await member();
      const token = api.cookies.get(SESSION_COOKIE) as string;
      const rows: { session_id: string; login_status: string }[] = await db.query(
        'SELECT session_id, login_status FROM sessions WHERE user_id = $1',
        [me.id],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.session_id).not.toContain(token);
      expect(rows[0]?.session_id).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[0]?.login_status).toBe('active');
      const [user]: { password_hash: string }[] = await db.query('SELECT password_hash FROM users WHERE id = $1', [
        me.id,
      ]);
      expect(user?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('should name every bad field of a sign-up', async () => {
      const res = await browser().request<ErrorBody>('POST', '/api/auth/register', {
        username: 'x',
        email: 'not-an-email',
        password: 'short',
      });
      expect(res.status).toBe(400);
      expect(res.body.errors?.map((e) => e.field).sort()).toEqual(['email', 'password', 'username']);
      expect(res.body.errors?.find((e) => e.field === 'password')?.reason).toBe('must be at least 8 characters');
    });

    it('should refuse a taken username or e-mail with 409 and the field', async () => {
      const { me } = await member();
      const byEmail = await browser().request<ErrorBody>('POST', '/api/auth/register', {
        username: 'someone-new',
        email: me.email.toUpperCase(),
        password: PASSWORD,
      });
      expect(byEmail.status).toBe(409);
      expect(byEmail.body.errors).toEqual([{ field: 'email', reason: 'already has an account' }]);
      const byName = await browser().request<ErrorBody>('POST', '/api/auth/register', {
        username: me.username.toUpperCase(),
        email: 'fresh@furlong.test',
        password: PASSWORD,
      });
      expect(byName.status).toBe(409);
      expect(byName.body.errors).toEqual([{ field: 'username', reason: 'is already taken' }]);
    });
  });

  describe('login and logout', () => {
    it("should log in with the spec's messages and log out", async () => {
      const { email } = await member();
      const api = browser();
      const wrong = await api.request<ErrorBody>('POST', '/api/auth/login', { email, password: 'wrong password' });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe(AUTH_MESSAGES.loginNoMatch);
      const unknown = await api.request<ErrorBody>('POST', '/api/auth/login', {
        email: 'nobody@x.test',
        password: PASSWORD,
      });
      expect(unknown.status).toBe(401);
      expect(unknown.body.message).toBe(AUTH_MESSAGES.loginNoMatch);

      const ok = await api.request<MeResponse>('POST', '/api/auth/login', {
        email: email.toUpperCase(),
        password: PASSWORD,
      });
      expect(ok.status).toBe(200);
      expect((await api.get('/api/me')).status).toBe(200);

      const out = await api.request('POST', '/api/auth/logout');
      expect(out.status).toBe(204);
      expect(api.cookies.has(SESSION_COOKIE)).toBe(false);
      const after = await api.get<ErrorBody>('/api/me');
      expect(after.status).toBe(401);
      expect(after.body.reason).toBe('not_logged_in');
      const again = await api.request<ErrorBody>('POST', '/api/auth/logout');
      expect(again.status).toBe(401);
      expect(again.body.message).toBe(AUTH_MESSAGES.logoutMissing);
    });

    it('should end the old cookie for good: a logged-out session id cannot be replayed', async () => {
      const { api } = await member();
      const stolen = api.cookies.get(SESSION_COOKIE) as string;
      await api.request('POST', '/api/auth/logout');
      const replay = browser();
      replay.cookies.set(SESSION_COOKIE, stolen);
      expect((await replay.get('/api/me')).status).toBe(401);
    });

    it('should mark the session inactive with a logout date', async () => {
      const { api, me } = await member();
      await api.request('POST', '/api/auth/logout');
      const [row]: { login_status: string; logout_date: Date | null; logout_reason: string }[] = await db.query(
        'SELECT login_status, logout_date, logout_reason FROM sessions WHERE user_id = $1',
        [me.id],
      );
      expect(row).toMatchObject({ login_status: 'inactive', logout_reason: 'logout' });
      expect(row?.logout_date).toBeInstanceOf(Date);
    });
  });

  describe('inactivity', () => {
    it('should slide the 20-minute limit on activity and then answer 401 session_expired', async () => {
      const { api, me } = await member();
      clock.advance(19 * MINUTE);
      expect((await api.get('/api/me')).status).toBe(200);
      clock.advance(19 * MINUTE);
      expect((await api.get('/api/me')).status).toBe(200);
      clock.advance(20 * MINUTE + 1000);
      const res = await api.get<ErrorBody>('/api/me');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ reason: 'session_expired', message: AUTH_MESSAGES.inactivity });
      expect(api.cookies.has(SESSION_COOKIE)).toBe(false);
      const [row]: { login_status: string; logout_reason: string }[] = await db.query(
        'SELECT login_status, logout_reason FROM sessions WHERE user_id = $1',
        [me.id],
      );
      expect(row).toMatchObject({ login_status: 'inactive', logout_reason: 'idle' });
    });

    it('should end even an active session at the absolute maximum age', async () => {
      const { api } = await member();
      let status = 200;
      let hours = 0;
      while (status === 200 && hours < 14) {
        clock.advance(15 * MINUTE);
        hours += 0.25;
        status = (await api.get('/api/me')).status;
      }
      expect(status).toBe(401);
      expect(hours).toBe(12);
    });
  });

  describe('CSRF', () => {
    it('should refuse a state-changing request with the session cookie but no token', async () => {
      const { api } = await member();
      const res = await api.request<ErrorBody>('PATCH', '/api/me', { full_name: 'Evil' }, { csrf: false });
      expect(res.status).toBe(403);
      expect(res.body.reason).toBe('csrf');
    });

    it('should refuse a login without the token (login CSRF)', async () => {
      const { email } = await member();
      const res = await browser().request<ErrorBody>(
        'POST',
        '/api/auth/login',
        { email, password: PASSWORD },
        { csrf: false },
      );
      expect(res.status).toBe(403);
    });

    it("should refuse another session's token and a cross-site request", async () => {
      const a = await member();
      const b = await member();
      const mixed = await a.api.request<ErrorBody>(
        'PATCH',
        '/api/me',
        { full_name: 'x' },
        { csrf: false, headers: { 'X-CSRF-Token': b.api.cookies.get('furlong_csrf') ?? '' } },
      );
      expect(mixed.status).toBe(403);
      const crossSite = await a.api.request<ErrorBody>(
        'PATCH',
        '/api/me',
        { full_name: 'x' },
        { headers: { 'Sec-Fetch-Site': 'cross-site' } },
      );
      expect(crossSite.status).toBe(403);
      const fine = await a.api.request<MeResponse>('PATCH', '/api/me', { full_name: 'Fine' });
      expect(fine.status).toBe(200);
    });

    it('should let public reads through without any token', async () => {
      expect((await fetch(`${baseUrl}/api/health`)).status).toBeLessThan(500);
    });
  });

  describe('throttling', () => {
    it('should answer 429 with Retry-After after 5 failures for one e-mail, even with the right password', async () => {
      const { email } = await member();
      const api = browser();
      for (let i = 0; i < 5; i += 1) {
        expect((await api.request('POST', '/api/auth/login', { email, password: `guess ${i}` })).status).toBe(401);
      }
      const blocked = await api.request<ErrorBody>('POST', '/api/auth/login', { email, password: PASSWORD });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(900);
      clock.advance(15 * MINUTE + 1000);
      expect((await api.request('POST', '/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    });

    it('should throttle one client address across many e-mails', async () => {
      const api = browser();
      let status = 401;
      let attempts = 0;
      while (status === 401 && attempts < 60) {
        attempts += 1;
        status = (await api.request('POST', '/api/auth/login', { email: `nobody${attempts}@x.test`, password: 'x' }))
          .status;
      }
      expect(status).toBe(429);
      expect(attempts).toBe(41);
      clock.advance(15 * MINUTE + 1000);
    });
  });

  describe('profile', () => {
    it('should edit the username and full name, and need the current password to change the e-mail', async () => {
      const { api } = await member();
      const edited = await api.request<MeResponse>('PATCH', '/api/me', {
        username: 'NewName1',
        full_name: 'Jane Rider',
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ username: 'NewName1', full_name: 'Jane Rider' });
      const noPassword = await api.request<ErrorBody>('PATCH', '/api/me', { email: 'new1@furlong.test' });
      expect(noPassword.status).toBe(400);
      expect(noPassword.body.errors?.[0]?.field).toBe('current_password');
      const ok = await api.request<MeResponse>('PATCH', '/api/me', {
        email: 'new1@furlong.test',
        current_password: PASSWORD,
      });
      expect(ok.status).toBe(200);
      expect(ok.body.email).toBe('new1@furlong.test');
      const again = browser();
      expect((await again.logIn('new1@furlong.test', PASSWORD)).username).toBe('NewName1');
    });

    it('should change the password and end the other sessions', async () => {
      const { api, email } = await member();
      const other = browser();
      await other.logIn(email, PASSWORD);
      const changed = await api.request('POST', '/api/me/password', {
        current_password: PASSWORD,
        new_password: 'another long password',
      });
      expect(changed.status).toBe(204);
      expect((await api.get('/api/me')).status).toBe(200);
      expect((await other.get('/api/me')).status).toBe(401);
      expect((await browser().request('POST', '/api/auth/login', { email, password: PASSWORD })).status).toBe(401);
    });
  });

  describe('access', () => {
    it("should answer 401 to anonymous account routes and 403 to another user's account or ledger", async () => {
      const anonymous = browser();
      expect((await anonymous.get('/api/me')).status).toBe(401);
      expect((await anonymous.get('/api/me/ledger')).status).toBe(401);
      const a = await member();
      const b = await member();
      expect((await a.api.get(`/api/users/${b.me.id}/ledger`)).status).toBe(403);
      expect((await a.api.get(`/api/users/${b.me.id}`)).status).toBe(403);
      expect((await a.api.get<LedgerPage>(`/api/users/${a.me.id}/ledger`)).status).toBe(200);
    });

    it('should create the admin from the environment and keep admin routes to admins', async () => {
      const { api } = await member();
      expect((await api.get('/api/admin/users')).status).toBe(403);
      expect((await browser().get('/api/admin/users')).status).toBe(401);
      const admin = browser();
      const me = await admin.logIn(ADMIN.email, ADMIN.password);
      expect(me.role).toBe('admin');
      expect(me.balance_cents).toBe(100_000);
      const list = await admin.get<ListResponse<AdminUserRow>>('/api/admin/users?limit=500');
      expect(list.status).toBe(200);
      expect(list.body.items.some((u) => u.email === ADMIN.email)).toBe(true);
      const other = list.body.items.find((u) => u.role === 'user') as AdminUserRow;
      expect((await admin.get<UserProfile>(`/api/users/${other.id}`)).body.username).toBe(other.username);
      expect((await admin.get(`/api/users/${other.id}/ledger`)).status).toBe(200);
    });

    it('should keep the reference data public', async () => {
      expect((await browser().get('/api/tracks?limit=1')).status).toBe(200);
    });
  });

  describe('ledger', () => {
    it('should list the starting credit from the house, paged', async () => {
      const { api } = await member();
      const page = await api.get<LedgerPage>('/api/me/ledger?limit=10');
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ total: 1, limit: 10, offset: 0 });
      expect(page.body.items[0]).toMatchObject({
        amount_cents: 100_000,
        balance_after_cents: 100_000,
        reason: 'starting_credit',
        description: 'Starting credit',
        counterparty: 'house',
      });
      expect((await api.get<ErrorBody>('/api/me/ledger?limit=0')).status).toBe(400);
    });

    it('should keep all balances and all entries summing to zero', async () => {
      const [sums]: { balances: number; entries: number }[] = await db.query(
        `SELECT (SELECT COALESCE(sum(balance_cents), 0) FROM wallet_accounts)::bigint AS balances,
                (SELECT COALESCE(sum(amount_cents), 0) FROM ledger_entries)::bigint AS entries`,
      );
      expect(sums).toEqual({ balances: 0, entries: 0 });
    });
  });

  describe('pass login', () => {
    it('should log the waiting device in once the logged-in device approves, and only once', async () => {
      const phone = await member();
      const desk = browser();
      const created = await desk.request<PassLoginCreated>('POST', '/api/auth/pass');
      expect(created.status).toBe(201);
      expect(created.body.ttl_seconds).toBe(60);
      const id = created.body.id;
      expect(created.body.approve_path).toBe(`/auth?pass=${id}`);
      expect((await desk.get<PassLoginStatus>(`/api/auth/pass/${id}`)).body.status).toBe('pending');

      // Someone who only saw the QR code cannot collect the session.
      const onlooker = browser();
      expect((await onlooker.get<ErrorBody>(`/api/auth/pass/${id}`)).status).toBe(404);

      const info = await phone.api.get<PassLoginInfo>(`/api/auth/pass/${id}/info`);
      expect(info.status).toBe(200);
      expect(info.body.requester.ip).toBeTruthy();
      const approved = await phone.api.request('POST', `/api/auth/pass/${id}/approve`);
      expect(approved.status).toBe(200);

      const polled = await desk.get<PassLoginStatus>(`/api/auth/pass/${id}`);
      expect(polled.status).toBe(200);
      expect(polled.body.status).toBe('approved');
      expect(polled.body.user?.id).toBe(phone.me.id);
      expect((await desk.get<MeResponse>('/api/me')).body.id).toBe(phone.me.id);

      const reused = await desk.get<ErrorBody>(`/api/auth/pass/${id}`);
      expect(reused.status).toBe(410);
      expect(reused.body.message).toBe('This pass login has already been used.');
      expect((await phone.api.request('POST', `/api/auth/pass/${id}/approve`)).status).toBe(410);
    });

    it('should refuse an expired pass after 60 seconds, and an unknown id', async () => {
      const phone = await member();
      const desk = browser();
      const { body } = await desk.request<PassLoginCreated>('POST', '/api/auth/pass');
      clock.advance(61_000);
      const late = await desk.get<ErrorBody>(`/api/auth/pass/${body.id}`);
      expect(late.status).toBe(410);
      expect(late.body.reason).toBe('pass_expired');
      expect((await phone.api.request<ErrorBody>('POST', `/api/auth/pass/${body.id}/approve`)).status).toBe(410);
      const unknown = await phone.api.get<ErrorBody>('/api/auth/pass/AAAAAAAAAAAAAAAAAAAAAAAAAAAA/info');
      expect(unknown.status).toBe(404);
      expect(unknown.body.reason).toBe('pass_unknown');
    });

    it('should let the other device decline', async () => {
      const phone = await member();
      const desk = browser();
      const { body } = await desk.request<PassLoginCreated>('POST', '/api/auth/pass');
      expect((await phone.api.request('POST', `/api/auth/pass/${body.id}/deny`)).status).toBe(200);
      expect((await desk.get<ErrorBody>(`/api/auth/pass/${body.id}`)).body.reason).toBe('pass_denied');
      expect((await desk.get('/api/me')).status).toBe(401);
    });

    it('should need a session to approve', async () => {
      const desk = browser();
      const { body } = await desk.request<PassLoginCreated>('POST', '/api/auth/pass');
      expect((await browser().request('POST', `/api/auth/pass/${body.id}/approve`)).status).toBe(401);
    });
  });

  describe('login link', () => {
    it('should log another device in once with a signed link, and refuse a reused, forged or expired one', async () => {
      const { api, me } = await member();
      const link = await api.request<LoginLinkCreated>('POST', '/api/me/login-link');
      expect(link.status).toBe(201);
      expect(link.body.path).toBe(`/login/${link.body.token}`);
      expect(link.body.token).not.toContain(me.email);

      const phone = browser();
      const used = await phone.request<MeResponse>('POST', '/api/auth/link/redeem', { token: link.body.token });
      expect(used.status).toBe(200);
      expect(used.body.id).toBe(me.id);
      expect(
        (await browser().request<ErrorBody>('POST', '/api/auth/link/redeem', { token: link.body.token })).status,
      ).toBe(410);

      const [payload] = link.body.token.split('.');
      const forgedPayload = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload as string, 'base64url').toString()), u: 1 }),
      ).toString('base64url');
      const forged = `${forgedPayload}.${link.body.token.split('.')[1]}`;
      expect((await browser().request('POST', '/api/auth/link/redeem', { token: forged })).status).toBe(404);

      const later = await api.request<LoginLinkCreated>('POST', '/api/me/login-link');
      clock.advance(61_000);
      expect((await api.get('/api/me')).status).toBe(200);
      const expired = await browser().request<ErrorBody>('POST', '/api/auth/link/redeem', { token: later.body.token });
      expect(expired.status).toBe(410);
    });
  });

  // Last: every answer any test received.
  it('should never send a password or a password hash in any response', () => {
    const all = sessions.flatMap((s) => s.bodies).join('\n');
    expect(all.length).toBeGreaterThan(1000);
    expect(all).not.toMatch(/password_hash|\$argon2/i);
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain(ADMIN.password);
    expect(all).not.toMatch(/"password"\s*:/);
  });
});
