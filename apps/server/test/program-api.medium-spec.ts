import type {
  ApiErrorResponse,
  CurrentRaceDetail,
  CurrentRaceListResponse,
  TrackCardResponse,
} from '@furlong/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { createApp } from '../src/bootstrap';
import { Clock } from '../src/common/clock';
import { createRootLogger } from '../src/common/logger';
import { loadConfig } from '../src/config/app-config';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

class FixedClock extends Clock {
  constructor(private readonly at: Date) {
    super();
  }
  now(): Date {
    return new Date(this.at);
  }
}

interface TrackRow {
  id: number;
  location: string;
  start_time: string;
  utc_offset_minutes: number;
  daily_races: number;
  race_intervals: number;
  weather: string;
  surface_type: string;
  track_condition: string;
  distances_furlongs: number[];
  purse_sizes_cents: number[];
}

const NOW = new Date('2026-11-02T10:00:00.000Z');
const TODAY = '2026-11-02';

function secondsOf(clock: string): number {
  const [h, m, s] = clock.split(':').map(Number);
  return (h as number) * 3600 + (m as number) * 60 + (s as number);
}

// The card writes current races, so this file works in a database of its own.
describe('Program API', () => {
  const dbName = uniqueName('furlong_program');
  let app: NestFastifyApplication;
  let baseUrl: string;
  let db: DataSource;
  let tracks: TrackRow[];

  async function get<T>(path: string): Promise<{ status: number; body: T }> {
    const res = await fetch(`${baseUrl}${path}`);
    return { status: res.status, body: (await res.json()) as T };
  }

  async function card(trackId: number, date = TODAY): Promise<TrackCardResponse> {
    const { status, body } = await get<TrackCardResponse>(`/api/program/tracks/${trackId}/card?date=${date}`);
    expect(status).toBe(200);
    return body;
  }

  async function details(c: TrackCardResponse): Promise<CurrentRaceDetail[]> {
    return Promise.all(c.races.map(async (r) => (await get<CurrentRaceDetail>(`/api/current_races/${r.id}`)).body));
  }

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 1, scale: 0.05 });
    const config = loadConfig({
      DATABASE_URL: url,
      SEED_ON_START: 'false',
      LOG_LEVEL: 'error',
      SEED: '1',
      // The cards are checked as made, before any race moves on.
      RACING_ENABLED: 'false',
    });
    app = await createApp(config, { clock: new FixedClock(NOW), logger: createRootLogger({ logLevel: 'error' }) });
    await app.listen(0, '127.0.0.1');
    baseUrl = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    db = app.get(DataSource);
    tracks = await db.query(
      `SELECT id, location, start_time::text AS start_time, utc_offset_minutes, daily_races, race_intervals, weather, surface_type,
              track_condition, distances_furlongs::float8[] AS distances_furlongs,
              purse_sizes_cents::float8[] AS purse_sizes_cents
         FROM tracks ORDER BY daily_races DESC, id`,
    );
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await dropDatabase(dbName);
  });

  describe('GET /api/program/tracks/{trackId}/card', () => {
    it('should make daily_races races at date + local start − UTC offset + (n − 1) × interval', async () => {
      const track = tracks[0] as TrackRow;
      const sut = await card(track.id);
      expect(sut.date).toBe(TODAY);
      expect(sut.server_time).toBe(NOW.toISOString());
      expect(sut.track).toMatchObject({
        id: track.id,
        daily_races: track.daily_races,
        start_time: track.start_time,
        utc_offset_minutes: track.utc_offset_minutes,
      });
      expect(sut.races.map((r) => r.race_number)).toEqual(Array.from({ length: track.daily_races }, (_, i) => i + 1));
      const midnight = Date.parse(`${TODAY}T00:00:00Z`);
      for (const race of sut.races) {
        const expected =
          midnight +
          (secondsOf(track.start_time) -
            track.utc_offset_minutes * 60 +
            (race.race_number - 1) * track.race_intervals * 60) *
            1000;
        expect(race.post_time).toBe(new Date(expected).toISOString());
        expect(race).toMatchObject({
          track_id: track.id,
          race_date: TODAY,
          race_name: `${track.location} Race ${race.race_number}`,
          location: track.location,
          weather: track.weather,
          surface_type: track.surface_type,
          track_condition: track.track_condition,
          status: 'scheduled',
          seed_hash: null,
        });
        expect(track.distances_furlongs).toContain(race.furlongs);
        expect(track.purse_sizes_cents).toContain(race.purse_cents);
        expect(race.meters).toBe(Math.round(race.furlongs * 201.168));
      }
    });

    it('should run 6–12 runners per race, no horse twice on the card and no jockey twice in a race', async () => {
      const track = tracks[1] as TrackRow;
      const races = await details(await card(track.id));
      const cardHorses = races.flatMap((r) => r.entries.map((e) => e.horse_id));
      expect(new Set(cardHorses).size).toBe(cardHorses.length);
      for (const race of races) {
        expect(race.entries.length).toBeGreaterThanOrEqual(6);
        expect(race.entries.length).toBeLessThanOrEqual(12);
        expect(race.num_horses).toBe(race.entries.length);
        expect(race.entries.map((e) => e.post_position)).toEqual(race.entries.map((_, i) => i + 1));
        expect(new Set(race.entries.map((e) => e.jockey_id)).size).toBe(race.entries.length);
        for (const entry of race.entries) {
          expect(typeof entry.horse_name).toBe('string');
          expect(typeof entry.jockey_name).toBe('string');
          expect(typeof entry.horse_number).toBe('number');
        }
      }
    });

    it('should give the same card with the same races and runners when asked again', async () => {
      const track = tracks[0] as TrackRow;
      const first = await card(track.id, '2026-11-03');
      const second = await card(track.id, '2026-11-03');
      expect(second.races).toEqual(first.races);
      expect(await details(second)).toEqual(await details(first));
    });

    it('should make one card when five first requests arrive at once', async () => {
      const track = tracks[1] as TrackRow;
      const date = '2026-11-04';
      const cards = await Promise.all(Array.from({ length: 5 }, () => card(track.id, date)));
      const ids = cards.map((c) => c.races.map((r) => r.id));
      for (const other of ids) expect(other).toEqual(ids[0]);
      const [row] = await db.query(
        'SELECT count(*)::int AS races FROM current_races WHERE track_id = $1 AND race_date = $2',
        [track.id, date],
      );
      expect(row.races).toBe(track.daily_races);
    });

    it('should draw the same card again from the same seed, track and date', async () => {
      const track = tracks[1] as TrackRow;
      const date = '2026-11-05';
      const runners = (races: CurrentRaceDetail[]) =>
        races.map((r) => [r.post_time, r.furlongs, r.purse_cents, r.entries.map((e) => [e.horse_id, e.jockey_id])]);
      const before = runners(await details(await card(track.id, date)));
      await db.query('DELETE FROM current_races WHERE track_id = $1 AND race_date = $2', [track.id, date]);
      const after = runners(await details(await card(track.id, date)));
      expect(after).toEqual(before);
      const otherDay = runners(await details(await card(track.id, '2026-11-06')));
      expect(otherDay).not.toEqual(before);
    });

    it("should default to the track's local calendar day on the server's racing clock", async () => {
      const track = tracks[0] as TrackRow;
      const { status, body } = await get<TrackCardResponse>(`/api/program/tracks/${track.id}/card`);
      expect(status).toBe(200);
      const localToday = new Date(NOW.getTime() + track.utc_offset_minutes * 60_000).toISOString().slice(0, 10);
      expect(body.date).toBe(localToday);
      expect(body.races).toHaveLength(track.daily_races);
    });

    it('should answer an unknown track with 404 and write nothing', async () => {
      const { status, body } = await get<ApiErrorResponse>('/api/program/tracks/999999/card');
      expect(status).toBe(404);
      expect(body.message).toBe('Track 999999 not found');
      const [row] = await db.query('SELECT count(*)::int AS n FROM current_races WHERE track_id = 999999');
      expect(row.n).toBe(0);
    });

    it.each([
      ['/api/program/tracks/abc/card', 'trackId'],
      ['/api/program/tracks/0/card', 'trackId'],
      ['/api/program/tracks/1/card?date=2026-02-30', 'date'],
      ['/api/program/tracks/1/card?date=tomorrow', 'date'],
      ['/api/program/tracks/1/card?date=2026-11-02&date=2026-11-03', 'date'],
      ['/api/program/tracks/1/card?date=2027-06-01', 'date'],
      ['/api/program/tracks/1/card?date=2026-10-01', 'date'],
      ['/api/program/tracks/1/card?day=2026-11-02', 'day'],
    ])('should answer %s with 400 naming %s', async (path, field) => {
      const { status, body } = await get<ApiErrorResponse>(path);
      expect(status).toBe(400);
      expect(body.errors?.map((e) => e.field)).toContain(field);
    });
  });

  describe('GET /api/current_races/{id}', () => {
    it('should give a race with its track name, server time and runners with their connections', async () => {
      const track = tracks[0] as TrackRow;
      const [race] = (await card(track.id)).races;
      const { status, body } = await get<CurrentRaceDetail>(`/api/current_races/${race?.id}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ ...race, server_time: NOW.toISOString(), seed: null });
      expect(typeof body.track_name).toBe('string');
      const [own] = await db.query(
        `SELECT h.trainer_id, t.trainer_name, h.owner_id, o.owner_name FROM horses h
           LEFT JOIN trainers t ON t.id = h.trainer_id LEFT JOIN owners o ON o.id = h.owner_id WHERE h.id = $1`,
        [body.entries[0]?.horse_id],
      );
      expect(body.entries[0]).toMatchObject(own);
    });

    it('should answer an unknown race with 404 and a bad id with 400', async () => {
      expect((await get('/api/current_races/999999')).status).toBe(404);
      const bad = await get<ApiErrorResponse>('/api/current_races/x1');
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.map((e) => e.field)).toEqual(['id']);
    });
  });

  describe('GET /api/current_races', () => {
    it('should list a track day newest post time first, filtered and paged', async () => {
      const track = tracks[0] as TrackRow;
      const { status, body } = await get<CurrentRaceListResponse>(
        `/api/current_races?track_id=${track.id}&date=${TODAY}&status=scheduled&limit=5`,
      );
      expect(status).toBe(200);
      expect(body.total).toBe(track.daily_races);
      expect(body.limit).toBe(5);
      expect(body.items.map((r) => r.race_number)).toEqual(Array.from({ length: 5 }, (_, i) => track.daily_races - i));
      const next = await get<CurrentRaceListResponse>(
        `/api/current_races?track_id=${track.id}&date=${TODAY}&limit=5&offset=5`,
      );
      expect(next.body.items[0]?.race_number).toBe(track.daily_races - 5);
    });

    it('should list every track newest first without filters', async () => {
      const { body } = await get<CurrentRaceListResponse>('/api/current_races?limit=500');
      const times = body.items.map((r) => r.post_time);
      expect(times).toEqual([...times].sort().reverse());
      expect(body.total).toBeGreaterThanOrEqual(body.items.length);
      const none = await get<CurrentRaceListResponse>('/api/current_races?status=finished');
      expect(none.body).toEqual({
        items: [],
        total: 0,
        limit: 25,
        offset: 0,
        server_time: '2026-11-02T10:00:00.000Z',
        time_scale: 1,
      });
    });

    it.each([
      ['track_id=abc', 'track_id'],
      ['track_id=0', 'track_id'],
      ['date=2026-13-01', 'date'],
      ['status=flying', 'status'],
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['offset=-1', 'offset'],
      ['sort=post_time', 'sort'],
    ])('should answer ?%s with 400 naming %s', async (query, field) => {
      const { status, body } = await get<ApiErrorResponse>(`/api/current_races?${query}`);
      expect(status).toBe(400);
      expect(body.errors?.map((e) => e.field)).toEqual([field]);
      expect(JSON.stringify(body)).not.toMatch(/select |from "|stack/i);
    });
  });

  it('should publish the program endpoints in the OpenAPI document', async () => {
    const { body } = await get<{ paths: Record<string, unknown> }>('/api/docs-json');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/api/program/tracks/{trackId}/card', '/api/current_races', '/api/current_races/{id}']),
    );
  });
});
