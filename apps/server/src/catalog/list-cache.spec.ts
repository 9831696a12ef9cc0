import { ListCache } from './list-cache';

describe(ListCache.name, () => {
  let now = 0;
  let loads = 0;
  const load = (value: string) => () => {
    loads += 1;
    return Promise.resolve(value);
  };

  beforeEach(() => {
    now = 1_000;
    loads = 0;
  });

  it('should answer a key from memory within its period and load it again after', async () => {
    const sut = new ListCache<string>(1_000, 10, () => now);
    expect(await sut.get('a', load('first'))).toBe('first');
    now += 999;
    expect(await sut.get('a', load('second'))).toBe('first');
    now += 1;
    expect(await sut.get('a', load('third'))).toBe('third');
    expect(loads).toBe(2);
  });

  it('should share one load among concurrent askers of a key, and keep keys apart', async () => {
    const sut = new ListCache<string>(1_000, 10, () => now);
    const answers = await Promise.all([sut.get('a', load('a')), sut.get('a', load('x')), sut.get('b', load('b'))]);
    expect(answers).toEqual(['a', 'a', 'b']);
    expect(loads).toBe(2);
  });

  it('should not keep a failed load', async () => {
    const sut = new ListCache<string>(1_000, 10, () => now);
    await expect(sut.get('a', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await sut.get('a', load('recovered'))).toBe('recovered');
  });

  it('should drop the oldest keys past its cap, and keep nothing with a period of 0', async () => {
    const capped = new ListCache<string>(1_000, 2, () => now);
    for (const key of ['a', 'b', 'c']) await capped.get(key, load(key));
    expect(capped.size).toBe(2);
    expect(await capped.get('a', load('a again'))).toBe('a again');

    const off = new ListCache<string>(0, 10, () => now);
    await off.get('a', load('1'));
    expect(await off.get('a', load('2'))).toBe('2');
    expect(off.size).toBe(0);
  });
});
