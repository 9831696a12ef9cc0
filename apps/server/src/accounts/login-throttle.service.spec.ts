import { Clock } from '../common/clock';
import { type AppConfig, loadConfig } from '../config/app-config';
import { LoginThrottle } from './login-throttle.service';
import type { ThrottleRepository } from './throttle.repository';

const HOUR = 3_600_000;

class SteppedClock extends Clock {
  at = Date.parse('2026-11-25T10:00:00Z');
  now(): Date {
    return new Date(this.at);
  }
}

describe(LoginThrottle.name, () => {
  const config: AppConfig = loadConfig({});
  let clock: SteppedClock;
  let purges: Date[];
  let sut: LoginThrottle;

  beforeEach(() => {
    clock = new SteppedClock();
    purges = [];
    const repository = {
      reserve: async (keys: string[], at: Date) => keys.map((key) => ({ key, count: 1, windowStartedAt: at })),
      release: async () => undefined,
      clear: async () => undefined,
      purgeBefore: async (at: Date) => {
        purges.push(at);
      },
    } as unknown as ThrottleRepository;
    sut = new LoginThrottle(repository, clock, config);
  });

  it('should purge the windows that started a day ago on the first attempt, then at most hourly', async () => {
    await sut.beginLogin('a@furlong.test', '10.0.0.1');
    expect(purges).toEqual([new Date(clock.at - 24 * HOUR)]);

    clock.at += HOUR - 1;
    await sut.hitPerHour('register', '10.0.0.1', 20);
    expect(purges).toHaveLength(1);

    clock.at += 1;
    await sut.beginLogin('b@furlong.test', '10.0.0.2');
    expect(purges.map((d) => d.getTime())).toEqual([clock.at - HOUR - 24 * HOUR, clock.at - 24 * HOUR]);
  });

  it('should never ask to wait longer than a window, even when a concurrent request opened it a moment later', async () => {
    // The window was opened by a request that read the clock 40 ms after this one.
    const repository = {
      reserve: async (keys: string[], at: Date) =>
        keys.map((key) => ({ key, count: 1_000, windowStartedAt: new Date(at.getTime() + 40) })),
      release: async () => undefined,
      purgeBefore: async () => undefined,
    } as unknown as ThrottleRepository;
    const throttled = new LoginThrottle(repository, clock, config);
    const refusal = await throttled.hitPerHour('register', '10.0.0.1', 20).catch((err: unknown) => err);
    expect(refusal).toMatchObject({ headers: { 'Retry-After': String(HOUR / 1000) } });
  });
});
