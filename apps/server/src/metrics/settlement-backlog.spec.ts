import { Metrics } from './metrics';

async function backlogOf(metrics: Metrics): Promise<number | undefined> {
  const metric = await metrics.registry.getSingleMetric('furlong_settlement_backlog_seconds')?.get();
  return metric?.values[0]?.value;
}

describe('furlong_settlement_backlog_seconds', () => {
  const apps: Metrics[] = [];
  const metricsWith = (oldest: () => Promise<Date | null>, nowMs: number) => {
    const metrics = new Metrics();
    apps.push(metrics);
    metrics.watchSettlementBacklog(oldest, () => nowMs);
    return metrics;
  };

  afterAll(() => {
    for (const m of apps) m.onApplicationShutdown();
  });

  it('should report how long the oldest unpaid result has waited, in seconds', async () => {
    expect(await backlogOf(metricsWith(async () => new Date(10_000), 70_500))).toBe(60.5);
  });

  it('should report 0 when no result waits for its pools', async () => {
    expect(await backlogOf(metricsWith(async () => null, 70_500))).toBe(0);
  });

  it('should keep the last value when the read fails', async () => {
    let fail = false;
    const metrics = metricsWith(async () => {
      if (fail) throw new Error('database away');
      return new Date(0);
    }, 30_000);
    expect(await backlogOf(metrics)).toBe(30);
    fail = true;
    expect(await backlogOf(metrics)).toBe(30);
  });
});
