import { CATALOG_KIND_NAMES, CATALOG_KINDS, type CatalogKindName, type ColumnType } from '@furlong/contracts';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number };
interface Page {
  items: Row[];
  total: number;
}
interface ApiError {
  statusCode: number;
  error: string;
  message: string;
  errors?: { field: string; reason: string }[];
}

/** One filter case per column type a filter accepts; the list columns once per element type stored. */
const TYPED_COLUMNS: { type: ColumnType; stored: string; kind: CatalogKindName; column: string }[] = [
  { type: 'int', stored: 'smallint', kind: 'tracks', column: 'daily_races' },
  { type: 'int', stored: 'integer', kind: 'tracks', column: 'meters' },
  { type: 'int', stored: 'bigint', kind: 'tracks', column: 'purse_cents' },
  { type: 'number', stored: 'numeric', kind: 'tracks', column: 'furlongs' },
  { type: 'text', stored: 'text', kind: 'tracks', column: 'surface_type' },
  { type: 'time', stored: 'time', kind: 'tracks', column: 'start_time' },
  { type: 'date', stored: 'date', kind: 'races', column: 'race_date' },
  { type: 'bool', stored: 'boolean', kind: 'bet_types', column: 'ordered' },
  { type: 'text[]', stored: 'text[]', kind: 'tracks', column: 'wager_types' },
  { type: 'date[]', stored: 'date[]', kind: 'tracks', column: 'race_dates' },
  { type: 'number[]', stored: 'numeric[]', kind: 'tracks', column: 'distances_furlongs' },
  { type: 'number[]', stored: 'bigint[]', kind: 'tracks', column: 'purse_sizes_cents' },
];

const BAD_VALUE: Record<ColumnType, string> = {
  int: 'seven',
  number: '1,5',
  text: 'x'.repeat(201),
  time: '25:00',
  date: '2026-02-30',
  bool: 'maybe',
  'text[]': 'x'.repeat(201),
  'date[]': '0000-01-01',
  'number[]': 'NaN',
};

// Values that parse for some column types and that no column can hold or match: too large for
// any integer type, negative, non-finite, fractions, far dates, extreme text.
const HOSTILE_VALUES = [
  '99999999999999999999',
  '9223372036854775808',
  '-2147483649',
  '-1',
  '0',
  '1.5',
  `1${'0'.repeat(300)}`,
  `0.${'0'.repeat(300)}1`,
  'Infinity',
  '-Infinity',
  'NaN',
  '1e400',
  '0000-01-01',
  '9999-12-31',
  '00:00',
  '23:59:59',
  'true',
  "'; DROP TABLE horses; --",
  '%_\\',
  'x'.repeat(200),
];

function matches(row: Row, column: string, value: unknown): boolean {
  const cell = row[column];
  return Array.isArray(cell) ? cell.includes(value) : cell === value;
}

const byId = (rows: Row[]) => rows.map((r) => r.id).sort((a, b) => a - b);

describe('Catalog list filters', () => {
  let sut: TestApp;
  const everything = new Map<CatalogKindName, Row[]>();

  async function all(kind: CatalogKindName): Promise<Row[]> {
    let rows = everything.get(kind);
    if (!rows) {
      const { body } = await sut.get<Page>(`/api/${kind}?limit=5000`);
      rows = body.items;
      everything.set(kind, rows);
    }
    return rows;
  }

  beforeAll(async () => {
    sut = await startTestApp({ DATABASE_URL: process.env.FURLONG_TEST_DB_URL });
  });

  afterAll(async () => {
    await sut.close();
  });

  describe.each(TYPED_COLUMNS)('$kind.$column ($type, stored as $stored)', ({ kind, column, type }) => {
    it('should answer exactly the rows that hold the value when filtered by one of its values', async () => {
      const rows = await all(kind);
      // A value held by some rows and not by all, so the filter is seen to select.
      const values = rows.flatMap((r) => (Array.isArray(r[column]) ? (r[column] as unknown[]) : [r[column]]));
      const value = values.find((v) => {
        const n = rows.filter((r) => matches(r, column, v)).length;
        return v !== null && n > 0 && n < rows.length;
      });
      expect(value).toBeDefined();
      const expected = byId(rows.filter((r) => matches(r, column, value)));

      const { status, body } = await sut.get<Page>(
        `/api/${kind}?${column}=${encodeURIComponent(String(value))}&limit=5000&sort=id`,
      );

      expect(status).toBe(200);
      expect(body.items.map((r) => r.id)).toEqual(expected);
      expect(body.total).toBe(expected.length);
    });

    it('should answer the rows holding any of the values when the filter is repeated', async () => {
      const rows = await all(kind);
      const values = [
        ...new Set(rows.flatMap((r) => (Array.isArray(r[column]) ? (r[column] as unknown[]) : [r[column]]))),
      ]
        .filter((v) => v !== null)
        .slice(0, 2);
      const expected = byId(rows.filter((r) => values.some((v) => matches(r, column, v))));
      const query = values.map((v) => `${column}=${encodeURIComponent(String(v))}`).join('&');

      const { status, body } = await sut.get<Page>(`/api/${kind}?${query}&limit=5000&sort=id`);

      expect(status).toBe(200);
      expect(body.items.map((r) => r.id)).toEqual(expected);
    });

    it(`should answer 400 naming ${column} when its value is not a ${type}`, async () => {
      const { status, body } = await sut.get<ApiError>(`/api/${kind}?${column}=${encodeURIComponent(BAD_VALUE[type])}`);

      expect(status).toBe(400);
      expect(body.errors?.map((e) => e.field)).toEqual([column]);
    });
  });

  it('should answer no rows, not a database error, when a list column is given a value its integers cannot hold', async () => {
    for (const value of ['99999999999999999999', '-1', '1.5', '9007199254740993']) {
      const { status, body } = await sut.get<Page>(`/api/tracks?purse_sizes_cents=${value}`);
      expect({ value, status, total: body.total }).toEqual({ value, status: 200, total: 0 });
    }
  });

  it('should keep the values that fit when some of a repeated filter do not', async () => {
    const rows = await all('tracks');
    const purse = (rows[0]?.purse_sizes_cents as number[] | undefined)?.[0];
    expect(purse).toBeDefined();
    const expected = rows.filter((r) => matches(r, 'purse_sizes_cents', purse)).map((r) => r.id);

    const { body } = await sut.get<Page>(
      `/api/tracks?purse_sizes_cents=99999999999999999999&purse_sizes_cents=${purse}&limit=5000`,
    );

    expect(body.items.map((r) => r.id)).toEqual(expected);
  });

  it('should match text with quotes and backslashes literally when it is given as name, q or a filter', async () => {
    // The list writes its values into the statement as escaped literals: these must come back as typed.
    const db = sut.app.get(DataSource);
    const name = `O'Brien \\' x${Date.now() % 100000}`;
    const breeder = "Back\\slash ' O''Hara";
    const [row] = await db.query(
      `INSERT INTO horses (horse_name, horse_number, breed_id, dob, age, gender, sire, dam, breeder)
       SELECT $1, 900000000 + (extract(epoch FROM clock_timestamp())::int % 1000000), breed_id, dob, age, gender, sire, dam, $2
         FROM horses ORDER BY id LIMIT 1 RETURNING id`,
      [name, breeder],
    );
    try {
      const paths = [
        `/api/horses?name=${encodeURIComponent(name)}`,
        `/api/horses?q=${encodeURIComponent(name.toUpperCase())}`,
        `/api/horses?breeder=${encodeURIComponent(breeder)}`,
        `/api/horses?q=${encodeURIComponent("slash ' O''HARA")}`,
      ];
      for (const path of paths) {
        const { status, body } = await sut.get<Page>(path);
        expect({ path, status, ids: body.items.map((r) => r.id) }).toEqual({ path, status: 200, ids: [row.id] });
      }
    } finally {
      await db.query('DELETE FROM horses WHERE id = $1', [row.id]);
    }
  });

  it('should answer 400 naming the field when a date has the year 0, which PostgreSQL does not have', async () => {
    const { status, body } = await sut.get<ApiError>('/api/races?race_date=0000-01-01');

    expect(status).toBe(400);
    expect(body.errors?.map((e) => e.field)).toEqual(['race_date']);
  });

  it('should never answer 500 when any filter, sort or q of any kind is given a hostile value', async () => {
    const failures: string[] = [];
    const request = async (path: string) => {
      const res = await fetch(`${sut.baseUrl}${path}`);
      const body = await res.text();
      if (res.status >= 500 || (res.status === 400 && !/"field"/.test(body))) failures.push(`${path} → ${res.status}`);
    };
    for (const kind of CATALOG_KIND_NAMES) {
      for (const value of HOSTILE_VALUES) {
        const v = encodeURIComponent(value);
        for (const column of Object.keys(CATALOG_KINDS[kind].columns)) await request(`/api/${kind}?${column}=${v}`);
        for (const field of ['sort', 'order', 'q', 'name', 'ids', 'limit', 'offset', 'start']) {
          await request(`/api/${kind}?${field}=${v}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
