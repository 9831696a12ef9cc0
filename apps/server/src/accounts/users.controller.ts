import {
  type AdminUserPage,
  type AdminUserRow,
  accountsApi,
  type LedgerPage,
  type OperationBody,
  type OperationParams,
  type OperationQuery,
  type UserProfile,
} from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import { AccountService } from './account.service';
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
  constructor(@Inject(AccountService) private readonly accounts: AccountService) {}

  @Endpoint(accountsApi.adminUsers)
  list(@Parsed('query') query: OperationQuery<typeof accountsApi.adminUsers>): Promise<AdminUserPage> {
    return this.accounts.listUsers(query);
  }

  @Endpoint(accountsApi.setUserRole)
  setRole(
    @CurrentUser() admin: AuthenticatedUser,
    @Parsed('params') { id }: OperationParams<typeof accountsApi.setUserRole>,
    @Parsed('body') { role }: OperationBody<typeof accountsApi.setUserRole>,
  ): Promise<AdminUserRow> {
    return this.accounts.setRole(admin, id, role);
  }
}
