import { Logger } from '@nestjs/common';
import { RaceEvents } from './race-events';

describe(RaceEvents.name, () => {
  let sut: RaceEvents;

  beforeEach(() => {
    sut = new RaceEvents();
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('should hand each subscriber the payload and wait for it', async () => {
    const seen: string[] = [];
    sut.on('race.opened', async (p) => {
      await Promise.resolve();
      seen.push(`a:${p.race_ids.join(',')}`);
    });
    sut.on('race.opened', (p) => {
      seen.push(`b:${p.race_ids.join(',')}`);
    });
    sut.on('race.resulted', () => {
      seen.push('other');
    });

    await sut.emit('race.opened', { race_ids: [4, 5] });

    expect(seen).toEqual(['a:4,5', 'b:4,5']);
  });

  it('should log a failing subscriber and still run the others and resolve', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const seen: number[] = [];
    sut.on('race.resulted', () => {
      throw new Error('queue down');
    });
    sut.on('race.resulted', (p) => {
      seen.push(p.current_race_id);
    });

    await expect(sut.emit('race.resulted', { current_race_id: 7, result_id: 70 })).resolves.toBeUndefined();

    expect(seen).toEqual([7]);
    expect(warn).toHaveBeenCalledWith('race.resulted subscriber failed: queue down');
  });

  it('should stop calling a subscriber once it unsubscribes', async () => {
    const seen: number[] = [];
    const off = sut.on('race.closed', (p) => {
      seen.push(...p.race_ids);
    });
    await sut.emit('race.closed', { race_ids: [1] });
    off();
    await sut.emit('race.closed', { race_ids: [2] });

    expect(seen).toEqual([1]);
  });
});
