import type {
  ApiErrorResponse,
  CurrentRaceDetail,
  NextToPostResponse,
  NextToPostTrack,
  TrackCardResponse,
} from '@furlong/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap';
import { Clock } from '../src/common/clock';
import { createRootLogger } from '../src/common/logger';
import { loadConfig } from '../src/config/app-config';
import { RaceRepository } from '../src/racing/race.repository';
import { RaceSchedulerJob } from '../src/racing/race-scheduler.job';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

class MovableClock extends Clock {
  constructor(public at: Date) {
    super();
  }
  now(): Date {
    return new Date(this.at);
  }
}

const DAY = '2026-11-02';
/** 13:31:30 UTC: a minute and a half past the post of the fourth race at the card below. */
const NOW = new Date(`${DAY}T13:31:30.000Z`);
const at = (clock: string) => `${DAY}T${clock}.000Z`;

// The board reads cards the scheduler writes, so this file works in a database of its own, with
// the clock still and the racing loop off: the test moves races on with the scheduler's own sweep.
describe('GET /api/next_to_post', () => {
  const dbName = uniqueName('furlong_next_to_post');
  const clock = new MovableClock(NOW);
  let app: NestFastifyApplication;
  let baseUrl: string;
  let db: DataSource;
  /** Three tracks on UTC set up for the day, and one left as seeded. */
  let midCard: number;
  let over: number;
  let startingSoon: number;

  async function get<T>(path: string): Promise<{ status: number; body: T }> {
    const res = await fetch(`${baseUrl}${path}`);
    return { status: res.status, body: (await res.json()) as T };
  }

  async function board(limit = 50): Promise<NextToPostResponse> {
    const { status, body } = await get<NextToPostResponse>(`/api/next_to_post?limit=${limit}`);
    expect(status).toBe(200);
    return body;
  }

  const trackOf = (sut: NextToPostResponse, id: number) => sut.tracks.find((t) => t.track_id === id) as NextToPostTrack;

  async function raceId(trackId: number, raceNumber: number): Promise<number> {
    const [row]: { id: number }[] = await db.query(
      'SELECT id FROM current_races WHERE track_id = $1 AND race_date = $2 AND race_number = $3',
      [trackId, DAY, raceNumber],
    );
    return row?.id as number;
  }

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 1, scale: 0.05 });
    const config = loadConfig({
      DATABASE_URL: url,
      SEED_ON_START: 'false',
      LOG_LEVEL: 'error',
      SEED: '1',
      RACING_ENABLED: 'false',
    });
    app = await createApp(config, { clock, logger: createRootLogger({ logLevel: 'error' }) });
    await app.listen(0, '127.0.0.1');
    baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    db = app.get(DataSource);
    const ids: { id: number }[] = await db.query('SELECT id FROM tracks ORDER BY id');
    [midCard, over, startingSoon] = ids.map((r) => r.id) as [number, number, number];
    // Posts 12:00, 12:30 … 15:30; 08:00 … 09:00; 13:40, 14:05 … 15:45 (UTC).
    const days: [number, string, number, number][] = [
      [midCard, '12:00:00', 8, 30],
      [over, '08:00:00', 4, 20],
      [startingSoon, '13:40:00', 6, 25],
    ];
    for (const [id, start, races, interval] of days) {
      await db.query(
        'UPDATE tracks SET start_time = $2, daily_races = $3, race_intervals = $4, utc_offset_minutes = 0 WHERE id = $1',
        [id, start, races, interval],
      );
    }
    // The server comes up at 13:31:30 with no card made: the morning's races were never run.
    const scheduler = app.get(RaceSchedulerJob);
    await scheduler.ensureCards(NOW.getTime());
    await scheduler.sweep(NOW.getTime());
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await dropDatabase(dbName);
  });

  it('should list the races not off yet across all tracks, soonest first, with minutes to post', async () => {
    const sut = await board();
    expect(sut.server_time).toBe(NOW.toISOString());
    expect(sut.time_scale).toBe(1);
    expect(sut.races.length).toBeGreaterThanOrEqual(4 + 6);
    const posts = sut.races.map((r) => Date.parse(r.post_time));
    expect(posts).toEqual([...posts].sort((a, b) => a - b));
    for (const race of sut.races) {
      expect(['scheduled', 'open', 'closed']).toContain(race.status);
      // A race not started a minute after post is cancelled, not run: it is no longer next.
      expect(Date.parse(race.post_time)).toBeGreaterThanOrEqual(NOW.getTime() - 60_000);
      expect(race.mtp).toBe(Math.max(0, Math.ceil((Date.parse(race.post_time) - NOW.getTime()) / 60_000)));
    }
    // 13:40 is 8½ minutes away: 9 MTP, and first; 14:00 is 28½ away: 29 MTP.
    expect(sut.races[0]).toMatchObject({
      track_id: startingSoon,
      race_number: 1,
      post_time: at('13:40:00'),
      status: 'open',
      mtp: 9,
      utc_offset_minutes: 0,
    });
    expect(sut.races.find((r) => r.track_id === midCard)).toMatchObject({ race_number: 5, mtp: 29 });
    expect(sut.races.some((r) => r.track_id === over)).toBe(false);
  });

  it('should answer at most `limit` races, the soonest ones', async () => {
    const all = await board();
    const sut = await board(2);
    expect(sut.races.map((r) => r.id)).toEqual(all.races.slice(0, 2).map((r) => r.id));
  });

  it('should show the races cancelled because the server was not running at their post time, with that reason', async () => {
    const sut = trackOf(await board(), midCard);
    expect(sut).toMatchObject({
      local_date: DAY,
      first_post_time: at('12:00:00'),
      races_today: 8,
      races_left: 4,
      next_race: { race_number: 5, post_time: at('14:00:00'), status: 'open', mtp: 29 },
      running_race: null,
      cancelled_race_numbers: [1, 2, 3, 4],
      cancel_reason: 'missed_post',
    });
    const card = await get<TrackCardResponse>(`/api/program/tracks/${midCard}/card?date=${DAY}`);
    expect(card.body.races.map((r) => [r.race_number, r.status, r.cancel_reason])).toEqual([
      [1, 'cancelled', 'missed_post'],
      [2, 'cancelled', 'missed_post'],
      [3, 'cancelled', 'missed_post'],
      [4, 'cancelled', 'missed_post'],
      [5, 'open', null],
      [6, 'scheduled', null],
      [7, 'scheduled', null],
      [8, 'scheduled', null],
    ]);
    const detail = await get<CurrentRaceDetail>(`/api/current_races/${await raceId(midCard, 1)}`);
    expect(detail.body).toMatchObject({ status: 'cancelled', cancel_reason: 'missed_post', utc_offset_minutes: 0 });
  });

  it('should say a track whose day is done has no racing left today, and why its races did not run', async () => {
    const sut = await board();
    expect(trackOf(sut, over)).toMatchObject({
      races_today: 4,
      races_left: 0,
      next_race: null,
      running_race: null,
      cancelled_race_numbers: [1, 2, 3, 4],
      cancel_reason: 'missed_post',
    });
    // Tracks with racing left come first, by their next post; the rest after them.
    const order = sut.tracks.map((t) => t.track_id);
    expect(order.indexOf(startingSoon)).toBeLessThan(order.indexOf(midCard));
    expect(order.indexOf(midCard)).toBeLessThan(order.indexOf(over));
    const withNext = sut.tracks.filter((t) => t.next_race);
    expect(sut.tracks.slice(0, withNext.length)).toEqual(withNext);
    const nextPosts = withNext.map((t) => Date.parse(t.next_race?.post_time ?? ''));
    expect(nextPosts).toEqual([...nextPosts].sort((a, b) => a - b));
  });

  it('should list a race running now and take it off next-to-post; a race whose result fails is cancelled as such', async () => {
    const races = app.get(RaceRepository);
    const first = await raceId(startingSoon, 1);
    clock.at = new Date(at('13:40:00'));
    expect(await races.close(first, clock.now())).toBe(true);
    expect(await races.start(first)).toBe(true);

    const running = await board();
    expect(running.running.map((r) => r.id)).toEqual([first]);
    expect(running.running[0]).toMatchObject({ track_id: startingSoon, race_number: 1, post_time: at('13:40:00') });
    expect(running.races.some((r) => r.id === first)).toBe(false);
    expect(trackOf(running, startingSoon)).toMatchObject({
      running_race: { id: first, race_number: 1 },
      next_race: { race_number: 2, post_time: at('14:05:00'), mtp: 25 },
      races_left: 5,
    });

    expect(await races.abandon(first)).toBe(true);
    const after = await board();
    expect(after.running).toEqual([]);
    expect(trackOf(after, startingSoon)).toMatchObject({
      running_race: null,
      cancelled_race_numbers: [1],
      cancel_reason: 'not_recorded',
    });
  });

  it('should refuse a bad limit with a 400 naming it', async () => {
    const { status, body } = await get<ApiErrorResponse>('/api/next_to_post?limit=0');
    expect(status).toBe(400);
    expect(body.errors?.map((e) => e.field)).toEqual(['limit']);
  });
});
