import type { AdminUserPage, AdminUserRow, AuditPage, LedgerPage, MeResponse } from '@furlong/contracts';
import { DataSource } from 'typeorm';
import { ApiSession, MEMBER_PASSWORD as PASSWORD, signedUpAs } from './support/api-session';
import { startTestApp, type TestApp } from './support/test-app';
import { createMigratedDatabase, dropDatabase, uniqueName } from './support/test-database';

const ADMIN = { email: 'steward@furlong.test', password: 'the steward password' };

type Errors = { errors?: { field: string; reason: string }[]; reason?: string; message?: string };

// Issue 21: the admins' users table — edit, disable, delete (soft), wallet adjustments — every write
// audited in its own transaction, refusals too; the audit log append-only; nobody else gets in.
describe('Administration of users', () => {
  const dbName = uniqueName('furlong_admin_users');
  let sut: TestApp;
  let admin: ApiSession;
  let adminMe: MeResponse;
  let n = 0;
  const db = () => sut.app.get(DataSource);

  const member = (role: 'user' | 'operator' = 'user') => signedUpAs(sut.baseUrl, db(), `member${++n}`, role);

  async function auditOf(rowId: number, table = 'users') {
    const page = (await admin.get<AuditPage>(`/api/admin/audit?table_name=${table}&limit=200`)).body;
    return page.items.filter((e) => e.row_id === String(rowId));
  }

  beforeAll(async () => {
    sut = await startTestApp({
      DATABASE_URL: await createMigratedDatabase(dbName),
      REGISTER_MAX_PER_IP_PER_HOUR: '1000',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    admin = new ApiSession(sut.baseUrl);
    adminMe = await admin.logIn(ADMIN.email, ADMIN.password);
  });

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should refuse every admin endpoint to visitors (401), members and operators (403), changing nothing', async () => {
    const target = (await member()).me;
    const calls: [string, string, unknown][] = [
      ['GET', '/api/admin/users', undefined],
      ['GET', '/api/admin/audit', undefined],
      ['PUT', `/api/admin/users/${target.id}/role`, { role: 'admin' }],
      ['PATCH', `/api/admin/users/${target.id}`, { role: 'admin' }],
      ['DELETE', `/api/admin/users/${target.id}`, undefined],
      ['POST', `/api/admin/users/${target.id}/wallet-adjustments`, { amount_cents: 100_000, reason: 'a gift' }],
    ];
    const before = await db().query('SELECT count(*)::int AS n FROM audit_log');
    const visitor = new ApiSession(sut.baseUrl);
    const plain = (await member()).session;
    const operator = (await member('operator')).session;
    for (const [method, path, body] of calls) {
      expect([path, (await visitor.request(method, path, body)).status]).toEqual([path, 401]);
      expect([path, (await plain.request(method, path, body)).status]).toEqual([path, 403]);
      expect([path, (await operator.request(method, path, body)).status]).toEqual([path, 403]);
    }
    const [row]: { role: string; deleted_at: Date | null }[] = await db().query(
      'SELECT role, deleted_at FROM users WHERE id = $1',
      [target.id],
    );
    expect(row).toEqual({ role: 'user', deleted_at: null });
    expect(await db().query('SELECT count(*)::int AS n FROM audit_log')).toEqual(before);
  });

  it('should edit a user and audit it: who, from where, which request, before and after', async () => {
    const { me } = await member();
    const res = await admin.request<AdminUserRow>('PATCH', `/api/admin/users/${me.id}`, {
      full_name: '  Bea Lowe ',
      role: 'operator',
      email: `BEA.${n}@Furlong.test`,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: me.id,
      full_name: 'Bea Lowe',
      role: 'operator',
      email: `bea.${n}@furlong.test`,
      disabled: false,
      deleted: false,
    });
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const [entry] = await auditOf(me.id);
    expect(entry).toMatchObject({
      actor_user_id: adminMe.id,
      actor_username: adminMe.username,
      action: 'user.update',
      table_name: 'users',
      row_id: String(me.id),
      request_id: requestId,
      result: 'ok',
      reason: null,
      before: expect.objectContaining({ role: 'user', full_name: null, email: me.email }),
      after: expect.objectContaining({ role: 'operator', full_name: 'Bea Lowe', email: `bea.${n}@furlong.test` }),
    });
    expect(entry?.ip).toMatch(/127\.0\.0\.1/);
  });

  it('should disable a user (sessions end, login refused and said so) and enable them again', async () => {
    const { session, me, email } = await member();
    expect((await session.get('/api/me')).status).toBe(200);
    expect((await admin.request('PATCH', `/api/admin/users/${me.id}`, { disabled: true })).status).toBe(200);
    expect((await session.get('/api/me')).status).toBe(401);
    const refused = await new ApiSession(sut.baseUrl).request<Errors>('POST', '/api/auth/login', {
      email,
      password: PASSWORD,
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      reason: 'account_disabled',
      message: 'This account is disabled. Please contact us.',
    });
    expect((await admin.request('PATCH', `/api/admin/users/${me.id}`, { disabled: false })).status).toBe(200);
    await new ApiSession(sut.baseUrl).logIn(email, PASSWORD);
    expect((await auditOf(me.id)).map((e) => [e.before?.disabled, e.after?.disabled])).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it('should delete a user softly: listed as deleted, never logs in again, bets and ledger kept', async () => {
    const { me, email } = await member();
    const [entries]: { n: number }[] = await db().query(
      `SELECT count(*)::int AS n FROM ledger_entries e JOIN wallet_accounts w ON w.id = e.account_id WHERE w.user_id = $1`,
      [me.id],
    );
    const res = await admin.request<AdminUserRow>('DELETE', `/api/admin/users/${me.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: me.id, deleted: true });
    const login = await new ApiSession(sut.baseUrl).request<Errors>('POST', '/api/auth/login', {
      email,
      password: PASSWORD,
    });
    expect(login.status).toBe(401);
    expect((await admin.request('DELETE', `/api/admin/users/${me.id}`)).status).toBe(404);
    expect((await admin.request('PATCH', `/api/admin/users/${me.id}`, { full_name: 'X' })).status).toBe(404);
    const [after]: { n: number }[] = await db().query(
      `SELECT count(*)::int AS n FROM ledger_entries e JOIN wallet_accounts w ON w.id = e.account_id WHERE w.user_id = $1`,
      [me.id],
    );
    expect(after).toEqual(entries);
    const listed = (await admin.get<AdminUserPage>(`/api/admin/users?q=${encodeURIComponent(me.username)}`)).body;
    expect(listed.items).toEqual([expect.objectContaining({ id: me.id, deleted: true })]);
    expect((await auditOf(me.id))[0]).toMatchObject({ action: 'user.delete', result: 'ok', after: { deleted: true } });
  });

  it('should adjust a wallet through the ledger with a reason the wallet shows, and refuse an overdraft', async () => {
    const { session, me } = await member();
    const start = (await session.get<MeResponse>('/api/me')).body.balance_cents;
    const credit = await admin.request<{ user: AdminUserRow; transfer_id: number; audit_id: number }>(
      'POST',
      `/api/admin/users/${me.id}/wallet-adjustments`,
      { amount_cents: 2_500, reason: 'goodwill after the outage' },
    );
    expect(credit.status).toBe(201);
    expect(credit.body.user.balance_cents).toBe(start + 2_500);
    const debit = await admin.request('POST', `/api/admin/users/${me.id}/wallet-adjustments`, {
      amount_cents: -500,
      reason: 'duplicate credit',
    });
    expect(debit.status).toBe(201);
    const ledger = (await session.get<LedgerPage>('/api/me/ledger?limit=5')).body.items;
    expect(ledger.slice(0, 2).map((e) => [e.amount_cents, e.description])).toEqual([
      [-500, 'Adjustment by an admin: duplicate credit'],
      [2_500, 'Adjustment by an admin: goodwill after the outage'],
    ]);
    const over = await admin.request<Errors>('POST', `/api/admin/users/${me.id}/wallet-adjustments`, {
      amount_cents: -(start + 2_001),
      reason: 'too much',
    });
    expect(over.status).toBe(409);
    expect(over.body.reason).toBe('insufficient_funds');
    expect((await session.get<MeResponse>('/api/me')).body.balance_cents).toBe(start + 2_000);
    const audit = await auditOf(me.id, 'wallet_accounts');
    expect(audit.map((e) => [e.result, e.after?.amount_cents ?? null])).toEqual([
      ['refused', null],
      ['ok', -500],
      ['ok', 2_500],
    ]);
    const [sums]: { balances: string; entries: string }[] = await db().query(
      `SELECT (SELECT COALESCE(sum(balance_cents), 0) FROM wallet_accounts)::bigint AS balances,
              (SELECT COALESCE(sum(amount_cents), 0) FROM ledger_entries)::bigint AS entries`,
    );
    expect([Number(sums?.balances), Number(sums?.entries)]).toEqual([0, 0]);
  });

  it('should never leave the site without an active admin: two admins demoting each other at once', async () => {
    const other = await member();
    expect((await admin.request('PATCH', `/api/admin/users/${other.me.id}`, { role: 'admin' })).status).toBe(200);
    await other.session.logIn(other.email, PASSWORD);
    const [a, b] = await Promise.all([
      admin.request<Errors>('PATCH', `/api/admin/users/${other.me.id}`, { role: 'user' }),
      other.session.request<Errors>('PATCH', `/api/admin/users/${adminMe.id}`, { role: 'user' }),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins: { n: number }[] = await db().query(
      `SELECT count(*)::int AS n FROM users WHERE role = 'admin' AND disabled_at IS NULL AND deleted_at IS NULL`,
    );
    expect(admins[0]?.n).toBe(1);
    // Put things back: the environment's admin stays the admin of the other tests.
    const [active]: { id: number }[] = await db().query(`SELECT id FROM users WHERE role = 'admin'`);
    if (active?.id !== adminMe.id) {
      await other.session.request('PATCH', `/api/admin/users/${adminMe.id}`, { role: 'admin' });
      await admin.logIn(ADMIN.email, ADMIN.password);
      await admin.request('PATCH', `/api/admin/users/${other.me.id}`, { role: 'user' });
    }
    // And nobody may change their own role or state, or delete themselves.
    const own = await admin.request<Errors>('PATCH', `/api/admin/users/${adminMe.id}`, { disabled: true });
    expect(own.status).toBe(400);
    expect(own.body.errors?.map((e) => e.field)).toEqual(['disabled']);
    expect((await admin.request('DELETE', `/api/admin/users/${adminMe.id}`)).status).toBe(400);
  });

  it('should refuse bad edits naming the field, and audit a refused one', async () => {
    const { me } = await member();
    const taken = await member();
    const cases: [unknown, string[]][] = [
      [{}, ['body']],
      [{ email: 'not-an-email' }, ['email']],
      [{ username: 'a' }, ['username']],
      [{ role: 'steward' }, ['role']],
      [{ disabled: 'yes' }, ['disabled']],
      [{ full_name: 'x'.repeat(101) }, ['full_name']],
    ];
    for (const [body, fields] of cases) {
      const res = await admin.request<Errors>('PATCH', `/api/admin/users/${me.id}`, body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
      expect(res.body.errors?.map((e) => e.field)).toEqual(fields);
    }
    const unknown = await admin.request<Errors>('PATCH', `/api/admin/users/${me.id}`, { nickname: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]).toMatchObject({ field: 'body', reason: expect.stringContaining('nickname') });
    const clash = await admin.request<Errors>('PATCH', `/api/admin/users/${me.id}`, { username: taken.me.username });
    expect(clash.status).toBe(409);
    expect(clash.body.errors).toEqual([{ field: 'username', reason: 'is taken' }]);
    expect((await auditOf(me.id))[0]).toMatchObject({ result: 'refused', reason: 'username: is taken', after: null });
    for (const body of [
      { amount_cents: 0, reason: 'zero' },
      { amount_cents: 1.5, reason: 'half' },
      { amount_cents: 5 },
    ]) {
      const res = await admin.request<Errors>('POST', `/api/admin/users/${me.id}/wallet-adjustments`, body);
      expect(res.status).toBe(400);
    }
    expect((await admin.request('PATCH', '/api/admin/users/999999', { full_name: 'Nobody' })).status).toBe(404);
  });

  it('should search, sort and page the users', async () => {
    const res = await admin.get<AdminUserPage>('/api/admin/users?q=MEMBER&sort=username&order=desc&limit=3');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(3);
    const names = res.body.items.map((u) => u.username.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
    expect(res.body.items.every((u) => u.username.startsWith('member'))).toBe(true);
    expect(res.body.total).toBeGreaterThan(3);
    // A % or _ in the search is a character, not a wildcard.
    expect((await admin.get<AdminUserPage>('/api/admin/users?q=%25')).body.total).toBe(0);
    const bad = await admin.get<Errors>('/api/admin/users?sort=password_hash');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field)).toEqual(['sort']);
  });

  it('should keep the audit log append-only, whoever asks the database', async () => {
    await expect(db().query(`UPDATE audit_log SET action = 'rewritten'`)).rejects.toThrow(/append-only/);
    await expect(db().query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    const [row]: { n: number }[] = await db().query(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'rewritten'`,
    );
    expect(row?.n).toBe(0);
  });
});
