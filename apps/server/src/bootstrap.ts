import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { AccessCheck } from './accounts/access-check';
import { AppModule } from './app.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import type { Clock } from './common/clock';
import { createRootLogger, PinoNestLogger } from './common/logger';
import { requestLog } from './common/request-log';
import { rejectUnstorableText } from './common/storable-text';
import type { AppConfig } from './config/app-config';
import { httpMetrics } from './metrics/http-metrics';
import { Metrics } from './metrics/metrics';
import { METRICS_PATH, metricsHandler, metricsOff } from './metrics/metrics-endpoint';
import { buildOpenApiDocument } from './openapi/openapi-document';
import { QUEUE_BOARD_PATH } from './ops/board-permissions';
import { QueueBoard } from './ops/queue-board';
import { SocketIoAdapter } from './realtime/socket-io.adapter';

export interface CreateAppOptions {
  clock?: Clock;
  logger?: Logger;
}

/** Where the built web client is, if it has been built. */
function findWebDist(config: AppConfig): string | undefined {
  const candidates = [config.webDist, resolve(__dirname, '../../web/dist')].filter((p): p is string => !!p);
  return candidates.find((p) => existsSync(join(p, 'index.html')));
}

/** Builds the whole server (not yet listening): used by main.ts, the tests and the benchmarks. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const logger = options.logger ?? createRootLogger(config);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, { clock: options.clock }), {
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // Prometheus: every request timed by route template; /metrics outside the API (token or operator session).
  if (config.metrics.enabled) {
    app.use(httpMetrics(app.get(Metrics)));
    app.use(METRICS_PATH, metricsHandler(app.get(Metrics), app.get(AccessCheck), config.metrics.token));
  } else {
    app.use(METRICS_PATH, metricsOff);
  }
  app.use(requestLog(logger));
  app.use(
    helmet({
      contentSecurityPolicy: {
        // Swagger UI at /api/docs needs inline styles; scripts stay same-origin only.
        directives: { 'style-src': ["'self'", "'unsafe-inline'"], 'img-src': ["'self'", 'data:'] },
      },
    }),
  );
  // The body parsers Nest would add at init, added here so the text check below sees parsed bodies.
  app.useBodyParser('json');
  app.useBodyParser('urlencoded', { extended: true });
  app.use(rejectUnstorableText);
  // Socket.IO on the same HTTP server (path /socket.io), with the Redis adapter when REDIS_URL is set.
  app.useWebSocketAdapter(new SocketIoAdapter(app, config));
  app.setGlobalPrefix('api');
  app.useGlobalFilters(new AllExceptionsFilter());

  // The document generated from the contracts' operations (the committed openapi.json); Swagger UI serves it.
  const document = buildOpenApiDocument() as OpenAPIObject;
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs-json' });

  // bull-board (an Express mount: Nest's guards do not reach it; QueueBoard checks session, CSRF and role).
  app.use(QUEUE_BOARD_PATH, app.get(QueueBoard).handler);

  const webDist = findWebDist(config);
  if (webDist) {
    app.useStaticAssets(webDist, { index: false, maxAge: '1h' });
    const indexHtml = join(webDist, 'index.html');
    // Client-side routes fall back to index.html; /api stays with the API (and its JSON 404).
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (req.method !== 'GET' || req.path === '/api' || req.path.startsWith('/api/')) return next();
      res.sendFile(indexHtml);
    });
  }
  return app;
}
