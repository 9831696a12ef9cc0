import type { AdminUserRow, LedgerPage, ListResponse, UserProfile } from '@furlong/contracts';
import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { parseId } from '../common/api-error';
import { AccountService } from './account.service';
import { AdminOnly, Authenticated, CurrentUser } from './auth.decorators';
import type { AuthenticatedUser } from './session-auth';

@ApiTags('accounts')
@Authenticated()
@Controller('users')
export class UsersController {
  constructor(@Inject(AccountService) private readonly accounts: AccountService) {}

  @Get(':id')
  @ApiOperation({ summary: "A user's account: your own, or any as an admin (403 otherwise)" })
  profile(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string): Promise<UserProfile> {
    return this.accounts.profileOf(user, parseId(id));
  }

  @Get(':id/ledger')
  @ApiOperation({ summary: "A user's ledger entries: your own, or any as an admin (403 otherwise)" })
  ledger(
    @CurrentUser() user: AuthenticatedUser,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<LedgerPage> {
    return this.accounts.ledgerOf(user, parseId(id), query);
  }
}

@ApiTags('admin')
@AdminOnly()
@Controller('admin/users')
export class AdminUsersController {
  constructor(@Inject(AccountService) private readonly accounts: AccountService) {}

  @Get()
  @ApiOperation({ summary: 'Every user with their balance (admins only)' })
  list(@Query() query: Record<string, unknown>): Promise<ListResponse<AdminUserRow>> {
    return this.accounts.listUsers(query);
  }
}
