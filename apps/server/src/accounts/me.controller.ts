import type { LedgerPage, LoginLinkCreated, MeResponse } from '@furlong/contracts';
import { Body, Controller, Get, HttpCode, Inject, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AccountService } from './account.service';
import { Authenticated, CurrentUser } from './auth.decorators';
import { LoginLinkService } from './login-link.service';
import type { AuthenticatedUser } from './session-auth';

@ApiTags('accounts')
@Authenticated()
@Controller('me')
export class MeController {
  constructor(
    @Inject(AccountService) private readonly accounts: AccountService,
    @Inject(LoginLinkService) private readonly links: LoginLinkService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The logged-in account, its wallet balance and its session' })
  me(@CurrentUser() user: AuthenticatedUser): Promise<MeResponse> {
    return this.accounts.me(user);
  }

  @Patch()
  @ApiOperation({ summary: 'Edit username, email (needs current_password) or full_name' })
  update(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown): Promise<MeResponse> {
    return this.accounts.updateMe(user, body);
  }

  @Get('ledger')
  @ApiOperation({ summary: "The wallet's ledger entries, newest first (limit, offset)" })
  ledger(@CurrentUser() user: AuthenticatedUser, @Query() query: Record<string, unknown>): Promise<LedgerPage> {
    return this.accounts.ledgerOf(user, user.userId, query);
  }

  @Post('password')
  @HttpCode(204)
  @ApiOperation({ summary: 'Change the password (current_password, new_password); ends your other sessions' })
  changePassword(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown): Promise<void> {
    return this.accounts.changePassword(user, body);
  }

  @Post('login-link')
  @ApiOperation({ summary: 'A one-time signed link (60 s) that logs another device into this account' })
  loginLink(@CurrentUser() user: AuthenticatedUser): LoginLinkCreated {
    return this.links.issue(user);
  }
}
