import { EARNINGS_BUCKETS, EARNINGS_LIMITS, type EarningsBucket } from '@furlong/contracts';

/**
 * The finest bucket whose timeline has at most `limit` points: race days, then weeks, months and
 * years (a year bucket is always taken, however many: no history is that long).
 */
export function chooseBucket(
  spans: Readonly<Record<EarningsBucket, number>>,
  limit: number = EARNINGS_LIMITS.timelinePoints,
): EarningsBucket {
  return EARNINGS_BUCKETS.find((b) => spans[b] <= limit) ?? 'year';
}
