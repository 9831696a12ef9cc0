import type { IncomingHttpHeaders } from 'node:http';
import type { Level, Logger } from 'pino';
import type { HttpReply, HttpRequest } from './http';
import { redactUrl } from './logger';

/**
 * The level of a finished request's line. Successes at debug (a busy server should not write a line
 * per request); a 503 (the database out of reach, answered to be retried) at warn, since an outage is
 * not a bug per request; other 5xx at error; 4xx at info.
 */
export function requestLogLevel(statusCode: number, aborted: boolean): Level {
  if (statusCode === 503) return 'warn';
  if (statusCode >= 500) return 'error';
  if (statusCode >= 400 || aborted) return 'info';
  return 'debug';
}

/** The request as logged: method, URL with its secrets redacted, headers (the logger redacts credentials), peer. */
function loggedRequest(req: HttpRequest): {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  remoteAddress?: string;
  remotePort?: number;
} {
  return {
    method: req.method,
    url: redactUrl(req.originalUrl ?? req.url),
    headers: req.headers,
    remoteAddress: req.socket.remoteAddress,
    remotePort: req.socket.remotePort,
  };
}

/**
 * A Fastify onRequest hook: one line per finished (or abandoned) request, at the level above, with the request, the response's
 * status and headers and the time taken. Nothing is built unless that level is enabled: a request
 * that logs at debug on an info logger costs a listener and a level check (pino-http made a child
 * logger per request, serializing the request, whether or not it then wrote anything).
 */
export function requestLog(logger: Logger): (req: HttpRequest, reply: HttpReply, done: () => void) => void {
  return (req, reply, next) => {
    const started = performance.now();
    const res = reply.raw;
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      const aborted = !res.writableFinished;
      const level = requestLogLevel(res.statusCode, aborted);
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          req: loggedRequest(req),
          res: { statusCode: res.statusCode, headers: { ...res.getHeaders(), ...reply.getHeaders() } },
          responseTime: Math.round(performance.now() - started),
        },
        aborted ? 'request aborted' : res.statusCode >= 500 ? 'request errored' : 'request completed',
      );
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}
