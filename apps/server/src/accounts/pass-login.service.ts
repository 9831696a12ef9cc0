import type {
  MeResponse,
  PassLoginCreated,
  PassLoginDecision,
  PassLoginInfo,
  PassLoginStatus,
} from '@furlong/contracts';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { Randomness } from '../common/randomness';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { ClientMeta } from './auth.decorators';
import { AuthService } from './auth.service';
import { gone } from './auth-errors';
import { LoginThrottle } from './login-throttle.service';
import { PassLoginRepository, type PassRow } from './pass-login.repository';
import { safeEqual, sha256 } from './secrets';
import type { AuthenticatedUser } from './session-auth';
import { UserRepository } from './user.repository';

const PASSES_PER_IP_PER_HOUR = 120;
// Old passes are deleted after a day: the table only has to remember recent ids.
const KEEP_MS = 86_400_000;

export const PASS_MESSAGES = {
  unknown: 'Unknown pass login: check the link, or start a new pass login.',
  expired: 'This pass login has expired: start a new one on the device that waits.',
  used: 'This pass login has already been used.',
  denied: 'This pass login was declined on the other device.',
} as const;

/**
 * Pass (QR) login: the waiting device creates a pass (its id goes in the QR code; a secret goes in
 * an httpOnly cookie of that browser only); a device where the user is logged in approves it; the
 * waiting device's next poll gets the session, once.
 */
@Injectable()
export class PassLoginService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(PassLoginRepository) private readonly passes: PassLoginRepository,
    @Inject(UserRepository) private readonly users: UserRepository,
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
    @Inject(Randomness) private readonly random: Randomness,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(meta: ClientMeta): Promise<{ pass: PassLoginCreated; waiterSecret: string }> {
    await this.throttle.hitPerHour('pass', meta.ip, PASSES_PER_IP_PER_HOUR);
    const id = this.random.token(24);
    const waiterSecret = this.random.token(24);
    const at = this.clock.now();
    const ttl = this.config.accounts.passLoginTtlMs;
    const expiresAt = new Date(at.getTime() + ttl);
    await this.passes.purgeExpiredBefore(new Date(at.getTime() - KEEP_MS));
    await this.passes.insert({
      passHash: sha256(id),
      waiterHash: sha256(waiterSecret),
      at,
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    return {
      pass: {
        id,
        approve_path: `/auth?pass=${encodeURIComponent(id)}`,
        expires_at: expiresAt.toISOString(),
        ttl_seconds: ttl / 1000,
      },
      waiterSecret,
    };
  }

  /** The waiting device's poll: pending, or approved with a new session (the pass is then dead). */
  async poll(
    id: string,
    waiterSecret: string | undefined,
    meta: ClientMeta,
  ): Promise<{ status: PassLoginStatus; session?: { token: string; me: MeResponse } }> {
    const pass = await this.find(id);
    // Only the browser that made the pass may collect it: seeing the QR code is not enough.
    if (!waiterSecret || !safeEqual(pass.waiter_hash, sha256(waiterSecret))) throw this.unknown();
    const now = this.clock.now();
    if (pass.status === 'consumed') throw gone(PASS_MESSAGES.used, 'pass_used');
    if (pass.status === 'denied') throw gone(PASS_MESSAGES.denied, 'pass_denied');
    if (pass.status === 'pending') {
      if (now >= pass.expires_at) throw gone(PASS_MESSAGES.expired, 'pass_expired');
      return { status: { status: 'pending', expires_at: pass.expires_at.toISOString() } };
    }
    // Approved: collect within one lifetime of the approval.
    const approvedAt = pass.approved_at?.getTime() ?? 0;
    if (now.getTime() >= approvedAt + this.config.accounts.passLoginTtlMs || pass.user_id === null) {
      throw gone(PASS_MESSAGES.expired, 'pass_expired');
    }
    const userId = pass.user_id;
    const session = await this.dataSource.transaction(async (manager) => {
      if (!(await this.passes.consume(manager, pass.id, now))) return undefined;
      const user = await this.users.profile(userId, manager);
      if (!user) return undefined;
      return this.auth.startSession(manager, { id: user.id, email: user.email }, meta);
    });
    if (!session) throw gone(PASS_MESSAGES.used, 'pass_used');
    return { status: { status: 'approved', expires_at: pass.expires_at.toISOString(), user: session.me }, session };
  }

  /** For the approving device: what asks to log in. */
  async info(id: string): Promise<PassLoginInfo> {
    const pass = this.assertPending(await this.find(id));
    return {
      status: 'pending',
      created_at: pass.created_at.toISOString(),
      expires_at: pass.expires_at.toISOString(),
      requester: { user_agent: pass.requester_user_agent, ip: pass.requester_ip },
    };
  }

  async decide(id: string, user: AuthenticatedUser, decision: PassLoginDecision['status']): Promise<PassLoginDecision> {
    const pass = this.assertPending(await this.find(id));
    if (!(await this.passes.decide(pass.id, decision, user.userId, this.clock.now()))) {
      this.assertPending((await this.passes.find(sha256(id))) ?? pass);
      throw gone(PASS_MESSAGES.expired, 'pass_expired');
    }
    return { status: decision };
  }

  private assertPending(pass: PassRow): PassRow {
    if (pass.status === 'denied') throw gone(PASS_MESSAGES.denied, 'pass_denied');
    if (pass.status !== 'pending') throw gone(PASS_MESSAGES.used, 'pass_used');
    if (this.clock.now() >= pass.expires_at) throw gone(PASS_MESSAGES.expired, 'pass_expired');
    return pass;
  }

  private async find(id: string): Promise<PassRow> {
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) throw this.unknown();
    const pass = await this.passes.find(sha256(id));
    if (!pass) throw this.unknown();
    return pass;
  }

  private unknown(): NotFoundException {
    return new NotFoundException({
      statusCode: 404,
      error: 'Not Found',
      message: PASS_MESSAGES.unknown,
      reason: 'pass_unknown',
    });
  }
}
