import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '../src/accounts/password-hasher';
import { type ApiAnswer, ApiSession } from './support/api-session';
import { startTestApp } from './support/test-app';
import { createMigratedDatabase, dropDatabase, uniqueName } from './support/test-database';

const PASSWORD = 'correct horse battery';
const LIMITS = { perEmail: 5, perIp: 30, signUpsPerHour: 20 };

interface ErrorBody {
  statusCode: number;
  reason?: string;
}

// The bursts: the limits must hold when the attempts arrive at the same moment.
describe('Accounts throttling under concurrency', () => {
  const dbName = uniqueName('furlong_throttle');
  let app: NestFastifyApplication;
  let baseUrl: string;
  let verify: jest.SpyInstance;

  /** `count` fresh browsers, each holding its CSRF token already, so the burst is only the requests. */
  async function browsers(count: number): Promise<ApiSession[]> {
    const all = Array.from({ length: count }, () => new ApiSession(baseUrl));
    await Promise.all(all.map((b) => b.get('/api/auth/csrf')));
    return all;
  }

  // The server trusts X-Forwarded-For from loopback ('trust proxy' is 'loopback'): the client's address.
  const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });

  function statuses(answers: ApiAnswer<unknown>[]): Record<number, number> {
    const counts: Record<number, number> = {};
    for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
    return counts;
  }

  function expectRetryAfterOnEvery429(answers: ApiAnswer<unknown>[], maxSeconds: number): void {
    for (const a of answers.filter((x) => x.status === 429)) {
      const seconds = Number(a.headers.get('retry-after'));
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(maxSeconds);
      expect((a.body as ErrorBody).reason).toBe('throttled');
    }
  }

  beforeAll(async () => {
    const url = await createMigratedDatabase(dbName);
    ({ app, baseUrl } = await startTestApp({
      DATABASE_URL: url,
      LOGIN_MAX_FAILURES_PER_EMAIL: String(LIMITS.perEmail),
      LOGIN_MAX_FAILURES_PER_IP: String(LIMITS.perIp),
      LOGIN_THROTTLE_WINDOW_SECONDS: '900',
      REGISTER_MAX_PER_IP_PER_HOUR: String(LIMITS.signUpsPerHour),
    }));
    // Every password check, of a real hash or of the dummy one for unknown e-mails, goes through verify.
    verify = jest.spyOn(app.get(PasswordHasher), 'verify');
    // Windows long over, left by earlier days: the first attempt of this process purges them.
    await app.get(DataSource).query(
      `INSERT INTO auth_throttle (key, count, window_started_at)
       VALUES ('login:ip:203.0.113.250', 7, now() - interval '2 days'), ('register:ip:203.0.113.250', 3, now() - interval '25 hours'),
              ('register:ip:203.0.113.251', 3, now() - interval '2 hours')`,
    );
  });

  afterAll(async () => {
    verify?.mockRestore();
    await app?.close();
    await dropDatabase(dbName);
  });

  it('should create exactly 20 accounts and refuse the rest with 429 when 40 sign-ups arrive at once from one address', async () => {
    const all = await browsers(40);
    const answers = await Promise.all(
      all.map((b, i) =>
        b.request(
          'POST',
          '/api/auth/register',
          { username: `burst${i}`, email: `burst${i}@furlong.test`, password: PASSWORD },
          from('198.51.100.1'),
        ),
      ),
    );
    expect(statuses(answers)).toEqual({ 201: LIMITS.signUpsPerHour, 429: 40 - LIMITS.signUpsPerHour });
    expectRetryAfterOnEvery429(answers, 3600);
    const [row]: { n: number }[] = await app
      .get(DataSource)
      .query(`SELECT count(*)::int AS n FROM users WHERE email LIKE 'burst%@furlong.test'`);
    expect(row?.n).toBe(LIMITS.signUpsPerHour);
  });

  it('should check no more than 5 passwords when 30 wrong passwords for one e-mail arrive at once', async () => {
    const [owner] = await browsers(1);
    await owner?.request(
      'POST',
      '/api/auth/register',
      { username: 'victim', email: 'victim@furlong.test', password: PASSWORD },
      from('198.51.100.2'),
    );
    const all = await browsers(30);
    verify.mockClear();
    // Each guess from its own address: only the e-mail's limit applies.
    const answers = await Promise.all(
      all.map((b, i) =>
        b.request(
          'POST',
          '/api/auth/login',
          { email: 'victim@furlong.test', password: `guess number ${i}` },
          from(`203.0.113.${i + 1}`),
        ),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: LIMITS.perEmail, 429: 30 - LIMITS.perEmail });
    expect(verify).toHaveBeenCalledTimes(LIMITS.perEmail);
    expectRetryAfterOnEvery429(answers, 900);

    // The window is spent: even the right password waits, and is not checked.
    const [late] = await browsers(1);
    const right = await late?.request(
      'POST',
      '/api/auth/login',
      { email: 'victim@furlong.test', password: PASSWORD },
      from('203.0.113.200'),
    );
    expect(right?.status).toBe(429);
    expect(verify).toHaveBeenCalledTimes(LIMITS.perEmail);
  });

  it('should answer 401 to exactly 30 and 429 to the rest when 60 wrong logins arrive at once from one address', async () => {
    const all = await browsers(60);
    verify.mockClear();
    const answers = await Promise.all(
      all.map((b, i) =>
        b.request('POST', '/api/auth/login', { email: `nobody${i}@x.test`, password: 'wrong' }, from('192.0.2.7')),
      ),
    );
    expect(statuses(answers)).toEqual({ 401: LIMITS.perIp, 429: 60 - LIMITS.perIp });
    expect(verify).toHaveBeenCalledTimes(LIMITS.perIp);
    expectRetryAfterOnEvery429(answers, 900);
  });

  it("should not count good logins against the address's limit of failures when they come from the same address", async () => {
    const [owner] = await browsers(1);
    await owner?.request(
      'POST',
      '/api/auth/register',
      { username: 'office', email: 'office@furlong.test', password: PASSWORD },
      from('198.51.100.3'),
    );
    const ip = from('192.0.2.8');
    for (const b of await browsers(10)) {
      expect(
        (await b.request('POST', '/api/auth/login', { email: 'office@furlong.test', password: PASSWORD }, ip)).status,
      ).toBe(200);
    }
    const bad = await browsers(LIMITS.perIp + 1);
    const answers = await Promise.all(
      bad.map((b, i) => b.request('POST', '/api/auth/login', { email: `stranger${i}@x.test`, password: 'wrong' }, ip)),
    );
    expect(statuses(answers)).toEqual({ 401: LIMITS.perIp, 429: 1 });
  });

  it('should have purged the windows that started more than a day ago, and kept a recent one', async () => {
    const keys = await waitForPurge();
    expect(keys).toEqual(['register:ip:203.0.113.251']);
  });

  async function waitForPurge(): Promise<string[]> {
    const db = app.get(DataSource);
    for (let i = 0; i < 50; i++) {
      const rows: { key: string }[] = await db.query(
        "SELECT key FROM auth_throttle WHERE key LIKE '%203.0.113.25_' ORDER BY key",
      );
      if (rows.length < 3) return rows.map((r) => r.key);
      await new Promise((r) => setTimeout(r, 100));
    }
    return ['not purged'];
  }
});
