import type { LoginLinkCreated, MeResponse, PassLoginCreated } from '@furlong/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { type ApiAnswer, ApiSession } from './support/api-session';
import { startTestApp } from './support/test-app';
import { createMigratedDatabase, dropDatabase, uniqueName } from './support/test-database';

const PASSWORD = 'correct horse battery';
const ADMIN = { email: 'boss@furlong.test', password: 'admin password 123' };

type Call = [method: string, path: string, body?: unknown];

// Responses that depend on who asks must never be stored by a browser or a shared cache.
describe('Cache-Control on personal responses', () => {
  const dbName = uniqueName('furlong_cache');
  let app: NestFastifyApplication;
  let baseUrl: string;
  let made = 0;

  async function member(): Promise<{ api: ApiSession; me: MeResponse; email: string }> {
    made += 1;
    const api = new ApiSession(baseUrl);
    const email = `cached${made}@furlong.test`;
    const me = await api.signUp(`cached${made}`, email, PASSWORD);
    return { api, me, email };
  }

  /** The calls whose answer lacks `Cache-Control: no-store`, with their status, e.g. "GET /api/me → 200". */
  async function withoutNoStore(api: ApiSession, calls: Call[]): Promise<string[]> {
    const missing: string[] = [];
    for (const [method, path, body] of calls) {
      const res: ApiAnswer<unknown> = await api.request(method, path, body);
      expect(res.status).toBeLessThan(500);
      if (res.headers.get('cache-control') !== 'no-store') missing.push(`${method} ${path} → ${res.status}`);
    }
    return missing;
  }

  beforeAll(async () => {
    const url = await createMigratedDatabase(dbName);
    ({ app, baseUrl } = await startTestApp({
      DATABASE_URL: url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    }));
  });

  afterAll(async () => {
    await app?.close();
    await dropDatabase(dbName);
  });

  it('should send no-store with every account, ledger and bets answer when a member asks', async () => {
    const { api, me } = await member();
    const missing = await withoutNoStore(api, [
      ['GET', '/api/me'],
      ['PATCH', '/api/me', { full_name: 'Cached Rider' }],
      ['GET', '/api/me/ledger'],
      ['GET', '/api/me/bets'],
      ['POST', '/api/me/login-link'],
      ['POST', '/api/me/password', { current_password: 'not it at all', new_password: 'whatever long' }],
      ['GET', `/api/users/${me.id}`],
      ['GET', `/api/users/${me.id}/ledger`],
      ['GET', `/api/users/${me.id}/bets`],
      ['POST', '/api/bets', { bets: [] }],
      ['GET', '/api/admin/users'],
    ]);
    expect(missing).toEqual([]);
  });

  it('should send no-store with the login, sign-up, logout, CSRF, pass and link answers when they set or read the session', async () => {
    const phone = await member();
    const desk = new ApiSession(baseUrl);
    const pass = await desk.request<PassLoginCreated>('POST', '/api/auth/pass');
    const link = await phone.api.request<LoginLinkCreated>('POST', '/api/me/login-link');
    const stranger = new ApiSession(baseUrl);
    const missing = [
      ...(await withoutNoStore(stranger, [
        ['GET', '/api/auth/csrf'],
        ['POST', '/api/auth/register', { username: 'cachedNew', email: 'cached.new@furlong.test', password: PASSWORD }],
        ['POST', '/api/auth/logout'],
        ['POST', '/api/auth/login', { email: phone.email, password: 'wrong password' }],
        ['POST', '/api/auth/login', { email: phone.email, password: PASSWORD }],
        ['POST', '/api/auth/link/redeem', { token: link.body.token }],
        ['POST', '/api/auth/pass'],
      ])),
      ...(await withoutNoStore(phone.api, [
        ['GET', `/api/auth/pass/${pass.body.id}/info`],
        ['POST', `/api/auth/pass/${pass.body.id}/approve`],
        ['POST', `/api/auth/pass/${pass.body.id}/deny`],
      ])),
      ...(await withoutNoStore(desk, [['GET', `/api/auth/pass/${pass.body.id}`]])),
    ];
    expect(link.headers.get('cache-control')).toBe('no-store');
    expect(missing).toEqual([]);
  });

  it('should send no-store with the 401 and 403 answers of personal routes when the session is missing or not enough', async () => {
    const anonymous = new ApiSession(baseUrl);
    const { api } = await member();
    const missing = [
      ...(await withoutNoStore(anonymous, [
        ['GET', '/api/me'],
        ['GET', '/api/me/ledger'],
        ['GET', '/api/me/bets'],
        ['POST', '/api/me/login-link'],
      ])),
      ...(await withoutNoStore(api, [['GET', '/api/admin/users']])),
    ];
    expect(missing).toEqual([]);
  });

  it('should leave public reference data cacheable when a logged-in member reads it', async () => {
    const { api } = await member();
    for (const path of ['/api/tracks?limit=1', '/api/horses?limit=1']) {
      const res = await api.get(path);
      expect(res.headers.get('cache-control') ?? '').not.toContain('no-store');
    }
  });
});
