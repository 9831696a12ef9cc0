import type { AuditEntry, AuditPage, SchemaCheck, TableFields, TableRow, TablesResponse } from '@furlong/contracts';
import { DataSource } from 'typeorm';
import { ApiSession, expectAdminsOnly, signedUpAs } from './support/api-session';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const ADMIN = { email: 'tabler@furlong.test', password: 'the table admin password' };

type Errors = { errors?: { field: string; reason: string }[]; reason?: string; message?: string };
type Page = { items: Record<string, unknown>[]; total: number };

// Issue 21, the table manager's writes and the compare-columns tool: writes through the owners'
// services and rules, audited in their transaction (refusals too); read-only tables say who
// writes them; values bound; the schema check reports drift and changes nothing.
describe('Table manager', () => {
  const dbName = uniqueName('furlong_admin_tables');
  let sut: TestApp;
  let admin: ApiSession;
  let adminName = '';
  let n = 0;
  const db = () => sut.app.get(DataSource);

  const member = async (role: 'user' | 'operator' = 'user') =>
    (await signedUpAs(sut.baseUrl, db(), `tables${++n}`, role)).session;

  async function auditOf(table: string, rowId: number | string): Promise<AuditEntry[]> {
    const page = (await admin.get<AuditPage>(`/api/admin/audit?table_name=${table}&limit=200`)).body;
    return page.items.filter((e) => e.row_id === String(rowId));
  }

  const auditCount = async () => (await db().query('SELECT count(*)::int AS n FROM audit_log'))[0].n as number;

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 31, scale: 0.05 });
    sut = await startTestApp({
      DATABASE_URL: url,
      REGISTER_MAX_PER_IP_PER_HOUR: '1000',
      // Lists kept a minute: a write must still show at once.
      CATALOG_CACHE_MS: '60000',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    admin = new ApiSession(sut.baseUrl);
    adminName = (await admin.logIn(ADMIN.email, ADMIN.password)).username;
  }, 120_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should refuse every new endpoint to visitors (401), members and operators (403), changing nothing', async () => {
    const [jockey]: { id: number; jockey_name: string }[] = await db().query(
      'SELECT id, jockey_name FROM jockeys ORDER BY id LIMIT 1',
    );
    const calls: [string, string, unknown][] = [
      ['GET', '/api/admin/tables/jockeys/fields', undefined],
      ['GET', '/api/admin/schema-check', undefined],
      ['POST', '/api/admin/tables/jockeys/rows', { values: { jockey_name: 'Sneaky Sam' } }],
      ['PATCH', `/api/admin/tables/jockeys/rows/${jockey?.id}`, { values: { jockey_name: 'Sneaky Sam' } }],
      ['DELETE', `/api/admin/tables/jockeys/rows/${jockey?.id}`, undefined],
    ];
    const before = await auditCount();
    await expectAdminsOnly(sut.baseUrl, db(), 'tablesguard', calls);
    expect(await db().query('SELECT id, jockey_name FROM jockeys WHERE id = $1', [jockey?.id])).toEqual([jockey]);
    expect(await db().query(`SELECT count(*)::int AS n FROM jockeys WHERE jockey_name = 'Sneaky Sam'`)).toEqual([
      { n: 0 },
    ]);
    expect(await auditCount()).toBe(before);
  });

  it('should say what may be done to each table, and which fields may be set', async () => {
    const tables = (await admin.get<TablesResponse>('/api/admin/tables')).body.items;
    const writes = Object.fromEntries(tables.map((t) => [t.name, t.writable]));
    expect(writes.jockeys).toEqual({ create: true, update: true, delete: true, reason: null });
    expect(writes.users).toMatchObject({ create: false, update: true, delete: true });
    expect(writes.tracks).toMatchObject({ create: false, update: true, delete: false });
    expect(writes.bets).toEqual({
      create: false,
      update: false,
      delete: false,
      reason: 'Written by wagering only: bets are placed through the bet slip and settled by the tote.',
    });
    expect(writes.ledger_entries?.reason).toBe(
      'The ledger is written by transfers only; adjust a wallet on the Users page.',
    );
    const fields = await admin.get<TableFields>('/api/admin/tables/jockeys/fields');
    expect(fields.status).toBe(200);
    expect(fields.body.columns.map((c) => [c.name, c.type, c.editable, c.required])).toEqual([
      ['id', 'integer', false, false],
      ['jockey_name', 'text', true, true],
      ['earnings_cents', 'bigint', false, false],
    ]);
    const users = (await admin.get<TableFields>('/api/admin/tables/users/fields')).body;
    expect(users.columns.filter((c) => c.editable).map((c) => c.name)).toEqual([
      'username',
      'email',
      'full_name',
      'role',
    ]);
    expect(users.columns.map((c) => c.name)).not.toContain('password_hash');
    expect((await admin.get('/api/admin/tables/audit_log/fields')).status).toBe(404);
    expect((await admin.get('/api/admin/tables/sessions/fields')).status).toBe(404);
  });

  it('should create, edit and delete a jockey, seen at once in the catalog and audited before and after', async () => {
    const created = await admin.request<TableRow>('POST', '/api/admin/tables/jockeys/rows', {
      values: { jockey_name: '  Lena Fairweather ' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), jockey_name: 'Lena Fairweather', earnings_cents: 0 });
    const id = created.body.id as number;
    expect((await sut.get<Record<string, unknown>>(`/api/jockeys/${id}`)).body).toMatchObject({
      id,
      jockey_name: 'Lena Fairweather',
    });
    // A list read before the edit is cached a minute; the edit must still show at once.
    const listed = await sut.get<Page>('/api/jockeys?q=Fairweather');
    expect(listed.body.items.map((j) => j.jockey_name)).toEqual(['Lena Fairweather']);

    const edited = await admin.request<TableRow>('PATCH', `/api/admin/tables/jockeys/rows/${id}`, {
      values: { jockey_name: 'Lena Fairweather-Gray' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, jockey_name: 'Lena Fairweather-Gray' });
    expect((await sut.get<Page>('/api/jockeys?q=Fairweather')).body.items.map((j) => j.jockey_name)).toEqual([
      'Lena Fairweather-Gray',
    ]);

    const deleted = await admin.request('DELETE', `/api/admin/tables/jockeys/rows/${id}`);
    expect(deleted.status).toBe(204);
    expect((await sut.get(`/api/jockeys/${id}`)).status).toBe(404);
    expect((await sut.get<Page>('/api/jockeys?q=Fairweather')).body.items).toEqual([]);

    const entries = await auditOf('jockeys', id);
    expect(entries.map((e) => [e.action, e.result])).toEqual([
      ['row.delete', 'ok'],
      ['row.update', 'ok'],
      ['row.create', 'ok'],
    ]);
    expect(entries[2]).toMatchObject({
      before: null,
      after: { id, jockey_name: 'Lena Fairweather', earnings_cents: 0 },
      actor_username: adminName,
      request_id: created.headers.get('x-request-id'),
    });
    expect(entries[1]).toMatchObject({
      before: { jockey_name: 'Lena Fairweather' },
      after: { jockey_name: 'Lena Fairweather-Gray' },
    });
    expect(entries[0]).toMatchObject({ before: { jockey_name: 'Lena Fairweather-Gray' }, after: null });
  });

  it('should refuse to delete a jockey something refers to (409 in_use, naming it), audited, nothing changed', async () => {
    const [used]: { id: number; jockey_name: string; horses: number }[] = await db().query(
      `SELECT j.id, j.jockey_name, (SELECT count(*)::int FROM horses h WHERE h.jockey_id = j.id) AS horses
         FROM jockeys j WHERE EXISTS (SELECT 1 FROM horses h WHERE h.jockey_id = j.id) ORDER BY j.id LIMIT 1`,
    );
    expect(used).toBeDefined();
    const res = await admin.request<Errors>('DELETE', `/api/admin/tables/jockeys/rows/${used?.id}`);
    expect(res.status).toBe(409);
    expect(res.body.reason).toBe('in_use');
    expect(res.body.message).toContain(`horses.jockey_id (${used?.horses})`);
    expect(await db().query('SELECT id, jockey_name FROM jockeys WHERE id = $1', [used?.id])).toEqual([
      { id: used?.id, jockey_name: used?.jockey_name },
    ]);
    expect((await db().query('SELECT count(*)::int AS n FROM horses WHERE jockey_id = $1', [used?.id]))[0].n).toBe(
      used?.horses,
    );
    const [entry] = await auditOf('jockeys', used?.id as number);
    expect(entry).toMatchObject({
      action: 'row.delete',
      result: 'refused',
      reason: res.body.message,
      before: { id: used?.id, jockey_name: used?.jockey_name },
      after: null,
    });
  });

  it('should keep a user’s stable owner, and edit and delete users through the Users page’s rules', async () => {
    const session = await member();
    const me = (await session.get<{ id: number }>('/api/me')).body;
    const [stable]: { id: number }[] = await db().query(
      `INSERT INTO owners (owner_name, user_id) VALUES ('Stable of a member', $1) RETURNING id`,
      [me.id],
    );
    const refused = await admin.request<Errors>('DELETE', `/api/admin/tables/owners/rows/${stable?.id}`);
    expect([refused.status, refused.body.reason]).toEqual([409, 'in_use']);
    const repoint = await admin.request<Errors>('PATCH', `/api/admin/tables/owners/rows/${stable?.id}`, {
      values: { user_id: 1 },
    });
    expect([repoint.status, repoint.body.errors?.[0]?.field]).toEqual([400, 'values.user_id']);

    const edited = await admin.request<TableRow>('PATCH', `/api/admin/tables/users/rows/${me.id}`, {
      values: { full_name: 'Tabled Member', role: 'operator' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: me.id, full_name: 'Tabled Member', role: 'operator' });
    expect(edited.body).not.toHaveProperty('password_hash');
    const [entry] = await auditOf('users', me.id);
    expect(entry).toMatchObject({
      action: 'user.update',
      result: 'ok',
      after: expect.objectContaining({ role: 'operator' }),
    });

    const gone = await admin.request('DELETE', `/api/admin/tables/users/rows/${me.id}`);
    expect(gone.status).toBe(204);
    const [row]: { deleted_at: Date | null }[] = await db().query('SELECT deleted_at FROM users WHERE id = $1', [
      me.id,
    ]);
    expect(row?.deleted_at).not.toBeNull();

    // The last admin holds here too.
    const [self]: { id: number }[] = await db().query(`SELECT id FROM users WHERE email = $1`, [ADMIN.email]);
    const own = await admin.request<Errors>('DELETE', `/api/admin/tables/users/rows/${self?.id}`);
    expect(own.status).toBe(400);
  });

  it('should refuse writes to bets and the ledger (409 read_only with who writes them), audited as refused', async () => {
    const [bet]: { id: number }[] = await db().query('SELECT id FROM bets ORDER BY id LIMIT 1');
    const [entry]: { id: number }[] = await db().query('SELECT id FROM ledger_entries ORDER BY id LIMIT 1');
    const snapshot = async () => [
      await db().query('SELECT count(*)::int AS n FROM bets'),
      await db().query('SELECT count(*)::int AS n FROM ledger_entries'),
      await db().query('SELECT * FROM ledger_entries WHERE id = $1', [entry?.id ?? 0]),
    ];
    const before = await snapshot();
    const writes: [string, string, unknown][] = [
      ['POST', '/api/admin/tables/bets/rows', { values: { status: 'won' } }],
      ['PATCH', `/api/admin/tables/bets/rows/${bet?.id ?? 1}`, { values: { status: 'won' } }],
      ['DELETE', `/api/admin/tables/bets/rows/${bet?.id ?? 1}`, undefined],
      ['POST', '/api/admin/tables/ledger_entries/rows', { values: { amount_cents: 100 } }],
      ['PATCH', `/api/admin/tables/ledger_entries/rows/${entry?.id ?? 1}`, { values: { amount_cents: 100 } }],
      ['DELETE', `/api/admin/tables/ledger_entries/rows/${entry?.id ?? 1}`, undefined],
      ['POST', '/api/admin/tables/tracks/rows', { values: { track_name: 'Nowhere Downs' } }],
    ];
    for (const [method, path, body] of writes) {
      const res = await admin.request<Errors>(method, path, body);
      expect([method, path, res.status, res.body.reason]).toEqual([method, path, 409, 'read_only']);
    }
    const bets = await admin.request<Errors>('DELETE', `/api/admin/tables/bets/rows/${bet?.id ?? 1}`);
    expect(bets.body.message).toBe(
      'You cannot delete rows of bets here. Written by wagering only: bets are placed through the bet slip and settled by the tote.',
    );
    const ledger = await admin.request<Errors>('POST', '/api/admin/tables/ledger_entries/rows', { values: {} });
    expect(ledger.body.message).toContain('adjust a wallet on the Users page');
    expect(await snapshot()).toEqual(before);
    const refusals = (await admin.get<AuditPage>('/api/admin/audit?table_name=bets&limit=50')).body.items;
    expect(refusals.map((e) => [e.action, e.result])).toEqual([
      ['row.delete', 'refused'],
      ['row.delete', 'refused'],
      ['row.update', 'refused'],
      ['row.create', 'refused'],
    ]);
    expect(refusals[0]?.reason).toMatch(/^read_only: Written by wagering only/);
  });

  it('should answer 400 naming the field for a bad column, a bad value or an injection in a name, and bind values', async () => {
    const [jockey]: { id: number }[] = await db().query('SELECT id FROM jockeys ORDER BY id LIMIT 1');
    const tries: [string, string, unknown, string][] = [
      ['POST', '/api/admin/tables/jockeys/rows', { values: { jockey_name: 'Ok', nickname: 'x' } }, 'values.nickname'],
      ['POST', '/api/admin/tables/jockeys/rows', { values: {} }, 'values.jockey_name'],
      ['POST', '/api/admin/tables/jockeys/rows', { values: { jockey_name: 42 } }, 'values.jockey_name'],
      ['POST', '/api/admin/tables/jockeys/rows', { values: { jockey_name: '   ' } }, 'values.jockey_name'],
      ['POST', '/api/admin/tables/jockeys/rows', { values: { jockey_name: 'x'.repeat(101) } }, 'values.jockey_name'],
      [
        'POST',
        '/api/admin/tables/jockeys/rows',
        { values: { 'jockey_name"; drop table jockeys;--': 'x' } },
        'values.jockey_name"; drop table jockeys;--',
      ],
      [
        'PATCH',
        `/api/admin/tables/jockeys/rows/${jockey?.id}`,
        { values: { earnings_cents: 1 } },
        'values.earnings_cents',
      ],
      ['PATCH', `/api/admin/tables/jockeys/rows/${jockey?.id}`, { values: { id: 1 } }, 'values.id'],
      ['POST', '/api/admin/tables/jockeys/rows', { values: 'jockey_name' }, 'values'],
      ['POST', '/api/admin/tables/jockeys/rows', { jockey_name: 'x' }, 'values'],
      ['PATCH', '/api/admin/tables/jockeys/rows/0', { values: { jockey_name: 'x' } }, 'id'],
      ['PATCH', '/api/admin/tables/jockeys/rows/1.5', { values: { jockey_name: 'x' } }, 'id'],
      ['DELETE', '/api/admin/tables/jockeys/rows/1%20OR%201=1', undefined, 'id'],
      ['POST', `/api/admin/tables/${encodeURIComponent('jockeys; drop table jockeys')}/rows`, { values: {} }, 'table'],
    ];
    const jockeys = await db().query('SELECT count(*)::int AS n FROM jockeys');
    for (const [method, path, body, field] of tries) {
      const res = await admin.request<Errors>(method, path, body);
      // The field named first (a missing jockey_name may follow an unknown column).
      expect([method, path, res.status, res.body.errors?.[0]?.field]).toEqual([method, path, 400, field]);
    }
    expect(await db().query('SELECT count(*)::int AS n FROM jockeys')).toEqual(jockeys);
    expect(
      (await admin.request('PATCH', '/api/admin/tables/jockeys/rows/2147483647', { values: { jockey_name: 'x' } }))
        .status,
    ).toBe(404);
    expect((await admin.request('POST', '/api/admin/tables/no_such_table/rows', { values: {} })).status).toBe(404);

    const evil = `Robert'); DROP TABLE jockeys;-- "$1" \\`;
    const made = await admin.request<TableRow>('POST', '/api/admin/tables/jockeys/rows', {
      values: { jockey_name: evil },
    });
    expect(made.status).toBe(201);
    expect(made.body.jockey_name).toBe(evil);
    expect(await db().query('SELECT jockey_name FROM jockeys WHERE id = $1', [made.body.id])).toEqual([
      { jockey_name: evil },
    ]);
  });

  it('should report no drift on a migrated database, and a column added or dropped behind the code’s back', async () => {
    const clean = await admin.get<SchemaCheck>('/api/admin/schema-check');
    expect(clean.status).toBe(200);
    expect(clean.body.drift).toEqual([]);
    expect(clean.body.tables_checked).toBeGreaterThanOrEqual(50);
    expect(clean.body.columns_checked).toBeGreaterThan(300);

    await db().query('ALTER TABLE jockeys ADD COLUMN extra_col int');
    await db().query('ALTER TABLE trainers ALTER COLUMN trainer_name DROP NOT NULL');
    await db().query('ALTER TABLE owners DROP COLUMN user_id');
    try {
      const drift = (await admin.get<SchemaCheck>('/api/admin/schema-check')).body.drift;
      expect(drift).toEqual([
        {
          table: 'jockeys',
          table_missing: false,
          missing: [],
          extra: [{ column: 'extra_col', type: 'integer', nullable: true }],
          different: [],
        },
        {
          table: 'owners',
          table_missing: false,
          missing: [{ column: 'user_id', type: 'integer', nullable: true }],
          extra: [],
          different: [],
        },
        {
          table: 'trainers',
          table_missing: false,
          missing: [],
          extra: [],
          different: [
            {
              column: 'trainer_name',
              expected_type: 'text',
              actual_type: 'text',
              expected_nullable: false,
              actual_nullable: true,
            },
          ],
        },
      ]);
    } finally {
      await db().query('ALTER TABLE jockeys DROP COLUMN extra_col');
      await db().query('ALTER TABLE trainers ALTER COLUMN trainer_name SET NOT NULL');
      await db().query('ALTER TABLE owners ADD COLUMN user_id int');
      await db().query('CREATE UNIQUE INDEX ux_owners_user_id ON owners (user_id)');
    }
    expect((await admin.get<SchemaCheck>('/api/admin/schema-check')).body.drift).toEqual([]);
  });
});
