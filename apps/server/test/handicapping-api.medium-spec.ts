import {
  type ApiErrorResponse,
  type BacktestResponse,
  type PredictorFieldResponse,
  type PredictorWeightsResponse,
  SPEC_PREDICTOR_WEIGHTS,
  type TrackCardResponse,
} from '@furlong/contracts';
import { DataSource } from 'typeorm';
import { ApiSession } from './support/api-session';
import { startTestApp, type TestApp } from './support/test-app';

// Issue 17: the race predictor's field, an account's weights and the back-test, over the shared
// seeded database (read-only but for the weights of accounts made here and a track's card).
describe('Handicapping API', () => {
  let sut: TestApp;
  let db: DataSource;

  beforeAll(async () => {
    sut = await startTestApp({ DATABASE_URL: process.env.FURLONG_TEST_DB_URL });
    db = sut.app.get(DataSource);
  });

  afterAll(async () => {
    await sut.close();
  });

  describe('GET /api/current_races/{id}/predictor', () => {
    it('should list every starter with the five factors of its form, as its past performances hold them', async () => {
      const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const card = await sut.get<TrackCardResponse>(`/api/program/tracks/1/card?date=${day}`);
      expect(card.status).toBe(200);
      const raceId = card.body.races[0]?.id as number;

      const { status, body } = await sut.get<PredictorFieldResponse>(`/api/current_races/${raceId}/predictor`);

      expect(status).toBe(200);
      const entries: { post_position: number; horse_id: number }[] = await db.query(
        'SELECT post_position, horse_id FROM current_race_entries WHERE current_race_id = $1 ORDER BY post_position',
        [raceId],
      );
      expect(body.runners.map((r) => [r.post_position, r.horse_id])).toEqual(
        entries.map((e) => [e.post_position, e.horse_id]),
      );
      for (const runner of body.runners) {
        const [pp]: {
          win_pct_horse: string;
          avg_speed_figure_horse: string;
          earnings_cents: string;
          last_race_time_ms: number;
        }[] = await db.query('SELECT * FROM past_performances WHERE horse_id = $1', [runner.horse_id]);
        if (!pp) {
          expect(runner.win_rate).toBeNull();
          continue;
        }
        expect(runner.win_rate).toBeCloseTo(Number(pp.win_pct_horse) / 100, 6);
        expect(runner.average_speed).toBeCloseTo(Number(pp.avg_speed_figure_horse), 6);
        expect(runner.earnings_cents).toBe(Number(pp.earnings_cents));
        expect(runner.last_race_time_seconds).toBeCloseTo(pp.last_race_time_ms / 1000, 6);
        expect(runner.morning_line).toMatch(/^\d+-\d+$/);
      }
    });

    it('should answer 404 for a race that does not exist', async () => {
      const { status } = await sut.get('/api/current_races/2147483000/predictor');
      expect(status).toBe(404);
    });
  });

  describe('GET /api/handicapping/backtest', () => {
    it('should score every finished race, and the spec weights the same as the default', async () => {
      const [{ n }]: { n: number }[] = await db.query('SELECT count(*)::int AS n FROM race_results');

      const { status, body } = await sut.get<BacktestResponse>('/api/handicapping/backtest');

      expect(status).toBe(200);
      expect(body.races).toBe(n);
      expect(body.weights).toEqual(SPEC_PREDICTOR_WEIGHTS);
      const [yours, spec] = body.scores;
      expect(yours?.name).toBe('yours');
      expect(spec?.name).toBe('spec');
      expect({ ...yours, name: 'spec', label: spec?.label }).toEqual(spec);
      expect(yours?.races).toBe(n);
      // Runners by bin add up to every start of every race.
      const [{ starts }]: { starts: number }[] = await db.query(
        'SELECT count(*)::int AS starts FROM race_result_finishers',
      );
      expect(yours?.calibration.reduce((a, b) => a + b.count, 0)).toBe(starts);
      expect(yours?.hit_rate).toBeGreaterThan(0);
      expect(yours?.hit_rate).toBeLessThan(1);
    });

    it('should give other figures for other weights, and better than chance for the spec weights', async () => {
      const spec = (await sut.get<BacktestResponse>('/api/handicapping/backtest')).body.scores[0];
      const speedOnly = (
        await sut.get<BacktestResponse>(
          '/api/handicapping/backtest?win_rate=0&average_speed=1&earnings=0&last_race_time=0&jockey_win_rate=0',
        )
      ).body.scores[0];
      expect(speedOnly?.log_loss).not.toBe(spec?.log_loss);
      expect(speedOnly?.hit_rate).not.toBe(spec?.hit_rate);
      // The seeded history has form in it: the top pick wins more often than 1 in 12.
      expect(spec?.hit_rate).toBeGreaterThan(1 / 12);
    });

    it.each([
      ['win_rate=0.333', 'win_rate'],
      ['average_speed=2', 'average_speed'],
      ['earnings=abc', 'earnings'],
      ['win_rate=0&average_speed=0&earnings=0&last_race_time=0&jockey_win_rate=0', 'weights'],
    ])('should refuse %s with a 400 naming %s', async (query, field) => {
      const { status, body } = await sut.get<ApiErrorResponse>(`/api/handicapping/backtest?${query}`);
      expect(status).toBe(400);
      expect(body.errors?.map((e) => e.field)).toContain(field);
    });
  });

  describe('the weights an account saves', () => {
    const tag = Date.now().toString(36);

    it("should answer the spec's weights until the account saves its own, then exactly those", async () => {
      const api = new ApiSession(sut.baseUrl);
      await api.signUp(`weigher_${tag}`, `weigher.${tag}@furlong.test`, 'weigher password 1');

      const before = await api.get<PredictorWeightsResponse>('/api/me/predictor_weights');
      expect(before.body).toEqual({ weights: SPEC_PREDICTOR_WEIGHTS, saved: false });

      const mine = { win_rate: 0.07, average_speed: 0.29, earnings: 0, last_race_time: 1, jockey_win_rate: 0.55 };
      const put = await api.request<PredictorWeightsResponse>('PUT', '/api/me/predictor_weights', mine);
      expect(put.status).toBe(200);

      const after = await api.get<PredictorWeightsResponse>('/api/me/predictor_weights');
      expect(after.body).toEqual({ weights: mine, saved: true });

      // Another account still has the spec's.
      const other = new ApiSession(sut.baseUrl);
      await other.signUp(`other_${tag}`, `other.${tag}@furlong.test`, 'other password 12');
      expect((await other.get<PredictorWeightsResponse>('/api/me/predictor_weights')).body.saved).toBe(false);
    });

    it('should refuse weights off the 0.01 grid or all zero, naming the field, and keep what was saved', async () => {
      const api = new ApiSession(sut.baseUrl);
      await api.signUp(`strict_${tag}`, `strict.${tag}@furlong.test`, 'strict password 1');
      const good = { ...SPEC_PREDICTOR_WEIGHTS, earnings: 0.5 };
      await api.request('PUT', '/api/me/predictor_weights', good);

      const offGrid = await api.request<ApiErrorResponse>('PUT', '/api/me/predictor_weights', {
        ...good,
        win_rate: 0.125,
      });
      const zero = await api.request<ApiErrorResponse>('PUT', '/api/me/predictor_weights', {
        win_rate: 0,
        average_speed: 0,
        earnings: 0,
        last_race_time: 0,
        jockey_win_rate: 0,
      });

      expect(offGrid.status).toBe(400);
      expect(offGrid.body.errors?.map((e) => e.field)).toEqual(['win_rate']);
      expect(zero.status).toBe(400);
      expect(zero.body.errors?.map((e) => e.field)).toEqual(['weights']);
      expect((await api.get<PredictorWeightsResponse>('/api/me/predictor_weights')).body.weights).toEqual(good);
    });

    it('should need a session', async () => {
      const anonymous = new ApiSession(sut.baseUrl);
      expect((await anonymous.get('/api/me/predictor_weights')).status).toBe(401);
    });
  });
});
