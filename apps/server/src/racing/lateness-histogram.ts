/** Lateness of timed work (ms), the last `capacity` samples, with percentiles on demand. */
export class LatenessHistogram {
  private readonly values: Float64Array;
  private next = 0;
  private filled = 0;
  private total = 0;
  private worst = 0;

  constructor(private readonly capacity = 20_000) {
    this.values = new Float64Array(capacity);
  }

  record(lateMs: number): void {
    const value = Math.max(0, lateMs);
    this.values[this.next] = value;
    this.next = (this.next + 1) % this.capacity;
    this.filled = Math.min(this.filled + 1, this.capacity);
    this.total++;
    if (value > this.worst) this.worst = value;
  }

  reset(): void {
    this.next = 0;
    this.filled = 0;
    this.total = 0;
    this.worst = 0;
  }

  /** p50, p99 and max over the kept samples (ms, one decimal), and how many were ever recorded. */
  summary(): { count: number; p50: number; p99: number; max: number } {
    const sorted = Array.from(this.values.subarray(0, this.filled)).sort((a, b) => a - b);
    const at = (q: number) =>
      sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number);
    const round = (x: number) => Math.round(x * 10) / 10;
    return { count: this.total, p50: round(at(0.5)), p99: round(at(0.99)), max: round(this.worst) };
  }
}
