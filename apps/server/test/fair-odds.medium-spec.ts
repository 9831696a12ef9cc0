import type { ApiErrorResponse, FairOddsCalibration, RaceFairOdds } from '@furlong/contracts';
import { fairOdds, simulateFairOdds } from '@furlong/domain';
import { DataSource } from 'typeorm';
import { FairOddsService } from '../src/fair-odds/fair-odds.service';
import { JobQueue } from '../src/jobs/job-queue.service';
import { RacingService } from '../src/racing/racing.service';
import { ScratchService } from '../src/racing/scratch.service';
import { finishRace, getJson, stageRace, waitFor } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

const RUNS = 300;

// Fair odds end to end against the real PostgreSQL: opening a race queues a job that simulates its
// field in the worker thread and keeps the chances; the API answers them beside the live odds;
// the job is idempotent and runs again for the field a scratch leaves; the calibration reads the
// finished races.
describe('fair odds from the engine', () => {
  const dbName = uniqueName('furlong_fair_odds');
  let sut: TestApp;

  const db = () => sut.app.get(DataSource);
  const fairOddsOf = (id: number) =>
    getJson<RaceFairOdds & ApiErrorResponse>(sut.baseUrl, `/api/current_races/${id}/fair_odds`);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

  async function openRace(): Promise<number> {
    const id = await stageRace(sut.app, { startsInWallMs: 10 * 60_000 });
    await sut.app.get(RacingService).open([id]);
    return id;
  }

  function ready(id: number, starters?: number): Promise<RaceFairOdds> {
    return waitFor(`fair odds of race ${id}`, async () => {
      const { body } = await fairOddsOf(id);
      return body.status === 'ready' && (starters === undefined || body.runners.length === starters) ? body : undefined;
    });
  }

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 17, scale: 0.05 });
    sut = await startTestApp({ DATABASE_URL: url, FAIR_ODDS_RUNS: String(RUNS), WAGERING_CROWD_CENTS_PER_TICK: '0' });
  }, 60_000);

  afterAll(async () => {
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should keep fair odds for the field of a race that opens, from a seed of their own, and answer them', async () => {
    const id = await openRace();

    const sut1 = await ready(id);

    const runnable = await sut.app.get(RacingService).runnable(id);
    if (!runnable) throw new Error(`race ${id} not runnable`);
    const starters = runnable.spec.engine_runners.map((r) => r.post_position);
    expect(sut1.runners.map((r) => r.post_position)).toEqual(starters);
    expect(sut1.runs).toBe(RUNS);
    expect(sut1.seed).not.toBe(runnable.spec.seed);
    expect(sum(sut1.runners.map((r) => r.win_probability))).toBeCloseTo(1, 9);
    expect(sum(sut1.runners.map((r) => r.place_probability))).toBeCloseTo(2, 9);
    expect(sum(sut1.runners.map((r) => r.show_probability))).toBeCloseTo(3, 9);
    // The runs are the race's own input (its engine runners and conditions) on the published seed.
    const { seed: _secret, ...race } = {
      seed: runnable.spec.seed,
      runners: runnable.spec.engine_runners,
      conditions: {
        furlongs: runnable.spec.furlongs,
        surface: runnable.spec.surface_type,
        condition: runnable.spec.track_condition,
      },
    };
    const expected = simulateFairOdds(race, RUNS, sut1.seed as string).result();
    expect(sut1.runners.map((r) => r.win_probability)).toEqual(expected.map((o) => o.win));
    expect(sut1.runners.map((r) => r.show_probability)).toEqual(expected.map((o) => o.show));
    for (const r of sut1.runners) {
      expect(r.win_fair_odds).toBe(fairOdds(r.win_probability));
      expect(r.win_standard_error).toBeCloseTo(Math.sqrt((r.win_probability * (1 - r.win_probability)) / RUNS), 12);
      expect(typeof r.overlay).toBe('boolean');
    }
    // The house seeds the win pool when the race opens (a job of its own, which may end before or
    // after the fair odds'): then live odds for every runner beside them.
    const withLive = await waitFor('live odds beside the fair odds', async () => {
      const { body } = await fairOddsOf(id);
      return body.runners.every((r) => r.live_win_odds !== null) ? body : undefined;
    });
    expect(withLive.runners.map((r) => r.win_probability)).toEqual(sut1.runners.map((r) => r.win_probability));
  });

  it('should compute a field once: a second job (or a second instance) keeps what is stored', async () => {
    const id = await openRace();
    const first = await ready(id);

    await sut.app.get(JobQueue).run('fair-odds.compute', { current_race_id: id, reason: 'sweep' });
    const again = await sut.app.get(FairOddsService).compute(id);

    expect(again).toEqual({ outcome: 'kept' });
    const after = (await fairOddsOf(id)).body;
    expect(after.seed).toBe(first.seed);
    expect(after.computed_at).toBe(first.computed_at);
  });

  it('should simulate the field again after a scratch, without the scratched runner', async () => {
    const id = await openRace();
    const before = await ready(id);
    const scratched = before.runners[1]?.post_position as number;

    await sut.app.get(ScratchService).scratch(id, scratched, 'Vet scratch', null);

    const after = await ready(id, before.runners.length - 1);
    expect(after.runners.map((r) => r.post_position)).not.toContain(scratched);
    expect(after.seed).not.toBe(before.seed);
    expect(sum(after.runners.map((r) => r.win_probability))).toBeCloseTo(1, 9);
    const [{ rows }]: { rows: number }[] = await db().query(
      'SELECT count(*)::int AS rows FROM race_fair_odds WHERE current_race_id = $1',
      [id],
    );
    expect(rows).toBe(before.runners.length - 1);
  });

  it('should say pending while an open race has none, and the sweep should queue it', async () => {
    const id = await openRace();
    await ready(id);
    await db().query('DELETE FROM race_fair_odds WHERE current_race_id = $1', [id]);

    const pending = (await fairOddsOf(id)).body;
    expect(pending).toMatchObject({ status: 'pending', runs: null, seed: null, runners: [] });

    await sut.app.get(JobQueue).run('fair-odds.sweep', { reason: 'schedule' });
    await ready(id);
  });

  it('should answer not_available for a race that has not opened, and 404 for an unknown race', async () => {
    const id = await stageRace(sut.app, { startsInWallMs: 10 * 60_000 });

    expect((await fairOddsOf(id)).body).toMatchObject({ status: 'not_available', race_status: 'scheduled' });
    expect((await fairOddsOf(2_000_000_000)).status).toBe(404);
  });

  it('should set the fair win chances of finished races beside their winners, bin by bin', async () => {
    const id = await openRace();
    const odds = await ready(id);
    await finishRace(sut.app, id);

    const { status, body } = await getJson<FairOddsCalibration>(
      sut.baseUrl,
      '/api/handicapping/fair_odds_calibration?bins=5',
    );

    expect(status).toBe(200);
    expect(body.races).toBe(1);
    expect(body.runners).toBe(odds.runners.length);
    expect(body.bins).toHaveLength(5);
    expect(sum(body.bins.map((b) => b.count))).toBe(odds.runners.length);
    expect(body.mean_absolute_error).toBeGreaterThanOrEqual(0);
    // The fair odds of a finished race are kept and still answered.
    expect((await fairOddsOf(id)).body).toMatchObject({ status: 'ready', race_status: 'finished' });
  });

  it('should refuse a bad number of bins, naming the field', async () => {
    const { status, body } = await getJson<ApiErrorResponse>(
      sut.baseUrl,
      '/api/handicapping/fair_odds_calibration?bins=1',
    );

    expect(status).toBe(400);
    expect(body.errors?.[0]?.field).toBe('bins');
  });
});
