import type { HttpReply, HttpRequest } from '../common/http';
import type { Metrics } from './metrics';

/** The route label of a request no route matched (a 404, a static file, the web client). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route template a request matched under /api (as Nest registered it, e.g.
 * `/api/current_races/:id`; never the raw URL), or UNMATCHED_ROUTE: no route, the 404 handler, a
 * wildcard route (static files, the web client) or a route outside the API (/metrics, the queue
 * board), as when those were Express middleware outside any route.
 */
export function routeLabel(req: HttpRequest): string {
  if (req.is404) return UNMATCHED_ROUTE;
  const url = req.routeOptions.url;
  return typeof url === 'string' && url.startsWith('/api') && !url.includes('*') ? url : UNMATCHED_ROUTE;
}

/**
 * A Fastify onRequest hook: times every HTTP request and counts it by method, route template and
 * status once its response has finished.
 */
export function httpMetrics(metrics: Metrics): (req: HttpRequest, reply: HttpReply, done: () => void) => void {
  return (req, reply, done) => {
    const started = process.hrtime.bigint();
    reply.raw.once('finish', function recordHttpRequest() {
      metrics.httpRequest(
        req.method,
        routeLabel(req),
        reply.raw.statusCode,
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    });
    done();
  };
}
