import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { TooManyAttemptsException } from './auth-errors';
import { sha256 } from './secrets';
import { ThrottleRepository } from './throttle.repository';

const HOUR_MS = 3_600_000;

/**
 * Login throttling: failed logins are counted per e-mail and per client address in a fixed
 * window; past the limit, further attempts get 429 with Retry-After until the window ends (even
 * with the right password, so guessing cannot go on). A successful login clears the e-mail's count.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    @Inject(ThrottleRepository) private readonly repository: ThrottleRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private keys(email: string, ip: string): { key: string; limit: number }[] {
    const t = this.config.accounts.loginThrottle;
    return [
      { key: `login:email:${sha256(email)}`, limit: t.maxFailuresPerEmail },
      { key: `login:ip:${ip}`, limit: t.maxFailuresPerIp },
    ];
  }

  async assertLoginAllowed(email: string, ip: string): Promise<void> {
    const windowMs = this.config.accounts.loginThrottle.windowMs;
    for (const { key, limit } of this.keys(email, ip)) await this.assertUnder(key, limit, windowMs, 'login attempts');
  }

  async recordLoginFailure(email: string, ip: string): Promise<void> {
    const now = this.clock.now();
    for (const { key } of this.keys(email, ip)) {
      await this.repository.hit(key, now, this.config.accounts.loginThrottle.windowMs);
    }
  }

  async recordLoginSuccess(email: string): Promise<void> {
    await this.repository.clear(`login:email:${sha256(email)}`);
  }

  /** Sign-ups (and pass logins) per client address and hour: counts every attempt. */
  async hitPerHour(kind: 'register' | 'pass', ip: string, limit: number): Promise<void> {
    const key = `${kind}:ip:${ip}`;
    await this.assertUnder(key, limit, HOUR_MS, kind === 'register' ? 'sign-ups from this address' : 'pass logins');
    await this.repository.hit(key, this.clock.now(), HOUR_MS);
  }

  private async assertUnder(key: string, limit: number, windowMs: number, what: string): Promise<void> {
    const row = await this.repository.get(key);
    if (!row || row.count < limit) return;
    const endsAt = row.window_started_at.getTime() + windowMs;
    const remainingMs = endsAt - this.clock.now().getTime();
    if (remainingMs > 0) throw new TooManyAttemptsException(remainingMs / 1000, what);
  }
}
