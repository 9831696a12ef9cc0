import type { ApiErrorResponse, BetRequest, PlaceBetsResponse } from '@furlong/contracts';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { DataSource } from 'typeorm';
import { Metrics } from '../src/metrics/metrics';
import { RacingService } from '../src/racing/racing.service';
import { ApiSession } from './support/api-session';
import { stageRace, watchRace } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const TOKEN = 'metrics-token-for-the-medium-test';
const ADMIN = { email: 'steward@furlong.test', password: 'steward password 1' };

type Families = ReturnType<typeof parsePrometheusTextFormat>;

/** The value of a counter or gauge series (0 when the series is not there yet). */
function seriesValue(families: Families, name: string, labels: Record<string, string> = {}): number {
  const family = families.find((f) => f.name === name);
  const series = family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return Number(series?.value ?? 0);
}

// Live racing on at 20× so a staged race runs in seconds; bets go to races the test opens itself.
describe('GET /metrics', () => {
  const dbName = uniqueName('furlong_metrics');
  let sut: TestApp;
  let keys = 0;
  let dbUrl = '';

  /**
   * A histogram's observations, all series: read from the registry, since the parser (1.1.1)
   * merges a histogram's labelled series into one and drops their counts.
   */
  async function countOf(name: string): Promise<number> {
    const metric = sut.app.get(Metrics).registry.getSingleMetric(name);
    const values = ((await metric?.get())?.values ?? []) as { metricName?: string; value: number }[];
    return values.filter((v) => v.metricName === `${name}_count`).reduce((sum, v) => sum + v.value, 0);
  }

  /** A counter's value, summed over its series, from the registry. */
  async function counterSum(name: string): Promise<number> {
    const metric = sut.app.get(Metrics).registry.getSingleMetric(name);
    const values = ((await metric?.get())?.values ?? []) as { value: number }[];
    return values.reduce((sum, v) => sum + v.value, 0);
  }

  async function scrape(): Promise<Families> {
    const res = await fetch(`${sut.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return parsePrometheusTextFormat(await res.text());
  }

  const win = (raceId: number): BetRequest => ({
    bet_type: 'Win',
    race_ids: [raceId],
    amount_cents: 200,
    selections: [[1]],
    box: false,
  });

  function place(session: ApiSession, raceId: number) {
    return session.request<PlaceBetsResponse & ApiErrorResponse>(
      'POST',
      '/api/bets',
      { bets: [win(raceId)] },
      { headers: { 'Idempotency-Key': `metrics-${process.pid}-${++keys}` } },
    );
  }

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    dbUrl = url;
    await migrateAndSeed(url, { seed: 11, scale: 0.05 });
    sut = await startTestApp({
      DATABASE_URL: url,
      METRICS_TOKEN: TOKEN,
      RACING_ENABLED: 'true',
      RACING_TIME_SCALE: '20',
      RACING_SCHEDULER_SECONDS: '0.5',
      RACING_OPEN_LEAD_MINUTES: '3',
      WAGERING_CROWD_CENTS_PER_TICK: '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
  }, 90_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should answer Prometheus text with our families, typed, every series naming the instance', async () => {
    await fetch(`${sut.baseUrl}/api/health`);
    const res = await fetch(`${sut.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const families = parsePrometheusTextFormat(await res.text());
    const types = Object.fromEntries(families.map((f) => [f.name, f.type]));
    expect(types).toMatchObject({
      furlong_process_cpu_seconds_total: 'COUNTER',
      furlong_nodejs_eventloop_lag_seconds: 'GAUGE',
      furlong_nodejs_gc_duration_seconds: 'HISTOGRAM',
      furlong_nodejs_heap_size_used_bytes: 'GAUGE',
      furlong_nodejs_active_handles_total: 'GAUGE',
      furlong_sockets_connected: 'GAUGE',
      furlong_room_viewers: 'HISTOGRAM',
      furlong_race_frames_sent_total: 'COUNTER',
      furlong_tote_broadcasts_total: 'COUNTER',
      furlong_broadcast_latency_seconds: 'HISTOGRAM',
      furlong_tick_lateness_seconds: 'HISTOGRAM',
      furlong_ticks_missed_total: 'COUNTER',
      furlong_bet_slips_accepted_total: 'COUNTER',
      furlong_bets_accepted_total: 'COUNTER',
      furlong_bet_slips_refused_total: 'COUNTER',
      furlong_bet_duration_seconds: 'HISTOGRAM',
      furlong_settlement_duration_seconds: 'HISTOGRAM',
      furlong_tote_cycle_duration_seconds: 'HISTOGRAM',
      furlong_queue_jobs: 'GAUGE',
      furlong_job_duration_seconds: 'HISTOGRAM',
      furlong_job_failures_total: 'COUNTER',
      furlong_http_requests_total: 'COUNTER',
      furlong_http_request_duration_seconds: 'HISTOGRAM',
      furlong_db_pool_connections: 'GAUGE',
      furlong_db_pool_waiting: 'GAUGE',
      furlong_settlement_backlog_seconds: 'GAUGE',
    });
    // The route template, not the URL; the instance as the race runner names itself.
    expect(
      seriesValue(families, 'furlong_http_requests_total', { method: 'GET', route: '/api/health', status: '200' }),
    ).toBe(1);
    const instances = new Set(families.flatMap((f) => f.metrics.map((m) => m.labels?.instance)));
    expect([...instances]).toEqual([expect.stringMatching(new RegExp(`:${process.pid}:[0-9a-f]{6}$`))]);
    expect(seriesValue(families, 'furlong_queue_jobs', { queue: 'jobs', state: 'waiting' })).toBeGreaterThanOrEqual(0);
    expect(seriesValue(families, 'furlong_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(1);
  });

  it('should label requests by route template with the id left out', async () => {
    await fetch(`${sut.baseUrl}/api/current_races/987654321`);
    const families = await scrape();
    const routes = families.find((f) => f.name === 'furlong_http_requests_total')?.metrics.map((m) => m.labels?.route);
    expect(routes).toContain('/api/current_races/:id');
    expect(routes?.some((r) => r?.includes('987654321'))).toBe(false);
  });

  it('should count an accepted slip and its bets, and a refused slip by its reason', async () => {
    const punter = new ApiSession(sut.baseUrl);
    await punter.signUp('metricpunter', 'metricpunter@furlong.test', 'correct horse battery');
    const raceId = await stageRace(sut.app, { startsInWallMs: 600_000 });
    await sut.app.get(RacingService).open([raceId]);
    const before = await scrape();
    const timedBefore = await countOf('furlong_bet_duration_seconds');

    expect((await place(punter, raceId)).status).toBe(201);
    await sut.app
      .get(DataSource)
      .query(`UPDATE current_races SET status = 'closed', post_time = now() + interval '1 hour' WHERE id = $1`, [
        raceId,
      ]);
    const refused = await place(punter, raceId);
    expect(refused.status).toBe(409);

    const after = await scrape();
    const rise = (name: string, labels?: Record<string, string>) =>
      seriesValue(after, name, labels) - seriesValue(before, name, labels);
    expect(rise('furlong_bet_slips_accepted_total')).toBe(1);
    expect(rise('furlong_bets_accepted_total')).toBe(1);
    expect(rise('furlong_bet_slips_refused_total', { reason: 'betting_closed' })).toBe(1);
    expect(rise('furlong_bet_slips_refused_total', { reason: 'insufficient_funds' })).toBe(0);
    expect((await countOf('furlong_bet_duration_seconds')) - timedBefore).toBe(2);
  });

  it('should count the frames a running race sends and time their broadcast', async () => {
    const before = await scrape();
    const timedBefore = await countOf('furlong_broadcast_latency_seconds');
    const lateBefore = await countOf('furlong_tick_lateness_seconds');
    const id = await stageRace(sut.app, { startsInWallMs: 3000 });
    const viewer = await watchRace(sut.baseUrl, id);
    try {
      await viewer.result;
      // Frames sent and broadcasts timed, read from the registry in the same instant (no frame can go
      // out between the two reads, as one could between a scrape and a later read).
      const [framesNow, timedNow] = await Promise.all([
        counterSum('furlong_race_frames_sent_total'),
        countOf('furlong_broadcast_latency_seconds'),
      ]);
      const after = await scrape();
      const sent = framesNow - seriesValue(before, 'furlong_race_frames_sent_total');
      expect(sent).toBeGreaterThanOrEqual(viewer.frames.length);
      expect(viewer.frames.length).toBeGreaterThan(0);
      const timed = timedNow - timedBefore;
      expect(timed).toBe(sent);
      expect(await countOf('furlong_tick_lateness_seconds')).toBeGreaterThan(lateBefore);
      expect(seriesValue(after, 'furlong_sockets_connected')).toBeGreaterThanOrEqual(1);
    } finally {
      viewer.close();
    }
  }, 60_000);

  it('should refuse without credentials or with a wrong token (401) and a member session (403)', async () => {
    expect((await fetch(`${sut.baseUrl}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${sut.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('cache-control')).toBe('no-store');
    const member = new ApiSession(sut.baseUrl);
    await member.signUp('metricmember', 'metricmember@furlong.test', 'correct horse battery');
    expect((await member.request('GET', '/metrics')).status).toBe(403);
  });

  it("should answer an operator's and an admin's session, and a member's no more once demoted", async () => {
    const admin = new ApiSession(sut.baseUrl);
    await admin.logIn(ADMIN.email, ADMIN.password);
    const shift = new ApiSession(sut.baseUrl);
    const me = await shift.signUp('metricoperator', 'metricoperator@furlong.test', 'correct horse battery');
    const setRole = (role: string) => admin.request('PUT', `/api/admin/users/${me.id}/role`, { role });
    const scrapeAs = async (session: ApiSession) => {
      const res = await fetch(`${sut.baseUrl}/metrics`, {
        headers: { cookie: [...session.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ') },
      });
      return { status: res.status, text: await res.text() };
    };

    expect((await scrapeAs(admin)).status).toBe(200);
    expect((await scrapeAs(shift)).status).toBe(403);
    expect((await setRole('operator')).status).toBe(200);
    const asOperator = await scrapeAs(shift);
    expect(asOperator.status).toBe(200);
    expect(parsePrometheusTextFormat(asOperator.text).map((f) => f.name)).toContain('furlong_bets_accepted_total');
    expect((await setRole('user')).status).toBe(200);
    expect((await scrapeAs(shift)).status).toBe(403);
  });

  it('should count nothing and serve no /metrics on an instance with METRICS_ENABLED=false', async () => {
    const quiet = await startTestApp({ DATABASE_URL: dbUrl, METRICS_ENABLED: 'false' });
    try {
      await fetch(`${quiet.baseUrl}/api/health`);
      const res = await fetch(`${quiet.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ reason: 'metrics_disabled' });
      const text = await quiet.app.get(Metrics).scrape();
      const families = parsePrometheusTextFormat(text);
      expect(families.map((f) => f.name)).not.toContain('furlong_process_cpu_seconds_total');
      expect(seriesValue(families, 'furlong_http_requests_total')).toBe(0);
      quiet.app.get(Metrics).frameWritten(Date.now(), Date.now());
      expect(
        seriesValue(parsePrometheusTextFormat(await quiet.app.get(Metrics).scrape()), 'furlong_race_frames_sent_total'),
      ).toBe(0);
    } finally {
      await quiet.close();
    }
  });
});
