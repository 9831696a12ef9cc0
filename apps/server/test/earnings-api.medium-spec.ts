import type {
  ApiErrorResponse,
  EarningsHorsesPage,
  EarningsStartsPage,
  EarningsSummaryResponse,
} from '@furlong/contracts';
import { DataSource } from 'typeorm';
import { EarningsFigures } from '../src/catalog/earnings-figures';
import { RacingService } from '../src/racing/racing.service';
import { finishRace, stageRace } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import {
  createDatabase,
  createMigratedDatabase,
  dropDatabase,
  migrateAndSeed,
  uniqueName,
} from './support/test-database';

// A small world made by hand, so every total below is worked out on paper:
//
// race  day         track  runners (horse, jockey, trainer, owner: place, earned)
// R1    2025-12-30  Alpha  Apple J1 Tr1 O1: 1st $6,000.00 · Bay J2 Tr1 O2: 2nd $2,000.00 · Comet J3 Tr2 O1: 3rd $1,100.00
// R2    2026-01-05  Beta   Apple J2 Tr1 O1: 2nd $1,500.00 · Comet J1 Tr2 O1: 1st $4,500.00 · Bay J3 Tr1 O2: 3rd $825.12
// R3    2026-01-05  Alpha  Apple J1 Tr1 O1: 2nd $0.00     · Bay J2 Tr1 O2: 1st $3,000.00   (a later post time than R2)
// R4    2026-02-10  Beta   Apple J1 Tr1 O1: 1st $9,999.99 · Comet J2 Tr2 O1: 2nd $0.01
//
// J4 has no starts. Tr1 and O1 have two runners in R1 and R2.
const TRACKS = [
  [1, 'Alpha Downs'],
  [2, 'Beta Park'],
] as const;
const HORSES = [
  [1, 'Apple Jack', 1, 1],
  [2, 'Bay Breeze', 1, 2],
  [3, 'Cold Comet', 2, 1],
] as const;
const RACES = [
  [1, '2025-12-30', 1, '13:00'],
  [2, '2026-01-05', 2, '13:00'],
  [3, '2026-01-05', 1, '15:30'],
  [4, '2026-02-10', 2, '14:00'],
] as const;
// race, place, post, horse, jockey, cents
const FINISHERS = [
  [1, 1, 1, 1, 1, 600_000],
  [1, 2, 2, 2, 2, 200_000],
  [1, 3, 3, 3, 3, 110_000],
  [2, 1, 1, 3, 1, 450_000],
  [2, 2, 2, 1, 2, 150_000],
  [2, 3, 3, 2, 3, 82_512],
  [3, 1, 2, 2, 2, 300_000],
  [3, 2, 1, 1, 1, 0],
  [4, 1, 1, 1, 1, 999_999],
  [4, 2, 2, 3, 2, 1],
] as const;

async function buildWorld(db: DataSource): Promise<void> {
  await db.query(`INSERT INTO breeds (id, breed_name, breed_description) VALUES (1, 'Thoroughbred', 'Fast')`);
  await db.query(`INSERT INTO jockeys (id, jockey_name) VALUES (1, 'J1 Rider'), (2, 'J2 Rider'), (3, 'J3 Rider'),
                                                              (4, 'J4 Rider')`);
  await db.query(`INSERT INTO trainers (id, trainer_name) VALUES (1, 'Tr1 Trainer'), (2, 'Tr2 Trainer')`);
  await db.query(`INSERT INTO owners (id, owner_name) VALUES (1, 'O1 Owner'), (2, 'O2 Owner')`);
  for (const [id, name] of TRACKS) {
    await db.query(
      `INSERT INTO tracks (id, track_name, location, start_time, daily_races, race_intervals, surface_type,
                           track_condition, weather, miles, furlongs, meters, post_time, purse_cents)
       VALUES ($1, $2, 'Somewhere', '13:00', 8, 30, 'dirt', 'fast', 'clear', 0.75, 6, 1207, '13:00', 1000000)`,
      [id, name],
    );
  }
  for (const [id, name, trainer, owner] of HORSES) {
    await db.query(
      `INSERT INTO horses (id, horse_name, horse_number, breed_id, dob, age, gender, sire, dam, breeder, trainer_id,
                           owner_id)
       VALUES ($1, $2, $1, 1, '2022-03-01', 4, 'male', 'Sire', 'Dam', 'Breeder', $3, $4)`,
      [id, name, trainer, owner],
    );
  }
  for (const [id, day, track, time] of RACES) {
    await db.query(
      `INSERT INTO races (id, race_name, race_date, race_number, starting_time, race_class, num_horses, track_id,
                          location, miles, furlongs, meters, weather, surface_type, track_condition, purse_cents)
       VALUES ($1::int, $5, $2, $1::int, $4, 'Allowance', 3, $3, 'Somewhere', 0.75, 6, 1207, 'clear', 'dirt',
               'fast', 1000000)`,
      [id, day, track, time, `Race ${id}`],
    );
    const winner = FINISHERS.find((f) => f[0] === id && f[1] === 1) as (typeof FINISHERS)[number];
    await db.query(
      `INSERT INTO race_results (id, race_id, num_horses, winner_horse_id, winner_post_position, race_duration_ms,
                                 wire_position, finished_at)
       VALUES ($1, $1, $2, $3, $4, 70000, 0.98, $5::date + time '14:00')`,
      [id, FINISHERS.filter((f) => f[0] === id).length, winner[3], winner[2], day],
    );
  }
  for (const [race, place, post, horse, jockey, cents] of FINISHERS) {
    const [, , trainer, owner] = HORSES.find((h) => h[0] === horse) as (typeof HORSES)[number];
    await db.query(
      `INSERT INTO race_result_finishers (result_id, finish_position, post_position, horse_id, jockey_id, trainer_id,
                                          owner_id, finish_time_ms, speed_figure, earnings_cents)
       VALUES ($1, $2::int, $3, $4, $5, $6, $7, 70000 + $2::int * 100, 80, $8)`,
      [race, place, post, horse, jockey, trainer, owner, cents],
    );
  }
}

describe('Earnings API', () => {
  const dbName = uniqueName('furlong_earnings');
  let sut: TestApp;

  beforeAll(async () => {
    const url = await createMigratedDatabase(dbName);
    sut = await startTestApp({ DATABASE_URL: url });
    await buildWorld(sut.app.get(DataSource));
  });

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  const summary = async (path: string) => {
    const res = await sut.get<EarningsSummaryResponse>(`/api/earnings/${path}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  describe('GET /api/earnings/{kind}/{id}', () => {
    it('should total a horse: starts, wins, paid starts, cents, first and last day', async () => {
      const body = await summary('horses/1');
      // Apple Jack: 6,000.00 + 1,500.00 + 0 + 9,999.99
      expect(body).toMatchObject({
        kind: 'horses',
        id: 1,
        name: 'Apple Jack',
        starts: 4,
        wins: 2,
        paid_starts: 3,
        earnings_cents: 1_749_999,
        first_date: '2025-12-30',
        last_date: '2026-02-10',
        bucket: 'day',
        tracks_total: 2,
      });
    });

    it('should give the horse a running total per race day, two races on one day as one point', async () => {
      const body = await summary('horses/1');
      expect(body.timeline).toEqual([
        { date: '2025-12-30', starts: 1, earnings_cents: 600_000, cumulative_cents: 600_000 },
        { date: '2026-01-05', starts: 2, earnings_cents: 150_000, cumulative_cents: 750_000 },
        { date: '2026-02-10', starts: 1, earnings_cents: 999_999, cumulative_cents: 1_749_999 },
      ]);
    });

    it('should group a long history by week, month or year, each point dated by the first day of its bucket', async () => {
      // The server takes a coarser bucket only past 400 race days; the read model is asked directly here.
      const sutFigures = sut.app.get(EarningsFigures);
      const points = async (bucket: 'week' | 'month' | 'year') =>
        (await sutFigures.timeline('horses', 1, bucket)).map((p) => [p.date, p.starts, p.cumulative_cents]);
      // 2025-12-30 and 2026-02-10 are Tuesdays; weeks start on Monday.
      expect(await points('week')).toEqual([
        ['2025-12-29', 1, 600_000],
        ['2026-01-05', 2, 750_000],
        ['2026-02-09', 1, 1_749_999],
      ]);
      expect(await points('month')).toEqual([
        ['2025-12-01', 1, 600_000],
        ['2026-01-01', 2, 750_000],
        ['2026-02-01', 1, 1_749_999],
      ]);
      expect(await points('year')).toEqual([
        ['2025-01-01', 1, 600_000],
        ['2026-01-01', 3, 1_749_999],
      ]);
    });

    it('should split the horse by year (oldest first) and by track (highest first)', async () => {
      const body = await summary('horses/1');
      expect(body.by_year).toEqual([
        { year: 2025, starts: 1, wins: 1, earnings_cents: 600_000 },
        { year: 2026, starts: 3, wins: 1, earnings_cents: 1_149_999 },
      ]);
      expect(body.by_track).toEqual([
        { track_id: 2, track_name: 'Beta Park', starts: 2, wins: 1, earnings_cents: 1_149_999 },
        { track_id: 1, track_name: 'Alpha Downs', starts: 2, wins: 1, earnings_cents: 600_000 },
      ]);
    });

    it.each([
      // J1 rode Apple in R1, R3, R4 and Comet in R2: 6,000.00 + 0 + 9,999.99 + 4,500.00
      ['jockeys/1', 'J1 Rider', 4, 3, 2_049_999],
      // J2: Bay 2,000.00 (R1) + Apple 1,500.00 (R2) + Bay 3,000.00 (R3) + Comet 0.01 (R4)
      ['jockeys/2', 'J2 Rider', 4, 1, 650_001],
      ['jockeys/3', 'J3 Rider', 2, 0, 192_512],
      // Tr1 had Apple and Bay: 8,000.00 + 2,325.12 + 3,000.00 + 9,999.99
      ['trainers/1', 'Tr1 Trainer', 7, 3, 2_332_511],
      ['trainers/2', 'Tr2 Trainer', 3, 1, 560_001],
      // O1 owned Apple and Comet: 7,100.00 + 6,000.00 + 0 + 10,000.00
      ['owners/1', 'O1 Owner', 7, 3, 2_310_000],
      ['owners/2', 'O2 Owner', 3, 1, 582_512],
    ])('should total %s as worked out by hand', async (path, name, starts, wins, cents) => {
      const body = await summary(path);
      expect(body).toMatchObject({ name, starts, wins, earnings_cents: cents });
      expect(body.timeline.at(-1)?.cumulative_cents).toBe(cents);
      const sum = (xs: { earnings_cents: number }[]) => xs.reduce((n, x) => n + x.earnings_cents, 0);
      expect(sum(body.by_year)).toBe(cents);
      expect(sum(body.by_track)).toBe(cents);
      expect(sum(body.timeline)).toBe(cents);
    });

    it('should count two runners of one trainer in one race as two starts on one day', async () => {
      const body = await summary('trainers/1');
      expect(body.timeline[0]).toEqual({
        date: '2025-12-30',
        starts: 2,
        earnings_cents: 800_000,
        cumulative_cents: 800_000,
      });
    });

    it('should answer someone without a start with zeros and empty lists', async () => {
      expect(await summary('jockeys/4')).toEqual({
        kind: 'jockeys',
        id: 4,
        name: 'J4 Rider',
        starts: 0,
        wins: 0,
        paid_starts: 0,
        earnings_cents: 0,
        first_date: null,
        last_date: null,
        bucket: 'day',
        timeline: [],
        by_year: [],
        by_track: [],
        tracks_total: 0,
      });
    });

    it('should answer an unknown id with 404, and a bad kind or id with 400 naming it', async () => {
      const missing = await sut.get<ApiErrorResponse>('/api/earnings/owners/99');
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Owner 99 not found');
      const badKind = await sut.get<ApiErrorResponse>('/api/earnings/tracks/1');
      expect(badKind.status).toBe(400);
      expect(badKind.body.errors?.map((e) => e.field)).toEqual(['kind']);
      const badId = await sut.get<ApiErrorResponse>('/api/earnings/horses/0');
      expect(badId.status).toBe(400);
      expect(badId.body.errors?.map((e) => e.field)).toEqual(['id']);
    });
  });

  describe('GET /api/earnings/{kind}/{id}/starts', () => {
    it('should list the starts newest first, each with the running total up to it', async () => {
      const { status, body } = await sut.get<EarningsStartsPage>('/api/earnings/horses/1/starts');
      expect(status).toBe(200);
      expect(body).toMatchObject({ total: 4, limit: 25, offset: 0 });
      expect(
        body.items.map((s) => [
          s.race_id,
          s.race_date,
          s.track_name,
          s.finish_position,
          s.earnings_cents,
          s.cumulative_cents,
        ]),
      ).toEqual([
        [4, '2026-02-10', 'Beta Park', 1, 999_999, 1_749_999],
        [3, '2026-01-05', 'Alpha Downs', 2, 0, 750_000],
        [2, '2026-01-05', 'Beta Park', 2, 150_000, 750_000],
        [1, '2025-12-30', 'Alpha Downs', 1, 600_000, 600_000],
      ]);
    });

    it('should page a trainer’s starts with the same running totals as the whole list', async () => {
      const page = (offset: number) =>
        sut.get<EarningsStartsPage>(`/api/earnings/trainers/1/starts?limit=3&offset=${offset}`);
      const [first, second, third] = await Promise.all([page(0), page(3), page(6)]);
      expect(first.body.total).toBe(7);
      const all = [...first.body.items, ...second.body.items, ...third.body.items];
      expect(all.map((s) => [s.race_id, s.horse_name, s.cumulative_cents])).toEqual([
        [4, 'Apple Jack', 2_332_511],
        [3, 'Bay Breeze', 1_332_512],
        [3, 'Apple Jack', 1_032_512],
        [2, 'Bay Breeze', 1_032_512],
        [2, 'Apple Jack', 950_000],
        [1, 'Bay Breeze', 800_000],
        [1, 'Apple Jack', 600_000],
      ]);
      const past = await page(40);
      expect(past.body).toEqual({ items: [], total: 7, limit: 3, offset: 40 });
    });

    it('should refuse a page size over the limit and an unknown parameter, naming each', async () => {
      const res = await sut.get<ApiErrorResponse>('/api/earnings/horses/1/starts?limit=101&zz=1');
      expect(res.status).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toEqual(['zz', 'limit']);
      expect((await sut.get('/api/earnings/horses/77/starts')).status).toBe(404);
    });
  });

  describe('GET /api/earnings/{kind}/{id}/horses and /api/earnings/horses', () => {
    it('should list the horses a jockey rode with what each earned under them, highest first', async () => {
      const { status, body } = await sut.get<EarningsHorsesPage>('/api/earnings/jockeys/1/horses');
      expect(status).toBe(200);
      expect(body).toEqual({
        items: [
          {
            horse_id: 1,
            horse_name: 'Apple Jack',
            starts: 3,
            wins: 2,
            earnings_cents: 1_599_999,
            first_date: '2025-12-30',
            last_date: '2026-02-10',
          },
          {
            horse_id: 3,
            horse_name: 'Cold Comet',
            starts: 1,
            wins: 1,
            earnings_cents: 450_000,
            first_date: '2026-01-05',
            last_date: '2026-01-05',
          },
        ],
        total: 2,
        limit: 25,
        offset: 0,
      });
    });

    it('should page an owner’s horses and count them past the end', async () => {
      const first = await sut.get<EarningsHorsesPage>('/api/earnings/owners/1/horses?limit=1');
      expect(first.body.items.map((h) => [h.horse_name, h.earnings_cents])).toEqual([['Apple Jack', 1_749_999]]);
      expect(first.body.total).toBe(2);
      const past = await sut.get<EarningsHorsesPage>('/api/earnings/owners/1/horses?offset=5');
      expect(past.body).toMatchObject({ items: [], total: 2 });
      const nobody = await sut.get<EarningsHorsesPage>('/api/earnings/jockeys/4/horses');
      expect(nobody.body).toMatchObject({ items: [], total: 0 });
    });

    it('should refuse horses of a horse (400 naming kind) and of an unknown trainer (404)', async () => {
      const horse = await sut.get<ApiErrorResponse>('/api/earnings/horses/1/horses');
      expect(horse.status).toBe(400);
      expect(horse.body.errors?.map((e) => e.field)).toEqual(['kind']);
      expect((await sut.get('/api/earnings/trainers/9/horses')).status).toBe(404);
    });

    it('should rank every horse with a start by earnings', async () => {
      const { body } = await sut.get<EarningsHorsesPage>('/api/earnings/horses');
      expect(body.total).toBe(3);
      expect(body.items.map((h) => [h.horse_name, h.starts, h.earnings_cents])).toEqual([
        ['Apple Jack', 4, 1_749_999],
        ['Bay Breeze', 3, 582_512],
        ['Cold Comet', 3, 560_001],
      ]);
    });
  });
});

// A race run live joins the history as a race of its own: its money is counted like the seeded races'.
describe('Earnings API with a race run live', () => {
  const dbName = uniqueName('furlong_earnings_live');
  let sut: TestApp;

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 17, scale: 0.05 });
    sut = await startTestApp({ DATABASE_URL: url, WAGERING_CROWD_CENTS_PER_TICK: '0' });
  }, 120_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should add each finisher’s purse money to its horse, on the live race’s day', async () => {
    const raceId = await stageRace(sut.app, { startsInWallMs: 60_000 });
    await sut.app.get(RacingService).open([raceId]);
    const db = sut.app.get(DataSource);
    const runners: { horse_id: number }[] = await db.query(
      'SELECT horse_id FROM current_race_entries WHERE current_race_id = $1',
      [raceId],
    );
    const before = new Map<number, EarningsSummaryResponse>();
    for (const { horse_id } of runners) {
      before.set(horse_id, (await sut.get<EarningsSummaryResponse>(`/api/earnings/horses/${horse_id}`)).body);
    }

    await finishRace(sut.app, raceId);
    const finishers: { horse_id: number; earnings_cents: number; race_date: string }[] = await db.query(
      `SELECT f.horse_id, f.earnings_cents, cr.race_date
         FROM race_results rr JOIN race_result_finishers f ON f.result_id = rr.id
         JOIN current_races cr ON cr.id = rr.current_race_id
        WHERE rr.current_race_id = $1`,
      [raceId],
    );
    expect(finishers.length).toBeGreaterThan(1);
    expect(finishers.some((f) => f.earnings_cents > 0)).toBe(true);
    for (const f of finishers) {
      const was = before.get(f.horse_id) as EarningsSummaryResponse;
      const now = (await sut.get<EarningsSummaryResponse>(`/api/earnings/horses/${f.horse_id}`)).body;
      expect({ horse: f.horse_id, starts: now.starts, cents: now.earnings_cents, last: now.last_date }).toEqual({
        horse: f.horse_id,
        starts: was.starts + 1,
        cents: was.earnings_cents + f.earnings_cents,
        last: f.race_date,
      });
      expect(now.timeline.at(-1)).toMatchObject({ date: f.race_date, cumulative_cents: now.earnings_cents });
    }
  }, 60_000);
});
