import { startTestApp, type TestApp } from './support/test-app';

interface Page<T = Record<string, unknown>> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}
interface ApiError {
  statusCode: number;
  error: string;
  message: string;
  errors?: { field: string; reason: string }[];
}

describe('Catalog API', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ DATABASE_URL: process.env.FURLONG_TEST_DB_URL });
  });

  afterAll(async () => {
    await sut.close();
  });

  describe('GET /api/{kind}', () => {
    it.each([
      ['horses', 5000],
      ['jockeys', 600],
      ['trainers', 300],
      ['owners', 1000],
      ['tracks', 60],
      ['races', 3000],
      ['breeds', 1],
      ['bet_types', 16],
    ])('should page %s with items, total, limit and offset', async (kind, atLeast) => {
      const { status, body } = await sut.get<Page>(`/api/${kind}`);
      expect(status).toBe(200);
      expect(body.limit).toBe(25);
      expect(body.offset).toBe(0);
      expect(body.total).toBeGreaterThanOrEqual(atLeast);
      expect(body.items.length).toBe(Math.min(25, body.total));
    });

    it('should sort by a column in both directions with a stable tie-break', async () => {
      const asc = await sut.get<Page<{ id: number; earnings_cents: number }>>(
        '/api/horses?sort=earnings_cents&order=asc&limit=200',
      );
      const desc = await sut.get<Page<{ id: number; earnings_cents: number }>>(
        '/api/horses?sort=earnings_cents&order=desc&limit=200',
      );
      const ascValues = asc.body.items.map((h) => h.earnings_cents);
      const descValues = desc.body.items.map((h) => h.earnings_cents);
      expect(ascValues).toEqual([...ascValues].sort((a, b) => a - b));
      expect(descValues).toEqual([...descValues].sort((a, b) => b - a));
      expect(descValues[0]).toBeGreaterThan(ascValues[0] as number);
    });

    it('should page with offset and its alias start', async () => {
      const first = await sut.get<Page<{ id: number }>>('/api/horses?limit=10');
      const second = await sut.get<Page<{ id: number }>>('/api/horses?limit=5&offset=5');
      const viaStart = await sut.get<Page<{ id: number }>>('/api/horses?limit=5&start=5');
      expect(second.body.items.map((h) => h.id)).toEqual(first.body.items.slice(5).map((h) => h.id));
      expect(viaStart.body.items).toEqual(second.body.items);
      expect(second.body.offset).toBe(5);
    });

    it.each([
      ['weight_lbs', 'desc'],
      ['age', 'asc'],
      ['earnings_cents', 'desc'],
    ])(
      'should give a later page the rows of the full listing at that place when sorted by %s %s',
      async (sort, order) => {
        const all = await sut.get<Page<{ id: number }>>(`/api/horses?sort=${sort}&order=${order}&limit=5000`);
        const page = await sut.get<Page<{ id: number }>>(
          `/api/horses?sort=${sort}&order=${order}&limit=100&offset=4000`,
        );
        expect(page.body.items.map((h) => h.id)).toEqual(all.body.items.slice(4000, 4100).map((h) => h.id));
        expect(page.body.total).toBe(all.body.total);
      },
    );

    it('should answer a page past the end with no items and the true total', async () => {
      const { body } = await sut.get<Page>('/api/jockeys?offset=100000');
      expect(body.items).toEqual([]);
      expect(body.total).toBeGreaterThanOrEqual(600);
    });

    it('should serve a page of 5000', async () => {
      const { status, body } = await sut.get<Page>('/api/horses?limit=5000');
      expect(status).toBe(200);
      expect(body.items).toHaveLength(5000);
    });

    it('should filter by free text over the name columns, case-insensitively', async () => {
      const { body } = await sut.get<Page<Record<string, string>>>('/api/horses?q=STAR&limit=5000');
      expect(body.total).toBeGreaterThan(0);
      for (const horse of body.items) {
        const text = [horse.horse_name, horse.sire, horse.dam, horse.breeder].join(' ').toLowerCase();
        expect(text).toContain('star');
      }
    });

    it('should treat LIKE wildcards in free text literally', async () => {
      const { status, body } = await sut.get<Page>('/api/horses?q=%25%25%25');
      expect(status).toBe(200);
      expect(body.total).toBe(0);
    });

    it('should filter by repeated name= values', async () => {
      const some = await sut.get<Page<{ horse_name: string }>>('/api/horses?limit=3&offset=40');
      const names = some.body.items.map((h) => h.horse_name);
      const query = names.map((n) => `name=${encodeURIComponent(n)}`).join('&');
      const { body } = await sut.get<Page<{ horse_name: string }>>(`/api/horses?${query}`);
      expect(body.items.map((h) => h.horse_name).sort()).toEqual([...names].sort());
      expect(body.total).toBe(3);
    });

    it('should filter by an exact column value', async () => {
      const all = await sut.get<Page>('/api/horses?limit=1');
      const { body } = await sut.get<Page<{ gender: string }>>('/api/horses?gender=female&limit=5000');
      expect(body.total).toBeGreaterThan(0);
      expect(body.total).toBeLessThan(all.body.total);
      expect(body.items.every((h) => h.gender === 'female')).toBe(true);
    });

    it('should filter tracks by track_name', async () => {
      const some = await sut.get<Page<{ track_name: string }>>('/api/tracks?limit=1&offset=7');
      const name = some.body.items[0]?.track_name as string;
      const { body } = await sut.get<Page<{ track_name: string }>>(
        `/api/tracks?track_name=${encodeURIComponent(name)}`,
      );
      expect(body.items.map((t) => t.track_name)).toEqual([name]);
    });

    it('should filter a list column by containment', async () => {
      const { body } = await sut.get<Page<{ wager_types: string[] }>>('/api/tracks?wager_types=Exacta&limit=1000');
      expect(body.total).toBeGreaterThan(0);
      expect(body.items.every((t) => t.wager_types.includes('Exacta'))).toBe(true);
    });

    it('should return races by ids=1,2,3', async () => {
      const { body } = await sut.get<Page<{ id: number }>>('/api/races?ids=3,1,2');
      expect(body.items.map((r) => r.id)).toEqual([1, 2, 3]);
    });

    it('should list bet types in display order with every type of the spec', async () => {
      const { body } = await sut.get<Page<{ bet_type: string; description: string }>>('/api/bet_types?limit=100');
      expect(body.items.map((b) => b.bet_type)).toEqual([
        'Win',
        'Place',
        'Show',
        'Exacta',
        'Quinella',
        'Trifecta',
        'Superfecta',
        'Daily Double',
        'Pick 3',
        'Pick 4',
        'Pick 5',
        'Pick 6',
        'Pick 7',
        'Pick 8',
        'Pick 9',
        'Pick 10',
      ]);
      expect(body.items.every((b) => b.description.length > 10)).toBe(true);
    });
  });

  describe('bad input', () => {
    it.each([
      ['/api/horses?sort=password_hash', 'sort'],
      ['/api/horses?limit=0', 'limit'],
      ['/api/horses?limit=5001', 'limit'],
      ['/api/horses?limit=abc', 'limit'],
      ['/api/horses?offset=-3', 'offset'],
      ['/api/horses?order=up', 'order'],
      ['/api/horses?colour=bay', 'colour'],
      ['/api/horses?age=old', 'age'],
      ['/api/races?ids=1,two', 'ids'],
      ['/api/horses/abc', 'id'],
      ['/api/horses/0', 'id'],
      ['/api/random-records/horses/0', 'count'],
      ['/api/random-records/horses/101', 'count'],
      ['/api/random-records/dragons/5', 'kind'],
    ])('should answer %s with 400 naming %s', async (path, field) => {
      const { status, body } = await sut.get<ApiError>(path);
      expect(status).toBe(400);
      expect(body.statusCode).toBe(400);
      expect(body.errors?.map((e) => e.field)).toContain(field);
      expect(JSON.stringify(body)).not.toMatch(/select |from "|stack|at \//i);
    });

    it('should answer an out-of-range integer filter with 200 and no rows, not a database error', async () => {
      const { status, body } = await sut.get<Page>('/api/horses?age=99999999999');
      expect(status).toBe(200);
      expect(body.total).toBe(0);
    });

    it('should answer malformed JSON with 400 naming the body', async () => {
      const res = await fetch(`${sut.baseUrl}/api/horses`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"horse_name": ',
      });
      const body = (await res.json()) as ApiError;
      expect(res.status).toBe(400);
      expect(body.errors).toEqual([{ field: 'body', reason: 'malformed JSON' }]);
    });

    it('should answer an unknown id with 404', async () => {
      const { status, body } = await sut.get<ApiError>('/api/horses/999999');
      expect(status).toBe(404);
      expect(body.message).toBe('Horse 999999 not found');
    });

    it('should answer an unknown route with a JSON 404', async () => {
      const { status, body } = await sut.get<ApiError>('/api/unicorns');
      expect(status).toBe(404);
      expect(body.error).toBe('Not Found');
    });
  });

  describe('GET /api/{kind}/{id}', () => {
    it('should give a horse with the names of its connections', async () => {
      const { status, body } = await sut.get<Record<string, unknown>>('/api/horses/1');
      expect(status).toBe(200);
      expect(body.id).toBe(1);
      expect(typeof body.horse_name).toBe('string');
      expect(typeof body.breed_name).toBe('string');
      expect(typeof body.trainer_name).toBe('string');
      expect(typeof body.owner_name).toBe('string');
    });

    it('should give a race with its entries and its result', async () => {
      const { body } = await sut.get<{
        num_horses: number;
        entries: { post_position: number; horse_name: string }[];
        result: { finishers: { finish_position: number; finish_time_ms: number }[] } | null;
      }>('/api/races/1');
      expect(body.entries).toHaveLength(body.num_horses);
      expect(body.entries.map((e) => e.post_position)).toEqual(
        Array.from({ length: body.num_horses }, (_, i) => i + 1),
      );
      const times = body.result?.finishers.map((f) => f.finish_time_ms) ?? [];
      expect(times).toHaveLength(body.num_horses);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    });
  });

  describe('extras', () => {
    it('should give a list of random records', async () => {
      const { status, body } = await sut.get<{ id: number }[]>('/api/random-records/jockeys/7');
      expect(status).toBe(200);
      expect(body).toHaveLength(7);
      expect(new Set(body.map((j) => j.id)).size).toBe(7);
    });

    it("should give a horse's past performance consistent with its starts", async () => {
      const winner = await sut.get<Page<{ id: number }>>('/api/horses?sort=earnings_cents&order=desc&limit=1');
      const id = winner.body.items[0]?.id as number;
      const { status, body } = await sut.get<{
        horse_id: number;
        starts: number;
        wins: number;
        win_pct_horse: number;
        earnings_cents: number;
        recent_starts: { finish_position: number }[];
        career: { year: null; starts: number; wins: number; earnings_cents: number };
        by_year: { year: number; starts: number; wins: number; places: number; shows: number }[];
      }>(`/api/past_performance/horse_id/${id}`);
      expect(status).toBe(200);
      expect(body.horse_id).toBe(id);
      expect(body.starts).toBeGreaterThan(0);
      expect(body.win_pct_horse).toBeCloseTo((100 * body.wins) / body.starts, 2);
      expect(body.recent_starts.length).toBe(Math.min(10, body.starts));
      // The career record is the sum of the years, and agrees with the form figures.
      expect(body.career).toMatchObject({ year: null, starts: body.starts, wins: body.wins });
      expect(body.career.earnings_cents).toBe(body.earnings_cents);
      expect(body.by_year.reduce((n, y) => n + y.starts, 0)).toBe(body.starts);
      expect(body.by_year.map((y) => y.year)).toEqual([...body.by_year.map((y) => y.year)].sort((a, b) => b - a));
    });

    it('should report health with the database up and Redis disabled', async () => {
      const { status, body } = await sut.get('/api/health');
      expect(status).toBe(200);
      expect(body).toEqual({ status: 'ok', database: 'up', redis: 'disabled' });
    });

    it('should publish an OpenAPI document that covers the catalog', async () => {
      const { status, body } = await sut.get<{ paths: Record<string, unknown> }>('/api/docs-json');
      expect(status).toBe(200);
      for (const path of [
        '/api/horses',
        '/api/horses/{id}',
        '/api/bet_types',
        '/api/random-records/{kind}/{count}',
        '/api/past_performance/horse_id/{id}',
        '/api/health',
      ]) {
        expect(Object.keys(body.paths)).toContain(path);
      }
      const page = await fetch(`${sut.baseUrl}/api/docs`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('swagger');
    });
  });
});
