import {
  AUTH_MESSAGES,
  accountsApi,
  type CsrfTokenResponse,
  type MeResponse,
  type OperationBody,
  type OperationParams,
  type PassLoginCreated,
  type PassLoginDecision,
  type PassLoginInfo,
  type PassLoginStatus,
  SESSION_COOKIE,
} from '@furlong/contracts';
import { Controller, Inject, Req, Res, UnauthorizedException } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import type { HttpReply } from '../common/http';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AccountService } from './account.service';
import { type AuthenticatedRequest, Client, type ClientMeta, CurrentUser, RequireCsrf } from './auth.decorators';
import { AuthService } from './auth.service';
import { PASS_WAITER_COOKIE, parseCookies, SessionCookies } from './cookies';
import { LoginLinkService } from './login-link.service';
import { PassLoginService } from './pass-login.service';
import type { AuthenticatedUser } from './session-auth';
import { SessionResponder } from './session-responder';

type PassParams = OperationParams<typeof accountsApi.pollPass>;

@RequireCsrf()
@Controller()
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

  @Endpoint(accountsApi.csrf)
  csrf(@Req() req: AuthenticatedRequest): CsrfTokenResponse {
    return { csrf_token: req.csrfToken ?? '' };
  }

  @Endpoint(accountsApi.register)
  async register(
    @Parsed('body') body: OperationBody<typeof accountsApi.register>,
    @Client() client: ClientMeta,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) res: HttpReply,
  ): Promise<MeResponse> {
    const { token, me } = await this.accounts.register(body, client);
    this.respond.loggedIn(req, res, token);
    return me;
  }

  @Endpoint(accountsApi.login)
  async login(
    @Parsed('body') body: OperationBody<typeof accountsApi.login>,
    @Client() client: ClientMeta,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) res: HttpReply,
  ): Promise<MeResponse> {
    const { token, me } = await this.auth.login(body, client);
    this.respond.loggedIn(req, res, token);
    return me;
  }

  @Endpoint(accountsApi.logout)
  async logout(@Req() req: AuthenticatedRequest, @Res({ passthrough: true }) res: HttpReply): Promise<void> {
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

  @Endpoint(accountsApi.createPass)
  async createPass(
    @Client() client: ClientMeta,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) res: HttpReply,
  ): Promise<PassLoginCreated> {
    const { pass, waiterSecret } = await this.passLogin.create(client);
    this.cookies.setPassWaiter(req, res, waiterSecret, this.config.accounts.passLoginTtlMs * 2);
    return pass;
  }

  @Endpoint(accountsApi.pollPass)
  async pollPass(
    @Parsed('params') { id }: PassParams,
    @Client() client: ClientMeta,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) res: HttpReply,
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

  @Endpoint(accountsApi.passInfo)
  passInfo(@Parsed('params') { id }: PassParams): Promise<PassLoginInfo> {
    return this.passLogin.info(id);
  }

  @Endpoint(accountsApi.approvePass)
  approvePass(
    @Parsed('params') { id }: PassParams,
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<PassLoginDecision> {
    return this.passLogin.decide(id, user, 'approved');
  }

  @Endpoint(accountsApi.denyPass)
  denyPass(@Parsed('params') { id }: PassParams, @CurrentUser() user: AuthenticatedUser): Promise<PassLoginDecision> {
    return this.passLogin.decide(id, user, 'denied');
  }

  @Endpoint(accountsApi.redeemLoginLink)
  async redeemLink(
    @Parsed('body') body: OperationBody<typeof accountsApi.redeemLoginLink>,
    @Client() client: ClientMeta,
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) res: HttpReply,
  ): Promise<MeResponse> {
    const { token, me } = await this.links.redeem(body, client);
    this.respond.loggedIn(req, res, token);
    return me;
  }
}
