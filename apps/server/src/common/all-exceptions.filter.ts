import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { type HttpReply, type HttpRequest, headersSent, requestPath, sendJson } from './http';
import { redactUrl } from './logger';

interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  errors?: { field: string; reason: string }[];
  reason?: string;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Seconds a client waits before retrying when the database connection was lost. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

// SQLSTATE classes 57P (operator intervention: the backend was terminated, the server shuts down or
// is starting) and 08 (connection exception), and the socket errors of a dropped or refused connection.
const CONNECTION_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
]);
// node-postgres and its pool say so only in words.
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|is not queryable|Connection closed|connect ECONNREFUSED/i;

/**
 * Whether an error comes from a database connection that was terminated, refused or timed out
 * (TypeORM wraps the driver's error as `driverError`; others chain it as `cause`). Such a request
 * never committed half a write (each use case is one transaction), so it is safe to retry.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  // TypeORM releases a query runner whose connection failed; the transaction's next query (or its
  // COMMIT, which then was never sent) says so.
  if (error instanceof QueryRunnerProviderAlreadyReleasedError || error instanceof QueryRunnerAlreadyReleasedError) {
    return true;
  }
  const e = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return true;
  return isDatabaseUnavailable(e.driverError, depth + 1) || isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * Every error leaves as `{ statusCode, error, message, errors? }`. Anything that is not a known
 * HTTP error is logged with its stack and answered with a bare 500: no SQL or stack ever leaks. A
 * lost database connection is not our bug but a moment's outage: 503 with Retry-After.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<HttpReply>();
    const req = ctx.getRequest<HttpRequest>();
    if (!(exception instanceof HttpException) && isDatabaseUnavailable(exception)) {
      this.logger.warn(
        `${req.method} ${redactUrl(req.originalUrl)}: database connection lost (${describe(exception)})`,
      );
      if (headersSent(res)) return;
      res.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      sendJson(res, 503, {
        statusCode: 503,
        error: STATUS_TEXT[503],
        message: `The database connection was lost. Try again in ${DATABASE_RETRY_AFTER_SECONDS} seconds; a bet slip retried with the same Idempotency-Key is placed at most once.`,
        reason: 'database_unavailable',
      } satisfies ErrorBody);
      return;
    }
    const body = this.toBody(exception, req);
    if (body.statusCode >= 500) {
      this.logger.error(
        `${req.method} ${redactUrl(req.originalUrl)} failed`,
        exception instanceof Error ? exception.stack : exception,
      );
    }
    if (headersSent(res)) return;
    // An exception may name response headers of its own (e.g. Retry-After on a 429).
    const headers = exception instanceof HttpException ? (exception as { headers?: unknown }).headers : undefined;
    if (typeof headers === 'object' && headers !== null) {
      for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') res.header(name, value);
    }
    sendJson(res, body.statusCode, body);
  }

  private toBody(exception: unknown, req: HttpRequest): ErrorBody {
    if (exception instanceof HttpException) {
      // Nest wraps Fastify's 4xx errors (body too large, a bad URL) and our body parser's in an
      // HttpException with the cause.
      const parsed = bodyParserError(exception.cause);
      if (parsed) return parsed;
      const status = exception.getStatus();
      const response = exception.getResponse();
      if (typeof response === 'object' && response !== null && 'message' in response) {
        const r = response as Partial<ErrorBody> & { message: unknown };
        const message = Array.isArray(r.message) ? r.message.join('; ') : String(r.message);
        return {
          statusCode: status,
          error: r.error ?? STATUS_TEXT[status] ?? 'Error',
          message:
            status === 404 && message.startsWith('Cannot ')
              ? `No route for ${req.method} ${requestPath(req)}`
              : message,
          ...(r.errors ? { errors: r.errors } : {}),
          ...(typeof r.reason === 'string' ? { reason: r.reason } : {}),
        };
      }
      return { statusCode: status, error: STATUS_TEXT[status] ?? 'Error', message: String(response) };
    }
    const parsed = bodyParserError(exception);
    if (parsed) return parsed;
    return { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on our side.' };
  }
}

/** The error's code or first line, for the log (never the response). */
function describe(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown; driverError?: { code?: unknown } };
  const code = e.code ?? e.driverError?.code;
  return [typeof code === 'string' ? code : undefined, String(e.message ?? error).split('\n')[0]]
    .filter(Boolean)
    .join(' ');
}

/**
 * Fastify's own request errors, by code, as the reason body-parser gave for the same fault (the
 * `type` of its error, in words), so that answers stay as they were under Express.
 */
const FASTIFY_REASONS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'entity too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request size did not match content length',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported media type',
  FST_ERR_CTP_INVALID_TYPE: 'unsupported media type',
};

/**
 * Body errors: body-parser's shape (a `type` such as entity.parse.failed, which our JSON parser
 * keeps) or Fastify's (a FST_ERR_CTP_ `code`), with their own 4xx status: name the body and the reason.
 */
function bodyParserError(error: unknown): ErrorBody | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { type?: unknown; code?: unknown; status?: unknown; statusCode?: unknown };
  const status = e.status ?? e.statusCode;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  let reason: string;
  if (typeof e.type === 'string')
    reason = e.type === 'entity.parse.failed' ? 'malformed JSON' : e.type.replace(/\./g, ' ');
  else if (typeof e.code === 'string' && e.code in FASTIFY_REASONS) reason = FASTIFY_REASONS[e.code] as string;
  else return undefined;
  return {
    statusCode: status,
    error: STATUS_TEXT[status] ?? 'Bad Request',
    message: `body: ${reason}`,
    errors: [{ field: 'body', reason }],
  };
}
