import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { roleAllows } from '../accounts/auth.guard';
import { forbidden } from '../accounts/auth-errors';
import type { ExpressSessionGate } from '../accounts/express-session-gate';
import type { Metrics } from './metrics';

/** The path Prometheus scrapes, outside the /api prefix. */
export const METRICS_PATH = '/metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  // Digests first: equal lengths for timingSafeEqual, and the token's length is not leaked either.
  return timingSafeEqual(digest(header.slice('Bearer '.length).trim()), digest(token));
}

/**
 * GET /metrics: the Prometheus text of this instance. Open to the bearer token of METRICS_TOKEN
 * (when set) or to a session of an operator or admin; 401 without valid credentials, 403 for any
 * other user's session. A plain Express handler: the API's operations live under /api.
 */
export function metricsHandler(metrics: Metrics, gate: ExpressSessionGate, token: string | undefined): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/') return next();
    res.setHeader('Cache-Control', 'no-store');
    void (async () => {
      if (!bearerMatches(req.get('authorization'), token)) {
        // The session way, as the queue board's mount checks it (no-store, 401 with its reason).
        const gated = await gate.check(req, res);
        const error = !gated.ok
          ? gated.error
          : roleAllows('operator', gated.user.role)
            ? undefined
            : forbidden('Metrics are for operators and administrators.');
        if (error) {
          res.status(error.getStatus()).json(error.getResponse());
          return;
        }
      }
      const text = await metrics.scrape();
      res.status(200).type(metrics.contentType).send(text);
    })().catch(next);
  };
}
