import type { Registry } from 'prom-client';
import { METRIC } from '../metrics/metrics';

/** A histogram's cumulative buckets (`le` in seconds → observations at most that) and its sum and count. */
export interface Buckets {
  bounds: number[];
  cumulative: number[];
  sum: number;
  count: number;
}

/** This instance's counters and histograms at one instant, read from its metrics registry. */
export interface Figures {
  atMs: number;
  framesSent: number;
  toteBroadcasts: number;
  betsAccepted: number;
  slipsRefused: number;
  refusals: Record<string, number>;
  ticksMissed: number;
  tickLateness: Buckets;
  toteCycle: Buckets;
  httpRequests: number;
  httpServerErrors: number;
  sockets: number;
  heapUsedBytes: number;
  dbPool: { in_use: number; idle: number; waiting: number };
  /** Failed job attempts since start, by job name (every queue). */
  jobFailures: Map<string, number>;
}

interface Value {
  value: number;
  labels: Record<string, string | number | undefined>;
  metricName?: string;
}

async function valuesOf(registry: Registry, name: string): Promise<Value[]> {
  const metric = registry.getSingleMetric(name);
  if (!metric) return [];
  return (await metric.get()).values as Value[];
}

const total = (values: Value[]) => values.reduce((sum, v) => sum + v.value, 0);

function bucketsOf(name: string, values: Value[]): Buckets {
  const buckets: Buckets = { bounds: [], cumulative: [], sum: 0, count: 0 };
  for (const v of values) {
    if (v.metricName === `${name}_bucket`) {
      buckets.bounds.push(v.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(v.labels.le));
      buckets.cumulative.push(v.value);
    } else if (v.metricName === `${name}_sum`) buckets.sum = v.value;
    else if (v.metricName === `${name}_count`) buckets.count = v.value;
  }
  return buckets;
}

/**
 * Reads the figures the operations page shows from the same registry `/metrics` serves. Only
 * series whose collection has no side effect are read here: the event-loop lag's collection resets
 * its histogram on every read, so the page measures the lag itself (see EventLoopLag).
 */
export async function readFigures(registry: Registry, atMs: number): Promise<Figures> {
  // The heap gauges are all set by the collection of the total's.
  await registry.getSingleMetric(METRIC.heapTotal)?.get();
  const [frames, tote, bets, refused, missed, lateness, cycle, http, sockets, heap, pool, waiting, failures] =
    await Promise.all(
      [
        METRIC.framesSent,
        METRIC.toteBroadcasts,
        METRIC.betsAccepted,
        METRIC.slipsRefused,
        METRIC.ticksMissed,
        METRIC.tickLateness,
        METRIC.toteCycle,
        METRIC.httpRequests,
        METRIC.sockets,
        METRIC.heapUsed,
        METRIC.dbPool,
        METRIC.dbPoolWaiting,
        METRIC.jobFailures,
      ].map((name) => valuesOf(registry, name)),
    );
  const refusals: Record<string, number> = {};
  for (const v of refused ?? []) refusals[String(v.labels.reason)] = v.value;
  const jobFailures = new Map<string, number>();
  for (const v of failures ?? []) {
    const job = String(v.labels.job);
    jobFailures.set(job, (jobFailures.get(job) ?? 0) + v.value);
  }
  const poolState = (state: string) => (pool ?? []).find((v) => v.labels.state === state)?.value ?? 0;
  return {
    atMs,
    framesSent: total(frames ?? []),
    toteBroadcasts: total(tote ?? []),
    betsAccepted: total(bets ?? []),
    slipsRefused: total(refused ?? []),
    refusals,
    ticksMissed: total(missed ?? []),
    tickLateness: bucketsOf(METRIC.tickLateness, lateness ?? []),
    toteCycle: bucketsOf(METRIC.toteCycle, cycle ?? []),
    httpRequests: total(http ?? []),
    httpServerErrors: total((http ?? []).filter((v) => Number(v.labels.status) >= 500)),
    sockets: total(sockets ?? []),
    heapUsedBytes: total(heap ?? []),
    dbPool: { in_use: poolState('in_use'), idle: poolState('idle'), waiting: total(waiting ?? []) },
    jobFailures,
  };
}

/** `later - earlier` of two readings of one histogram (the observations between them). */
export function bucketsBetween(earlier: Buckets, later: Buckets): Buckets {
  return {
    bounds: later.bounds,
    cumulative: later.cumulative.map((c, i) => c - (earlier.cumulative[i] ?? 0)),
    sum: later.sum - earlier.sum,
    count: later.count - earlier.count,
  };
}

/**
 * The q-quantile of a histogram's observations as Prometheus' histogram_quantile estimates it:
 * linear within the bucket it falls in, the highest finite bound when it falls in +Inf; null
 * without observations.
 */
export function quantileOf(buckets: Buckets, q: number): number | null {
  const count = buckets.cumulative.at(-1) ?? 0;
  if (count <= 0) return null;
  const rank = q * count;
  for (let i = 0; i < buckets.bounds.length; i++) {
    const upper = buckets.bounds[i] as number;
    const below = i === 0 ? 0 : (buckets.cumulative[i - 1] as number);
    const at = buckets.cumulative[i] as number;
    if (at < rank) continue;
    if (upper === Number.POSITIVE_INFINITY) return i === 0 ? 0 : (buckets.bounds[i - 1] as number);
    const lower = i === 0 ? 0 : (buckets.bounds[i - 1] as number);
    return at === below ? upper : lower + ((upper - lower) * (rank - below)) / (at - below);
  }
  return buckets.bounds.filter(Number.isFinite).at(-1) ?? null;
}
