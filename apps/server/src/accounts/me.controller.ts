import {
  accountsApi,
  type LedgerPage,
  type LoginLinkCreated,
  type MeResponse,
  type OperationBody,
  type OperationQuery,
} from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import { AccountService } from './account.service';
import { CurrentUser } from './auth.decorators';
import { LoginLinkService } from './login-link.service';
import type { AuthenticatedUser } from './session-auth';
@Controller()
export class MeController {
  constructor(
    @Inject(AccountService) private readonly accounts: AccountService,
    @Inject(LoginLinkService) private readonly links: LoginLinkService,
  ) {}

  @Endpoint(accountsApi.me)
  me(@CurrentUser() user: AuthenticatedUser): Promise<MeResponse> {
    return this.accounts.me(user);
  }

  @Endpoint(accountsApi.updateMe)
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('body') body: OperationBody<typeof accountsApi.updateMe>,
  ): Promise<MeResponse> {
    return this.accounts.updateMe(user, body);
  }

  @Endpoint(accountsApi.myLedger)
  ledger(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('query') query: OperationQuery<typeof accountsApi.myLedger>,
  ): Promise<LedgerPage> {
    return this.accounts.ledgerOf(user, user.userId, query);
  }

  @Endpoint(accountsApi.changePassword)
  changePassword(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('body') body: OperationBody<typeof accountsApi.changePassword>,
  ): Promise<void> {
    return this.accounts.changePassword(user, body);
  }

  @Endpoint(accountsApi.createLoginLink)
  loginLink(@CurrentUser() user: AuthenticatedUser): LoginLinkCreated {
    return this.links.issue(user);
  }
}
