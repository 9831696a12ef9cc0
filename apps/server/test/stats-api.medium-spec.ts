import {
  type ApiErrorResponse,
  type ConnectionStatsResponse,
  type LeaderRow,
  type LeadersResponse,
  ROUTE_KEY,
  SPRINT_KEY,
  STATS_LEADER_KINDS,
  STATS_LEADER_SORTS,
  type StatsOverviewResponse,
  type TrackConditionsResponse,
  type TrackTypesResponse,
} from '@furlong/contracts';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from './support/test-app';

const SORT_VALUE: Record<(typeof STATS_LEADER_SORTS)[number], (row: LeaderRow) => number> = {
  wins: (r) => r.wins,
  win_pct: (r) => r.wins / r.starts,
  earnings: (r) => r.earnings_cents,
  starts: (r) => r.starts,
};

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

// Read-only over the shared seeded catalog: every figure is checked against a direct query.
describe('Stats API', () => {
  let sut: TestApp;
  let db: DataSource;

  async function scalarRow<T>(sql: string, params: unknown[] = []): Promise<T> {
    const [row] = await db.query(sql, params);
    return row as T;
  }

  beforeAll(async () => {
    sut = await startTestApp({ DATABASE_URL: process.env.FURLONG_TEST_DB_URL });
    db = sut.app.get(DataSource);
  });

  afterAll(async () => {
    await sut.close();
  });

  describe.each([
    ['jockeys', 'jockey_id', 'jockey_name'],
    ['trainers', 'trainer_id', 'trainer_name'],
  ] as const)('GET /api/stats/%s/{id}', (kind, column, nameColumn) => {
    let id: number;
    let sutBody: ConnectionStatsResponse;

    beforeAll(async () => {
      // The busiest one, so every breakdown has rows.
      ({ id } = await scalarRow<{ id: number }>(
        `SELECT ${column} AS id FROM race_result_finishers GROUP BY ${column} ORDER BY count(*) DESC, ${column} LIMIT 1`,
      ));
      const { status, body } = await sut.get<ConnectionStatsResponse>(`/api/stats/${kind}/${id}`);
      expect(status).toBe(200);
      sutBody = body;
    });

    it('should count starts, wins, places, shows and earnings as the results do', async () => {
      const expected = await scalarRow<Record<string, number | string>>(
        `SELECT n.${nameColumn} AS name, count(*)::int AS starts,
                (count(*) FILTER (WHERE f.finish_position = 1))::int AS wins,
                (count(*) FILTER (WHERE f.finish_position = 2))::int AS places,
                (count(*) FILTER (WHERE f.finish_position = 3))::int AS shows,
                sum(f.earnings_cents)::float8 AS earnings_cents
           FROM race_result_finishers f JOIN ${kind} n ON n.id = f.${column}
          WHERE f.${column} = $1 GROUP BY n.${nameColumn}`,
        [id],
      );
      expect(sutBody).toMatchObject({ id, ...expected });
      expect(sutBody.starts).toBeGreaterThan(30);
    });

    it('should give win_pct = wins / starts and itm_pct = top three / starts, in percent', () => {
      const { starts, wins, places, shows } = sutBody;
      expect(sutBody.win_pct).toBeCloseTo((100 * wins) / starts, 2);
      expect(sutBody.itm_pct).toBeCloseTo((100 * (wins + places + shows)) / starts, 2);
      expect(sutBody.avg_finish_position).toBeGreaterThanOrEqual(1);
      expect(sutBody.avg_speed_figure).toBeGreaterThan(0);
    });

    it('should split every start once in each breakdown', () => {
      for (const breakdown of [
        sutBody.by_surface,
        sutBody.by_condition,
        sutBody.by_distance,
        sutBody.by_post_position,
      ]) {
        expect(sum(breakdown.map((b) => b.starts))).toBe(sutBody.starts);
        expect(sum(breakdown.map((b) => b.wins))).toBe(sutBody.wins);
        for (const b of breakdown) expect(b.win_pct).toBeCloseTo(b.starts ? (100 * b.wins) / b.starts : 0, 2);
      }
      expect(sutBody.by_distance.map((b) => b.key)).toEqual([SPRINT_KEY, ROUTE_KEY]);
      expect(sutBody.by_post_position.map((b) => b.key)).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)));
    });

    it('should count sprints as races under 8 furlongs', async () => {
      const { sprints } = await scalarRow<{ sprints: number }>(
        `SELECT count(*)::int AS sprints FROM race_result_finishers f
           JOIN race_results rr ON rr.id = f.result_id JOIN races r ON r.id = rr.race_id
          WHERE f.${column} = $1 AND r.furlongs < 8`,
        [id],
      );
      expect(sutBody.by_distance[0]?.starts).toBe(sprints);
    });

    it('should read a style with a label and the figures behind it', () => {
      expect(sutBody.style.label).toMatch(
        /^(All-rounder|Sprint specialist|Route specialist|\w+ specialist|(Inside|Outside)-post (rider|trainer))$/,
      );
      expect(sutBody.style.description).toMatch(/\d+\.\d%/);
    });

    it('should list the last 20 starts, newest first', () => {
      expect(sutBody.recent).toHaveLength(Math.min(20, sutBody.starts));
      const dates = sutBody.recent.map((r) => r.race_date);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(sutBody.recent[0]).toEqual(
        expect.objectContaining({
          race_name: expect.any(String),
          track_name: expect.any(String),
          horse_name: expect.any(String),
          finish_position: expect.any(Number),
          furlongs: expect.any(Number),
          earnings_cents: expect.any(Number),
        }),
      );
    });

    it('should answer an unknown id with 404 and a bad one with 400', async () => {
      const missing = await sut.get<ApiErrorResponse>(`/api/stats/${kind}/999999`);
      expect(missing.status).toBe(404);
      const bad = await sut.get<ApiErrorResponse>(`/api/stats/${kind}/abc`);
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.map((e) => e.field)).toEqual(['id']);
    });
  });

  describe('GET /api/stats/leaders', () => {
    it.each(STATS_LEADER_KINDS.flatMap((kind) => STATS_LEADER_SORTS.map((sort) => [kind, sort] as const)))(
      'should rank %s by %s, highest first',
      async (kind, sort) => {
        const { status, body } = await sut.get<LeadersResponse>(
          `/api/stats/leaders?kind=${kind}&sort=${sort}&limit=25`,
        );
        expect(status).toBe(200);
        expect(body).toMatchObject({ kind, sort, limit: 25 });
        expect(body.items).toHaveLength(25);
        const values = body.items.map(SORT_VALUE[sort]);
        expect(values).toEqual([...values].sort((a, b) => b - a));
        for (const row of body.items) {
          expect(row.starts).toBeGreaterThanOrEqual(body.min_starts);
          expect(row.win_pct).toBeCloseTo((100 * row.wins) / row.starts, 2);
          expect(typeof row.name).toBe('string');
        }
      },
    );

    it('should put the jockey with the most wins first', async () => {
      const top = await scalarRow<{ id: number; wins: number }>(
        `SELECT jockey_id AS id, count(*)::int AS wins FROM race_result_finishers WHERE finish_position = 1
          GROUP BY jockey_id ORDER BY count(*) DESC LIMIT 1`,
      );
      const { body } = await sut.get<LeadersResponse>('/api/stats/leaders');
      expect(body).toMatchObject({ kind: 'jockeys', sort: 'wins', limit: 10, min_starts: 1 });
      expect(body.items[0]?.wins).toBe(top.wins);
    });

    it('should leave out those under min_starts', async () => {
      const { body } = await sut.get<LeadersResponse>('/api/stats/leaders?kind=horses&sort=win_pct&min_starts=8');
      expect(body.min_starts).toBe(8);
      expect(body.items.every((r) => r.starts >= 8)).toBe(true);
    });

    it.each([
      ['kind=dragons', 'kind'],
      ['sort=speed', 'sort'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['min_starts=-1', 'min_starts'],
      ['kind=horses&kind=owners', 'kind'],
      ['order=asc', 'order'],
    ])('should answer ?%s with 400 naming %s', async (query, field) => {
      const { status, body } = await sut.get<ApiErrorResponse>(`/api/stats/leaders?${query}`);
      expect(status).toBe(400);
      expect(body.errors?.map((e) => e.field)).toEqual([field]);
    });
  });

  describe('GET /api/stats/overview', () => {
    let body: StatsOverviewResponse;

    beforeAll(async () => {
      const res = await sut.get<StatsOverviewResponse>('/api/stats/overview');
      expect(res.status).toBe(200);
      body = res.body;
    });

    it('should count races and starters as the results do', async () => {
      const expected = await scalarRow<{ races: number; starters: number; first_date: string; last_date: string }>(
        `SELECT (SELECT count(*) FROM race_results)::int AS races,
                (SELECT count(*) FROM race_result_finishers)::int AS starters,
                min(r.race_date) AS first_date, max(r.race_date) AS last_date
           FROM race_results rr JOIN races r ON r.id = rr.race_id`,
      );
      expect(body).toMatchObject(expected);
      expect(body.avg_field_size).toBeCloseTo(body.starters / body.races, 2);
      expect(body.avg_winning_time_per_furlong_ms).toBeGreaterThan(10_000);
      expect(body.avg_winning_time_per_furlong_ms).toBeLessThan(15_000);
    });

    it('should split every starter once by post position and every race once by field size', () => {
      expect(sum(body.by_post_position.map((b) => b.starts))).toBe(body.starters);
      expect(sum(body.by_post_position.map((b) => b.wins))).toBe(body.races);
      expect(body.by_post_position[0]?.key).toBe('1');
      expect(sum(body.by_field_size.map((b) => b.races))).toBe(body.races);
      expect(sum(body.by_field_size.map((b) => Number(b.key) * b.races))).toBe(body.starters);
      expect(sum(body.by_field_size.map((b) => b.pct_of_races))).toBeCloseTo(100, 0);
    });

    it('should list the top five horses, jockeys and trainers by wins', () => {
      for (const top of [body.top_horses, body.top_jockeys, body.top_trainers]) {
        expect(top).toHaveLength(5);
        const wins = top.map((r) => r.wins);
        expect(wins).toEqual([...wins].sort((a, b) => b - a));
      }
    });
  });

  describe('GET /api/stats/track-conditions and /api/stats/track-types', () => {
    it('should cover every race once by condition and count the tracks listing each condition now', async () => {
      const { status, body } = await sut.get<TrackConditionsResponse>('/api/stats/track-conditions');
      const { races, tracks } = await scalarRow<{ races: number; tracks: number }>(
        'SELECT (SELECT count(*) FROM race_results)::int AS races, (SELECT count(*) FROM tracks)::int AS tracks',
      );
      expect(status).toBe(200);
      expect(sum(body.items.map((i) => i.races))).toBe(races);
      expect(sum(body.items.map((i) => i.tracks_now))).toBe(tracks);
      const races0 = body.items.map((i) => i.races);
      expect(races0).toEqual([...races0].sort((a, b) => b - a));
      const fast = body.items.find((i) => i.key === 'Fast');
      expect(fast?.avg_speed_figure).toBeGreaterThan(0);
      expect(fast?.avg_field_size).toBeGreaterThanOrEqual(1);
    });

    it('should cover every race once by surface and count the tracks of each surface', async () => {
      const { status, body } = await sut.get<TrackTypesResponse>('/api/stats/track-types');
      const expected: { key: string; tracks: number }[] = await db.query(
        'SELECT surface_type AS key, count(*)::int AS tracks FROM tracks GROUP BY surface_type ORDER BY 1',
      );
      expect(status).toBe(200);
      expect(body.items.map(({ key, tracks }) => ({ key, tracks })).sort((a, b) => a.key.localeCompare(b.key))).toEqual(
        expected,
      );
      const { races } = await scalarRow<{ races: number }>('SELECT count(*)::int AS races FROM race_results');
      expect(sum(body.items.map((i) => i.races))).toBe(races);
    });
  });

  it('should publish the stats endpoints in the OpenAPI document', async () => {
    const { body } = await sut.get<{ paths: Record<string, unknown> }>('/api/docs-json');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/api/stats/jockeys/{id}',
        '/api/stats/trainers/{id}',
        '/api/stats/leaders',
        '/api/stats/overview',
        '/api/stats/track-conditions',
        '/api/stats/track-types',
      ]),
    );
  });
});
