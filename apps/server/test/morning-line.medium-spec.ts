import type {
  CurrentRaceDetail,
  LiveRaceResult,
  MorningLineResponse,
  PastPerformanceResponse,
  RaceFrame,
  ToteView,
} from '@furlong/contracts';
import { raceConditions } from '@furlong/domain';
import { getJson, stageRace, type Viewer, waitFor, waitForStatus, watchRace } from './support/live-race';
import { startTestApp, type TestApp } from './support/test-app';
import { createDatabase, dropDatabase, migrateAndSeed, uniqueName } from './support/test-database';

/** What every page and the tote show as each runner's morning line, by program number. */
async function linesOf(baseUrl: string, id: number) {
  const race = (await getJson<CurrentRaceDetail>(baseUrl, `/api/current_races/${id}`)).body;
  const line = (await getJson<MorningLineResponse>(baseUrl, `/api/current_races/${id}/morning_line`)).body;
  const tote = (await getJson<ToteView>(baseUrl, `/api/current_races/${id}/tote`)).body;
  return {
    race,
    line,
    card: race.entries.map((e) => [e.post_position, e.morning_line]),
    page: line.runners.map((r) => [r.post_position, r.morning_line]),
    board: tote.runners.map((r) => [r.post_position, r.morning_line]),
  };
}

// Issue 15: the morning line is fixed when the card is made. Before, it was made again on every
// read from form figures which, once the race was run, held the race itself (race 37's winner went
// from 6-1 to 4-1 after it won).
describe('the morning line of a live race', () => {
  const dbName = uniqueName('furlong_morning_line');
  let sut: TestApp;
  let viewer: Viewer | undefined;

  beforeAll(async () => {
    const url = await createDatabase(dbName);
    await migrateAndSeed(url, { seed: 7, scale: 0.05 });
    sut = await startTestApp({
      DATABASE_URL: url,
      RACING_ENABLED: 'true',
      RACING_TIME_SCALE: '20',
      RACING_SCHEDULER_SECONDS: '0.5',
      RACING_OPEN_LEAD_MINUTES: '3',
    });
  }, 60_000);

  afterAll(async () => {
    viewer?.close();
    await sut?.close();
    await dropDatabase(dbName);
  });

  it('should answer the same line on the race card, the morning line page and the tote, before and after the race is run', async () => {
    const id = await stageRace(sut.app, { startsInWallMs: 8000 });
    await waitForStatus(sut.baseUrl, id, 'open', 10_000);
    const before = await linesOf(sut.baseUrl, id);
    expect(before.card.length).toBeGreaterThanOrEqual(6);
    expect(before.card.every(([, ml]) => typeof ml === 'string' && /^\d+-\d+$/.test(ml))).toBe(true);
    expect(before.page).toEqual(before.card);
    expect(before.board).toEqual(before.card);
    expect(before.line.top).toHaveLength(3);
    const forms = async () =>
      Promise.all(
        before.race.entries.map(
          async (e) =>
            (await getJson<PastPerformanceResponse>(sut.baseUrl, `/api/past_performance/horse_id/${e.horse_id}`)).body,
        ),
      );
    const formBefore = await forms();

    viewer = await watchRace(sut.baseUrl, id);
    const result: LiveRaceResult = await viewer.result;
    await waitForStatus(sut.baseUrl, id, 'finished');

    // The race is in every runner's form now (other races of the running day may have added more
    // starts meanwhile): a line made today would be made from other figures.
    const formAfter = await forms();
    const gained = formAfter.map((f, i) => f.starts - (formBefore[i]?.starts ?? 0));
    expect(Math.min(...gained)).toBeGreaterThanOrEqual(1);
    const after = await linesOf(sut.baseUrl, id);
    expect(after.card).toEqual(before.card);
    expect(after.page).toEqual(before.page);
    expect(after.board).toEqual(before.board);
    expect(after.line).toEqual(before.line);

    // The race clock the viewers saw stopped at the official time of the winner.
    const last = viewer.frames.at(-1) as RaceFrame;
    expect(last.c).toBe(result.finishers[0]?.finish_time_ms);
    expect(viewer.frames.every((f, i, all) => i === 0 || f.c >= (all[i - 1] as RaceFrame).c)).toBe(true);

    // The race joined the history with the name and class its card gave it (stageRace changed its
    // trip after the card was made, so only the purse's class and name are compared).
    expect(result.race_name).toBe(before.race.race_title);
    const { race_class, race_title } = raceConditions({
      key: `${before.race.track_id}:${before.race.race_date}:${before.race.race_number}`,
      purseCents: before.race.purse_cents,
      furlongs: before.race.furlongs,
      surface: before.race.surface_type,
    });
    expect(before.race).toMatchObject({ race_class, race_title });

    // Once its pools are settled, each runner's newest start carries the win odds the frozen tote
    // showed at the off (the past performances' odds column).
    const board = (await getJson<ToteView>(sut.baseUrl, `/api/current_races/${id}/tote`)).body;
    const finalOdds = new Map(board.runners.map((r) => [r.post_position, r.win_odds]));
    expect([...finalOdds.values()].some((o) => o !== null)).toBe(true);
    const winner = result.finishers[0] as (typeof result.finishers)[number];
    const newest = await waitFor("the final odds on the winner's newest start", async () => {
      const pp = (
        await getJson<PastPerformanceResponse>(sut.baseUrl, `/api/past_performance/horse_id/${winner.horse_id}`)
      ).body;
      const start = pp.recent_starts[0];
      return start && start.odds !== null ? start : undefined;
    });
    expect(newest.post_position).toBe(winner.post_position);
    expect(newest.odds).toBe(finalOdds.get(winner.post_position));
  }, 60_000);

  it('should give the pre-off viewers the line in the race snapshot', async () => {
    const id = await stageRace(sut.app, { startsInWallMs: 600_000 });
    const card = (await getJson<CurrentRaceDetail>(sut.baseUrl, `/api/current_races/${id}`)).body;
    const watcher = await watchRace(sut.baseUrl, id);
    try {
      expect(watcher.snapshot.entries.map((e) => e.morning_line)).toEqual(card.entries.map((e) => e.morning_line));
    } finally {
      watcher.close();
    }
  });

  it('should answer 404 for the morning line of an unknown race', async () => {
    expect((await getJson(sut.baseUrl, '/api/current_races/999999/morning_line')).status).toBe(404);
  });
});
