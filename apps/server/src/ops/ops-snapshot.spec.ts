import type { InstanceReport } from './instance-reporter';
import { type ClusterFigures, composeSnapshot, SETTLEMENT_LATE_SECONDS } from './ops-snapshot';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

function report(id: string, over: Partial<InstanceReport> = {}): InstanceReport {
  return {
    id,
    started_at: ago(3_600_000),
    reported_at: ago(500),
    stopped: false,
    leases: [],
    sockets: 0,
    viewers: [],
    frames_per_second: 0,
    tote_broadcasts_per_second: 0,
    bets_per_second: 0,
    refusals_per_second: 0,
    refusals: {},
    tick_lateness_p99_ms: null,
    ticks_missed: 0,
    late_since: null,
    tote_cycle_ms: null,
    http_requests_per_second: 0,
    http_error_rate: 0,
    event_loop_lag_p99_ms: 1,
    heap_used_bytes: 1,
    db_pool: { in_use: 0, idle: 1, waiting: 0 },
    job_failures: [],
    ...over,
  };
}

const cluster = (backlog = 0): ClusterFigures => ({
  races: {
    by_state: { scheduled: 1, open: 1, closed: 0, running: 1, finished: 3, cancelled: 0 },
    next_off: null,
  },
  queues: { driver: 'bullmq', board_path: '/admin/queues', jobs: { waiting: 0, delayed: 0, active: 0, failed: 0 } },
  settlementBacklogSeconds: backlog,
});

describe(composeSnapshot.name, () => {
  it("should add the instances' figures that are up and take the worst of their lateness and lag", () => {
    const snapshot = composeSnapshot(
      [
        report('a', {
          viewers: [{ race_id: 5, viewers: 3 }],
          sockets: 4,
          frames_per_second: 2,
          http_requests_per_second: 10,
          http_error_rate: 0.1,
          tick_lateness_p99_ms: 4,
          event_loop_lag_p99_ms: 11,
        }),
        report('b', {
          viewers: [
            { race_id: 5, viewers: 2 },
            { race_id: 6, viewers: 1 },
          ],
          sockets: 3,
          frames_per_second: 0,
          http_requests_per_second: 30,
          http_error_rate: 0,
          tick_lateness_p99_ms: null,
          event_loop_lag_p99_ms: 30,
        }),
        // Silent: its stale figures are not counted.
        report('c', { reported_at: ago(10_000), sockets: 100, frames_per_second: 50 }),
      ],
      cluster(),
      NOW,
    );
    expect(snapshot.instances.map((i) => [i.id, i.status])).toEqual([
      ['a', 'up'],
      ['b', 'up'],
      ['c', 'silent'],
    ]);
    expect(snapshot.totals).toMatchObject({
      viewers: 6,
      sockets: 7,
      frames_per_second: 2,
      http_requests_per_second: 40,
      http_error_rate: 0.025,
      tick_lateness_p99_ms: 4,
      event_loop_lag_p99_ms: 30,
    });
    expect(snapshot.viewers).toEqual([
      { race_id: 5, viewers: 5 },
      { race_id: 6, viewers: 1 },
    ]);
  });

  it('should put in red a silent instance, late ticks, a failing job and late settlement, each with its start', () => {
    const snapshot = composeSnapshot(
      [
        report('late', { late_since: ago(20_000), tick_lateness_p99_ms: 80 }),
        report('gone', { reported_at: ago(4000) }),
        report('done', { reported_at: ago(60_000), stopped: true }),
        report('x', {
          job_failures: [{ job: 'wagering.settle', recent: 2, since: ago(120_000), last_at: ago(60_000) }],
        }),
        report('y', {
          job_failures: [{ job: 'wagering.settle', recent: 1, since: ago(30_000), last_at: ago(30_000) }],
        }),
      ],
      cluster(SETTLEMENT_LATE_SECONDS + 60),
      NOW,
    );
    expect(snapshot.instances.find((i) => i.id === 'done')?.status).toBe('stopped');
    expect(snapshot.queues.failures).toEqual([
      { job: 'wagering.settle', recent: 3, since: ago(120_000), last_at: ago(30_000) },
    ]);
    expect(snapshot.alerts.map((a) => [a.kind, a.subject, a.since])).toEqual([
      ['settlement_late', 'settlement', ago((SETTLEMENT_LATE_SECONDS + 60) * 1000)],
      ['job_failing', 'wagering.settle', ago(120_000)],
      ['tick_late', 'late', ago(20_000)],
      ['instance_silent', 'gone', ago(4000)],
    ]);
  });

  it('should show nothing red when all is well', () => {
    expect(composeSnapshot([report('a')], cluster(10), NOW).alerts).toEqual([]);
  });
});
