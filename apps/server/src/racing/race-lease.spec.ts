import { MemoryLeaseStore, RaceLeases } from './race-lease';

describe(RaceLeases.name, () => {
  let now: number;
  let store: MemoryLeaseStore;
  let a: RaceLeases;
  let b: RaceLeases;

  beforeEach(() => {
    now = 1_000_000;
    store = new MemoryLeaseStore(() => now);
    a = new RaceLeases(store, 'instance-a', 5000, 'test');
    b = new RaceLeases(store, 'instance-b', 5000, 'test');
  });

  it('should give a race to one runner only', async () => {
    expect(await a.acquire(7)).toBe(true);
    expect(await b.acquire(7)).toBe(false);
    expect(await b.acquire(8)).toBe(true);
    expect(await a.holderOf(7)).toBe('instance-a');
  });

  it('should keep the lease while it is renewed inside its time to live', async () => {
    await a.acquire(7);
    for (let i = 0; i < 10; i++) {
      now += 4000;
      expect(await a.renew(7)).toBe(true);
      expect(await b.acquire(7)).toBe(false);
    }
  });

  it('should let another runner take over once the lease expires, and the old holder then lose it', async () => {
    await a.acquire(7);
    now += 4999;
    expect(await b.acquire(7)).toBe(false);
    now += 1;
    expect(await b.acquire(7)).toBe(true);
    expect(await a.renew(7)).toBe(false);
    await a.release(7);
    expect(await b.holderOf(7)).toBe('instance-b');
  });

  it('should free a released race at once', async () => {
    await a.acquire(7);
    await a.release(7);
    expect(await b.acquire(7)).toBe(true);
  });

  it('should keep one key per race under the prefix', () => {
    expect(a.key(42)).toBe('test:race-lease:42');
  });
});
