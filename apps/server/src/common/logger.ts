import type { LoggerService } from '@nestjs/common';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { AppConfig } from '../config/app-config';

const REDACTED = '[redacted]';

/**
 * Log fields that carry a credential: the session and CSRF cookies and headers, any authorization,
 * the cookies a response sets, and the parameters of a failed query (they can hold token hashes).
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers["x-csrf-token"]',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'err.parameters',
  'err.driverError.parameters',
];

/** Path segments that are secrets themselves: a login link's token, a pass login's id. */
const SECRET_SEGMENTS = /(\/(?:login|logout|api\/auth\/pass)\/)[^/?#]+/gi;
/** Query parameters whose value is a secret. */
const SECRET_PARAMS = /([?&](?:token|key|secret|password|pass|code|sig|signature|csrf)=)[^&#]*/gi;

/** A URL as it may be logged: the secrets in its path and query replaced by [redacted]. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_SEGMENTS, `$1${REDACTED}`).replace(SECRET_PARAMS, `$1${REDACTED}`);
}

export function createRootLogger(config: Pick<AppConfig, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    { level: config.logLevel, base: { service: 'furlong' }, redact: { paths: REDACTED_LOG_PATHS, censor: REDACTED } },
    destination,
  );
}

/** Routes Nest's own logging into pino, so every line is one JSON object. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string): void {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
