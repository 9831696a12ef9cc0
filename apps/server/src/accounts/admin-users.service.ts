import type {
  AdminUpdateUserRequest,
  AdminUserPage,
  AdminUserRow,
  AdminUsersQuery,
  UserRole,
  WalletAdjustmentResponse,
} from '@furlong/contracts';
import { ConflictException, Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AuditContext } from '../audit/audit-context';
import { AuditLog } from '../audit/audit-log';
import { InvalidRequestException, notFound, refusalMessage } from '../common/api-error';
import { Clock } from '../common/clock';
import { conflict } from './auth-errors';
import { HOUSE, InsufficientFundsException, LedgerService } from './ledger.service';
import { LedgerDescriptions } from './ledger-descriptions';
import { SessionRepository } from './session.repository';
import { DuplicateUserError, UserRepository } from './user.repository';

const TAKEN = { username: 'is taken', email: 'is already registered' } as const;

/** 409 `last_admin`: the change would leave nobody who can administer the site. */
function lastAdmin(): ConflictException {
  return new ConflictException({
    statusCode: 409,
    error: 'Conflict',
    message: 'This is the last active admin: make another admin first.',
    reason: 'last_admin',
  });
}

type AdminChange = (m: EntityManager, before: AdminUserRow) => Promise<void>;

/**
 * The admins' users table (issue 21): search, sort and page; edit (username, e-mail, full name,
 * role, disabled), soft delete, and wallet adjustments through the ledger. Every change is made
 * under the user's row lock with its audit row in the same transaction; a refusal is audited too.
 * An admin cannot remove the last active admin (the active admins' rows are locked first, so two
 * admins demoting each other at once cannot both succeed), nor change their own role or account's
 * state. Disabling or deleting ends the user's sessions in that transaction.
 */
@Injectable()
export class AdminUsers implements OnModuleInit {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UserRepository) private readonly users: UserRepository,
    @Inject(SessionRepository) private readonly sessions: SessionRepository,
    @Inject(LedgerService) private readonly ledger: LedgerService,
    @Inject(LedgerDescriptions) private readonly descriptions: LedgerDescriptions,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    // "Adjustment by an admin: goodwill after the outage" in the wallet: the reason is the audit row's.
    this.descriptions.register('audit', async (keys) => {
      const reasons = await this.audit.adjustmentReasons(keys.map(Number).filter(Number.isSafeInteger));
      return new Map([...reasons].map(([id, reason]) => [String(id), { what: reason, where: '' }]));
    });
  }

  async list(query: AdminUsersQuery): Promise<AdminUserPage> {
    const { items, total } = await this.users.list(query);
    return { items, total, limit: query.limit, offset: query.offset };
  }

  /** PATCH /api/admin/users/{id} */
  async update(ctx: AuditContext, id: number, body: AdminUpdateUserRequest): Promise<AdminUserRow> {
    const own = id === ctx.actorUserId;
    if (own && (body.role !== undefined || body.disabled !== undefined)) {
      const field = body.role !== undefined ? 'role' : 'disabled';
      await this.audit.refused(ctx, { action: 'user.update', table: 'users', rowId: id, before: null }, `own ${field}`);
      throw new InvalidRequestException([{ field, reason: 'is your own account’s: another admin changes it' }]);
    }
    const email = body.email?.trim().toLowerCase();
    const fullName = body.full_name === '' ? null : body.full_name?.trim();
    const username = body.username?.trim();
    return this.change(ctx, id, 'user.update', async (m, before) => {
      const losesAdmin =
        before.role === 'admin' && !before.disabled && ((body.role && body.role !== 'admin') || body.disabled === true);
      if (losesAdmin) await this.assertAnotherAdmin(m, id);
      const taken = await this.users.taken(
        username !== undefined && username !== before.username ? username : undefined,
        email !== undefined && email !== before.email ? email : undefined,
        id,
        m,
      );
      if (taken.length > 0) throw conflict(taken[0] as 'username' | 'email', TAKEN[taken[0] as 'username' | 'email']);
      await this.users.update(m, id, { username, email, full_name: fullName });
      if (email !== undefined && email !== before.email) {
        await m.query('UPDATE sessions SET email = $2 WHERE user_id = $1', [id, email]);
      }
      if (body.role !== undefined && body.role !== before.role) await this.users.setRole(m, id, body.role as UserRole);
      if (body.disabled !== undefined && body.disabled !== before.disabled) {
        await this.users.setDisabled(m, id, body.disabled, this.clock.now());
        if (body.disabled) await this.sessions.endAllOfUser(m, id, 'revoked', this.clock.now());
      }
    });
  }

  /** DELETE /api/admin/users/{id}: soft — bets and ledger stay; the account can never log in again. */
  async delete(ctx: AuditContext, id: number): Promise<AdminUserRow> {
    if (id === ctx.actorUserId) {
      await this.audit.refused(ctx, { action: 'user.delete', table: 'users', rowId: id, before: null }, 'own account');
      throw new InvalidRequestException([{ field: 'id', reason: 'is your own account: another admin deletes it' }]);
    }
    return this.change(ctx, id, 'user.delete', async (m, before) => {
      if (before.role === 'admin' && !before.disabled) await this.assertAnotherAdmin(m, id);
      await this.users.markDeleted(m, id, this.clock.now());
      await this.sessions.endAllOfUser(m, id, 'revoked', this.clock.now());
    });
  }

  /** PUT /api/admin/users/{id}/role (the older, narrower edit): the same rules and audit as update. */
  async setRole(ctx: AuditContext, id: number, role: UserRole): Promise<AdminUserRow> {
    if (id === ctx.actorUserId) {
      await this.audit.refused(ctx, { action: 'user.update', table: 'users', rowId: id, before: null }, 'own role');
      throw new InvalidRequestException([
        { field: 'id', reason: 'is your own account: another admin changes your role' },
      ]);
    }
    return this.update(ctx, id, { role });
  }

  /**
   * POST /api/admin/users/{id}/wallet-adjustments: one ledger transfer between the house and the
   * wallet, referenced to its audit row (whose `after` holds the reason the wallet shows).
   */
  async adjustWallet(
    ctx: AuditContext,
    id: number,
    body: { amount_cents: number; reason: string },
  ): Promise<WalletAdjustmentResponse> {
    const reason = body.reason.trim();
    let transferId = 0;
    let auditId = 0;
    try {
      const user = await this.dataSource.transaction(async (m) => {
        const before = await this.users.lockForAdmin(m, id);
        if (!before || before.deleted) throw notFound('User', id);
        auditId = await this.audit.reserveId(m);
        const credit = body.amount_cents > 0;
        const wallet = { userId: id };
        const transfer = await this.ledger.transfer(m, {
          from: credit ? HOUSE : wallet,
          to: credit ? wallet : HOUSE,
          amount_cents: Math.abs(body.amount_cents),
          reason: 'admin_adjustment',
          reference: `audit:${auditId}`,
        });
        transferId = transfer.transfer_id;
        await this.audit.record(
          m,
          ctx,
          {
            action: 'wallet.adjust',
            table: 'wallet_accounts',
            rowId: id,
            before: { user_id: id, balance_cents: Number(before.balance_cents) },
            after: {
              user_id: id,
              balance_cents: credit ? transfer.to_balance_cents : transfer.from_balance_cents,
              amount_cents: body.amount_cents,
              reason,
              transfer_id: transfer.transfer_id,
            },
          },
          auditId,
        );
        const after = await this.users.adminRow(id, m);
        if (!after) throw notFound('User', id);
        return after;
      });
      return { user, transfer_id: transferId, audit_id: auditId };
    } catch (err) {
      if (err instanceof InsufficientFundsException) {
        await this.audit.refused(
          ctx,
          { action: 'wallet.adjust', table: 'wallet_accounts', rowId: id, before: { user_id: id } },
          refusalMessage(err),
        );
      }
      throw err;
    }
  }

  /**
   * One admin change of a user's row: locked, changed, read again and audited (before → after) in
   * one transaction. A change refused by a rule (409, 400) is audited as refused and thrown.
   */
  private async change(ctx: AuditContext, id: number, action: string, apply: AdminChange): Promise<AdminUserRow> {
    let before: AdminUserRow | undefined;
    try {
      return await this.dataSource.transaction(async (m) => {
        // The active admins first, then the user (one lock order for every admin change).
        await this.users.lockActiveAdmins(m);
        before = await this.users.lockForAdmin(m, id);
        if (!before || before.deleted) throw notFound('User', id);
        await apply(m, before);
        const after = await this.users.adminRow(id, m);
        if (!after) throw notFound('User', id);
        await this.audit.record(m, ctx, { action, table: 'users', rowId: id, before, after });
        return after;
      });
    } catch (caught) {
      const err = caught instanceof DuplicateUserError ? conflict(caught.field, TAKEN[caught.field]) : caught;
      if (err instanceof ConflictException || err instanceof InvalidRequestException) {
        await this.audit.refused(
          ctx,
          { action, table: 'users', rowId: id, before: before ?? null },
          refusalMessage(err),
        );
      }
      throw err;
    } finally {
      this.sessions.forget({ userId: id });
    }
  }

  private async assertAnotherAdmin(m: EntityManager, id: number): Promise<void> {
    const admins = await this.users.lockActiveAdmins(m);
    if (!admins.some((a) => a !== id)) throw lastAdmin();
  }
}
