import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@furlong/contracts';
import { type HttpException, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { csrfRejected, unauthorized } from './auth-errors';
import { parseCookies, SessionCookies } from './cookies';
import { CsrfTokens } from './csrf-tokens';
import { type AuthenticatedUser, SessionAuth } from './session-auth';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The header axios (e.g. bull-board's UI) fills from the XSRF-TOKEN cookie by itself, same-origin only. */
export const XSRF_HEADER = 'x-xsrf-token';
export const XSRF_COOKIE = 'XSRF-TOKEN';

export type GateResult = { ok: true; user: AuthenticatedUser } | { ok: false; error: HttpException };

/**
 * What the global AuthGuard does for a Nest route, for an Express mount that Nest's guards do not
 * reach (the queue board): no-store, the CSRF cookie kept, a state-changing request refused (403)
 * unless same-origin with the signed token echoed, then a live session or 401. Roles are the caller's.
 */
@Injectable()
export class ExpressSessionGate {
  constructor(
    @Inject(SessionAuth) private readonly sessionAuth: SessionAuth,
    @Inject(CsrfTokens) private readonly csrf: CsrfTokens,
    @Inject(SessionCookies) private readonly cookies: SessionCookies,
  ) {}

  /**
   * `xsrfCookiePath`: also keep the token in an `XSRF-TOKEN` cookie on that path, for a UI whose
   * axios echoes it as `X-XSRF-Token` (accepted like `X-CSRF-Token`, against the same cookie).
   */
  async check(req: Request, res: Response, xsrfCookiePath?: string): Promise<GateResult> {
    res.setHeader('Cache-Control', 'no-store');
    const jar = parseCookies(req.headers.cookie);
    const sessionToken = jar[SESSION_COOKIE];
    const binding = this.csrf.bindingFor(sessionToken);
    const csrfCookie = jar[CSRF_COOKIE];
    const csrfValid = csrfCookie !== undefined && this.csrf.verify(csrfCookie, binding);
    const token = csrfValid ? csrfCookie : this.csrf.issue(binding);
    if (!csrfValid) this.cookies.setCsrf(req, res, token);
    if (xsrfCookiePath && jar[XSRF_COOKIE] !== token) {
      res.cookie(XSRF_COOKIE, token, { path: xsrfCookiePath, sameSite: 'strict', secure: req.secure, httpOnly: false });
    }

    // Unlike a public API route, everything behind a gate needs a session: writes always need the token.
    if (!SAFE_METHODS.has(req.method)) {
      if (!this.sessionAuth.isSameOrigin(req.headers)) return { ok: false, error: csrfRejected() };
      const echoed = req.get(CSRF_HEADER) ?? req.get(XSRF_HEADER);
      if (!csrfValid || echoed !== csrfCookie) return { ok: false, error: csrfRejected() };
    }

    const session = await this.sessionAuth.authenticateToken(sessionToken);
    if (!session.ok) {
      if (sessionToken !== undefined) this.cookies.clearSession(req, res);
      return { ok: false, error: unauthorized(session.reason) };
    }
    return { ok: true, user: session.user };
  }
}
