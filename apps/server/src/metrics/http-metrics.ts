import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Metrics } from './metrics';

/** The route label of a request no route matched (a 404, a static file, the web client). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Times every HTTP request and counts it by method, route template (Express's matched route, as
 * Nest registered it, e.g. `/api/current_races/:id`; never the raw URL) and status.
 */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.once('finish', function recordHttpRequest() {
      const route = (req.route as { path?: unknown } | undefined)?.path;
      metrics.httpRequest(
        req.method,
        typeof route === 'string' ? route : UNMATCHED_ROUTE,
        res.statusCode,
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    });
    next();
  };
}
