import {
  type ApiErrorResponse,
  CSRF_COOKIE,
  type FormReceipt,
  type InsuranceQuoteRequestBody,
  type OutboxPage,
} from '@furlong/contracts';
import { DataSource } from 'typeorm';
import { Mailer, type SentMail } from '../src/content/mailer';
import { OutboxService } from '../src/content/outbox.service';
import { ApiSession } from './support/api-session';
import { startTestApp, type TestApp } from './support/test-app';
import { createMigratedDatabase, dropDatabase, uniqueName } from './support/test-database';

const ADMIN_EMAIL = 'postmaster@furlong.test';
const ADMIN_PASSWORD = 'the postmasters password';
const OFFICE = 'quotes@furlong.test';
const PER_EMAIL = 3;
const PER_IP = 4;
const RETRY_BASE_MS = 400;
const RETRY_CAP_MS = 600;
const MAX_ATTEMPTS = 3;
const DAY_MS = 86_400_000;

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let ips = 0;
/** A client address of its own per request unless a test shares one (the app trusts the loopback proxy). */
const nextIp = () => `198.51.100.${++ips}`;
let emails = 0;
const nextEmail = (name = 'sender') => `${name}${++emails}@furlong.test`;

const quote = (extra: Partial<Record<keyof InsuranceQuoteRequestBody, unknown>> = {}) => ({
  firstName: 'Ada',
  lastName: 'Park',
  phone: '+1 (555) 010-2030',
  email: nextEmail('ada'),
  propertyZip: '95814',
  name1dob: '1980-04-12',
  homeYear: 2015,
  length: 56,
  width: 28,
  inPark: true,
  privateLand: false,
  street: '12 Oak Lane',
  space: '42',
  city: 'Sacramento',
  state: 'CA',
  purchasePrice: 85_000,
  effectiveDate: day(14),
  garageAttached: true,
  garageDetached: false,
  garageCashValue: 6_000,
  claims: null,
  ownerOccupied: true,
  vacantOrSpec: false,
  rental: false,
  seasonal: false,
  courseOfConstruction: false,
  earthquakeCoverage: true,
  floodCoverage: false,
  additionalCoverage: 'Skirting and a new deck',
  ...extra,
});

const message = (extra: Record<string, unknown> = {}) => ({
  kind: 'contact',
  name: 'Bea Lowe',
  email: nextEmail('bea'),
  subject: 'Question about the tote',
  message: 'How often is the tote board refreshed before the off?',
  ...extra,
});

// The forms against the real PostgreSQL: stored with their mails in one transaction, each mail sent
// once through nodemailer's JSON transport even when the outbox job runs three times at once, a
// failing transport retried with backoff and then marked failed, 400s naming each bad field with
// nothing stored, the plain HTML form post with its CSRF field, the hourly limits, the admins' outbox.
describe('Forms and the outbox', () => {
  const dbName = uniqueName('furlong_forms');
  let sut: TestApp;
  let admin: ApiSession;
  let sends: jest.SpyInstance<Promise<SentMail>, Parameters<Mailer['send']>>;

  const db = () => sut.app.get(DataSource);
  const count = async (table: 'insurance_quote_requests' | 'contact_messages' | 'outbox_mails') => {
    const [row]: { n: number }[] = await db().query(`SELECT count(*)::int AS n FROM ${table}`);
    return row?.n ?? 0;
  };
  const post = <T>(path: string, body: unknown, ip = nextIp(), s = new ApiSession(sut.baseUrl)) =>
    s.request<T & ApiErrorResponse>('POST', path, body, { headers: { 'x-forwarded-for': ip } });

  interface MailRow {
    id: number;
    to_address: string;
    purpose: string;
    status: string;
    attempts: number;
    next_attempt_at: Date | null;
    last_attempt_at: Date | null;
    last_error: string | null;
  }
  const mailsOf = (kind: string, id: number): Promise<MailRow[]> =>
    db().query(
      `SELECT id, to_address, purpose, status, attempts, next_attempt_at, last_attempt_at, last_error
         FROM outbox_mails WHERE source_kind = $1 AND source_id = $2 ORDER BY id`,
      [kind, id],
    );
  async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await sleep(50);
    }
  }

  beforeAll(async () => {
    const url = await createMigratedDatabase(dbName);
    sut = await startTestApp({
      DATABASE_URL: url,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      MAIL_TO: OFFICE,
      FORMS_MAX_PER_EMAIL_PER_HOUR: String(PER_EMAIL),
      FORMS_MAX_PER_IP_PER_HOUR: String(PER_IP),
      MAIL_RETRY_BASE_SECONDS: String(RETRY_BASE_MS / 1000),
      MAIL_RETRY_MAX_SECONDS: String(RETRY_CAP_MS / 1000),
      MAIL_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    });
    admin = new ApiSession(sut.baseUrl);
    await admin.logIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const mailer = sut.app.get(Mailer);
    const send = mailer.send.bind(mailer);
    // The real JSON transport, watched; an address at fail.test has its transport refuse it.
    sends = jest.spyOn(mailer, 'send').mockImplementation(async (mail) => {
      if (mail.to.endsWith('@fail.test')) throw new Error('550 5.1.1 mailbox unavailable');
      return send(mail);
    });
  }, 120_000);

  afterAll(async () => {
    sends?.mockRestore();
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should store a quote and send its two mails through the JSON transport once each, though the outbox runs three times at once', async () => {
    const body = quote();
    const res = await post<FormReceipt>('/api/send-email', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'insurance_quote', id: expect.any(Number) });
    expect(res.body.message).toContain(body.email);
    const id = res.body.id;

    const [stored]: Record<string, unknown>[] = await db().query(
      'SELECT first_name, state, purchase_price_cents, garage_cash_value_cents, in_park, space FROM insurance_quote_requests WHERE id = $1',
      [id],
    );
    expect(stored).toEqual({
      first_name: 'Ada',
      state: 'CA',
      purchase_price_cents: 8_500_000,
      garage_cash_value_cents: 600_000,
      in_park: true,
      space: '42',
    });

    const outbox = sut.app.get(OutboxService);
    await Promise.all([outbox.deliverDue(), outbox.deliverDue(), outbox.deliverDue()]);
    const mails = await until('both mails sent', async () => {
      const rows = await mailsOf('insurance_quote', id);
      return rows.length === 2 && rows.every((r) => r.status === 'sent') ? rows : undefined;
    });
    expect(mails.map((m) => [m.purpose, m.to_address, m.attempts])).toEqual([
      ['office', OFFICE, 1],
      ['confirmation', body.email, 1],
    ]);

    const calls = sends.mock.calls.filter(([mail]) => mail.subject.includes(`#${id}`));
    expect(calls).toHaveLength(2);
    const sent = await Promise.all(
      sends.mock.results.filter((_, i) => sends.mock.calls[i]?.[0].subject.includes(`#${id}`)).map((r) => r.value),
    );
    const json = sent.map((s: SentMail) => JSON.parse(s.message ?? '{}'));
    const office = json.find((m) => m.to[0].address === OFFICE);
    expect(office.subject).toBe(`Insurance quote request #${id}: Ada Park, Sacramento CA`);
    expect(office.replyTo[0].address).toBe(body.email);
    expect(office.text).toContain('Purchase price: $85,000');
    expect(office.text).toContain('Property: 12 Oak Lane, space 42, Sacramento, CA 95814');
    const confirmation = json.find((m) => m.to[0].address === body.email);
    expect(confirmation.subject).toBe(`We received your insurance quote request #${id}`);

    // Another run finds nothing to send.
    await outbox.deliverDue();
    expect(sends.mock.calls.filter(([mail]) => mail.subject.includes(`#${id}`))).toHaveLength(2);
  });

  it('should retry a mail the transport refuses with growing waits up to the cap, then mark it failed', async () => {
    const res = await post<FormReceipt>('/api/messages', message({ kind: 'bug', email: 'nobody@fail.test' }));
    expect(res.status).toBe(201);
    const outbox = sut.app.get(OutboxService);
    const seen = new Map<number, number | null>();
    const failed = await until('the confirmation failed for good', async () => {
      await outbox.deliverDue();
      const confirmation = (await mailsOf('bug', res.body.id)).find((m) => m.purpose === 'confirmation');
      if (!confirmation || confirmation.attempts === 0) return undefined;
      const gap =
        confirmation.next_attempt_at && confirmation.last_attempt_at
          ? confirmation.next_attempt_at.getTime() - confirmation.last_attempt_at.getTime()
          : null;
      seen.set(confirmation.attempts, gap);
      return confirmation.status === 'failed' ? confirmation : undefined;
    });
    expect([...seen]).toEqual([
      [1, RETRY_BASE_MS],
      [2, RETRY_CAP_MS], // 2 × base would be 800 ms: capped
      [3, null],
    ]);
    expect(failed).toMatchObject({ attempts: MAX_ATTEMPTS, last_error: '550 5.1.1 mailbox unavailable' });
    expect(sends.mock.calls.filter(([mail]) => mail.to === 'nobody@fail.test')).toHaveLength(MAX_ATTEMPTS);
    // The office's copy went out.
    expect((await mailsOf('bug', res.body.id)).find((m) => m.purpose === 'office')).toMatchObject({ status: 'sent' });

    const page = await admin.get<OutboxPage>('/api/admin/outbox?status=failed');
    expect(page.status).toBe(200);
    expect(page.body.items).toContainEqual(
      expect.objectContaining({
        to: 'nobody@fail.test',
        status: 'failed',
        attempts: MAX_ATTEMPTS,
        last_error: '550 5.1.1 mailbox unavailable',
        next_attempt_at: null,
        source: { kind: 'bug', id: res.body.id },
      }),
    );
  });

  it('should answer 400 naming every bad field and store nothing', async () => {
    const before = [await count('insurance_quote_requests'), await count('outbox_mails')];
    const res = await post('/api/send-email', {
      ...quote({ propertyZip: '9581', state: 'XX', email: 'not-an-address', homeYear: 'new', length: 5 }),
      firstName: undefined,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field).sort()).toEqual(
      ['email', 'firstName', 'homeYear', 'length', 'propertyZip', 'state'].sort(),
    );

    const rules = await post('/api/send-email', quote({ garageCashValue: null, space: null, privateLand: true }));
    expect(rules.status).toBe(400);
    expect(rules.body.errors?.map((e) => e.field).sort()).toEqual(['garageCashValue', 'privateLand', 'space']);

    const dates = await post('/api/send-email', quote({ effectiveDate: day(-2), name1dob: day(-365) }));
    expect(dates.status).toBe(400);
    expect(dates.body.errors).toEqual([
      { field: 'effectiveDate', reason: 'must not be in the past' },
      { field: 'name1dob', reason: 'the insured must be 18 or older' },
    ]);

    const msg = await post('/api/messages', message({ kind: 'spam', message: 'short' }));
    expect(msg.status).toBe(400);
    expect(msg.body.errors?.map((e) => e.field)).toEqual(['kind', 'message']);
    expect([await count('insurance_quote_requests'), await count('outbox_mails')]).toEqual(before);
  });

  describe('as a plain HTML form post', () => {
    async function formPost(fields: Record<string, string>, headers: Record<string, string> = {}) {
      const session = new ApiSession(sut.baseUrl);
      await session.get('/api/auth/csrf');
      const token = session.cookies.get(CSRF_COOKIE) ?? '';
      const body = new URLSearchParams(
        Object.entries(fields).map(([k, v]): [string, string] => [k, v.replace('{token}', token)]),
      );
      return fetch(`${sut.baseUrl}/api/send-email`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `${CSRF_COOKIE}=${encodeURIComponent(token)}`,
          'x-forwarded-for': nextIp(),
          ...headers,
        },
        body,
      });
    }
    /** The quote's fields as a browser sends them: text, and ticked checkboxes as "on". */
    const formFields = (email: string): Record<string, string> => {
      const fields: Record<string, string> = {};
      for (const [k, v] of Object.entries(quote({ email, claims: '' }))) {
        if (v === true) fields[k] = 'on';
        else if (v !== false && v !== null) fields[k] = String(v);
      }
      return fields;
    };

    it('should store it and redirect to the confirmation when the _csrf field matches the cookie', async () => {
      const email = nextEmail('form');
      const res = await formPost({ ...formFields(email), _csrf: '{token}' });
      expect(res.status).toBe(303);
      const location = res.headers.get('location') ?? '';
      expect(location).toMatch(/^\/insurance-quote\?sent=\d+$/);
      const id = Number(location.split('=')[1]);
      const [row]: Record<string, unknown>[] = await db().query(
        'SELECT email, in_park, private_land, garage_attached, home_year, claims FROM insurance_quote_requests WHERE id = $1',
        [id],
      );
      expect(row).toEqual({
        email,
        in_park: true,
        private_land: false,
        garage_attached: true,
        home_year: 2015,
        claims: null,
      });
      expect(await mailsOf('insurance_quote', id)).toHaveLength(2);
    });

    it('should send a form with wrong fields back to the page with each field’s problem, storing nothing', async () => {
      const before = [await count('insurance_quote_requests'), await count('outbox_mails')];
      const { email: _dropped, ...withoutEmail } = formFields(nextEmail('form-bad'));
      const res = await formPost({ ...withoutEmail, homeYear: '1066', _csrf: '{token}' });
      expect(res.status).toBe(303);
      const location = new URL(res.headers.get('location') ?? '', sut.baseUrl);
      expect(location.pathname).toBe('/insurance-quote');
      const problems = JSON.parse(location.searchParams.get('problems') ?? '[]') as { field: string; reason: string }[];
      expect(problems.map((p) => p.field).sort()).toEqual(['email', 'homeYear']);
      expect(problems.every((p) => p.reason.length > 0)).toBe(true);
      expect([await count('insurance_quote_requests'), await count('outbox_mails')]).toEqual(before);
    });

    it('should send a form past the hourly limit back to the page with the refusal in words', async () => {
      const email = nextEmail('form-eager');
      for (let i = 0; i < PER_EMAIL; i++) {
        expect((await formPost({ ...formFields(email), _csrf: '{token}' })).status).toBe(303);
      }
      const before = await count('insurance_quote_requests');
      const res = await formPost({ ...formFields(email), _csrf: '{token}' });
      expect(res.status).toBe(303);
      const location = new URL(res.headers.get('location') ?? '', sut.baseUrl);
      expect(location.searchParams.get('sent')).toBeNull();
      expect(location.searchParams.get('error')).toMatch(/^Too many forms from this e-mail address/);
      expect(await count('insurance_quote_requests')).toBe(before);
    });

    it('should refuse it 403 without the _csrf field, with a wrong one, or from another site, storing nothing', async () => {
      const before = await count('insurance_quote_requests');
      const missing = await formPost(formFields(nextEmail('form')));
      expect(missing.status).toBe(403);
      expect(((await missing.json()) as ApiErrorResponse).reason).toBe('csrf');
      const wrong = await formPost({ ...formFields(nextEmail('form')), _csrf: 'forged-token' });
      expect(wrong.status).toBe(403);
      const crossSite = await formPost(
        { ...formFields(nextEmail('form')), _csrf: '{token}' },
        { 'sec-fetch-site': 'cross-site' },
      );
      expect(crossSite.status).toBe(403);
      expect(await count('insurance_quote_requests')).toBe(before);
    });

    it('should not take the token from a form field on the other forms', async () => {
      const session = new ApiSession(sut.baseUrl);
      await session.get('/api/auth/csrf');
      const token = session.cookies.get(CSRF_COOKIE) ?? '';
      const res = await fetch(`${sut.baseUrl}/api/messages`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: `${CSRF_COOKIE}=${encodeURIComponent(token)}`,
        },
        body: new URLSearchParams({ ...message(), _csrf: token } as Record<string, string>),
      });
      expect(res.status).toBe(403);
    });
  });

  it('should answer 429 past the hourly limit of one e-mail address, whatever the client address', async () => {
    const email = nextEmail('eager');
    for (let i = 0; i < PER_EMAIL; i++) {
      expect((await post('/api/messages', message({ email, kind: i === 0 ? 'feedback' : 'race' }))).status).toBe(201);
    }
    const before = await count('contact_messages');
    const refused = await post('/api/send-email', quote({ email }));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Too many forms from this e-mail address \(at most 3 an hour\)\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(await count('contact_messages')).toBe(before);
  });

  it('should answer 429 past the hourly limit of one client address', async () => {
    const ip = nextIp();
    for (let i = 0; i < PER_IP; i++) expect((await post('/api/messages', message(), ip)).status).toBe(201);
    const refused = await post('/api/messages', message(), ip);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toContain('from this network address (at most 4 an hour)');
    expect((await post('/api/messages', message(), nextIp())).status).toBe(201);
  });

  it('should show admins the outbox, paged and by status, and refuse members and visitors', async () => {
    await post('/api/messages', message({ kind: 'program' }));
    const page = await admin.get<OutboxPage>('/api/admin/outbox?limit=2&offset=0');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ limit: 2, offset: 0 });
    expect(page.body.items).toHaveLength(2);
    expect(page.body.total).toBe(page.body.counts.queued + page.body.counts.sent + page.body.counts.failed);
    expect(page.body.total).toBe(await count('outbox_mails'));
    const [newest] = page.body.items;
    expect(newest).toMatchObject({ source: { kind: 'program' }, attempts: expect.any(Number) });
    const sent = await admin.get<OutboxPage>('/api/admin/outbox?status=sent');
    expect(sent.body.items.every((m) => m.status === 'sent' && m.sent_at !== null)).toBe(true);
    expect((await admin.get('/api/admin/outbox?status=lost')).status).toBe(400);

    const member = new ApiSession(sut.baseUrl);
    await member.signUp('reader1', nextEmail('reader'), 'a members password');
    expect((await member.get('/api/admin/outbox')).status).toBe(403);
    expect((await new ApiSession(sut.baseUrl).get('/api/admin/outbox')).status).toBe(401);
  });
});
