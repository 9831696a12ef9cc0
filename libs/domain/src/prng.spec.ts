import fc from 'fast-check';
import { Prng } from './prng';

describe(Prng.name, () => {
  it('should give the same sequence for the same seed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.string()), (seed) => {
        const a = new Prng(seed);
        const b = new Prng(seed);
        return (
          Array.from({ length: 20 }, () => a.nextUint32()).join() ===
          Array.from({ length: 20 }, () => b.nextUint32()).join()
        );
      }),
    );
  });

  it('should give different sequences for different seeds', () => {
    const a = Array.from(
      { length: 5 },
      (
        (p) => () =>
          p.nextUint32()
      )(new Prng(1)),
    );
    const b = Array.from(
      { length: 5 },
      (
        (p) => () =>
          p.nextUint32()
      )(new Prng(2)),
    );
    expect(a).not.toEqual(b);
  });

  it('should keep a known sequence, so stored seeds replay the same forever', () => {
    const sut = new Prng(42);
    expect(Array.from({ length: 3 }, () => sut.nextUint32())).toEqual([1028872839, 2516511472, 400437680]);
  });

  it('should keep int() within its inclusive bounds and reach both ends', () => {
    const sut = new Prng('bounds');
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const n = sut.int(3, 7);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it('should spread next() evenly over [0, 1)', () => {
    const sut = new Prng(7);
    const buckets = new Array<number>(10).fill(0);
    for (let i = 0; i < 100_000; i++) buckets[Math.floor(sut.next() * 10)]++;
    for (const count of buckets) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });

  it('should shuffle into a permutation and sample distinct items', () => {
    const sut = new Prng(9);
    const items = Array.from({ length: 30 }, (_, i) => i);
    expect([...sut.shuffle(items)].sort((a, b) => a - b)).toEqual(items);
    const sample = sut.sample(items, 12);
    expect(new Set(sample).size).toBe(12);
  });

  it('should refuse impossible requests', () => {
    const sut = new Prng(1);
    expect(() => sut.int(5, 4)).toThrow(RangeError);
    expect(() => sut.pick([])).toThrow(RangeError);
    expect(() => sut.sample([1, 2], 3)).toThrow(RangeError);
  });

  it('should make forks independent of later draws on the parent', () => {
    const a = new Prng(5);
    const b = new Prng(5);
    const forkA = a.fork('horses');
    const forkB = b.fork('horses');
    a.next();
    expect(forkA.nextUint32()).toBe(forkB.nextUint32());
  });
});
