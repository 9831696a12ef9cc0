import type { Buckets, Figures } from './figures';
import { FAILURE_WINDOW_MS, InstanceReporter, LATE_TICK_MS } from './instance-reporter';

const BOUNDS = [0.01, 0.05, 0.1, 1, Number.POSITIVE_INFINITY];

/** Cumulative buckets of observations (seconds). */
function observed(values: number[]): Buckets {
  return {
    bounds: BOUNDS,
    cumulative: BOUNDS.map((b) => values.filter((v) => v <= b).length),
    sum: values.reduce((s, v) => s + v, 0),
    count: values.length,
  };
}

function figures(atMs: number, over: Partial<Figures> = {}): Figures {
  return {
    atMs,
    framesSent: 0,
    toteBroadcasts: 0,
    betsAccepted: 0,
    slipsRefused: 0,
    refusals: {},
    ticksMissed: 0,
    tickLateness: observed([]),
    toteCycle: observed([]),
    httpRequests: 0,
    httpServerErrors: 0,
    sockets: 0,
    heapUsedBytes: 1e6,
    dbPool: { in_use: 0, idle: 1, waiting: 0 },
    jobFailures: new Map(),
    ...over,
  };
}

const now = { leases: [7, 3], viewers: new Map([[3, 2]]), eventLoopLagP99Ms: 12 };

describe(InstanceReporter.name, () => {
  it('should report no rates from its first reading, then rates over the window', () => {
    const reporter = new InstanceReporter('host:1:abc', 0);
    const first = reporter.report(figures(0, { framesSent: 100 }), now);
    expect(first).toMatchObject({ frames_per_second: 0, tick_lateness_p99_ms: null, leases: [3, 7], stopped: false });
    expect(first.viewers).toEqual([{ race_id: 3, viewers: 2 }]);

    const second = reporter.report(
      figures(2000, { framesSent: 140, betsAccepted: 10, httpRequests: 20, httpServerErrors: 5 }),
      now,
    );
    expect(second).toMatchObject({ frames_per_second: 20, bets_per_second: 5, http_requests_per_second: 10 });
    expect(second.http_error_rate).toBe(0.25);
  });

  it('should take the rates over the last 10 s once it has readings that old', () => {
    const reporter = new InstanceReporter('i', 0);
    // One frame a second for 20 s, then 11 frames in the 21st.
    for (let s = 0; s <= 20; s++) reporter.report(figures(s * 1000, { framesSent: s }), now);
    const report = reporter.report(figures(21_000, { framesSent: 31 }), now);
    // From 11 s (11 frames) to 21 s (31 frames): 20 frames in 10 s.
    expect(report.frames_per_second).toBe(2);
  });

  it('should mark ticks late from the first report over the threshold until one is under it', () => {
    const reporter = new InstanceReporter('i', 0);
    const onTime = Array.from({ length: 10 }, () => 0.005);
    reporter.report(figures(0), now);
    const calm = reporter.report(figures(1000, { tickLateness: observed(onTime) }), now);
    expect(calm.late_since).toBeNull();
    expect(calm.tick_lateness_p99_ms).toBeLessThan(LATE_TICK_MS);

    const late = [...onTime, ...Array.from({ length: 10 }, () => 0.5)];
    const first = reporter.report(figures(2000, { tickLateness: observed(late) }), now);
    expect(first.tick_lateness_p99_ms).toBeGreaterThan(LATE_TICK_MS);
    expect(first.late_since).toBe(new Date(2000).toISOString());
    const still = reporter.report(figures(3000, { tickLateness: observed(late) }), now);
    expect(still.late_since).toBe(new Date(2000).toISOString());

    // Ten seconds later the late ticks have left the window.
    const after = [...late, ...onTime];
    const recovered = reporter.report(figures(13_000, { tickLateness: observed(after) }), now);
    expect(recovered.late_since).toBeNull();
  });

  it("should keep a job's run of failures from its first one until 15 minutes pass without one", () => {
    const reporter = new InstanceReporter('i', 0);
    const failed = (atMs: number, total: number) =>
      reporter.report(figures(atMs, { jobFailures: new Map([['wagering.settle', total]]) }), now).job_failures;
    expect(failed(0, 0)).toEqual([]);
    expect(failed(1000, 2)).toEqual([
      { job: 'wagering.settle', recent: 2, since: new Date(1000).toISOString(), last_at: new Date(1000).toISOString() },
    ]);
    expect(failed(60_000, 3)).toEqual([
      {
        job: 'wagering.settle',
        recent: 3,
        since: new Date(1000).toISOString(),
        last_at: new Date(60_000).toISOString(),
      },
    ]);
    // The first two leave the window; the run goes on from its start.
    expect(failed(1000 + FAILURE_WINDOW_MS, 3)[0]).toMatchObject({ recent: 1, since: new Date(1000).toISOString() });
    expect(failed(60_000 + FAILURE_WINDOW_MS, 3)).toEqual([]);
    // A new failure starts a new run.
    expect(failed(70_000 + FAILURE_WINDOW_MS, 4)[0]?.since).toBe(new Date(70_000 + FAILURE_WINDOW_MS).toISOString());
  });

  it('should say stopped when asked to, and the mean tote cycle of the window', () => {
    const reporter = new InstanceReporter('i', 0);
    reporter.report(figures(0), now);
    const last = reporter.report(figures(1000, { toteCycle: observed([0.1, 0.3]) }), now, true);
    expect(last.stopped).toBe(true);
    expect(last.tote_cycle_ms).toBe(200);
  });
});
