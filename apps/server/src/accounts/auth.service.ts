import type { accountsApi, MeResponse, OperationBody, UserProfile } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { Randomness } from '../common/randomness';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { ClientMeta } from './auth.decorators';
import { accountDisabled, badCredentials } from './auth-errors';
import { LoginThrottle } from './login-throttle.service';
import { PasswordHasher } from './password-hasher';
import { sha256 } from './secrets';
import { SessionRepository } from './session.repository';
import { type AuthenticatedUser, SessionAuth } from './session-auth';
import { UserRepository } from './user.repository';

/** Login, logout and starting sessions (for passwords, pass logins and login links alike). */
@Injectable()
export class AuthService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UserRepository) private readonly users: UserRepository,
    @Inject(SessionRepository) private readonly sessions: SessionRepository,
    @Inject(SessionAuth) private readonly sessionAuth: SessionAuth,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
    @Inject(Randomness) private readonly random: Randomness,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async login(
    { email, password }: OperationBody<typeof accountsApi.login>,
    meta: ClientMeta,
  ): Promise<{ token: string; me: MeResponse }> {
    // Counted before the password is checked: concurrent guesses cannot pass the limit together.
    const attempt = await this.throttle.beginLogin(email, meta.ip);
    const user = await this.users.credentials(undefined, email);
    const ok = user
      ? await this.hasher.verify(user.password_hash, password)
      : await this.hasher.verifyNothing(password);
    if (!user || !ok) throw badCredentials();
    await this.throttle.loginSucceeded(attempt);
    if (this.hasher.isWeaker(user.password_hash)) {
      await this.users.setPasswordHash(user.id, await this.hasher.hash(password));
    }
    return this.dataSource.transaction((manager) => this.startSession(manager, user, meta));
  }

  /** Ends the session of this cookie. False when there was none to end. */
  async logout(token: string | undefined): Promise<boolean> {
    if (!token) return false;
    const check = await this.sessionAuth.authenticateToken(token);
    if (!check.ok) return false;
    await this.sessions.end(check.user.sessionId, 'logout', this.clock.now());
    return true;
  }

  /** A new session with a fresh random id (never reused across logins): its cookie value and the account. */
  async startSession(
    manager: EntityManager,
    user: { id: number; email: string },
    meta: ClientMeta,
  ): Promise<{ token: string; me: MeResponse }> {
    // Every way in (password, pass, link, sign-up) passes here: a deleted account is as unknown,
    // a disabled one is told so.
    const block = await this.users.loginBlock(user.id, manager);
    if (block === 'deleted') throw badCredentials();
    if (block === 'disabled') throw accountDisabled();
    const token = this.random.token(32);
    const at = this.clock.now();
    const sessionId = await this.sessions.insert(manager, {
      userId: user.id,
      email: user.email,
      idHash: sha256(token),
      at,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    const profile = await this.users.profile(user.id, manager);
    if (!profile) throw new Error(`user ${user.id} vanished while logging in`);
    const { sessionIdleTimeoutMs: idle, sessionMaxAgeMs: maxAge } = this.config.accounts;
    const me = this.toMe(profile, {
      userId: user.id,
      username: profile.username,
      email: profile.email,
      role: profile.role,
      sessionId,
      loginDate: at,
      lastSeenAt: at,
      expiresAt: new Date(at.getTime() + Math.min(idle, maxAge)),
    });
    return { token, me };
  }

  toMe(profile: UserProfile, user: AuthenticatedUser): MeResponse {
    return {
      id: profile.id,
      uuid: profile.uuid,
      username: profile.username,
      email: profile.email,
      full_name: profile.full_name,
      role: profile.role,
      created_at: new Date(profile.created_at).toISOString(),
      balance_cents: Number(profile.balance_cents),
      session: {
        login_date: user.loginDate.toISOString(),
        last_seen_at: user.lastSeenAt.toISOString(),
        expires_at: user.expiresAt.toISOString(),
        idle_timeout_seconds: this.config.accounts.sessionIdleTimeoutMs / 1000,
      },
    };
  }
}
