import {
  AUTH_MESSAGES,
  type MeResponse,
  type PassLoginCreated,
  type PassLoginInfo,
  type PassLoginStatus,
  SESSION_COOKIE,
} from '@furlong/contracts';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { ClientMeta } from './account.dto';
import { AccountService } from './account.service';
import { Authenticated, type AuthenticatedRequest, Client, CurrentUser, RequireCsrf } from './auth.decorators';
import { AuthService } from './auth.service';
import { PASS_WAITER_COOKIE, parseCookies, SessionCookies } from './cookies';
import { LoginLinkService } from './login-link.service';
import { PassLoginService } from './pass-login.service';
import type { AuthenticatedUser } from './session-auth';
import { SessionResponder } from './session-responder';

@ApiTags('accounts')
@RequireCsrf()
@Controller('auth')
export class AuthController {
  constructor(
    @Inject(AccountService) private readonly accounts: AccountService,
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(PassLoginService) private readonly passLogin: PassLoginService,
    @Inject(LoginLinkService) private readonly links: LoginLinkService,
    @Inject(SessionResponder) private readonly respond: SessionResponder,
    @Inject(SessionCookies) private readonly cookies: SessionCookies,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('csrf')
  @ApiOperation({ summary: 'The CSRF token to echo in X-CSRF-Token (also set in the furlong_csrf cookie)' })
  csrf(@Req() req: AuthenticatedRequest): { csrf_token: string } {
    return { csrf_token: req.csrfToken ?? '' };
  }

  @Post('register')
  @ApiOperation({ summary: 'Sign up: username, email, password (8+); logs in and credits the starting play money' })
  async register(
    @Body() body: unknown,
    @Client() client: ClientMeta,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MeResponse> {
    const { token, me } = await this.accounts.register(body, client);
    this.respond.loggedIn(req, res, token);
    return me;
  }

  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Log in with e-mail and password; sets the session cookie' })
  async login(
    @Body() body: unknown,
    @Client() client: ClientMeta,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MeResponse> {
    const { token, me } = await this.auth.login(body, client);
    this.respond.loggedIn(req, res, token);
    return me;
  }

  @Post('logout')
  @HttpCode(204)
  @ApiOperation({ summary: 'End this session (401 when there is none)' })
  async logout(@Req() req: AuthenticatedRequest, @Res({ passthrough: true }) res: Response): Promise<void> {
    const ended = await this.auth.logout(parseCookies(req.headers.cookie)[SESSION_COOKIE]);
    this.respond.loggedOut(req, res);
    if (!ended) {
      throw new UnauthorizedException({
        statusCode: 401,
        error: 'Unauthorized',
        message: AUTH_MESSAGES.logoutMissing,
        reason: 'not_logged_in',
      });
    }
  }

  @Post('pass')
  @ApiOperation({ summary: 'Start a pass (QR) login on this device: an id to show, valid 60 s' })
  async createPass(
    @Client() client: ClientMeta,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PassLoginCreated> {
    const { pass, waiterSecret } = await this.passLogin.create(client);
    this.cookies.setPassWaiter(req, res, waiterSecret, this.config.accounts.passLoginTtlMs * 2);
    return pass;
  }

  @Get('pass/:id')
  @ApiOperation({ summary: 'Poll a pass login from the device that made it; when approved, logs this device in' })
  async pollPass(
    @Param('id') id: string,
    @Client() client: ClientMeta,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PassLoginStatus> {
    const { status, session } = await this.passLogin.poll(
      id,
      parseCookies(req.headers.cookie)[PASS_WAITER_COOKIE],
      client,
    );
    // The waiter cookie stays (it expires soon): polling a used pass again says so rather than "unknown".
    if (session) this.respond.loggedIn(req, res, session.token);
    return status;
  }

  @Get('pass/:id/info')
  @Authenticated()
  @ApiOperation({ summary: 'What device asks to log in with this pass (for the approving device)' })
  passInfo(@Param('id') id: string): Promise<PassLoginInfo> {
    return this.passLogin.info(id);
  }

  @Post('pass/:id/approve')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Approve a pass login: the waiting device is logged in as you' })
  approvePass(@Param('id') id: string, @CurrentUser() user: AuthenticatedUser): Promise<{ status: string }> {
    return this.passLogin.decide(id, user, 'approved');
  }

  @Post('pass/:id/deny')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({ summary: 'Decline a pass login' })
  denyPass(@Param('id') id: string, @CurrentUser() user: AuthenticatedUser): Promise<{ status: string }> {
    return this.passLogin.decide(id, user, 'denied');
  }

  @Post('link/redeem')
  @HttpCode(200)
  @ApiOperation({ summary: 'Log in with a one-time signed login link (/login/{token})' })
  async redeemLink(
    @Body() body: unknown,
    @Client() client: ClientMeta,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MeResponse> {
    const { token, me } = await this.links.redeem(body, client);
    this.respond.loggedIn(req, res, token);
    return me;
  }
}
