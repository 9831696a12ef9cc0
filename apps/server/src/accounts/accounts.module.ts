import { Inject, Injectable, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuditModule } from '../audit/audit.module';
import { CryptoRandomness, Randomness } from '../common/randomness';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AccessCheck } from './access-check';
import { AccountService } from './account.service';
import { AccountsMaintenance } from './accounts-maintenance';
import { AdminUsers } from './admin-users.service';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { AuthService } from './auth.service';
import { SessionCookies } from './cookies';
import { CsrfTokens } from './csrf-tokens';
import { LedgerRepository } from './ledger.repository';
import { LedgerService } from './ledger.service';
import { LedgerDescriptions } from './ledger-descriptions';
import { LoginLinkService } from './login-link.service';
import { LoginThrottle } from './login-throttle.service';
import { MeController } from './me.controller';
import { PassLoginRepository } from './pass-login.repository';
import { PassLoginService } from './pass-login.service';
import { PasswordHasher } from './password-hasher';
import { SessionRepository } from './session.repository';
import { SessionAuth } from './session-auth';
import { SessionResponder } from './session-responder';
import { SessionViewer } from './session-viewer';
import { SettingsController } from './settings.controller';
import { SettingsRepository } from './settings.repository';
import { SettingsService } from './settings.service';
import { ThrottleRepository } from './throttle.repository';
import { UserRepository } from './user.repository';
import { UserDirectory } from './user-directory';
import { AdminUsersController, UsersController } from './users.controller';
import { UsersTableWriter } from './users-table-writer';

/** Creates or promotes the admin of ADMIN_EMAIL at start, and says when the auth secret is made up. */
@Injectable()
class AccountsStartup implements OnApplicationBootstrap {
  constructor(
    @Inject(AccountService) private readonly accounts: AccountService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.accounts.secretGenerated && this.config.nodeEnv === 'production') {
      new Logger('Accounts').warn(
        'AUTH_SECRET is not set: using a random one for this process (login links and CSRF tokens end at restart; replicas need one shared secret)',
      );
    }
    await this.accounts.ensureAdmin();
  }
}

/**
 * Accounts: users, sessions, login (password, pass/QR, signed link), the wallet ledger and the
 * global AuthGuard. Other modules use the exports: SessionAuth (e.g. a Socket.IO handshake) and
 * LedgerService (moving money inside their own transaction); the @Authenticated / @AdminOnly /
 * @CurrentUser decorators of auth.decorators.ts need no import of this module.
 */
@Module({
  imports: [AuditModule],
  controllers: [AuthController, MeController, SettingsController, UsersController, AdminUsersController],
  providers: [
    { provide: Randomness, useClass: CryptoRandomness },
    UserDirectory,
    AdminUsers,
    UsersTableWriter,
    AccountsMaintenance,
    SessionViewer,
    { provide: APP_GUARD, useClass: AuthGuard },
    AccountsStartup,
    AccountService,
    AuthService,
    SessionAuth,
    SessionRepository,
    SessionCookies,
    SessionResponder,
    CsrfTokens,
    PasswordHasher,
    LoginThrottle,
    ThrottleRepository,
    UserRepository,
    LedgerRepository,
    LedgerService,
    LedgerDescriptions,
    PassLoginRepository,
    PassLoginService,
    LoginLinkService,
    AccessCheck,
    SettingsRepository,
    SettingsService,
  ],
  exports: [
    SessionAuth,
    LedgerService,
    LedgerDescriptions,
    AccessCheck,
    UserDirectory,
    SessionViewer,
    AccountsMaintenance,
    UsersTableWriter,
  ],
})
export class AccountsModule {}
