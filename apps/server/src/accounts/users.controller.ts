import {
  type AdminUserPage,
  type AdminUserRow,
  accountsApi,
  type LedgerPage,
  type OperationBody,
  type OperationParams,
  type OperationQuery,
  type UserProfile,
  type WalletAdjustmentResponse,
} from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { type AuditContext, Audited } from '../audit/audit-context';
import { Endpoint, Parsed } from '../common/endpoint';
import { AccountService } from './account.service';
import { AdminUsers } from './admin-users.service';
import { CurrentUser } from './auth.decorators';
import type { AuthenticatedUser } from './session-auth';
@Controller()
export class UsersController {
  constructor(@Inject(AccountService) private readonly accounts: AccountService) {}

  @Endpoint(accountsApi.userProfile)
  profile(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('params') { id }: OperationParams<typeof accountsApi.userProfile>,
  ): Promise<UserProfile> {
    return this.accounts.profileOf(user, id);
  }

  @Endpoint(accountsApi.userLedger)
  ledger(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('params') { id }: OperationParams<typeof accountsApi.userLedger>,
    @Parsed('query') query: OperationQuery<typeof accountsApi.userLedger>,
  ): Promise<LedgerPage> {
    return this.accounts.ledgerOf(user, id, query);
  }
}
@Controller()
export class AdminUsersController {
  constructor(@Inject(AdminUsers) private readonly admin: AdminUsers) {}

  @Endpoint(accountsApi.adminUsers)
  list(@Parsed('query') query: OperationQuery<typeof accountsApi.adminUsers>): Promise<AdminUserPage> {
    return this.admin.list(query);
  }

  @Endpoint(accountsApi.setUserRole)
  setRole(
    @Audited() ctx: AuditContext,
    @Parsed('params') { id }: OperationParams<typeof accountsApi.setUserRole>,
    @Parsed('body') { role }: OperationBody<typeof accountsApi.setUserRole>,
  ): Promise<AdminUserRow> {
    return this.admin.setRole(ctx, id, role);
  }

  @Endpoint(accountsApi.adminUpdateUser)
  update(
    @Audited() ctx: AuditContext,
    @Parsed('params') { id }: OperationParams<typeof accountsApi.adminUpdateUser>,
    @Parsed('body') body: OperationBody<typeof accountsApi.adminUpdateUser>,
  ): Promise<AdminUserRow> {
    return this.admin.update(ctx, id, body);
  }

  @Endpoint(accountsApi.adminDeleteUser)
  delete(
    @Audited() ctx: AuditContext,
    @Parsed('params') { id }: OperationParams<typeof accountsApi.adminDeleteUser>,
  ): Promise<AdminUserRow> {
    return this.admin.delete(ctx, id);
  }

  @Endpoint(accountsApi.adminAdjustWallet)
  adjustWallet(
    @Audited() ctx: AuditContext,
    @Parsed('params') { id }: OperationParams<typeof accountsApi.adminAdjustWallet>,
    @Parsed('body') body: OperationBody<typeof accountsApi.adminAdjustWallet>,
  ): Promise<WalletAdjustmentResponse> {
    return this.admin.adjustWallet(ctx, id, body);
  }
}
