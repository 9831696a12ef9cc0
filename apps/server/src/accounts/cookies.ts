import { CSRF_COOKIE, SESSION_COOKIE } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { type CookieOptions, clearCookie, type HttpReply, type HttpRequest, isSecure, setCookie } from '../common/http';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export const PASS_WAITER_COOKIE = 'furlong_pass';

/** The cookies of a Cookie header (the first of a repeated name wins; bad escapes are kept raw). */
export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || name in out) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      out[name] = decodeURIComponent(value);
    } catch {
      out[name] = value;
    }
  }
  return out;
}

/**
 * Sets and clears our cookies. The session cookie is httpOnly and SameSite=Lax, with no Max-Age:
 * the server decides when a session ends, so it can say why (idle) instead of the cookie vanishing.
 * Secure when the request came over https (COOKIE_SECURE=auto), or always/never by configuration.
 */
@Injectable()
export class SessionCookies {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private base(req: HttpRequest): CookieOptions {
    const mode = this.config.accounts.cookieSecure;
    const secure = mode === 'always' || (mode === 'auto' && isSecure(req));
    return { path: '/', sameSite: 'lax', secure };
  }

  setSession(req: HttpRequest, res: HttpReply, token: string): void {
    setCookie(res, SESSION_COOKIE, token, { ...this.base(req), httpOnly: true });
  }

  clearSession(req: HttpRequest, res: HttpReply): void {
    clearCookie(res, SESSION_COOKIE, { ...this.base(req), httpOnly: true });
  }

  // Readable by the page's script, which echoes it in the X-CSRF-Token header.
  setCsrf(req: HttpRequest, res: HttpReply, token: string): void {
    setCookie(res, CSRF_COOKIE, token, { ...this.base(req), httpOnly: false });
  }

  setPassWaiter(req: HttpRequest, res: HttpReply, secret: string, maxAgeMs: number): void {
    setCookie(res, PASS_WAITER_COOKIE, secret, {
      ...this.base(req),
      httpOnly: true,
      sameSite: 'strict',
      path: '/api/auth/pass',
      maxAge: maxAgeMs,
    });
  }
}
