import type { ApiErrorResponse, NewsPage, PlaceBetsResponse, RacePayoffs } from '@furlong/contracts';
import { DataSource } from 'typeorm';
import { JobQueue } from '../src/jobs/job-queue.service';
import { RacingService } from '../src/racing/racing.service';
import { ApiSession } from './support/api-session';
import { finishRace, stageCard, waitFor } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

// The news is written by the content.news job from wagering's settled results: a Pick 3 nobody had
// a race of carries over, which makes one item linking to its last race, however often the job runs.
describe('News', () => {
  const dbName = uniqueName('furlong_news');
  let sut: TestApp;
  let card: number[] = [];

  const db = () => sut.app.get(DataSource);
  const runNews = () => sut.app.get(JobQueue).driver.run('content.news', { reason: 'schedule' });

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 17, scale: 0.05 });
    sut = await startTestApp({
      DATABASE_URL: url,
      REGISTER_MAX_PER_IP_PER_HOUR: '1000',
      WAGERING_CROWD_CENTS_PER_TICK: '0',
      WAGERING_SEED_EXOTIC_CENTS: '0',
    });
    const tracks: { id: number }[] = await db().query(
      'SELECT id FROM tracks WHERE daily_races >= 3 ORDER BY id DESC LIMIT 1',
    );
    card = await stageCard(sut.app, tracks[0]?.id as number, 3);
    for (const id of card) {
      await waitFor(`the pools of race ${id}`, async () => {
        const n: { n: number }[] = await db().query(
          `SELECT count(*)::int AS n FROM wager_pools WHERE current_race_id = $1 AND bet_type = 'Win' AND seed_cents > 0`,
          [id],
        );
        return n[0]?.n === 1 ? true : undefined;
      });
    }
  }, 120_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should write a carryover once, linking to its race, however often the job runs', async () => {
    const punter = new ApiSession(sut.baseUrl);
    await punter.signUp('newspunter', 'newspunter@furlong.test', 'correct horse battery');
    const orders = await Promise.all(
      card.map(async (id) => (await sut.app.get(RacingService).runnable(id))?.race.finish_order ?? []),
    );
    // The last horse home in every leg: not one race right, the Pick 3 carries over.
    const misses = orders.map((o) => [o.at(-1) as number]);
    const slip = await punter.request<PlaceBetsResponse & ApiErrorResponse>(
      'POST',
      '/api/bets',
      { bets: [{ bet_type: 'Pick 3', race_ids: card, amount_cents: 100, selections: misses, box: false }] },
      { headers: { 'Idempotency-Key': `news-${process.pid}` } },
    );
    expect(slip.status).toBe(201);
    for (const id of card) await finishRace(sut.app, id);
    const last = card[2] as number;
    await waitFor('the last leg settled', async () => {
      const p = (await sut.get<RacePayoffs>(`/api/current_races/${last}/payoffs`)).body;
      return p.settled ? p : undefined;
    });

    await runNews();
    await runNews();

    const { status, body } = await sut.get<NewsPage>('/api/news?limit=100');
    expect(status).toBe(200);
    const carryovers = body.items.filter((i) => i.guid === `race-${last}-Pick 3-carryover`);
    expect(carryovers).toHaveLength(1);
    expect(carryovers[0]).toMatchObject({
      kind: 'carryover',
      link: `/race/${last}`,
      thumbnail: null,
      title: expect.stringContaining('Pick 3 carryover of $'),
    });
    const guids = body.items.map((i) => i.guid);
    expect(new Set(guids).size).toBe(guids.length);
    expect(body.total).toBe(body.items.length);
    for (const item of body.items) expect(item.link).toMatch(/^\/(race|page-horse)\/\d+$/);
  }, 60_000);

  it('should page the news newest first', async () => {
    await db().query(
      `INSERT INTO news_items (guid, kind, title, description, link, thumbnail, created_at)
       VALUES ('test-old', 'big_win', 'Old', 'old', '/page-horse/1', NULL, '2000-01-01'),
              ('test-new', 'big_win', 'New', 'new', '/page-horse/2', NULL, '2100-01-01')`,
    );
    const first = (await sut.get<NewsPage>('/api/news?limit=1')).body;
    expect(first.items.map((i) => i.guid)).toEqual(['test-new']);
    expect(first).toMatchObject({ limit: 1, offset: 0 });
    const all = (await sut.get<NewsPage>('/api/news?limit=100')).body;
    expect(all.items.at(-1)?.guid).toBe('test-old');
    const lastPage = (await sut.get<NewsPage>(`/api/news?limit=1&offset=${all.total - 1}`)).body;
    expect(lastPage.items.map((i) => i.guid)).toEqual(['test-old']);
  });

  it('should refuse a bad limit with a 400 naming it', async () => {
    const { status, body } = await sut.get<ApiErrorResponse>('/api/news?limit=0');
    expect(status).toBe(400);
    expect(JSON.stringify(body)).toContain('limit');
  });
});
