import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';

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

/**
 * Every error leaves as `{ statusCode, error, message, errors? }`. Anything that is not a known
 * HTTP error is logged with its stack and answered with a bare 500: no SQL or stack ever leaks.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Http');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse<Response>();
    const req = ctx.getRequest<Request>();
    const body = this.toBody(exception, req);
    if (body.statusCode >= 500) {
      this.logger.error(
        `${req.method} ${req.originalUrl} failed`,
        exception instanceof Error ? exception.stack : exception,
      );
    }
    if (res.headersSent) return;
    // An exception may name response headers of its own (e.g. Retry-After on a 429).
    const headers = exception instanceof HttpException ? (exception as { headers?: unknown }).headers : undefined;
    if (typeof headers === 'object' && headers !== null) {
      for (const [name, value] of Object.entries(headers)) if (typeof value === 'string') res.setHeader(name, value);
    }
    res.status(body.statusCode).json(body);
  }

  private toBody(exception: unknown, req: Request): ErrorBody {
    if (exception instanceof HttpException) {
      // Nest wraps body-parser errors (malformed JSON, too large) in an HttpException with the cause.
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
          message: status === 404 && message.startsWith('Cannot ') ? `No route for ${req.method} ${req.path}` : message,
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

/** body-parser errors carry a `type` and their own 4xx status: name the body and the reason. */
function bodyParserError(error: unknown): ErrorBody | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { type?: unknown; status?: unknown; statusCode?: unknown };
  const status = e.status ?? e.statusCode;
  if (typeof e.type !== 'string' || typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  const reason = e.type === 'entity.parse.failed' ? 'malformed JSON' : e.type.replace(/\./g, ' ');
  return {
    statusCode: status,
    error: STATUS_TEXT[status] ?? 'Bad Request',
    message: `body: ${reason}`,
    errors: [{ field: 'body', reason }],
  };
}
