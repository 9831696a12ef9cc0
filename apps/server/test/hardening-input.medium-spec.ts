import { Writable } from 'node:stream';
import { CSRF_COOKIE, CSRF_HEADER, type LoginLinkCreated, type MeResponse, SESSION_COOKIE } from '@furlong/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { redactUrl } from '../src/common/logger';
import { ApiSession } from './support/api-session';
import { startTestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errors?: { field: string; reason: string }[];
}

/** Every log line the server writes, kept in memory. */
class LogLines extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  }
}

// Strings PostgreSQL cannot store and the log's secrets: a server of its own at LOG_LEVEL=info,
// on a database of its own (it signs users up).
describe('hardening: client text and logs', () => {
  const dbName = uniqueName('furlong_hardening');
  const log = new LogLines();
  let app: NestFastifyApplication;
  let baseUrl: string;

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 5, scale: 0.05 });
    ({ app, baseUrl } = await startTestApp(
      {
        DATABASE_URL: url,
        LOG_LEVEL: 'info',
      },
      { log },
    ));
  }, 90_000);

  afterAll(async () => {
    await app?.close();
    await dropDatabase(dbName);
  });

  async function member(name: string): Promise<ApiSession & { me: MeResponse }> {
    const api = new ApiSession(baseUrl);
    const me = await api.signUp(name, `${name}@furlong.test`, 'correct horse battery');
    return Object.assign(api, { me });
  }

  it.each([
    ['/api/horses?q=%00', 'q'],
    ['/api/horses?name=%00', 'name'],
    ['/api/horses?name=storm%00cat', 'name'],
    ['/api/tracks?weather=%00', 'weather'],
    ['/api/jockeys?q=a%00', 'q'],
    ['/api/horses/%00', 'path'],
  ])('should answer GET %s with a 400 naming %s', async (path, field) => {
    const res = await fetch(`${baseUrl}${path}`);
    const body = (await res.json()) as ErrorBody;
    expect(res.status).toBe(400);
    expect(body.errors?.map((e) => e.field)).toContain(field);
  });

  it('should refuse a NUL or a lone surrogate in a JSON body with a 400 naming the field, changing nothing', async () => {
    const api = await member('nulbody');
    const login = await new ApiSession(baseUrl).request<ErrorBody>('POST', '/api/auth/login', {
      email: '\u0000',
      password: 'x',
    });
    expect(login.status).toBe(400);
    expect(login.body.errors).toEqual([{ field: 'email', reason: expect.stringContaining('NUL') }]);

    const named = await api.request<ErrorBody>('PATCH', '/api/me', { full_name: 'a\u0000b' });
    expect(named.status).toBe(400);
    expect(named.body.errors?.map((e) => e.field)).toEqual(['full_name']);
    const surrogate = await api.request<ErrorBody>('PATCH', '/api/me', { full_name: 'a\ud800b' });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.errors?.map((e) => e.field)).toEqual(['full_name']);

    const nested = await api.request<ErrorBody>(
      'POST',
      '/api/bets',
      { bets: [{ bet_type: 'Win\u0000', race_ids: [1], amount_cents: 200, selections: [[1]] }] },
      { headers: { 'Idempotency-Key': 'nul-body-1' } },
    );
    expect(nested.status).toBe(400);
    expect(nested.body.errors?.map((e) => e.field)).toEqual(['bets[0].bet_type']);

    const me = await api.get<MeResponse>('/api/me');
    expect(me.body.full_name).toBe(api.me.full_name);
    // Text PostgreSQL can store still goes through, control characters and all.
    const fine = await api.request<MeResponse>('PATCH', '/api/me', { full_name: 'Tab\there é 🐎' });
    expect(fine.status).toBe(200);
    expect(fine.body.full_name).toBe('Tab\there é 🐎');
  });

  it('should write no session token, CSRF token or login secret into any log line', async () => {
    const api = await member('logged');
    const token = api.cookies.get(SESSION_COOKIE) as string;
    expect(token.length).toBeGreaterThan(10);
    const link = await api.request<LoginLinkCreated>('POST', '/api/me/login-link');
    expect(link.status).toBeLessThan(300);
    const csrf = api.cookies.get(CSRF_COOKIE) as string;
    const before = log.lines.length;
    // 4xx and 5xx lines are written at info: a 404, a 400 and a refused login, all with the cookies on.
    await api.get('/api/horses/999999999');
    await api.get('/api/horses?limit=abc');
    await api.request('POST', '/api/auth/login', { email: 'logged@furlong.test', password: 'wrong password' });
    await fetch(`${baseUrl}/api/me`, {
      headers: { cookie: `${SESSION_COOKIE}=${token}`, authorization: `Bearer ${token}`, [CSRF_HEADER]: csrf },
    });
    await api.get('/api/auth/pass/secret-pass-id-123/info');
    await fetch(`${baseUrl}/login/${link.body.token}?token=secret-query-789`);
    await api.request('POST', '/api/auth/link/redeem', { token: `${link.body.token}x` });

    // A failed statement is logged without its parameters (they can hold e-mails and hashes).
    await expect(app.get(DataSource).query('SELECT $1::int', ['secret-param-321'])).rejects.toThrow();
    const written = log.lines.slice(before).join('\n');
    expect(written).toContain('query failed');
    expect(written).toContain('"statusCode":404');
    expect(written).toContain('[redacted]');
    for (const secret of [token, csrf, link.body.token, 'secret-pass-id-123', 'secret-query-789', 'secret-param-321']) {
      expect(secret.length).toBeGreaterThan(5);
      expect({ secret, found: written.includes(secret) }).toEqual({ secret, found: false });
    }
  });

  it("should send helmet's security headers on every answer: a success, a 404, a refused body and a malformed URL", async () => {
    const answers = [
      await fetch(`${baseUrl}/api/health`),
      await fetch(`${baseUrl}/api/horses/999999999`),
      await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"broken',
      }),
      await fetch(`${baseUrl}/api/horses/%E0%A4%A`),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 404, 400, 400]);
    for (const answer of answers) {
      const csp = `${answer.url}: ${answer.headers.get('content-security-policy')}`;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data:");
      expect(csp).toContain("script-src 'self';");
      expect({
        frame: answer.headers.get('x-frame-options'),
        sniff: answer.headers.get('x-content-type-options'),
        hsts: answer.headers.get('strict-transport-security'),
        referrer: answer.headers.get('referrer-policy'),
        opener: answer.headers.get('cross-origin-opener-policy'),
        poweredBy: answer.headers.get('x-powered-by'),
      }).toEqual({
        frame: 'SAMEORIGIN',
        sniff: 'nosniff',
        hsts: 'max-age=31536000; includeSubDomains',
        referrer: 'no-referrer',
        opener: 'same-origin',
        poweredBy: null,
      });
    }
  });

  it('should redact the secrets of a URL and keep the rest', () => {
    expect(redactUrl('/api/auth/pass/abc123/approve?x=1')).toBe('/api/auth/pass/[redacted]/approve?x=1');
    expect(redactUrl('/login/tok.en-1?next=/me&token=t1&sort=name')).toBe(
      '/login/[redacted]?next=/me&token=[redacted]&sort=name',
    );
    expect(redactUrl('/api/horses?q=storm&limit=5')).toBe('/api/horses?q=storm&limit=5');
  });
});
