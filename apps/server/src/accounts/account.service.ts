import type { accountsApi, LedgerPage, LedgerQuery, MeResponse, OperationBody, UserProfile } from '@furlong/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { InvalidRequestException, notFound } from '../common/api-error';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { ClientMeta } from './auth.decorators';
import { AuthService } from './auth.service';
import { conflict, forbidden } from './auth-errors';
import { LedgerRepository } from './ledger.repository';
import { HOUSE, LedgerService } from './ledger.service';
import { LedgerDescriptions } from './ledger-descriptions';
import { LoginThrottle } from './login-throttle.service';
import { PasswordHasher } from './password-hasher';
import { SessionRepository } from './session.repository';
import type { AuthenticatedUser } from './session-auth';
import { DuplicateUserError, UserRepository } from './user.repository';

/** Start-up refuses to hand the admin role to an account that someone else may have registered. */
export class AdminAccountConflictError extends Error {
  constructor(email: string) {
    super(
      `ADMIN_EMAIL ${email} belongs to an existing account whose password is not ADMIN_PASSWORD: ` +
        'refusing to make it an admin (e-mails are not verified, so anyone may have signed up with it). ' +
        "Set ADMIN_PASSWORD to that account's password, or choose another ADMIN_EMAIL.",
    );
    this.name = 'AdminAccountConflictError';
  }
}

const TAKEN = { username: 'is already taken', email: 'already has an account' } as const;

/** Sign-up, the account page, the ledger pages and the admin's list of users. */
@Injectable()
export class AccountService {
  private readonly logger = new Logger('Accounts');

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UserRepository) private readonly users: UserRepository,
    @Inject(LedgerService) private readonly ledger: LedgerService,
    @Inject(LedgerRepository) private readonly ledgerRepository: LedgerRepository,
    @Inject(SessionRepository) private readonly sessions: SessionRepository,
    @Inject(PasswordHasher) private readonly hasher: PasswordHasher,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LedgerDescriptions) private readonly descriptions: LedgerDescriptions,
  ) {}

  /** Creates the account with its wallet and starting credit, and logs it in: the new session's token and the account. */
  async register(
    input: OperationBody<typeof accountsApi.register>,
    meta: ClientMeta,
  ): Promise<{ token: string; me: MeResponse }> {
    await this.throttle.hitPerHour('register', meta.ip, this.config.accounts.registerMaxPerIpPerHour);
    const taken = await this.users.taken(input.username, input.email);
    if (taken.length > 0) throw this.takenError(taken);
    const passwordHash = await this.hasher.hash(input.password);
    try {
      return await this.dataSource.transaction(async (manager) => {
        const userId = await this.createUser(manager, { ...input, passwordHash, role: 'user' });
        return this.auth.startSession(manager, { id: userId, email: input.email }, meta);
      });
    } catch (err) {
      if (err instanceof DuplicateUserError) throw this.takenError([err.field]);
      throw err;
    }
  }

  /** A user row, its wallet and the starting credit from the house, inside the caller's transaction. */
  async createUser(
    manager: EntityManager,
    user: { username: string; email: string; passwordHash: string; role: 'user' | 'admin' },
  ): Promise<number> {
    const userId = await this.users.insert(manager, user);
    await this.ledger.openUserAccount(manager, userId);
    const credit = this.config.accounts.startingCreditCents;
    if (credit > 0) {
      await this.ledger.transfer(manager, {
        from: HOUSE,
        to: { userId },
        amount_cents: credit,
        reason: 'starting_credit',
        reference: `user:${userId}`,
      });
    }
    return userId;
  }

  async me(user: AuthenticatedUser): Promise<MeResponse> {
    const profile = await this.users.profile(user.userId);
    if (!profile) throw notFound('User', user.userId);
    return this.auth.toMe(profile, user);
  }

  async updateMe(user: AuthenticatedUser, input: OperationBody<typeof accountsApi.updateMe>): Promise<MeResponse> {
    const current = await this.users.credentialsById(user.userId);
    if (!current) throw notFound('User', user.userId);
    const emailChanges = input.email !== undefined && input.email !== current.email;
    if (emailChanges) {
      // A stolen session alone must not be enough to take the account over by its e-mail.
      if (!input.current_password) {
        throw new InvalidRequestException([{ field: 'current_password', reason: 'is required to change the e-mail' }]);
      }
      if (!(await this.hasher.verify(current.password_hash, input.current_password))) {
        throw new InvalidRequestException([{ field: 'current_password', reason: 'is not your current password' }]);
      }
    }
    const taken = await this.users.taken(input.username, emailChanges ? input.email : undefined, user.userId);
    if (taken.length > 0) throw this.takenError(taken);
    try {
      await this.dataSource.transaction(async (manager) => {
        await this.users.update(manager, user.userId, {
          username: input.username,
          email: emailChanges ? input.email : undefined,
          full_name: input.full_name,
        });
        if (emailChanges)
          await manager.query('UPDATE sessions SET email = $2 WHERE user_id = $1', [user.userId, input.email]);
      });
      // The session checks carry the username and e-mail.
      this.sessions.forget({ userId: user.userId });
    } catch (err) {
      if (err instanceof DuplicateUserError) throw this.takenError([err.field]);
      throw err;
    }
    return this.me({ ...user, username: input.username ?? user.username });
  }

  /** Changes the password and ends every other session of the account. */
  async changePassword(
    user: AuthenticatedUser,
    input: OperationBody<typeof accountsApi.changePassword>,
  ): Promise<void> {
    const current = await this.users.credentialsById(user.userId);
    if (!current || !(await this.hasher.verify(current.password_hash, input.current_password))) {
      throw new InvalidRequestException([{ field: 'current_password', reason: 'is not your current password' }]);
    }
    const hash = await this.hasher.hash(input.new_password);
    await this.users.setPasswordHash(user.userId, hash);
    await this.sessions.endAllOfUser(this.dataSource.manager, user.userId, 'revoked', this.clock.now(), user.sessionId);
  }

  /** Another user's account: the owner or an admin only. */
  async profileOf(viewer: AuthenticatedUser, userId: number): Promise<UserProfile> {
    this.assertOwnerOrAdmin(viewer, userId);
    const profile = await this.users.profile(userId);
    if (!profile) throw notFound('User', userId);
    return profile;
  }

  async ledgerOf(viewer: AuthenticatedUser, userId: number, { limit, offset }: LedgerQuery): Promise<LedgerPage> {
    this.assertOwnerOrAdmin(viewer, userId);
    const { items, total } = await this.ledgerRepository.entriesOfUser(userId, limit, offset);
    const descriptions = await this.descriptions.describe(items);
    return { items: items.map((e, i) => ({ ...e, description: descriptions[i] ?? e.reason })), total, limit, offset };
  }

  /**
   * ADMIN_EMAIL/ADMIN_PASSWORD: creates that admin, or promotes the existing account of that
   * e-mail only if its password is ADMIN_PASSWORD (e-mails are not verified: whoever signed up with
   * it first must not become admin); otherwise refuses to start. An account that is already admin
   * is left as it is (its password may have been changed since).
   */
  async ensureAdmin(): Promise<void> {
    const admin = this.config.accounts.admin;
    if (!admin) return;
    let outcome: 'present' | 'present-other-password' | 'promoted' | 'created';
    try {
      outcome = await this.ensureAdminOnce(admin);
    } catch (err) {
      // Another replica created it between our read and our insert: look again.
      if (!(err instanceof DuplicateUserError)) throw err;
      outcome = await this.ensureAdminOnce(admin);
    }
    if (outcome === 'present-other-password') {
      this.logger.warn(`Admin ${admin.email} exists with a password other than ADMIN_PASSWORD (kept as it is)`);
    } else if (outcome !== 'present') {
      this.logger.log(`Admin ${admin.email} ${outcome}`);
    }
  }

  // Everything through the transaction's manager: the embedded PGlite has a single connection.
  private ensureAdminOnce(admin: { email: string; password: string; username: string }) {
    return this.dataSource.transaction(async (manager) => {
      const existing = await this.users.credentials(manager, admin.email, { forUpdate: true });
      if (existing) {
        const verified = await this.hasher.verify(existing.password_hash, admin.password);
        if (existing.role === 'admin') return verified ? 'present' : 'present-other-password';
        if (!verified) throw new AdminAccountConflictError(admin.email);
        await this.users.setRole(manager, existing.id, 'admin');
        return 'promoted';
      }
      const passwordHash = await this.hasher.hash(admin.password);
      let username = admin.username;
      if ((await this.users.taken(username, undefined, 0, manager)).length > 0) {
        username = `${username}-${Date.now().toString(36)}`;
      }
      await this.createUser(manager, { username, email: admin.email, passwordHash, role: 'admin' });
      return 'created';
    });
  }

  private assertOwnerOrAdmin(viewer: AuthenticatedUser, userId: number): void {
    if (viewer.userId !== userId && viewer.role !== 'admin') throw forbidden('You may only see your own account.');
  }

  private takenError(fields: ('username' | 'email')[]) {
    const error = conflict(fields[0] as 'username' | 'email', TAKEN[fields[0] as 'username' | 'email']);
    const response = error.getResponse() as { errors: { field: string; reason: string }[]; message: string };
    response.errors = fields.map((f) => ({ field: f, reason: TAKEN[f] }));
    response.message = response.errors.map((e) => `${e.field}: ${e.reason}`).join('; ');
    return error;
  }
}
