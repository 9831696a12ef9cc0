import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { TooManyAttemptsException } from './auth-errors';
import { sha256 } from './secrets';
import { type Reservation, ThrottleRepository } from './throttle.repository';

const HOUR_MS = 3_600_000;
/** Windows that started this long ago are over whatever their length: their rows can go. */
const PURGE_AFTER_MS = 24 * HOUR_MS;

/** A login attempt that holds its place in the throttle windows until its outcome is known. */
export interface LoginAttempt {
  readonly email: string;
  readonly reservations: Reservation[];
}

/**
 * Throttling of logins, sign-ups and pass logins in fixed windows shared by every replica.
 * An attempt is reserved (counted) before any work is done for it, in one statement, so a burst
 * of concurrent requests cannot walk past a limit: past it, the answer is 429 with Retry-After and
 * no password is checked. A refused attempt is not counted. Logins count failures per e-mail and
 * per client address: a successful login clears the e-mail's count and gives back its place in
 * the address's window (the address limit is one of failures, so an office behind one NAT is not
 * locked out by its own good logins).
 */
@Injectable()
export class LoginThrottle {
  private readonly logger = new Logger('Throttle');
  private lastPurgeMs = Number.NEGATIVE_INFINITY;

  constructor(
    @Inject(ThrottleRepository) private readonly repository: ThrottleRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Reserves a login attempt for this e-mail and address, or throws 429 (nothing reserved then).
   * A failed attempt simply keeps its reservation.
   */
  async beginLogin(email: string, ip: string): Promise<LoginAttempt> {
    const t = this.config.accounts.loginThrottle;
    // Always e-mail before address: every statement locks the keys in the same order (no deadlock).
    const limits = new Map([
      [emailKey(email), t.maxFailuresPerEmail],
      [`login:ip:${ip}`, t.maxFailuresPerIp],
    ]);
    const reservations = await this.reserve(limits, t.windowMs, 'login attempts');
    return { email, reservations };
  }

  /** The password matched: the e-mail's count starts again and the address gets its place back. */
  async loginSucceeded(attempt: LoginAttempt): Promise<void> {
    await this.repository.clear(emailKey(attempt.email));
    await this.repository.release(attempt.reservations.filter((r) => r.key !== emailKey(attempt.email)));
  }

  /** Sign-ups (and pass logins) per client address and hour: counts every attempt let through. */
  async hitPerHour(kind: 'register' | 'pass', ip: string, limit: number): Promise<void> {
    const what = kind === 'register' ? 'sign-ups from this address' : 'pass logins';
    await this.reserve(new Map([[`${kind}:ip:${ip}`, limit]]), HOUR_MS, what);
  }

  private async reserve(limits: Map<string, number>, windowMs: number, what: string): Promise<Reservation[]> {
    const now = this.clock.now();
    this.purgeOldWindows(now.getTime());
    const reservations = await this.repository.reserve([...limits.keys()], now, windowMs);
    const over = reservations.filter((r) => r.count > (limits.get(r.key) ?? 0));
    if (over.length === 0) return reservations;
    await this.repository.release(reservations);
    const endsAt = Math.max(...over.map((r) => r.windowStartedAt.getTime() + windowMs));
    // A concurrent request that read the clock after this one may have opened the window: it then
    // ends a few ms more than a window from `now`, which must not round up to a longer wait than one
    // window (Retry-After 901 for a 900 s window).
    const waitMs = Math.min(windowMs, endsAt - now.getTime());
    throw new TooManyAttemptsException(Math.max(1, waitMs / 1000), what);
  }

  /** One row per e-mail and address ever tried would pile up: at most hourly, drop the long-over windows. */
  private purgeOldWindows(nowMs: number): void {
    if (nowMs - this.lastPurgeMs < HOUR_MS) return;
    this.lastPurgeMs = nowMs;
    this.repository.purgeBefore(new Date(nowMs - PURGE_AFTER_MS)).catch((err: unknown) => {
      this.logger.warn(`old throttle windows not purged: ${(err as Error).message}`);
    });
  }
}

function emailKey(email: string): string {
  return `login:email:${sha256(email)}`;
}
