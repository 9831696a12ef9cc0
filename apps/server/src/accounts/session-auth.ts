import type { IncomingHttpHeaders } from 'node:http';
import { SESSION_COOKIE, type UserRole } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { parseCookies } from './cookies';
import { tokenHash } from './secrets';
import { SessionRepository } from './session.repository';

/** Who made a request, from a valid session. */
export interface AuthenticatedUser {
  userId: number;
  username: string;
  email: string;
  role: UserRole;
  /** The sessions row (not the cookie value): pass it to SessionAuth.isActive to re-check later. */
  sessionId: number;
  loginDate: Date;
  lastSeenAt: Date;
  /** When the session ends if unused: the idle limit, or the absolute limit if sooner. */
  expiresAt: Date;
}

export type SessionCheck =
  | { ok: true; user: AuthenticatedUser }
  | { ok: false; reason: 'not_logged_in' | 'session_expired' };

// A session is marked used at most this often, so a burst of requests costs one write.
const TOUCH_INTERVAL_MS = 15_000;

/**
 * Authenticates the session cookie: for HTTP (the global AuthGuard) and for anything else that
 * sees the same cookie, such as a Socket.IO handshake. Every successful check is activity and
 * slides the inactivity limit; an idle or too-old session is ended on the spot.
 */
@Injectable()
export class SessionAuth {
  constructor(
    @Inject(SessionRepository) private readonly sessions: SessionRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The session of a raw cookie value (the `furlong_session` cookie). */
  async authenticateToken(token: string | undefined): Promise<SessionCheck> {
    if (!token || token.length > 200) return { ok: false, reason: 'not_logged_in' };
    const row = await this.sessions.findByIdHash(tokenHash(token));
    if (!row) return { ok: false, reason: 'not_logged_in' };
    if (row.login_status !== 'active') {
      const timedOut = row.logout_reason === 'idle' || row.logout_reason === 'max_age';
      return { ok: false, reason: timedOut ? 'session_expired' : 'not_logged_in' };
    }
    const now = this.clock.now();
    const { sessionIdleTimeoutMs: idle, sessionMaxAgeMs: maxAge } = this.config.accounts;
    const idleEnd = new Date(row.last_seen_at.getTime() + idle);
    const ageEnd = new Date(row.login_date.getTime() + maxAge);
    if (now >= idleEnd || now >= ageEnd) {
      const byAge = ageEnd <= idleEnd;
      await this.sessions.end(row.id, byAge ? 'max_age' : 'idle', byAge ? ageEnd : idleEnd);
      return { ok: false, reason: 'session_expired' };
    }
    let lastSeenAt = row.last_seen_at;
    if (now.getTime() - lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      await this.sessions.touch(row.id, now);
      lastSeenAt = now;
    }
    const expiresAt = new Date(Math.min(lastSeenAt.getTime() + idle, ageEnd.getTime()));
    return {
      ok: true,
      user: {
        userId: row.user_id,
        username: row.username,
        email: row.email,
        role: row.role,
        sessionId: row.id,
        loginDate: row.login_date,
        lastSeenAt,
        expiresAt,
      },
    };
  }

  /** The session of a Cookie header. */
  authenticateCookieHeader(cookieHeader: string | undefined): Promise<SessionCheck> {
    return this.authenticateToken(parseCookies(cookieHeader)[SESSION_COOKIE]);
  }

  /**
   * For a Socket.IO middleware: the user of the handshake's cookie, or null (anonymous viewer).
   * `io.use(async (socket, next) => { socket.data.user = await sessionAuth.fromHandshake(socket.handshake); next(); })`
   */
  async fromHandshake(handshake: { headers: IncomingHttpHeaders }): Promise<AuthenticatedUser | null> {
    const check = await this.authenticateCookieHeader(handshake.headers.cookie);
    return check.ok ? check.user : null;
  }

  /**
   * Whether a handshake or request comes from a page of this site (guards against cross-site
   * WebSocket hijacking: browsers send cookies with a cross-site WebSocket upgrade).
   */
  isSameOrigin(headers: IncomingHttpHeaders): boolean {
    const site = headers['sec-fetch-site'];
    if (site === 'cross-site') return false;
    const origin = headers.origin;
    if (!origin || site) return true;
    try {
      return new URL(origin).host === headers.host;
    } catch {
      return false;
    }
  }

  /** Whether a session is still active: for long-lived connections before acting for the user. */
  async isActive(sessionId: number): Promise<boolean> {
    const row = await this.sessions.findActiveById(sessionId);
    if (!row) return false;
    const now = this.clock.now().getTime();
    const { sessionIdleTimeoutMs: idle, sessionMaxAgeMs: maxAge } = this.config.accounts;
    return now < row.last_seen_at.getTime() + idle && now < row.login_date.getTime() + maxAge;
  }
}
