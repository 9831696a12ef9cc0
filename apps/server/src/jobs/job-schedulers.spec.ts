import { SchedulerRegistry, staleSchedulers } from './job-schedulers';

describe(staleSchedulers.name, () => {
  const racing = { id: 'racing.schedule', job: 'racing.schedule', everyMs: 30_000, registeredAtMs: 0 } as const;

  it('should name a scheduler when its job has not started for two of its intervals', () => {
    const sut = staleSchedulers([{ ...racing, lastRunAtMs: 10_000 }], 10_000 + 60_001);
    expect(sut).toEqual(['racing.schedule']);
  });

  it('should not name a scheduler when its job started within two intervals', () => {
    expect(staleSchedulers([{ ...racing, lastRunAtMs: 10_000 }], 10_000 + 60_000)).toEqual([]);
  });

  it('should count from the registration when the job never ran', () => {
    const never = { ...racing, registeredAtMs: 5_000, lastRunAtMs: null };
    expect(staleSchedulers([never], 65_000)).toEqual([]);
    expect(staleSchedulers([never], 65_001)).toEqual(['racing.schedule']);
  });

  it('should wait at least the floor when the interval is sub-second', () => {
    const fast = { ...racing, everyMs: 500, lastRunAtMs: 0 };
    expect(staleSchedulers([fast], 4_999)).toEqual([]);
    expect(staleSchedulers([fast], 5_001)).toEqual(['racing.schedule']);
  });

  it('should never name a cron schedule when it has no fixed interval', () => {
    const nightly = { id: 'nightly', job: 'past-performance.refresh', everyMs: null, registeredAtMs: 0 } as const;
    expect(staleSchedulers([{ ...nightly, lastRunAtMs: null }], 10 * 86_400_000)).toEqual([]);
  });
});

describe(SchedulerRegistry.name, () => {
  it('should take the latest run of this process or elsewhere when a job ran in both', () => {
    let now = 1_000;
    const sut = new SchedulerRegistry(() => now);
    sut.register({ id: 'tote', kind: 'every', everyMs: 2_000, name: 'wagering.tote', payload: { reason: 'schedule' } });
    now = 3_000;
    sut.ran('wagering.tote');

    expect(sut.states()).toEqual([
      { id: 'tote', job: 'wagering.tote', everyMs: 2_000, registeredAtMs: 1_000, lastRunAtMs: 3_000 },
    ]);
    expect(sut.states(new Map([['wagering.tote', 9_000]]))[0]?.lastRunAtMs).toBe(9_000);
    expect(sut.states(new Map([['wagering.tote', 2_000]]))[0]?.lastRunAtMs).toBe(3_000);
  });

  it('should give the shortest interval when several schedulers repeat', () => {
    const sut = new SchedulerRegistry();
    sut.register({ id: 'a', kind: 'every', everyMs: 30_000, name: 'racing.schedule', payload: { reason: 'schedule' } });
    sut.register({ id: 'b', kind: 'every', everyMs: 2_000, name: 'wagering.tote', payload: { reason: 'schedule' } });
    sut.register({
      id: 'c',
      kind: 'cron',
      pattern: '30 5 * * *',
      name: 'past-performance.refresh',
      payload: { reason: 'schedule' },
    });
    expect(sut.shortestEveryMs()).toBe(2_000);
  });
});
