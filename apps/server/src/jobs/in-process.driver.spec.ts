import { InProcessDriver } from './in-process.driver';
import type { JobHandlerFn, JobName } from './job.types';

function handlers(fn: JobHandlerFn): Map<JobName, JobHandlerFn> {
  return new Map([['past-performance.refresh', fn]]);
}

describe(InProcessDriver.name, () => {
  let sut: InProcessDriver;

  beforeEach(() => {
    sut = new InProcessDriver();
  });

  afterEach(async () => {
    jest.useRealTimers();
    await sut.close();
  });

  it('should run an enqueued job with its payload', async () => {
    const seen: unknown[] = [];
    await sut.start(handlers(async (payload) => seen.push(payload)));

    await sut.run('past-performance.refresh', { reason: 'manual' });

    expect(seen).toEqual([{ reason: 'manual' }]);
  });

  it('should hold jobs enqueued before start and run them once started', async () => {
    const seen: unknown[] = [];
    const done = sut.run('past-performance.refresh', { reason: 'seed' });
    await sut.start(handlers(async (payload) => seen.push(payload)));
    await done;
    expect(seen).toEqual([{ reason: 'seed' }]);
  });

  it('should run jobs one at a time in order', async () => {
    const log: string[] = [];
    await sut.start(
      handlers(async (payload) => {
        log.push(`start ${'reason' in payload ? payload.reason : ''}`);
        await new Promise((r) => setTimeout(r, 5));
        log.push(`end ${'reason' in payload ? payload.reason : ''}`);
      }),
    );
    await Promise.all([
      sut.run('past-performance.refresh', { reason: 'manual' }),
      sut.run('past-performance.refresh', { reason: 'schedule' }),
    ]);
    expect(log).toEqual(['start manual', 'end manual', 'start schedule', 'end schedule']);
  });

  it('should run a background job beside the others, so a burst of them never holds up the scheduler', async () => {
    const log: string[] = [];
    let releaseFairOdds: () => void = () => {};
    const fairOddsHeld = new Promise<void>((r) => {
      releaseFairOdds = r;
    });
    await sut.start(
      new Map<JobName, JobHandlerFn>([
        [
          'fair-odds.compute',
          async (payload) => {
            log.push(`fair odds ${(payload as { current_race_id: number }).current_race_id}`);
            await fairOddsHeld;
          },
        ],
        ['racing.schedule', async () => log.push('schedule')],
      ]),
    );

    const first = sut.run('fair-odds.compute', { current_race_id: 1, reason: 'opened' });
    const second = sut.run('fair-odds.compute', { current_race_id: 2, reason: 'opened' });
    // The scheduler's job runs while the first fair-odds job is still busy; the second waits its turn.
    await sut.run('racing.schedule', { reason: 'schedule' });
    expect(log).toEqual(['fair odds 1', 'schedule']);

    releaseFairOdds();
    await Promise.all([first, second]);
    expect(log).toEqual(['fair odds 1', 'schedule', 'fair odds 2']);
  });

  it('should start a background job only while no other job runs or waits', async () => {
    const log: string[] = [];
    let releaseSchedule: () => void = () => {};
    const scheduleHeld = new Promise<void>((r) => {
      releaseSchedule = r;
    });
    await sut.start(
      new Map<JobName, JobHandlerFn>([
        ['fair-odds.compute', async () => log.push('fair odds')],
        [
          'racing.schedule',
          async () => {
            log.push('schedule');
            await scheduleHeld;
            log.push('schedule done');
          },
        ],
      ]),
    );

    const schedule = sut.run('racing.schedule', { reason: 'schedule' });
    await new Promise((r) => setImmediate(r));
    const fairOdds = sut.run('fair-odds.compute', { current_race_id: 1, reason: 'opened' });
    await new Promise((r) => setTimeout(r, 20));
    expect(log).toEqual(['schedule']);

    releaseSchedule();
    await Promise.all([schedule, fairOdds]);
    expect(log).toEqual(['schedule', 'schedule done', 'fair odds']);
  });

  it('should not add a job twice under the same job id', async () => {
    let runs = 0;
    await sut.enqueue('past-performance.refresh', { reason: 'manual' }, { jobId: 'x' });
    await sut.enqueue('past-performance.refresh', { reason: 'manual' }, { jobId: 'x' });
    await sut.start(handlers(async () => runs++));
    await sut.run('past-performance.refresh', { reason: 'manual' });
    expect(runs).toBe(2);
  });

  it('should retry a failing job and reject run() after the third failure', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    let attempts = 0;
    await sut.start(
      handlers(async () => {
        attempts++;
        throw new Error('database away');
      }),
    );
    const outcome = sut.run('past-performance.refresh', { reason: 'manual' }).catch((err: Error) => err.message);
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setImmediate(r));
      await jest.advanceTimersByTimeAsync(5000);
    }
    expect(await outcome).toBe('database away');
    expect(attempts).toBe(3);
  });

  it('should fire a cron schedule when its time comes', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'], now: new Date('2026-11-22T03:59:30Z') });
    const seen: unknown[] = [];
    await sut.start(handlers(async (payload) => seen.push(payload)));
    await sut.schedule('nightly', '0 4 * * *', 'past-performance.refresh', { reason: 'schedule' });

    await jest.advanceTimersByTimeAsync(20_000);
    expect(seen).toEqual([]);
    await jest.advanceTimersByTimeAsync(15_000);
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual([{ reason: 'schedule' }]);
  });

  it('should repeat a job every interval, never queueing a second run while one is pending', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'] });
    const seen: unknown[] = [];
    await sut.start(new Map([['racing.schedule', async (payload) => seen.push(payload)]]));
    await sut.repeat('racing', 1000, 'racing.schedule', { reason: 'schedule' });

    await jest.advanceTimersByTimeAsync(999);
    expect(seen).toEqual([]);
    await jest.advanceTimersByTimeAsync(2001);
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual([{ reason: 'schedule' }, { reason: 'schedule' }, { reason: 'schedule' }]);
  });

  it('should refuse a bad cron pattern at once', async () => {
    await expect(
      sut.schedule('bad', 'every night', 'past-performance.refresh', { reason: 'schedule' }),
    ).rejects.toThrow();
  });

  it('should report counts, the last run and failure, and the next run of each job', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick'], now: new Date('2026-11-25T12:00:00Z') });
    let fail = false;
    await sut.start(
      handlers(async () => {
        if (fail) throw new Error('the refresh broke');
      }),
    );
    await sut.repeat('refresh.every', 60_000, 'past-performance.refresh', { reason: 'schedule' });
    await sut.run('past-performance.refresh', { reason: 'manual' });
    fail = true;
    const failing = sut.run('past-performance.refresh', { reason: 'manual' }).catch((err: Error) => err.message);
    for (let i = 0; i < 3; i++) await jest.advanceTimersByTimeAsync(4000);
    expect(await failing).toBe('the refresh broke');

    const report = (await sut.report()).find((r) => r.name === 'past-performance.refresh');

    expect(report?.counts).toEqual({ waiting: 0, active: 0, delayed: 0, completed: 1, failed: 1 });
    expect(report?.lastFailure?.message).toBe('the refresh broke');
    expect(report?.lastRunAtMs).not.toBeNull();
    expect(report?.nextRunAtMs).toBe(Date.parse('2026-11-25T12:01:00Z'));
    expect((await sut.report()).map((r) => r.name)).toContain('wagering.settle');
  });
});
