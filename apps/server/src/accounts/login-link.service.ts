import type { LoginLinkCreated, MeResponse, RedeemLoginLinkRequest } from '@furlong/contracts';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { Randomness } from '../common/randomness';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { ClientMeta } from './auth.decorators';
import { AuthService } from './auth.service';
import { gone } from './auth-errors';
import { hmac, safeEqual } from './secrets';
import type { AuthenticatedUser } from './session-auth';
import { UserRepository } from './user.repository';

interface LinkPayload {
  /** user id */
  u: number;
  /** one-time nonce */
  n: string;
  /** expiry, ms since the epoch */
  e: number;
}

const PURPOSE = 'login-link';

/**
 * Login by link (/login/{token}): `{payload}.{HMAC-SHA256(AUTH_SECRET, payload)}` where the payload
 * names the user, a nonce and an expiry. Issued by a logged-in user for another of their devices
 * (the account page's QR code); redeemed once: the nonce is written on first use and refused after.
 */
@Injectable()
export class LoginLinkService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UserRepository) private readonly users: UserRepository,
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(Randomness) private readonly random: Randomness,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  issue(user: AuthenticatedUser): LoginLinkCreated {
    const ttl = this.config.accounts.loginLinkTtlMs;
    const expires = this.clock.now().getTime() + ttl;
    const payload: LinkPayload = { u: user.userId, n: this.random.token(16), e: expires };
    const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const token = `${encoded}.${hmac(this.config.accounts.secret, PURPOSE, encoded)}`;
    return { token, path: `/login/${token}`, expires_at: new Date(expires).toISOString(), ttl_seconds: ttl / 1000 };
  }

  async redeem({ token }: RedeemLoginLinkRequest, meta: ClientMeta): Promise<{ token: string; me: MeResponse }> {
    const payload = this.verify(token);
    const now = this.clock.now();
    if (now.getTime() >= payload.e) throw gone('This login link has expired.', 'link_expired');
    const session = await this.dataSource.transaction(async (manager) => {
      const used: unknown[] = await manager.query(
        `INSERT INTO login_link_redemptions (nonce, user_id, redeemed_at, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (nonce) DO NOTHING RETURNING nonce`,
        [payload.n, payload.u, now, new Date(payload.e)],
      );
      if (used.length === 0) return 'used' as const;
      await manager.query('DELETE FROM login_link_redemptions WHERE expires_at < $1', [
        new Date(now.getTime() - 86_400_000),
      ]);
      const user = await this.users.profile(payload.u, manager);
      if (!user) return 'unknown' as const;
      return this.auth.startSession(manager, { id: user.id, email: user.email }, meta);
    });
    if (session === 'used') throw gone('This login link has already been used.', 'link_used');
    if (session === 'unknown') throw this.invalid();
    return session;
  }

  private verify(token: string): LinkPayload {
    const dot = token.indexOf('.');
    if (dot <= 0) throw this.invalid();
    const encoded = token.slice(0, dot);
    if (!safeEqual(token.slice(dot + 1), hmac(this.config.accounts.secret, PURPOSE, encoded))) throw this.invalid();
    try {
      const p = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Partial<LinkPayload>;
      if (typeof p.u === 'number' && typeof p.n === 'string' && typeof p.e === 'number') return p as LinkPayload;
    } catch {
      // fall through: a signed but unreadable payload is as invalid as a forged one
    }
    throw this.invalid();
  }

  private invalid(): NotFoundException {
    return new NotFoundException({
      statusCode: 404,
      error: 'Not Found',
      message: 'This login link is not valid.',
      reason: 'link_invalid',
    });
  }
}
