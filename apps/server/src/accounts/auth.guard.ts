import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, type UserRole } from '@furlong/contracts';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { ACCESS_KEY, type Access, type AuthenticatedRequest, CSRF_KEY } from './auth.decorators';
import { csrfRejected, forbidden, unauthorized } from './auth-errors';
import { parseCookies, SessionCookies } from './cookies';
import { CsrfTokens } from './csrf-tokens';
import { SessionAuth } from './session-auth';

/** Whether a signed-in user's role may use a route of this access level. */
export function roleAllows(access: Access, role: UserRole): boolean {
  if (access === 'admin') return role === 'admin';
  if (access === 'operator') return role === 'operator' || role === 'admin';
  return true;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The global guard of every HTTP route:
 * 1. CSRF: keeps a signed token in the readable `furlong_csrf` cookie; a state-changing request
 *    that carries the session cookie (or hits a @RequireCsrf route) must echo it in X-CSRF-Token,
 *    and must not come from another site (Sec-Fetch-Site / Origin), else 403.
 * 2. Access: routes marked @Authenticated need a live session (401 with a reason), @OperatorOnly
 *    the operator or admin role, @AdminOnly the admin role (403 otherwise). Unmarked routes (reference data) stay public and never touch the session.
 * 3. Caching: every response of a route that reads the session (or, on the auth routes, issues
 *    session and CSRF cookies) says `Cache-Control: no-store`, errors included, so no browser or
 *    shared cache keeps one person's account, bets or login token for the next.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(SessionAuth) private readonly sessionAuth: SessionAuth,
    @Inject(CsrfTokens) private readonly csrf: CsrfTokens,
    @Inject(SessionCookies) private readonly cookies: SessionCookies,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Socket.IO gateways authenticate their handshake through SessionAuth themselves.
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    const targets = [context.getHandler(), context.getClass()];
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, targets) ?? 'public';
    const alwaysCsrf = this.reflector.getAllAndOverride<boolean | undefined>(CSRF_KEY, targets) ?? false;
    if (access !== 'public' || alwaysCsrf) res.setHeader('Cache-Control', 'no-store');

    const jar = parseCookies(req.headers.cookie);
    const sessionToken = jar[SESSION_COOKIE];
    const binding = this.csrf.bindingFor(sessionToken);
    const csrfCookie = jar[CSRF_COOKIE];
    const csrfValid = csrfCookie !== undefined && this.csrf.verify(csrfCookie, binding);
    req.csrfToken = csrfValid ? csrfCookie : this.csrf.issue(binding);
    if (!csrfValid) this.cookies.setCsrf(req, res, req.csrfToken);

    if (!SAFE_METHODS.has(req.method) && (sessionToken !== undefined || alwaysCsrf)) {
      if (!this.sessionAuth.isSameOrigin(req.headers)) throw csrfRejected();
      if (!csrfValid || req.get(CSRF_HEADER) !== csrfCookie) throw csrfRejected();
    }

    if (access === 'public') return true;
    const check = await this.sessionAuth.authenticateToken(sessionToken);
    if (!check.ok) {
      if (sessionToken !== undefined) this.cookies.clearSession(req, res);
      throw unauthorized(check.reason);
    }
    req.auth = check.user;
    if (!roleAllows(access, check.user.role)) {
      throw forbidden(
        access === 'admin' ? 'This needs an administrator.' : 'This needs an operator or an administrator.',
      );
    }
    return true;
  }
}
