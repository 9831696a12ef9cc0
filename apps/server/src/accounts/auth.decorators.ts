import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { ACCESS_KEY, type Access } from '../common/access';
import { type HttpRequest, headerOf } from '../common/http';
import type { AuthenticatedUser } from './session-auth';

export { ACCESS_KEY, type Access };
export const CSRF_KEY = 'furlong:csrf';

/** The route needs a logged-in user (401 otherwise). On a controller or a method. */
export const Authenticated = () => SetMetadata(ACCESS_KEY, 'session' satisfies Access);

/** The route needs an operator or an admin (401 when logged out, 403 for members). */
export const OperatorOnly = () => SetMetadata(ACCESS_KEY, 'operator' satisfies Access);

/** The route needs an admin (401 when logged out, 403 for other users). */
export const AdminOnly = () => SetMetadata(ACCESS_KEY, 'admin' satisfies Access);

/**
 * State-changing requests always need the CSRF token here, even without a session cookie (login,
 * sign-up: so another site cannot log a visitor into an account of its choosing).
 */
export const RequireCsrf = () => SetMetadata(CSRF_KEY, true);

export const CSRF_FORM_FIELD_KEY = 'furlong:csrf-form-field';

/**
 * This route also takes the CSRF token from a field of a urlencoded form body (a plain HTML form
 * post that works without script); checked exactly like the header (AccessCheck).
 */
export const CsrfFormField = (field: string) => SetMetadata(CSRF_FORM_FIELD_KEY, field);

/** What a request tells us about the client, for sessions and throttling. */
export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

/** A request after AuthGuard has authenticated it. */
export interface AuthenticatedRequest extends HttpRequest {
  auth?: AuthenticatedUser;
  /** The CSRF token valid for this request's session (set by AuthGuard). */
  csrfToken?: string;
}

/** The user of an @Authenticated or @AdminOnly route. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthenticatedUser => {
  const user = ctx.switchToHttp().getRequest<AuthenticatedRequest>().auth;
  if (!user) throw new Error('@CurrentUser() needs @Authenticated() or @AdminOnly() on the route');
  return user;
});

/** The client's address (Fastify's request.ip, which honours `trustProxy`) and user agent. */
export const Client = createParamDecorator((_data: unknown, ctx: ExecutionContext): ClientMeta => {
  const req = ctx.switchToHttp().getRequest<HttpRequest>();
  return { ip: req.ip ?? req.socket.remoteAddress ?? 'unknown', userAgent: headerOf(req, 'user-agent') ?? null };
});
