import {
  OPS_SILENT_AFTER_MS,
  type OpsAlert,
  type OpsInstance,
  type OpsJobFailure,
  type OpsSnapshot,
} from '@furlong/contracts';
import { FAILURE_WINDOW_MS, type InstanceReport, LATE_TICK_MS } from './instance-reporter';

/** The figures of the whole deployment, read once by the instance that makes the snapshot. */
export interface ClusterFigures {
  races: OpsSnapshot['races'];
  queues: Omit<OpsSnapshot['queues'], 'failures'>;
  settlementBacklogSeconds: number;
}

/** A resulted race whose pools wait longer than this is late (the FurlongSettlementLate alert's threshold). */
export const SETTLEMENT_LATE_SECONDS = 300;

const iso = (ms: number) => new Date(ms).toISOString();
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const sum = (rows: OpsInstance[], pick: (i: OpsInstance) => number) => rows.reduce((s, i) => s + pick(i), 0);

function statusOf(report: InstanceReport, nowMs: number): OpsInstance['status'] {
  if (report.stopped) return 'stopped';
  return nowMs - Date.parse(report.reported_at) > OPS_SILENT_AFTER_MS ? 'silent' : 'up';
}

/** Every instance's failures of a job together: the counts added, the earliest run start, the latest failure. */
function mergeFailures(instances: OpsInstance[], nowMs: number): OpsJobFailure[] {
  const byJob = new Map<string, OpsJobFailure>();
  for (const instance of instances) {
    for (const f of instance.job_failures) {
      // A silent instance's runs do not age on their own.
      if (Date.parse(f.last_at) <= nowMs - FAILURE_WINDOW_MS) continue;
      const seen = byJob.get(f.job);
      byJob.set(
        f.job,
        seen
          ? {
              job: f.job,
              recent: seen.recent + f.recent,
              since: iso(Math.min(Date.parse(f.since), Date.parse(seen.since))),
              last_at: iso(Math.max(Date.parse(f.last_at), Date.parse(seen.last_at))),
            }
          : { ...f },
      );
    }
  }
  return [...byJob.values()].sort((a, b) => a.job.localeCompare(b.job));
}

function alertsOf(instances: OpsInstance[], failures: OpsJobFailure[], backlogSeconds: number, nowMs: number) {
  const alerts: OpsAlert[] = [];
  for (const f of failures) {
    alerts.push({
      kind: 'job_failing',
      subject: f.job,
      since: f.since,
      message: `${f.recent} failed attempt${f.recent === 1 ? '' : 's'} in the last 15 minutes`,
    });
  }
  for (const i of instances) {
    if (i.status === 'silent') {
      const ago = Math.round((nowMs - Date.parse(i.reported_at)) / 1000);
      alerts.push({
        kind: 'instance_silent',
        subject: i.id,
        since: i.reported_at,
        message: `no report for ${ago} s: stopped, stuck or cut off from Redis`,
      });
    } else if (i.status === 'up' && i.late_since !== null) {
      alerts.push({
        kind: 'tick_late',
        subject: i.id,
        since: i.late_since,
        message: `race ticks late: p99 ${i.tick_lateness_p99_ms} ms (over ${LATE_TICK_MS} ms)`,
      });
    }
  }
  if (backlogSeconds > SETTLEMENT_LATE_SECONDS) {
    alerts.push({
      kind: 'settlement_late',
      subject: 'settlement',
      since: iso(nowMs - backlogSeconds * 1000),
      message: `a resulted race's pools have waited ${Math.round(backlogSeconds / 60)} min to be settled`,
    });
  }
  return alerts.sort((a, b) => a.since.localeCompare(b.since));
}

/**
 * The operations page's snapshot from every instance's last report and the deployment's figures:
 * each instance up, silent (its last report is over OPS_SILENT_AFTER_MS old) or stopped; the
 * totals over the instances that are up; and what is red, with when it started.
 */
export function composeSnapshot(reports: InstanceReport[], cluster: ClusterFigures, nowMs: number): OpsSnapshot {
  const instances: OpsInstance[] = reports
    .map((report) => {
      const { stopped: _, ...row } = report;
      return { ...row, status: statusOf(report, nowMs) };
    })
    .sort((a, b) => a.started_at.localeCompare(b.started_at) || a.id.localeCompare(b.id));
  const up = instances.filter((i) => i.status === 'up');
  const viewersByRace = new Map<number, number>();
  for (const i of up)
    for (const v of i.viewers) viewersByRace.set(v.race_id, (viewersByRace.get(v.race_id) ?? 0) + v.viewers);
  const requests = sum(up, (i) => i.http_requests_per_second);
  const worst = (pick: (i: OpsInstance) => number | null) => {
    const values = up.map(pick).filter((v): v is number => v !== null);
    return values.length > 0 ? Math.max(...values) : null;
  };
  const failures = mergeFailures(instances, nowMs);
  return {
    at: iso(nowMs),
    races: cluster.races,
    totals: {
      viewers: [...viewersByRace.values()].reduce((s, v) => s + v, 0),
      sockets: sum(up, (i) => i.sockets),
      frames_per_second: round(sum(up, (i) => i.frames_per_second)),
      bets_per_second: round(sum(up, (i) => i.bets_per_second)),
      refusals_per_second: round(sum(up, (i) => i.refusals_per_second)),
      http_requests_per_second: round(requests),
      http_error_rate:
        requests > 0 ? round(sum(up, (i) => i.http_error_rate * i.http_requests_per_second) / requests, 4) : 0,
      tick_lateness_p99_ms: worst((i) => i.tick_lateness_p99_ms),
      event_loop_lag_p99_ms: worst((i) => i.event_loop_lag_p99_ms) ?? 0,
      tote_cycle_ms: worst((i) => i.tote_cycle_ms),
    },
    viewers: [...viewersByRace]
      .map(([race_id, viewers]) => ({ race_id, viewers }))
      .sort((a, b) => b.viewers - a.viewers || a.race_id - b.race_id),
    queues: { ...cluster.queues, failures },
    settlement_backlog_seconds: round(cluster.settlementBacklogSeconds, 1),
    instances,
    alerts: alertsOf(instances, failures, cluster.settlementBacklogSeconds, nowMs),
  };
}
