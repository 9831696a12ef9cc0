import { Inject, Injectable } from '@nestjs/common';
import type { HttpReply, HttpRequest } from '../common/http';
import { SessionCookies } from './cookies';
import { CsrfTokens } from './csrf-tokens';

/** Puts a new session in the response's cookies, or takes it out; the CSRF token follows the session. */
@Injectable()
export class SessionResponder {
  constructor(
    @Inject(SessionCookies) private readonly cookies: SessionCookies,
    @Inject(CsrfTokens) private readonly csrf: CsrfTokens,
  ) {}

  loggedIn(req: HttpRequest, res: HttpReply, token: string): void {
    this.cookies.setSession(req, res, token);
    this.cookies.setCsrf(req, res, this.csrf.issue(this.csrf.bindingFor(token)));
  }

  loggedOut(req: HttpRequest, res: HttpReply): void {
    this.cookies.clearSession(req, res);
    this.cookies.setCsrf(req, res, this.csrf.issue(this.csrf.bindingFor(undefined)));
  }
}
