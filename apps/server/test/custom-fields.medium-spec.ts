import type {
  AuditEntry,
  AuditPage,
  BulkCustomValuesResponse,
  CustomField,
  CustomFieldsResponse,
  CustomFieldValuesPage,
  RecordCustomFields,
} from '@furlong/contracts';
import { DataSource } from 'typeorm';
import { ApiSession, expectAdminsOnly } from './support/api-session';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const ADMIN = { email: 'fields@furlong.test', password: 'the fields admin password' };

type Errors = { errors?: { field: string; reason: string }[]; reason?: string; message?: string };

// Issue 21, custom fields instead of raw columns: an admin's typed field on an allowed entity, kept as
// metadata plus values; no DDL; injection attempts through names and values refused or kept inert;
// every write audited in its transaction; nobody but an admin writes.
describe('Custom fields', () => {
  const dbName = uniqueName('furlong_custom_fields');
  let sut: TestApp;
  let admin: ApiSession;
  let horseIds: number[];
  const db = () => sut.app.get(DataSource);

  async function addField(table: string, body: Record<string, unknown>) {
    return admin.request<CustomField & Errors>('POST', `/api/admin/tables/${table}/addColumn`, body);
  }

  async function field(body: Record<string, unknown>, table = 'horses'): Promise<CustomField> {
    const res = await addField(table, body);
    expect(res.status).toBe(201);
    return res.body;
  }

  async function auditOf(action: string): Promise<AuditEntry[]> {
    const page = (await admin.get<AuditPage>(`/api/admin/audit?action=${action}&limit=200`)).body;
    return page.items;
  }

  const auditCount = async () =>
    ((await db().query('SELECT count(*)::int AS n FROM audit_log')) as { n: number }[])[0]?.n;
  const horseColumns = async () =>
    (
      (await db().query(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'horses' ORDER BY column_name`,
      )) as { column_name: string }[]
    ).map((r) => r.column_name);

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 31, scale: 0.02 });
    sut = await startTestApp({
      DATABASE_URL: url,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      REGISTER_MAX_PER_IP_PER_HOUR: '1000',
    });
    admin = new ApiSession(sut.baseUrl);
    await admin.logIn(ADMIN.email, ADMIN.password);
    horseIds = ((await db().query('SELECT id FROM horses ORDER BY id LIMIT 5')) as { id: number }[]).map((r) => r.id);
  }, 90_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should refuse every admin endpoint to visitors (401), members and operators (403), changing nothing', async () => {
    const target = await field({ columnName: 'guarded', type: 'text' });
    const horse = horseIds[0];
    const calls: [string, string, unknown][] = [
      ['POST', '/api/admin/tables/horses/addColumn', { columnName: 'sneaky', type: 'text' }],
      ['GET', '/api/admin/custom-fields', undefined],
      ['DELETE', `/api/admin/custom-fields/${target.id}`, undefined],
      ['PUT', `/api/admin/custom-fields/horses/${horse}`, { values: { guarded: 'mine' } }],
      ['POST', `/api/admin/custom-fields/${target.id}/values`, { values: [{ row_id: horse, value: 'mine' }] }],
      ['GET', `/api/admin/custom-fields/${target.id}/values`, undefined],
    ];
    const before = await auditCount();
    await expectAdminsOnly(sut.baseUrl, db(), 'fieldsguard', calls);
    expect(await auditCount()).toBe(before);
    const fields = (await admin.get<CustomFieldsResponse>('/api/admin/custom-fields?table=horses')).body.items;
    expect(fields.map((f) => f.name)).toContain('guarded');
    expect(fields.map((f) => f.name)).not.toContain('sneaky');
    // The read is public, and shows nothing was set.
    const read = await new ApiSession(sut.baseUrl).get<RecordCustomFields>(`/api/custom-fields/horses/${horse}`);
    expect(read.status).toBe(200);
    expect(read.body.items.find((f) => f.name === 'guarded')?.value).toBeNull();
  });

  it('should add a field as metadata (no column), audited, and refuse the same name twice with 409', async () => {
    const columns = await horseColumns();
    const res = await addField('horses', { columnName: 'coat_pattern', type: 'one_of', options: [' blaze ', 'star'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      table: 'horses',
      name: 'coat_pattern',
      label: 'Coat pattern',
      type: 'one_of',
      options: ['blaze', 'star'],
    });
    expect(res.body.created_by).toEqual(expect.any(Number));
    expect(await horseColumns()).toEqual(columns);
    const [entry] = await auditOf('custom_field.add');
    expect(entry).toMatchObject({
      table_name: 'custom_fields',
      row_id: String(res.body.id),
      result: 'ok',
      before: null,
      after: expect.objectContaining({ name: 'coat_pattern', type: 'one_of', options: ['blaze', 'star'] }),
      request_id: res.headers.get('x-request-id'),
    });

    const again = await addField('horses', { columnName: 'coat_pattern', type: 'text' });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('field_exists');
    // The same name on another entity is another field.
    expect((await addField('jockeys', { columnName: 'coat_pattern', type: 'text' })).status).toBe(201);
    expect((await addField('races', { columnName: 'anything', type: 'text' })).status).toBe(404);
    expect((await addField('users', { columnName: 'anything', type: 'text' })).status).toBe(404);
    expect((await addField('audit_log', { columnName: 'anything', type: 'text' })).status).toBe(404);
  });

  it.each([
    ['horses"; drop table horses;--'],
    ['a b'],
    ['Name'],
    ['select'],
    ['horse_name'],
    ['id'],
    [`a${'b'.repeat(63)}`],
    ['größe'],
    ['ünïcödé'],
    [''],
  ])('should refuse the name %j with a 400 naming columnName, and make nothing', async (columnName) => {
    const columns = await horseColumns();
    const res = await addField('horses', { columnName, type: 'text' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toEqual(['columnName']);
    expect(await horseColumns()).toEqual(columns);
    const [{ n: horses }]: { n: number }[] = await db().query('SELECT count(*)::int AS n FROM horses');
    expect(horses).toBeGreaterThan(0);
    const names = (await admin.get<CustomFieldsResponse>('/api/admin/custom-fields')).body.items.map((f) => f.name);
    expect(names).not.toContain(columnName);
  });

  it('should refuse a bad type or options with a 400 naming the field', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await addField('horses', { columnName: 'some_field', ...body });
      expect(res.status).toBe(400);
      return res.body.errors?.map((e) => e.field);
    };
    expect(await bad({ type: 'varchar(10); drop table horses' })).toEqual(['type']);
    expect(await bad({ type: 'one_of' })).toEqual(['options']);
    expect(await bad({ type: 'one_of', options: ['a', 'a'] })).toEqual(['options']);
    expect(await bad({ type: 'one_of', options: Array.from({ length: 51 }, (_, i) => `o${i}`) })).toEqual(['options']);
    expect(await bad({ type: 'text', options: ['a'] })).toEqual(['options']);
    expect(await bad({ type: 'text', label: 'a\u0000b' })).toEqual(['label']);
  });

  it('should keep a text value that looks like SQL verbatim, the horses table intact, and audit before and after', async () => {
    const notes = await field({ columnName: 'notes', type: 'text', label: 'Notes' });
    const horse = horseIds[1] as number;
    const [{ n: horsesBefore }]: { n: number }[] = await db().query('SELECT count(*)::int AS n FROM horses');
    const evil = '\'); DROP TABLE horses;--\n\t"; DELETE FROM custom_fields; --';
    const res = await admin.request<RecordCustomFields & Errors>('PUT', `/api/admin/custom-fields/horses/${horse}`, {
      values: { notes: evil },
    });
    expect(res.status).toBe(200);
    expect(res.body.items.find((f) => f.name === 'notes')).toMatchObject({ id: notes.id, label: 'Notes', value: evil });
    const read = await new ApiSession(sut.baseUrl).get<RecordCustomFields>(`/api/custom-fields/horses/${horse}`);
    expect(read.body.items.find((f) => f.name === 'notes')?.value).toBe(evil);
    const [{ n: horsesAfter }]: { n: number }[] = await db().query('SELECT count(*)::int AS n FROM horses');
    expect(horsesAfter).toBe(horsesBefore);
    expect((await admin.get<CustomFieldsResponse>('/api/admin/custom-fields')).body.items.length).toBeGreaterThan(0);

    const changed = await admin.request('PUT', `/api/admin/custom-fields/horses/${horse}`, { values: { notes: null } });
    expect(changed.status).toBe(200);
    const [cleared, set] = await auditOf('custom_field.set');
    expect(set).toMatchObject({
      table_name: 'custom_field_values',
      row_id: `horses:${horse}`,
      result: 'ok',
      before: { table: 'horses', row_id: horse, values: expect.objectContaining({ notes: null }) },
      after: { table: 'horses', row_id: horse, values: expect.objectContaining({ notes: evil }) },
    });
    expect(cleared).toMatchObject({
      before: { values: expect.objectContaining({ notes: evil }) },
      after: { values: expect.objectContaining({ notes: null }) },
    });
    expect(
      (await admin.get<RecordCustomFields>(`/api/custom-fields/horses/${horse}`)).body.items.find(
        (f) => f.name === 'notes',
      )?.value,
    ).toBeNull();
  });

  it('should check each type, normalize what it keeps, and refuse a bad value with 400 values.<name>', async () => {
    await field({ columnName: 'stalls', type: 'integer' });
    await field({ columnName: 'rating', type: 'decimal' });
    await field({ columnName: 'gelded', type: 'boolean' });
    await field({ columnName: 'vet_check', type: 'date' });
    await field({ columnName: 'shoe', type: 'one_of', options: ['steel', 'aluminium'] });
    await field({ columnName: 'remarks', type: 'text' });
    const horse = horseIds[2] as number;
    const put = (values: Record<string, unknown>) =>
      admin.request<RecordCustomFields & Errors>('PUT', `/api/admin/custom-fields/horses/${horse}`, { values });

    const good = await put({
      stalls: 12,
      rating: '0012.50',
      gelded: true,
      vet_check: '2028-02-29',
      shoe: 'steel',
      remarks: 'line one\nline two',
    });
    expect(good.status).toBe(200);
    const byName = Object.fromEntries(good.body.items.map((f) => [f.name, f.value]));
    expect(byName).toMatchObject({
      stalls: 12,
      rating: '12.5',
      gelded: true,
      vet_check: '2028-02-29',
      shoe: 'steel',
      remarks: 'line one\nline two',
    });

    const before = await auditCount();
    for (const [name, value] of [
      ['stalls', 1.5],
      ['stalls', 2 ** 53],
      ['stalls', 'twelve'],
      ['rating', '1.23456'],
      ['rating', '1234567890123'],
      ['rating', true],
      ['gelded', 'yes'],
      ['gelded', 1],
      ['vet_check', '2026-02-29'],
      ['vet_check', '2026-13-01'],
      ['shoe', 'wood'],
      ['shoe', "steel' OR '1'='1"],
      ['remarks', 'a\u0000b'],
      ['remarks', 'x'.repeat(1_001)],
      ['remarks', 5],
      ['no_such_field', 'x'],
    ] as const) {
      const res = await put({ [name]: value });
      expect([name, value, res.status, res.body.errors?.map((e) => e.field)]).toEqual([
        name,
        value,
        400,
        [`values.${name}`],
      ]);
    }
    // Refusals are audited (as refused), nothing changed; the NUL never reached the handler (the
    // server refuses text PostgreSQL cannot store at its edge).
    expect(await auditCount()).toBe(before + 15);
    const [refused] = await auditOf('custom_field.set');
    expect(refused).toMatchObject({ result: 'refused', after: null });
    const read = await admin.get<RecordCustomFields>(`/api/custom-fields/horses/${horse}`);
    expect(Object.fromEntries(read.body.items.map((f) => [f.name, f.value]))).toMatchObject(byName);

    // Several bad values at once: each named, nothing written.
    const many = await put({ stalls: 7, rating: 'x', shoe: 'wood' });
    expect(many.status).toBe(400);
    expect(many.body.errors?.map((e) => e.field).sort()).toEqual(['values.rating', 'values.shoe']);
    const again = await admin.get<RecordCustomFields>(`/api/custom-fields/horses/${horse}`);
    expect(again.body.items.find((f) => f.name === 'stalls')?.value).toBe(12);
  });

  it('should answer 404 for an unknown record or a table without custom fields', async () => {
    expect((await admin.get('/api/custom-fields/horses/2147483647')).status).toBe(404);
    expect((await admin.get('/api/custom-fields/races/1')).status).toBe(404);
    expect((await admin.get('/api/custom-fields/users/1')).status).toBe(404);
    expect((await admin.request('PUT', '/api/admin/custom-fields/horses/2147483647', { values: {} })).status).toBe(404);
    const [track]: { id: number }[] = await db().query('SELECT id FROM tracks ORDER BY id LIMIT 1');
    const read = await admin.get<RecordCustomFields>(`/api/custom-fields/tracks/${track?.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ table: 'tracks', row_id: track?.id, items: [] });
  });

  it('should set one field on many records all or nothing, in one audit row keyed by record id', async () => {
    const grade = await field({ columnName: 'grade', type: 'integer' });
    const [a, b, c] = horseIds as [number, number, number];
    const bulk = (values: unknown[]) =>
      admin.request<BulkCustomValuesResponse & Errors>('POST', `/api/admin/custom-fields/${grade.id}/values`, {
        values,
      });

    const first = await bulk([
      { row_id: a, value: 1 },
      { row_id: b, value: '2' },
    ]);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ field: { id: grade.id }, saved: 2, cleared: 0 });

    // A missing record, a bad value and a record twice: each named; nothing of the rest written.
    const bad = await bulk([
      { row_id: a, value: 10 },
      { row_id: 2_000_000_000, value: 3 },
      { row_id: c, value: 'x' },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['values[1].row_id', 'values[2].value']);
    const twice = await bulk([
      { row_id: c, value: 1 },
      { row_id: c, value: 2 },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body.errors?.map((e) => e.field)).toEqual(['values[1].row_id']);
    const values = async (id: number) =>
      (await admin.get<RecordCustomFields>(`/api/custom-fields/horses/${id}`)).body.items.find(
        (f) => f.name === 'grade',
      )?.value;
    expect([await values(a), await values(b), await values(c)]).toEqual([1, 2, null]);
    expect((await bulk([])).status).toBe(400);
    expect((await bulk(Array.from({ length: 501 }, () => ({ row_id: a, value: 1 })))).status).toBe(400);
    expect(
      (await admin.request('POST', '/api/admin/custom-fields/2147483647/values', { values: [{ row_id: a, value: 1 }] }))
        .status,
    ).toBe(404);

    const second = await bulk([
      { row_id: a, value: null },
      { row_id: c, value: 3 },
    ]);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ saved: 1, cleared: 1 });
    expect([await values(a), await values(b), await values(c)]).toEqual([null, 2, 3]);
    const entries = (await auditOf('custom_field.bulk_set')).filter((e) => e.result === 'ok');
    expect(entries[0]).toMatchObject({
      id: second.body.audit_id,
      table_name: 'custom_field_values',
      row_id: `field:${grade.id}`,
      before: { field_id: grade.id, name: 'grade', values: { [a]: 1, [c]: null } },
      after: { field_id: grade.id, name: 'grade', values: { [a]: null, [c]: 3 } },
    });
    expect(entries[1]).toMatchObject({
      before: { values: { [a]: null, [b]: null } },
      after: { values: { [a]: 1, [b]: 2 } },
    });
  });

  it("should page a field's records by id with their names and values, filter them by name, 404 an unknown field and 400 a bad limit", async () => {
    const rank = await field({ columnName: 'paged_rank', type: 'integer' });
    type Horse = { id: number; horse_name: string };
    const horses: Horse[] = await db().query('SELECT id, horse_name FROM horses ORDER BY id');
    const [h0, h1, h2, h3] = horses as [Horse, Horse, Horse, Horse, ...Horse[]];
    const set = await admin.request('POST', `/api/admin/custom-fields/${rank.id}/values`, {
      values: [
        { row_id: h1.id, value: 2 },
        { row_id: h3.id, value: 4 },
      ],
    });
    expect(set.status).toBe(200);
    const page = (query: string, id = rank.id) =>
      admin.get<CustomFieldValuesPage & Errors>(`/api/admin/custom-fields/${id}/values${query}`);

    const first = await page('?limit=3');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      field: rank,
      items: [
        { row_id: h0.id, name: h0.horse_name, value: null },
        { row_id: h1.id, name: h1.horse_name, value: 2 },
        { row_id: h2.id, name: h2.horse_name, value: null },
      ],
      total: horses.length,
      limit: 3,
      offset: 0,
    });
    const second = await page('?limit=3&offset=3');
    expect(second.body.items[0]).toEqual({ row_id: h3.id, name: h3.horse_name, value: 4 });
    expect(second.body).toMatchObject({ total: horses.length, limit: 3, offset: 3 });
    // The default page is the insert-columns page's 25; past the end, no rows but the total.
    expect((await page('')).body).toMatchObject({ limit: 25, offset: 0, total: horses.length });
    expect((await page('')).body.items).toHaveLength(Math.min(25, horses.length));
    const past = await page(`?offset=${horses.length}`);
    expect(past.body).toMatchObject({ items: [], total: horses.length });

    // q keeps the names containing it, in any case; its % and _ match only themselves.
    const part = h1.horse_name.slice(1, 4).toUpperCase();
    const named = await page(`?limit=500&q=${encodeURIComponent(` ${part} `)}`);
    const expected = horses.filter((h) => h.horse_name.toUpperCase().includes(part));
    expect(named.body.items.map((r) => r.row_id)).toEqual(expected.map((h) => h.id).slice(0, 500));
    expect(named.body.total).toBe(expected.length);
    expect(named.body.items.find((r) => r.row_id === h1.id)?.value).toBe(2);
    expect((await page('?q=%25')).body).toMatchObject({ items: [], total: 0 });
    expect((await page('?q=_')).body).toMatchObject({ items: [], total: 0 });
    // Another entity's name column (jockeys have no search-text column).
    const jockeyField = await field({ columnName: 'paged_whip', type: 'boolean' }, 'jockeys');
    const [jockey]: { id: number; jockey_name: string }[] = await db().query(
      'SELECT id, jockey_name FROM jockeys ORDER BY id LIMIT 1',
    );
    const jockeys = await page(`?q=${encodeURIComponent(jockey?.jockey_name.toLowerCase() ?? '')}`, jockeyField.id);
    expect(jockeys.status).toBe(200);
    expect(jockeys.body.items[0]).toEqual({ row_id: jockey?.id, name: jockey?.jockey_name, value: null });

    expect((await page('', 2_147_483_647)).status).toBe(404);
    for (const [query, name] of [
      ['?limit=0', 'limit'],
      ['?limit=501', 'limit'],
      ['?limit=abc', 'limit'],
      ['?offset=-1', 'offset'],
      [`?q=${'x'.repeat(101)}`, 'q'],
      ['?sort=id', 'sort'],
    ] as const) {
      const bad = await page(query);
      expect([query, bad.status, bad.body.errors?.map((e) => e.field)]).toEqual([query, 400, [name]]);
    }
  });

  it('should drop a field with its values, audited with the field and its values, and 404 after', async () => {
    const colour = await field({ columnName: 'silks', type: 'text' }, 'owners');
    const [owner]: { id: number }[] = await db().query('SELECT id FROM owners ORDER BY id LIMIT 1');
    expect(
      (
        await admin.request('PUT', `/api/admin/custom-fields/owners/${owner?.id}`, {
          values: { silks: 'green, white sash' },
        })
      ).status,
    ).toBe(200);
    const res = await admin.request('DELETE', `/api/admin/custom-fields/${colour.id}`);
    expect(res.status).toBe(204);
    const [entry] = await auditOf('custom_field.delete');
    expect(entry).toMatchObject({
      table_name: 'custom_fields',
      row_id: String(colour.id),
      before: expect.objectContaining({
        name: 'silks',
        table: 'owners',
        values: { [String(owner?.id)]: 'green, white sash' },
      }),
      after: null,
    });
    const [{ n }]: { n: number }[] = await db().query(
      'SELECT count(*)::int AS n FROM custom_field_values WHERE field_id = $1',
      [colour.id],
    );
    expect(n).toBe(0);
    expect((await admin.request('DELETE', `/api/admin/custom-fields/${colour.id}`)).status).toBe(404);
    const read = await admin.get<RecordCustomFields>(`/api/custom-fields/owners/${owner?.id}`);
    expect(read.body.items.map((f) => f.name)).not.toContain('silks');
  });
});
