import { monitorEventLoopDelay } from 'node:perf_hooks';
import { OPS_WINDOW_MS, type OpsInstance, type OpsJobFailure } from '@furlong/contracts';
import { bucketsBetween, type Figures, quantileOf } from './figures';

/** What an instance stores for the others each second: its row of the page, and whether it shut down. */
export interface InstanceReport extends Omit<OpsInstance, 'status'> {
  stopped: boolean;
}

/** Tick lateness p99 above this is late (the FurlongTickLate alert's threshold, ops/prometheus). */
export const LATE_TICK_MS = 50;
/** Failed job attempts count as recent this long (the FurlongJobsFailing alert's window). */
export const FAILURE_WINDOW_MS = 15 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * The event loop's delay as prom-client measures it (perf_hooks, 10 ms resolution), read and reset
 * once a second: prom-client resets its own histogram on every scrape, so reading that one here
 * would change what Prometheus sees.
 */
export class EventLoopLag {
  private readonly histogram = monitorEventLoopDelay({ resolution: 10 });

  constructor() {
    this.histogram.enable();
  }

  /** p99 of the delay since the last call (ms), and a fresh start. */
  takeP99Ms(): number {
    const p99 = this.histogram.percentile(99) / 1e6;
    this.histogram.reset();
    return Number.isFinite(p99) ? round(p99) : 0;
  }

  stop(): void {
    this.histogram.disable();
  }
}

interface FailureRun {
  events: Array<{ atMs: number; count: number }>;
  sinceMs: number;
}

/**
 * This instance's row of the operations page, made each second from its metrics: the counters'
 * rates and the tick lateness p99 over the last OPS_WINDOW_MS, when ticks became late, and each
 * job's run of failures (from its first failure with none in the 15 minutes before).
 */
export class InstanceReporter {
  private readonly readings: Figures[] = [];
  private lateSinceMs: number | null = null;
  private readonly failureTotals = new Map<string, number>();
  private readonly failureRuns = new Map<string, FailureRun>();

  constructor(
    readonly id: string,
    readonly startedAtMs: number,
  ) {}

  report(
    figures: Figures,
    now: { leases: number[]; viewers: Map<number, number>; eventLoopLagP99Ms: number },
    stopped = false,
  ): InstanceReport {
    const at = figures.atMs;
    this.readings.push(figures);
    // Keep the newest reading at least a window old as the base of the rates.
    while (this.readings.length > 2 && (this.readings[1] as Figures).atMs <= at - OPS_WINDOW_MS) this.readings.shift();
    const base = this.readings[0] as Figures;
    const seconds = (at - base.atMs) / 1000;
    const perSecond = (pick: (f: Figures) => number) =>
      seconds > 0 ? round(Math.max(0, pick(figures) - pick(base)) / seconds) : 0;

    const lateness = bucketsBetween(base.tickLateness, figures.tickLateness);
    const p99Seconds = base === figures ? null : quantileOf(lateness, 0.99);
    const tickP99Ms = p99Seconds === null ? null : round(p99Seconds * 1000);
    if (tickP99Ms !== null && tickP99Ms > LATE_TICK_MS) this.lateSinceMs ??= at;
    else this.lateSinceMs = null;

    const cycle = bucketsBetween(base.toteCycle, figures.toteCycle);
    const requests = figures.httpRequests - base.httpRequests;
    const serverErrors = figures.httpServerErrors - base.httpServerErrors;

    return {
      id: this.id,
      started_at: iso(this.startedAtMs),
      reported_at: iso(at),
      stopped,
      leases: [...now.leases].sort((a, b) => a - b),
      sockets: figures.sockets,
      viewers: [...now.viewers]
        .map(([race_id, viewers]) => ({ race_id, viewers }))
        .sort((a, b) => b.viewers - a.viewers || a.race_id - b.race_id),
      frames_per_second: perSecond((f) => f.framesSent),
      tote_broadcasts_per_second: perSecond((f) => f.toteBroadcasts),
      bets_per_second: perSecond((f) => f.betsAccepted),
      refusals_per_second: perSecond((f) => f.slipsRefused),
      refusals: { ...figures.refusals },
      tick_lateness_p99_ms: tickP99Ms,
      ticks_missed: figures.ticksMissed,
      late_since: this.lateSinceMs === null ? null : iso(this.lateSinceMs),
      tote_cycle_ms: base !== figures && cycle.count > 0 ? round((cycle.sum / cycle.count) * 1000) : null,
      http_requests_per_second: perSecond((f) => f.httpRequests),
      http_error_rate: requests > 0 ? round(Math.max(0, serverErrors) / requests, 4) : 0,
      event_loop_lag_p99_ms: now.eventLoopLagP99Ms,
      heap_used_bytes: Math.round(figures.heapUsedBytes),
      db_pool: figures.dbPool,
      job_failures: this.jobFailures(figures),
    };
  }

  /** Each job's failures since the last reading, added to its run; runs with nothing in the window end. */
  private jobFailures(figures: Figures): OpsJobFailure[] {
    const at = figures.atMs;
    for (const [job, totalNow] of figures.jobFailures) {
      const added = totalNow - (this.failureTotals.get(job) ?? 0);
      this.failureTotals.set(job, totalNow);
      if (added <= 0) continue;
      const run = this.failureRuns.get(job);
      if (run) run.events.push({ atMs: at, count: added });
      else this.failureRuns.set(job, { events: [{ atMs: at, count: added }], sinceMs: at });
    }
    const out: OpsJobFailure[] = [];
    for (const [job, run] of this.failureRuns) {
      run.events = run.events.filter((e) => e.atMs > at - FAILURE_WINDOW_MS);
      const last = run.events.at(-1);
      if (!last) {
        this.failureRuns.delete(job);
        continue;
      }
      const recent = run.events.reduce((sum, e) => sum + e.count, 0);
      out.push({ job, recent, since: iso(run.sinceMs), last_at: iso(last.atMs) });
    }
    return out.sort((a, b) => a.job.localeCompare(b.job));
  }
}
