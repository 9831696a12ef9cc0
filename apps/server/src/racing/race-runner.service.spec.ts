import type { Clock } from '../common/clock';
import { RacingClock } from '../common/racing-clock';
import type { AppConfig } from '../config/app-config';
import type { Metrics } from '../metrics/metrics';
import type { RaceRepository } from './race.repository';
import type { RaceEvents } from './race-events';
import { LEASE_TTL_MS, RaceRunner } from './race-runner.service';
import type { RacingService, RunnableRace } from './racing.service';

describe('RaceRunner', () => {
  afterEach(() => jest.useRealTimers());

  function runnerOf(parts: { activeUpTo: () => Promise<unknown[]>; readMs?: number; emitter?: object }): RaceRunner {
    const wall = { now: () => new Date() } as Clock;
    const service = {
      runnable: (id: number) =>
        new Promise<RunnableRace>((resolve) =>
          setTimeout(() => {
            void parts.activeUpTo().then((rows) => {
              const row = (rows as { id: number; post_time: Date }[]).find((r) => r.id === id);
              resolve({ spec: { id, status: 'open', post_time: row?.post_time } } as unknown as RunnableRace);
            });
          }, parts.readMs ?? 0),
        ),
    } as unknown as RacingService;
    const repository = { activeUpTo: parts.activeUpTo } as unknown as RaceRepository;
    const config = { racing: { enabled: true, openLeadMinutes: 30 }, redis: { prefix: 'test:' } } as AppConfig;
    const metrics = { nameInstance: () => undefined, tickLate: () => undefined } as unknown as Metrics;
    return new RaceRunner(
      config,
      new RacingClock(wall, 1),
      null,
      service,
      repository,
      (parts.emitter ?? { watched: () => false }) as never,
      {} as RaceEvents,
      { hex: () => 'abcdef' } as never,
      metrics,
    );
  }

  it('should keep the leases of the races it holds while taking many slowly (a first start)', async () => {
    jest.useFakeTimers();
    const RACES = 30;
    const READ_MS = 400; // each race read and simulated: 30 of them outlast a lease (5 s) three times over
    const post = new Date(Date.now() + 60 * 60_000);
    const runner = runnerOf({
      activeUpTo: async () => Array.from({ length: RACES }, (_, i) => ({ id: i + 1, status: 'open', post_time: post })),
      readMs: READ_MS,
    });
    const warn = jest.spyOn((runner as unknown as { logger: { warn: () => void } }).logger, 'warn');
    warn.mockImplementation(() => undefined);

    runner.start();
    await jest.advanceTimersByTimeAsync(RACES * READ_MS + LEASE_TTL_MS);
    expect(runner.heldRaceIds()).toHaveLength(RACES);
    expect(warn).not.toHaveBeenCalled();
    // Still ours: no other runner could take one.
    for (let id = 1; id <= RACES; id++) expect(await runner.leases.acquire(id)).toBe(false);
    await runner.stop();
  });

  it("should count down to a held race's new post time when it is moved up the card", async () => {
    jest.useFakeTimers();
    let post = new Date(Date.now() + 60 * 60_000);
    const countdowns: { post_time: string; seconds_to_post: number }[] = [];
    const emitter = {
      watched: () => true,
      toRace: (_id: number, event: string, payload: { post_time: string; seconds_to_post: number }) => {
        if (event === 'race:countdown') countdowns.push(payload);
      },
    };
    const runner = runnerOf({ activeUpTo: async () => [{ id: 1, status: 'open', post_time: post }], emitter });
    runner.start();
    await jest.advanceTimersByTimeAsync(2_000);
    expect(runner.heldRaceIds()).toEqual([1]);

    post = new Date(Date.now() + 10_000);
    await jest.advanceTimersByTimeAsync(3_000);
    expect(countdowns.at(-1)).toMatchObject({ post_time: post.toISOString() });
    expect(countdowns.at(-1)?.seconds_to_post).toBeLessThanOrEqual(9);
    await runner.stop();
  });
});
