import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiErrorResponse, NewsPage, PlaceBetsResponse, RacePayoffs } from '@furlong/contracts';
import { DataSource } from 'typeorm';
import { JobQueue } from '../src/jobs/job-queue.service';
import { RacingService } from '../src/racing/racing.service';
import { ApiSession } from './support/api-session';
import { finishRace, stageCard, waitFor } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const FEED_XML = `<?xml version="1.0"?>
<rss version="2.0"><channel><title>Racing Wire</title><link>https://wire.example/</link><description>d</description>
<item><title>Wire story one</title><link>https://wire.example/1</link><guid>wire-1</guid>
  <pubDate>Wed, 25 Nov 2026 09:00:00 GMT</pubDate><description>First.</description></item>
<item><title>Wire story two</title><link>https://wire.example/2</link><guid>wire-2</guid>
  <pubDate>Wed, 25 Nov 2026 10:00:00 GMT</pubDate><description>Second.</description></item>
<item><title>Not followed</title><link>javascript:alert(1)</link><guid>wire-3</guid></item>
</channel></rss>`;

// The news is written by the content.news job from what the owners tell: a Pick 3 nobody had a
// race of carries over (one item linking to its last race, however often the job runs), that race's
// winner is a user's horse on its third win in a row, a public lot sells for a record; and the
// content.feed job reads a configured RSS feed (served here on loopback).
describe('News', () => {
  const dbName = uniqueName('furlong_news');
  let sut: TestApp;
  let card: number[] = [];
  let feedServer: Server;
  let feedStatus = 200;

  const db = () => sut.app.get(DataSource);
  const runNews = () => sut.app.get(JobQueue).driver.run('content.news', { reason: 'schedule' });

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 17, scale: 0.05 });
    feedServer = createServer((_req, res) => {
      if (feedStatus !== 200) {
        res.writeHead(feedStatus).end('down for maintenance');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(FEED_XML);
    });
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    sut = await startTestApp({
      DATABASE_URL: url,
      NEWS_FEED_URL: `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed.xml`,
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
    await new Promise((resolve) => feedServer?.close(resolve));
    await dropDatabase(dbName);
  });

  it('should write a carryover, a winning streak and a user’s horse winning once each, however often the job runs', async () => {
    const punter = new ApiSession(sut.baseUrl);
    await punter.signUp('newspunter', 'newspunter@furlong.test', 'correct horse battery');
    const runs = await Promise.all(card.map((id) => sut.app.get(RacingService).runnable(id)));
    const orders = runs.map((r) => r?.race.finish_order ?? []);
    // The last race's winner: the punter's horse from now.
    const lastRun = runs[2];
    const winner = lastRun?.spec.entries.find((e) => e.post_position === orders[2]?.[0])?.horse_id as number;
    await db().query(
      `INSERT INTO stable_horses (horse_id, user_id, ability_speed, ability_stamina, ability_early_speed, fatigue, fitness, condition_at)
       SELECT $1, id, 50, 50, 50, 0, 0.5, now() FROM users WHERE username = 'newspunter'`,
      [winner],
    );
    // Its last three starts before this race: won, won, not won (a streak of 3 with this one).
    const before: { result_id: number; finish_position: number }[] = await db().query(
      `SELECT f.result_id, f.finish_position FROM race_result_finishers f JOIN race_results rr ON rr.id = f.result_id
        WHERE f.horse_id = $1 ORDER BY rr.finished_at DESC, rr.id DESC LIMIT 3`,
      [winner],
    );
    expect(before).toHaveLength(3);
    const placeAt = (start: { result_id: number; finish_position: number }, position: number) =>
      db().query(
        `UPDATE race_result_finishers SET finish_position = CASE WHEN horse_id = $2 THEN $3 ELSE $4 END
          WHERE result_id = $1 AND (horse_id = $2 OR finish_position = $3)`,
        [start.result_id, winner, position, start.finish_position],
      );
    await placeAt(before[0] as (typeof before)[number], 1);
    await placeAt(before[1] as (typeof before)[number], 1);
    if (before[2]?.finish_position === 1) await placeAt(before[2], 2);
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
    const ofLast = body.items.filter((i) => i.guid.startsWith(`race-${last}-`));
    const aboutWinner = ofLast
      .filter((i) => i.kind === 'win_streak' || i.kind === 'owner_win')
      .sort((a, b) => a.guid.localeCompare(b.guid));
    expect(aboutWinner).toEqual([
      expect.objectContaining({
        guid: `race-${last}-owner-win`,
        kind: 'owner_win',
        title: expect.stringMatching(/^newspunter’s .+ wins at /),
        link: `/page-horse/${winner}`,
      }),
      expect.objectContaining({
        guid: `race-${last}-win-streak`,
        kind: 'win_streak',
        title: expect.stringMatching(/ wins 3 in a row$/),
        link: `/page-horse/${winner}`,
      }),
    ]);
    const guids = body.items.map((i) => i.guid);
    expect(new Set(guids).size).toBe(guids.length);
    expect(body.total).toBe(body.items.length);
    for (const item of body.items.filter((i) => i.kind !== 'feed')) {
      expect(item.link).toMatch(/^\/(race|page-horse)\/\d+$/);
    }
  }, 60_000);

  it('should write a public lot sold above every earlier one as an auction record, once', async () => {
    const [sale]: { id: number }[] = await db().query(
      `INSERT INTO auction_sales (name, kind, opens_at, first_close_at)
       VALUES ('The Record Sale', 'public', now() - interval '2 hours', now() - interval '1 hour') RETURNING id`,
    );
    const lot = async (name: string, cents: number, minutesAgo: number): Promise<number> => {
      const [row]: { id: number }[] = await db().query(
        `INSERT INTO auction_horses (name, breed, age, description, starting_bid_cents, sale_id, status, hammer_price_cents, hammered_at, closes_at)
         VALUES ($1, 'Thoroughbred', 3, 'd', 100000, $2, 'sold', $3, now() - $4 * interval '1 minute', now() - $4 * interval '1 minute')
         RETURNING id`,
        [name, sale?.id, cents, minutesAgo],
      );
      return row?.id as number;
    };
    await lot('First Sold', 5_000_000, 30);
    const record = await lot('Record Breaker', 9_000_000, 20);
    await lot('Below The Record', 7_000_000, 10);

    await runNews();
    await runNews();

    const { body } = await sut.get<NewsPage>('/api/news?limit=100');
    expect(body.items.filter((i) => i.kind === 'auction_record')).toEqual([
      expect.objectContaining({
        guid: `lot-${record}-record`,
        title: 'Record Breaker sells for a record $90,000.00',
        link: `/auction-horses/${record}`,
      }),
    ]);
  });

  it('should add a configured feed’s items once each, with their own links, and fail a run the feed refuses', async () => {
    const feedItems = async () =>
      (await sut.get<NewsPage>('/api/news?limit=100')).body.items.filter((i) => i.kind === 'feed');
    // Read once at start.
    const items = await waitFor('the feed read at start', async () => {
      const got = await feedItems();
      return got.length > 0 ? got : undefined;
    });
    expect(items.map((i) => [i.title, i.link, i.description])).toEqual([
      ['Wire story two', 'https://wire.example/2', 'Second.'],
      ['Wire story one', 'https://wire.example/1', 'First.'],
    ]);
    const feedJob = () => sut.app.get(JobQueue).driver.run('content.feed', { reason: 'schedule' });
    await feedJob();
    expect(await feedItems()).toEqual(items);

    feedStatus = 503;
    await expect(feedJob()).rejects.toThrow(/answered 503/);
    feedStatus = 200;
    expect(await feedItems()).toEqual(items);
  });

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
