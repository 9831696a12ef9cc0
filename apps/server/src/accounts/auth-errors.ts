import { AUTH_MESSAGES, AUTH_REASONS } from '@furlong/contracts';
import {
  ConflictException,
  ForbiddenException,
  GoneException,
  HttpException,
  UnauthorizedException,
} from '@nestjs/common';

export const LOGIN_REQUIRED_MESSAGE = 'Please log in to access this feature.';

/** 401: no session, or it ran out (the client turns `session_expired` into the inactivity message). */
export function unauthorized(reason: 'not_logged_in' | 'session_expired'): UnauthorizedException {
  return new UnauthorizedException({
    statusCode: 401,
    error: 'Unauthorized',
    message: reason === 'session_expired' ? AUTH_MESSAGES.inactivity : LOGIN_REQUIRED_MESSAGE,
    reason,
  });
}

export function badCredentials(): UnauthorizedException {
  return new UnauthorizedException({
    statusCode: 401,
    error: 'Unauthorized',
    message: AUTH_MESSAGES.loginNoMatch,
    reason: 'bad_credentials',
  });
}

export function forbidden(message = 'You do not have access to this.'): ForbiddenException {
  return new ForbiddenException({ statusCode: 403, error: 'Forbidden', message, reason: AUTH_REASONS.forbidden });
}

/** 403 `account_disabled`: the password was right, but an admin has disabled the account. */
export function accountDisabled(): ForbiddenException {
  return new ForbiddenException({
    statusCode: 403,
    error: 'Forbidden',
    message: 'This account is disabled. Please contact us.',
    reason: AUTH_REASONS.accountDisabled,
  });
}

export function csrfRejected(): ForbiddenException {
  return new ForbiddenException({
    statusCode: 403,
    error: 'Forbidden',
    message: 'Missing or invalid CSRF token: reload the page and try again.',
    reason: AUTH_REASONS.csrf,
  });
}

export function gone(message: string, reason: string): GoneException {
  return new GoneException({ statusCode: 410, error: 'Gone', message, reason });
}

export function conflict(field: string, reason: string): ConflictException {
  return new ConflictException({
    statusCode: 409,
    error: 'Conflict',
    message: `${field}: ${reason}`,
    errors: [{ field, reason }],
  });
}

/** 429 with Retry-After (seconds). */
export class TooManyAttemptsException extends HttpException {
  readonly headers: Record<string, string>;

  constructor(retryAfterSeconds: number, what: string) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      {
        statusCode: 429,
        error: 'Too Many Requests',
        message: `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        reason: 'throttled',
      },
      429,
    );
    this.headers = { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) };
  }
}
