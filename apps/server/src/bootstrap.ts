import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { AccessCheck } from './accounts/access-check';
import { AppModule } from './app.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { BODY_LIMIT, useBodyParsers } from './common/body-parsers';
import type { Clock } from './common/clock';
import { requestPath, sendJson } from './common/http';
import { createRootLogger, PinoNestLogger } from './common/logger';
import { requestLog } from './common/request-log';
import { setSecurityHeaders, useSecurityHeaders } from './common/security-headers';
import { rejectUnstorableText } from './common/storable-text';
import type { AppConfig } from './config/app-config';
import { httpMetrics } from './metrics/http-metrics';
import { Metrics } from './metrics/metrics';
import { registerMetricsOff, registerMetricsRoute } from './metrics/metrics-endpoint';
import { buildOpenApiDocument } from './openapi/openapi-document';
import { QueueBoard } from './ops/queue-board';
import { SocketIoAdapter } from './realtime/socket-io.adapter';

export interface CreateAppOptions {
  clock?: Clock;
  logger?: Logger;
}

/** Where the built web client is, if it has been built (WEB_DIST may be relative to the working directory). */
export function findWebDist(config: Pick<AppConfig, 'webDist'>): string | undefined {
  const candidates = [config.webDist, resolve(__dirname, '../../web/dist')]
    .filter((p): p is string => !!p)
    .map((p) => resolve(p));
  return candidates.find((p) => existsSync(join(p, 'index.html')));
}

/**
 * The HTTP server underneath: Fastify, routing as Express did for the same URLs (case-insensitive,
 * a trailing slash ignored, no length limit on a path parameter), trusting the configured proxies,
 * with Node's own connection timeouts (Fastify's defaults differ: keep-alive 72 s, no request
 * timeout), and a malformed URL answered 400 in the JSON shape of every error.
 */
function fastifyAdapter(config: AppConfig): FastifyAdapter {
  return new FastifyAdapter({
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    keepAliveTimeout: 5_000,
    requestTimeout: 300_000,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 16_384 },
    frameworkErrors: (error: FastifyError, req: FastifyRequest, res: FastifyReply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      // Answered before the onRequest hooks, so the security headers are set here too.
      setSecurityHeaders(res);
      sendJson(res, status, {
        statusCode: status,
        error: 'Bad Request',
        message: `Malformed request: ${req.method} ${requestPath(req)}`,
      });
    },
  });
}

/** Builds the whole server (not yet listening): used by main.ts, the tests and the benchmarks. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestFastifyApplication> {
  const logger = options.logger ?? createRootLogger(config);
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot(config, { clock: options.clock }),
    fastifyAdapter(config),
    { logger: new PinoNestLogger(logger), abortOnError: false },
  );
  const server = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  // Prometheus: every request timed by route template; /metrics outside the API (token or operator session).
  if (config.metrics.enabled) {
    server.addHook('onRequest', httpMetrics(app.get(Metrics)));
    registerMetricsRoute(server, app.get(Metrics), app.get(AccessCheck), config.metrics.token);
  } else {
    registerMetricsOff(server);
  }
  server.addHook('onRequest', requestLog(logger));
  // helmet's security headers (and the CSP) on every response, worked out once at start.
  useSecurityHeaders(server);
  // JSON and urlencoded bodies as Express's body-parser read them; then, with the body parsed and
  // before guards and handlers, text PostgreSQL cannot store is refused.
  useBodyParsers(app);
  server.addHook('preValidation', rejectUnstorableText);
  // Socket.IO on the same HTTP server (path /socket.io), with the Redis adapter when REDIS_URL is set.
  app.useWebSocketAdapter(new SocketIoAdapter(app, config));
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new AllExceptionsFilter());

  // The document generated from the contracts' operations (the committed openapi.json); Swagger UI serves it.
  const document = buildOpenApiDocument() as OpenAPIObject;
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  // bull-board (a Fastify plugin: Nest's guards do not reach it; QueueBoard checks session, CSRF and role).
  app.get(QueueBoard).register(server);

  const webDist = findWebDist(config);
  if (webDist) {
    // In a scope of its own: bull-board's plugin decorates replies with its own sendFile.
    server.register(async (scope) => {
      await scope.register(fastifyStatic, { root: webDist, prefix: '/', index: false, maxAge: '1h', wildcard: false });
      // Client-side routes fall back to index.html; /api stays with the API (and its JSON 404).
      scope.get('/*', (req, res) => {
        const path = requestPath(req).toLowerCase();
        if (req.method !== 'GET' || path === '/api' || path.startsWith('/api/')) return res.callNotFound();
        return res.sendFile('index.html', { maxAge: 0 });
      });
    });
  }
  return app;
}
