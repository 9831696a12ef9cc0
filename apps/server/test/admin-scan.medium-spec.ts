import type { AuditPage, LastScan, ScanReport, TableRows, TablesResponse } from '@furlong/contracts';
import { DataSource } from 'typeorm';
import { ApiSession } from './support/api-session';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const ADMIN = { email: 'scanner@furlong.test', password: 'the scanner password' };

// Issue 21, the scan and insert: gaps made on purpose — a track's races past their post that never
// ran, horses whose past performances are gone, tracks without today's card (racing is off here, so
// none is made), a session abandoned but still marked active, a custom field's value left by a
// jockey deleted in the table manager — found and repaired by the owners' rules in one run; a second run finds nothing.
describe('Scan and insert', () => {
  const dbName = uniqueName('furlong_scan');
  let sut: TestApp;
  let admin: ApiSession;
  const db = () => sut.app.get(DataSource);
  const check = (report: ScanReport, name: string) => report.checks.find((c) => c.check === name);

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 29, scale: 0.05 });
    sut = await startTestApp({ DATABASE_URL: url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    admin = new ApiSession(sut.baseUrl);
    await admin.logIn(ADMIN.email, ADMIN.password);
  }, 90_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should repair what it finds and find nothing on a second run, each run in the audit log', async () => {
    // One track's card made (on demand) with a race put two hours in the past: it never ran.
    const [track]: { id: number }[] = await db().query('SELECT id FROM tracks ORDER BY id LIMIT 1');
    expect((await sut.get(`/api/program/tracks/${track?.id}/card`)).status).toBe(200);
    // An UPDATE or DELETE … RETURNING answers [rows, count].
    const [[late]]: [{ id: number }[], number] = await db().query(
      `UPDATE current_races SET post_time = now() - interval '10 days', status = 'scheduled'
        WHERE id = (SELECT min(id) FROM current_races WHERE track_id = $1) RETURNING id`,
      [track?.id],
    );
    const [tracks]: { n: number }[] = await db().query(
      `SELECT count(*)::int AS n FROM tracks t
        WHERE t.daily_races > 0 AND NOT EXISTS (SELECT 1 FROM current_races c WHERE c.track_id = t.id)`,
    );
    // Three horses' past performances lost.
    const [lost]: [{ horse_id: number }[], number] = await db().query(
      `DELETE FROM past_performances WHERE horse_id IN (SELECT horse_id FROM past_performances ORDER BY horse_id LIMIT 3)
       RETURNING horse_id`,
    );
    expect(lost).toHaveLength(3);
    // A member's session abandoned ten days ago, still marked active.
    const member = new ApiSession(sut.baseUrl);
    const me = await member.signUp('idlemember', 'idlemember@furlong.test', 'a member password');
    await db().query(`UPDATE sessions SET last_seen_at = now() - interval '10 days' WHERE user_id = $1`, [me.id]);

    // A custom field's values on two jockeys; one jockey then deleted in the table manager, which
    // leaves its value behind (values are the custom fields', the record the catalog's).
    const field = await admin.request('POST', '/api/admin/tables/jockeys/addColumn', {
      columnName: 'silks',
      type: 'text',
    });
    expect(field.status).toBe(201);
    const [kept]: { id: number }[] = await db().query('SELECT id FROM jockeys ORDER BY id LIMIT 1');
    const made = await admin.request<{ id: number }>('POST', '/api/admin/tables/jockeys/rows', {
      values: { jockey_name: 'Gone Tomorrow' },
    });
    expect(made.status).toBe(201);
    for (const id of [kept?.id, made.body.id]) {
      const set = await admin.request('PUT', `/api/admin/custom-fields/jockeys/${id}`, { values: { silks: 'green' } });
      expect(set.status).toBe(200);
    }
    expect((await admin.request('DELETE', `/api/admin/tables/jockeys/rows/${made.body.id}`)).status).toBe(204);

    const first = await admin.request<ScanReport>('POST', '/api/admin/scan-insert');
    expect(first.status).toBe(200);
    expect(first.body.error).toBeNull();
    expect(check(first.body, 'horses with results but no past performances')).toMatchObject({
      table: 'past_performances',
      found: 3,
      fixed: 3,
    });
    const cards = check(first.body, "tracks without today's card");
    expect(cards?.found).toBeGreaterThanOrEqual(tracks?.n ?? 0);
    expect(cards?.fixed).toBe(cards?.found);
    const overdue = check(first.body, 'races past their post time that never ran');
    expect(overdue?.found).toBeGreaterThanOrEqual(1);
    expect(overdue?.fixed).toBe(overdue?.found);
    const [cancelled]: { status: string; cancel_reason: string }[] = await db().query(
      'SELECT status, cancel_reason FROM current_races WHERE id = $1',
      [late?.id],
    );
    expect(cancelled).toEqual({ status: 'cancelled', cancel_reason: 'missed_post' });
    const restored: { n: number }[] = await db().query(
      'SELECT count(*)::int AS n FROM past_performances WHERE horse_id = ANY($1::int[])',
      [lost.map((l) => l.horse_id)],
    );
    expect(restored[0]?.n).toBe(3);
    expect(check(first.body, 'sessions left active that can no longer be used')).toMatchObject({
      table: 'sessions',
      found: 1,
      fixed: 1,
    });
    const [session]: { login_status: string; logout_reason: string }[] = await db().query(
      'SELECT login_status, logout_reason FROM sessions WHERE user_id = $1',
      [me.id],
    );
    expect(session).toEqual({ login_status: 'inactive', logout_reason: 'idle' });
    expect((await member.get('/api/me')).status).toBe(401);
    const [missing]: { n: number }[] = await db().query(
      `SELECT count(*)::int AS n FROM tracks t
        WHERE t.daily_races > 0 AND NOT EXISTS (SELECT 1 FROM current_races c WHERE c.track_id = t.id)`,
    );
    expect(missing?.n).toBe(0);
    expect(check(first.body, 'custom field values of records that are no longer there')).toMatchObject({
      table: 'custom_field_values',
      found: 1,
      fixed: 1,
      note: `removed: the values of jockeys ${made.body.id}`,
    });
    const values: { row_id: string }[] = await db().query('SELECT row_id FROM custom_field_values ORDER BY row_id');
    expect(values.map((v) => Number(v.row_id))).toEqual([kept?.id]);

    const second = await admin.request<ScanReport>('POST', '/api/admin/scan-insert');
    expect(second.status).toBe(200);
    expect(second.body.checks.map((c) => [c.check, c.found, c.fixed])).toEqual(
      first.body.checks.map((c) => [c.check, 0, 0]),
    );

    const last = (await admin.get<LastScan>('/api/admin/scan-insert')).body;
    expect(last.report).toEqual(second.body);
    const audit = (await admin.get<AuditPage>('/api/admin/audit?action=scan.run')).body;
    expect(audit.items.map((e) => e.request_id)).toEqual([
      second.headers.get('x-request-id'),
      first.headers.get('x-request-id'),
    ]);
  }, 60_000);

  it('should be for admins only', async () => {
    const visitor = new ApiSession(sut.baseUrl);
    expect((await visitor.request('POST', '/api/admin/scan-insert')).status).toBe(401);
    expect((await visitor.get('/api/admin/scan-insert')).status).toBe(401);
    const member = new ApiSession(sut.baseUrl);
    await member.signUp('scanmember', 'scanmember@furlong.test', 'a member password');
    expect((await member.request('POST', '/api/admin/scan-insert')).status).toBe(403);
    expect((await member.get('/api/admin/scan-insert')).status).toBe(403);
  });

  it('should browse the allow-listed tables read-only, never a secret, never by a name it did not list', async () => {
    const { body, status } = await admin.get<TablesResponse>('/api/admin/tables');
    expect(status).toBe(200);
    const names = body.items.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['users', 'horses', 'current_races', 'bets', 'ledger_entries']));
    for (const hidden of ['sessions', 'audit_log', 'login_passes', 'auth_throttle'])
      expect(names).not.toContain(hidden);
    const users = body.items.find((t) => t.name === 'users');
    expect(users?.columns.map((c) => c.name)).not.toContain('password_hash');
    expect(users?.hidden_columns).toBe(1);
    expect(users?.columns.find((c) => c.name === 'id')).toMatchObject({
      type: 'integer',
      primary: true,
      nullable: false,
    });
    expect(users?.columns.find((c) => c.name === 'created_at')?.type).toBe('timestamp with time zone');
    const [count]: { n: number }[] = await db().query('SELECT count(*)::int AS n FROM users');
    expect(users?.rows).toBe(count?.n);
    expect(body.items.find((t) => t.name === 'current_races')?.columns.map((c) => c.name)).not.toContain('seed');

    const page = await admin.get<TableRows>('/api/admin/tables/users/rows?limit=2&offset=0');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ table: 'users', limit: 2, offset: 0, total: count?.n });
    expect(page.body.items.length).toBeLessThanOrEqual(2);
    expect(JSON.stringify(page.body)).not.toContain('password_hash');
    expect(JSON.stringify(page.body)).not.toMatch(/\$argon2/);

    for (const name of ['sessions', 'audit_log', 'nosuchtable']) {
      expect([name, (await admin.get(`/api/admin/tables/${name}/rows`)).status]).toEqual([name, 404]);
    }
    for (const name of ['users;drop table users', 'Users', '"users"', 'users--']) {
      const res = await admin.get<{ errors?: { field: string }[] }>(
        `/api/admin/tables/${encodeURIComponent(name)}/rows`,
      );
      expect([name, res.status]).toEqual([name, 400]);
      expect(res.body.errors?.map((e) => e.field)).toEqual(['table']);
    }
    const member = new ApiSession(sut.baseUrl);
    await member.signUp('tablemember', 'tablemember@furlong.test', 'a member password');
    expect((await member.get('/api/admin/tables')).status).toBe(403);
    expect((await new ApiSession(sut.baseUrl).get('/api/admin/tables/users/rows')).status).toBe(401);
  });
});
