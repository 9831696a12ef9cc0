import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { HttpReply } from '../common/http';
import { AccessCheck } from './access-check';
import { ACCESS_KEY, type Access, type AuthenticatedRequest, CSRF_FORM_FIELD_KEY, CSRF_KEY } from './auth.decorators';

/**
 * The global guard of every HTTP route: the route's access level (from its operation, through
 * @Endpoint, or @Authenticated & co.) and @RequireCsrf, checked by AccessCheck (CSRF, session,
 * role, no-store). Unmarked routes (reference data) stay public and never touch the session.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(AccessCheck) private readonly access: AccessCheck,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // Socket.IO gateways authenticate their handshake through SessionAuth themselves.
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    await this.access.check(
      context.switchToHttp().getRequest<AuthenticatedRequest>(),
      context.switchToHttp().getResponse<HttpReply>(),
      {
        access: this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, targets) ?? 'public',
        alwaysCsrf: this.reflector.getAllAndOverride<boolean | undefined>(CSRF_KEY, targets) ?? false,
        csrfFormField: this.reflector.getAllAndOverride<string | undefined>(CSRF_FORM_FIELD_KEY, targets),
      },
    );
    return true;
  }
}
