import { SESSION_COOKIE } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { HttpReply, HttpRequest } from '../common/http';
import { parseCookies } from './cookies';
import { type AuthenticatedUser, SessionAuth } from './session-auth';

/**
 * Who is looking, on a public route whose answer depends on it (an auction's private sales show
 * only to invited users): the signed-in user, or undefined for a visitor or a session that ended.
 * The answer is then personal, so it is marked `no-store`.
 */
@Injectable()
export class SessionViewer {
  constructor(@Inject(SessionAuth) private readonly sessionAuth: SessionAuth) {}

  async of(req: HttpRequest, res: HttpReply): Promise<AuthenticatedUser | undefined> {
    const token = parseCookies(req.headers.cookie)[SESSION_COOKIE];
    if (token === undefined) return undefined;
    res.header('Cache-Control', 'no-store');
    const session = await this.sessionAuth.authenticateToken(token);
    return session.ok ? session.user : undefined;
  }
}
