/**
 * Answers of a list kept in memory for a short time, one load at a time per key: a popular page is
 * read from PostgreSQL once per period however many ask for it, and concurrent askers share the
 * one load. A failed load is not kept. Oldest entries go first past the cap.
 */
export class ListCache<T> {
  private readonly entries = new Map<string, { until: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly nowMs: () => number,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = this.nowMs();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (hit) this.entries.delete(key);
    const value = load();
    this.entries.set(key, { until: now + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return value;
  }

  /** Forgets every answer (after a write the lists must show at once). */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
