import { GroupCommit } from './group-commit';

/** A writer that records each group and is released by hand, so a test decides when a write ends. */
function gatedWriter(fails: (items: number[]) => boolean = () => false) {
  const groups: number[][] = [];
  const gates: (() => void)[] = [];
  const write = (items: number[]) => {
    groups.push(items);
    return new Promise<string[]>((resolve, reject) => {
      gates.push(() =>
        fails(items) ? reject(new Error(`refused ${items.join(',')}`)) : resolve(items.map((i) => `ok ${i}`)),
      );
    });
  };
  const release = async () => {
    const gate = gates.shift();
    if (!gate) throw new Error('no write in flight');
    gate();
    await new Promise((r) => setImmediate(r));
  };
  return { write, groups, release };
}

describe('GroupCommit', () => {
  it('should write an item alone at once when nothing is in flight, and those that came meanwhile as the next group', async () => {
    const w = gatedWriter();
    const commit = new GroupCommit(w.write, { maxGroup: 10 });
    const first = commit.submit(1);
    expect(w.groups).toEqual([[1]]);
    const later = [commit.submit(2), commit.submit(3), commit.submit(4)];
    expect(commit.pending).toBe(3);
    await w.release();
    expect(w.groups).toEqual([[1], [2, 3, 4]]);
    await w.release();
    await expect(first).resolves.toBe('ok 1');
    await expect(Promise.all(later)).resolves.toEqual(['ok 2', 'ok 3', 'ok 4']);
  });

  it('should cut groups at maxGroup and keep the order of arrival', async () => {
    const w = gatedWriter();
    const commit = new GroupCommit(w.write, { maxGroup: 2 });
    const all = [1, 2, 3, 4, 5].map((i) => commit.submit(i));
    for (let k = 0; k < 3; k++) await w.release();
    expect(w.groups).toEqual([[1], [2, 3], [4, 5]]);
    await expect(Promise.all(all)).resolves.toEqual(['ok 1', 'ok 2', 'ok 3', 'ok 4', 'ok 5']);
  });

  it('should write each item of a failed group alone, so only the failing item gets the failure', async () => {
    const w = gatedWriter((items) => items.includes(3));
    const sizes: number[] = [];
    const commit = new GroupCommit(w.write, { maxGroup: 10, onGroup: (n) => sizes.push(n) });
    const first = commit.submit(1);
    const rest = Promise.allSettled([2, 3, 4].map((i) => commit.submit(i)));
    await w.release(); // [1]
    await w.release(); // [2, 3, 4] fails
    expect(w.groups.slice(2)).toEqual([[2], [3], [4]]);
    for (let k = 0; k < 3; k++) await w.release();
    await expect(first).resolves.toBe('ok 1');
    const settled = await rest;
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason.message).toBe('refused 3');
    expect(sizes).toEqual([1, 3]);
  });

  it('should never put two items with one key in a group: the later waits for the next', async () => {
    const w = gatedWriter();
    const commit = new GroupCommit(w.write, { maxGroup: 10, keyOf: (i) => String(i % 10) });
    const all = [1, 2, 11, 3, 21].map((i) => commit.submit(i));
    for (let k = 0; k < 3; k++) await w.release();
    expect(w.groups).toEqual([[1], [2, 11, 3], [21]]);
    await expect(Promise.all(all)).resolves.toHaveLength(5);
  });

  it('should write up to maxInFlight groups at once, the next forming while they are written', async () => {
    const w = gatedWriter();
    const commit = new GroupCommit(w.write, { maxGroup: 10, maxInFlight: 2 });
    const all = [commit.submit(1), commit.submit(2), commit.submit(3), commit.submit(4)];
    // 1 goes alone, 2 starts the second group at once; 3 and 4 wait for one of them to end.
    expect(w.groups).toEqual([[1], [2]]);
    expect(commit.pending).toBe(2);
    await w.release();
    expect(w.groups).toEqual([[1], [2], [3, 4]]);
    await w.release();
    await w.release();
    await expect(Promise.all(all)).resolves.toEqual(['ok 1', 'ok 2', 'ok 3', 'ok 4']);
  });

  it('should refuse a maxGroup below one', () => {
    expect(() => new GroupCommit(async () => [], { maxGroup: 0 })).toThrow(RangeError);
  });
});
