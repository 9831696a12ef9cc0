/**
 * Group commit: work items that arrive while a group is being written wait and are written together
 * as the next group, in one transaction, instead of one transaction each. An item that arrives when
 * nothing is in flight goes at once, alone, so a quiet server adds no wait; under load the groups
 * grow by themselves up to `maxGroup`.
 *
 * `write(items)` is all or nothing and answers one result per item, in order. When a group of more
 * than one fails (one item broke a rule, or the database refused the group), each of its items is
 * written again on its own, so each gets its own answer and no item fails for another's fault.
 * Items with the same `keyOf` never share a group (the later waits for the next one).
 */
export class GroupCommit<T, R> {
  private readonly waiting: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private inFlight = 0;

  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly options: {
      maxGroup: number;
      /** Groups written at the same time (1: the next group forms while one is written). */
      maxInFlight?: number;
      keyOf?: (item: T) => string;
      /** Told the size of each group as it is written (for metrics). */
      onGroup?: (size: number) => void;
    },
  ) {
    if (!Number.isSafeInteger(options.maxGroup) || options.maxGroup < 1) {
      throw new RangeError(`maxGroup must be a whole number ≥ 1, got ${options.maxGroup}`);
    }
  }

  /** Writes the item in the next group; resolves with its result or rejects with its own failure. */
  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.pump();
    });
  }

  /** Items waiting for a group. */
  get pending(): number {
    return this.waiting.length;
  }

  private pump(): void {
    while (this.waiting.length > 0 && this.inFlight < (this.options.maxInFlight ?? 1)) {
      const group = this.takeGroup();
      this.inFlight += 1;
      void this.run(group).finally(() => {
        this.inFlight -= 1;
        this.pump();
      });
    }
  }

  /** The oldest waiting items, up to maxGroup, at most one per key; the rest keep their places. */
  private takeGroup(): typeof this.waiting {
    const { keyOf, maxGroup } = this.options;
    if (!keyOf) return this.waiting.splice(0, maxGroup);
    const keys = new Set<string>();
    const group: typeof this.waiting = [];
    const left: typeof this.waiting = [];
    for (const entry of this.waiting) {
      const key = keyOf(entry.item);
      if (group.length < maxGroup && !keys.has(key)) {
        keys.add(key);
        group.push(entry);
      } else {
        left.push(entry);
      }
    }
    this.waiting.splice(0, this.waiting.length, ...left);
    return group;
  }

  private async run(group: typeof this.waiting): Promise<void> {
    this.options.onGroup?.(group.length);
    try {
      const results = await this.write(group.map((g) => g.item));
      for (const [i, g] of group.entries()) g.resolve(results[i] as R);
      return;
    } catch (err) {
      if (group.length === 1) {
        (group[0] as (typeof group)[number]).reject(err);
        return;
      }
    }
    // Each alone, at the same time: each transaction stands or falls by itself.
    await Promise.all(
      group.map(async (g) => {
        try {
          const [result] = await this.write([g.item]);
          g.resolve(result as R);
        } catch (err) {
          g.reject(err);
        }
      }),
    );
  }
}
