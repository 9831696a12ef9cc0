import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, type UserRole } from '@furlong/contracts';
import { HttpException, Inject, Injectable } from '@nestjs/common';
import type { Access } from '../common/access';
import { type HttpReply, headerOf, isSecure, isUrlencoded, sendJson, setCookie } from '../common/http';
import type { AuthenticatedRequest } from './auth.decorators';
import { csrfRejected, forbidden, unauthorized } from './auth-errors';
import { parseCookies, SessionCookies } from './cookies';
import { CsrfTokens } from './csrf-tokens';
import { type AuthenticatedUser, SessionAuth } from './session-auth';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The header axios (e.g. bull-board's UI) fills from the XSRF-TOKEN cookie by itself, same-origin only. */
export const XSRF_HEADER = 'x-xsrf-token';
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** Whether a signed-in user's role may use a route of this access level. */
export function roleAllows(access: Access, role: UserRole): boolean {
  if (access === 'admin') return role === 'admin';
  if (access === 'operator') return role === 'operator' || role === 'admin';
  return true;
}

export interface AccessRule {
  access: Access;
  /** State-changing requests need the CSRF token even without a session cookie (login, sign-up, a gated mount). */
  alwaysCsrf?: boolean;
  /**
   * Also keep the token in an `XSRF-TOKEN` cookie on this path, for a UI whose axios echoes it as
   * `X-XSRF-Token` (then accepted like `X-CSRF-Token`, against the same cookie).
   */
  xsrfCookiePath?: string;
  /**
   * A plain HTML form (no script, so no header) may carry the token in this urlencoded field
   * instead of X-CSRF-Token; see `echoedToken`.
   */
  csrfFormField?: string;
  /** The 403's message when the role falls short. */
  forbiddenMessage?: string;
}

const FORBIDDEN: Record<Access, string> = {
  public: '',
  session: '',
  operator: 'This needs an operator or an administrator.',
  admin: 'This needs an administrator.',
};

/**
 * The one check of a request's access, for the global AuthGuard (Nest routes) and for the Express
 * hooks that Nest's guards do not reach (the queue board, /metrics):
 * 1. CSRF: keeps a signed token in the readable `furlong_csrf` cookie; a state-changing request
 *    that carries the session cookie (or falls under `alwaysCsrf`) must echo it in X-CSRF-Token,
 *    and must not come from another site (Sec-Fetch-Site / Origin), else 403.
 * 2. Access: above `public`, a live session (401 with a reason), then the role (403).
 * 3. Caching: every answer that reads the session (or issues session and CSRF cookies) says
 *    `Cache-Control: no-store`, errors included.
 * Throws the HttpException to answer; returns the user (undefined on a public route).
 */
@Injectable()
export class AccessCheck {
  constructor(
    @Inject(SessionAuth) private readonly sessionAuth: SessionAuth,
    @Inject(CsrfTokens) private readonly csrf: CsrfTokens,
    @Inject(SessionCookies) private readonly cookies: SessionCookies,
  ) {}

  async check(req: AuthenticatedRequest, res: HttpReply, rule: AccessRule): Promise<AuthenticatedUser | undefined> {
    const { access, alwaysCsrf = false, xsrfCookiePath } = rule;
    if (access !== 'public' || alwaysCsrf) res.header('Cache-Control', 'no-store');

    const jar = parseCookies(req.headers.cookie);
    const sessionToken = jar[SESSION_COOKIE];
    const binding = this.csrf.bindingFor(sessionToken);
    const csrfCookie = jar[CSRF_COOKIE];
    const csrfValid = csrfCookie !== undefined && this.csrf.verify(csrfCookie, binding);
    req.csrfToken = csrfValid ? csrfCookie : this.csrf.issue(binding);
    if (!csrfValid) this.cookies.setCsrf(req, res, req.csrfToken);
    if (xsrfCookiePath && jar[XSRF_COOKIE] !== req.csrfToken) {
      setCookie(res, XSRF_COOKIE, req.csrfToken, {
        path: xsrfCookiePath,
        sameSite: 'strict',
        secure: isSecure(req),
        httpOnly: false,
      });
    }

    if (!SAFE_METHODS.has(req.method) && (sessionToken !== undefined || alwaysCsrf)) {
      if (!this.sessionAuth.isSameOrigin(req.headers)) throw csrfRejected();
      const echoed = echoedToken(req, rule);
      if (!csrfValid || echoed !== csrfCookie) throw csrfRejected();
    }

    if (access === 'public') return undefined;
    const session = await this.sessionAuth.authenticateToken(sessionToken);
    if (!session.ok) {
      if (sessionToken !== undefined) this.cookies.clearSession(req, res);
      throw unauthorized(session.reason);
    }
    req.auth = session.user;
    if (!roleAllows(access, session.user.role)) throw forbidden(rule.forbiddenMessage ?? FORBIDDEN[access]);
    return session.user;
  }
}

/**
 * The token a state-changing request echoes: the header, or (on a route that allows it) a field of
 * a urlencoded form body. The form field is as sound as the header (the double-submit check):
 * another site can make a browser post a form with our cookies, but it cannot read the furlong_csrf
 * cookie to copy its value into the field, and the value must still equal that cookie and verify
 * against this session's binding; the same-origin check above stands as well. Only the routes that
 * name a field accept it, and only from a urlencoded body (the body parsers run before the guards).
 */
function echoedToken(req: AuthenticatedRequest, rule: AccessRule): string | undefined {
  const header = headerOf(req, CSRF_HEADER) ?? (rule.xsrfCookiePath ? headerOf(req, XSRF_HEADER) : undefined);
  if (header !== undefined || !rule.csrfFormField) return header;
  if (!isUrlencoded(req)) return undefined;
  const field: unknown = (req.body as Record<string, unknown> | undefined)?.[rule.csrfFormField];
  return typeof field === 'string' ? field : undefined;
}

/** Answers a request with an HttpException's status and body (for the hooks outside Nest's routes). */
export function sendHttpError(res: HttpReply, error: HttpException): void {
  sendJson(res, error.getStatus(), error.getResponse());
}

/**
 * For a hook outside Nest's routes (the queue board, /metrics): the user AccessCheck lets through, or undefined once the refusal it threw
 * has been answered (anything else thrown is rethrown).
 */
export async function checkOrAnswer(
  access: AccessCheck,
  req: AuthenticatedRequest,
  res: HttpReply,
  rule: AccessRule,
): Promise<AuthenticatedUser | undefined> {
  try {
    return (await access.check(req, res, rule)) as AuthenticatedUser;
  } catch (err) {
    if (!(err instanceof HttpException)) throw err;
    sendHttpError(res, err);
    return undefined;
  }
}
