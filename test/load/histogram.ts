/**
 * A latency histogram with 1 ms buckets up to 10 s (later values go in one overflow bucket, their
 * maximum is kept). Children of the load tool record into one each and send it to the parent in its
 * sparse form, never the samples themselves.
 */
export const HISTOGRAM_LIMIT_MS = 10_000;

/** The wire form: [ms, count] pairs of the non-empty buckets, the overflow count and the maximum. */
export interface SparseHistogram {
  buckets: [number, number][];
  overflow: number;
  count: number;
  max: number;
}

export class LatencyHistogram {
  private readonly buckets = new Uint32Array(HISTOGRAM_LIMIT_MS);
  private overflow = 0;
  count = 0;
  max = 0;

  record(ms: number): void {
    const v = ms < 0 ? 0 : Math.round(ms);
    if (v < HISTOGRAM_LIMIT_MS) this.buckets[v] = (this.buckets[v] as number) + 1;
    else this.overflow++;
    this.count++;
    if (v > this.max) this.max = v;
  }

  toSparse(): SparseHistogram {
    const buckets: [number, number][] = [];
    for (let ms = 0; ms < HISTOGRAM_LIMIT_MS; ms++) {
      const n = this.buckets[ms] as number;
      if (n > 0) buckets.push([ms, n]);
    }
    return { buckets, overflow: this.overflow, count: this.count, max: this.max };
  }

  add(sparse: SparseHistogram): void {
    for (const [ms, n] of sparse.buckets) this.buckets[ms] = (this.buckets[ms] as number) + n;
    this.overflow += sparse.overflow;
    this.count += sparse.count;
    if (sparse.max > this.max) this.max = sparse.max;
  }

  /** The smallest value with at least q of the samples at or below it (overflowed ones count as the maximum). */
  quantile(q: number): number {
    if (this.count === 0) return Number.NaN;
    const rank = Math.max(1, Math.ceil(q * this.count));
    let seen = 0;
    for (let ms = 0; ms < HISTOGRAM_LIMIT_MS; ms++) {
      seen += this.buckets[ms] as number;
      if (seen >= rank) return ms;
    }
    return this.max;
  }
}
