import { Metrics } from '../metrics/metrics';
import { type Buckets, bucketsBetween, quantileOf, readFigures } from './figures';

const buckets = (bounds: number[], cumulative: number[]): Buckets => ({
  bounds,
  cumulative,
  sum: 0,
  count: cumulative.at(-1) ?? 0,
});

describe(quantileOf.name, () => {
  it('should interpolate within the bucket the rank falls in, as histogram_quantile does', () => {
    // 100 observations: 50 at most 10 ms, 90 at most 20 ms, all at most 40 ms.
    const b = buckets([0.01, 0.02, 0.04, Number.POSITIVE_INFINITY], [50, 90, 100, 100]);
    expect(quantileOf(b, 0.5)).toBeCloseTo(0.01);
    expect(quantileOf(b, 0.7)).toBeCloseTo(0.015);
    expect(quantileOf(b, 0.99)).toBeCloseTo(0.038);
  });

  it('should answer the highest finite bound when the rank falls in +Inf, and null without observations', () => {
    expect(quantileOf(buckets([0.01, 0.02, Number.POSITIVE_INFINITY], [1, 1, 10]), 0.99)).toBe(0.02);
    expect(quantileOf(buckets([0.01, Number.POSITIVE_INFINITY], [0, 0]), 0.99)).toBeNull();
  });
});

describe(readFigures.name, () => {
  it("should read the registry's counters and histograms, and their difference between two readings", async () => {
    const metrics = new Metrics();
    const first = await readFigures(metrics.registry, 1000);
    metrics.frameWritten(1000, 1001);
    metrics.frameWritten(1000, 1002);
    metrics.slipAccepted(3, 0.01);
    metrics.slipRefused('betting_closed', 0.01);
    metrics.tickLate(30);
    metrics.tickLate(70);
    metrics.toteCycle(0.2);
    metrics.httpRequest('GET', '/api/health', 200, 0.001);
    metrics.httpRequest('GET', '/api/health', 503, 0.001);
    metrics.jobRan('jobs', 'wagering.settle', 0.1, true);
    metrics.jobRan('jobs', 'wagering.settle', 0.1, false);
    const second = await readFigures(metrics.registry, 2000);

    expect(second).toMatchObject({
      atMs: 2000,
      framesSent: first.framesSent + 2,
      betsAccepted: 3,
      slipsRefused: 1,
      httpRequests: 2,
      httpServerErrors: 1,
    });
    expect(second.refusals.betting_closed).toBe(1);
    expect(second.jobFailures.get('wagering.settle')).toBe(1);
    expect(second.heapUsedBytes).toBeGreaterThan(0);
    const lateness = bucketsBetween(first.tickLateness, second.tickLateness);
    expect(lateness.count).toBe(2);
    expect(lateness.sum).toBeCloseTo(0.1);
    expect(second.toteCycle.count).toBe(1);
    metrics.onApplicationShutdown();
  });
});
