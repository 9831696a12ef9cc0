import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type AccessCheck, checkOrAnswer } from '../accounts/access-check';
import { headerOf, sendJson } from '../common/http';
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
 * other user's session. A plain Fastify route (HEAD too): the API's operations live under /api.
 */
export function registerMetricsRoute(
  server: FastifyInstance,
  metrics: Metrics,
  access: AccessCheck,
  token: string | undefined,
): void {
  server.get(METRICS_PATH, async (req, res) => {
    res.header('Cache-Control', 'no-store');
    if (!bearerMatches(headerOf(req, 'authorization'), token)) {
      // The session way, checked as the queue board's is (no-store, 401 with its reason).
      const user = await checkOrAnswer(access, req, res, {
        access: 'operator',
        alwaysCsrf: true,
        forbiddenMessage: 'Metrics are for operators and administrators.',
      });
      if (!user) return res;
    }
    const text = await metrics.scrape();
    return res.code(200).type(metrics.contentType).send(text);
  });
}

/** GET /metrics with METRICS_ENABLED=false: 404, saying why. */
export function registerMetricsOff(server: FastifyInstance): void {
  server.get(METRICS_PATH, (_req, res) => {
    sendJson(res, 404, {
      statusCode: 404,
      error: 'Not Found',
      message: 'Metrics are turned off on this instance (METRICS_ENABLED=false).',
      reason: 'metrics_disabled',
    });
  });
}
