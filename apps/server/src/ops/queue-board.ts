import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyPluginCallback } from 'fastify';
import { AccessCheck, checkOrAnswer, roleAllows, sendHttpError } from '../accounts/access-check';
import { forbidden } from '../accounts/auth-errors';
import { type HttpReply, type HttpRequest, requestPath, sendJson } from '../common/http';
import { BullMqDriver } from '../jobs/bullmq.driver';
import { JobQueue } from '../jobs/job-queue.service';
import { boardPermission, IN_PROCESS_JOBS_PAGE, QUEUE_BOARD_PATH } from './board-permissions';

/**
 * The queue board at /admin/queues: bull-board over every BullMQ queue of the product. bull-board
 * has no access control and Nest's guards do not reach a Fastify plugin, so `register` puts the
 * board in a scope of its own whose onRequest hook checks the session, the CSRF token and the role
 * before the board sees a request. With the in-process driver there is no board: the page
 * redirects to the web client's jobs page.
 */
@Injectable()
export class QueueBoard {
  private readonly board?: FastifyPluginCallback;

  constructor(
    @Inject(JobQueue) jobs: JobQueue,
    @Inject(AccessCheck) private readonly access: AccessCheck,
  ) {
    if (jobs.driver instanceof BullMqDriver) this.board = createBoardPlugin(jobs.driver, QUEUE_BOARD_PATH);
  }

  /** Registers the board (or its in-process stand-in) under QUEUE_BOARD_PATH, behind the gate. */
  register(server: FastifyInstance): void {
    server.register(
      async (scope) => {
        scope.addHook('onRequest', (req, res) => this.gate(req, res));
        if (this.board) {
          await scope.register(this.board);
          // A path the board does not know is still behind the gate; then no route's (a JSON 404).
          scope.all('/*', (_req, res) => res.callNotFound());
          return;
        }
        scope.all('/', (req, res) => this.inProcess(req, res));
        scope.all('/*', (req, res) => this.inProcess(req, res));
      },
      { prefix: QUEUE_BOARD_PATH },
    );
  }

  /** The onRequest hook of the board's scope: answers (and returns the reply) unless the request may pass. */
  private async gate(req: HttpRequest, res: HttpReply): Promise<HttpReply | undefined> {
    const user = await checkOrAnswer(this.access, req, res, {
      access: 'operator',
      alwaysCsrf: true,
      xsrfCookiePath: QUEUE_BOARD_PATH,
      forbiddenMessage: 'The queue board is for operators and administrators.',
    });
    if (!user) return res;
    const needs = boardPermission(req.method, requestPath(req).slice(QUEUE_BOARD_PATH.length));
    if (needs === 'never') {
      sendHttpError(res, forbidden('Obliterating a queue is turned off for everyone.'));
      return res;
    }
    if (needs === 'admin' && !roleAllows('admin', user.role)) {
      sendHttpError(
        res,
        forbidden('Operators may read the board and retry or promote a job; this needs an administrator.'),
      );
      return res;
    }
    return undefined;
  }

  private inProcess(req: HttpRequest, res: HttpReply): void {
    const path = requestPath(req).slice(QUEUE_BOARD_PATH.length);
    if (req.method === 'GET' && (path === '/' || path === '')) {
      res.redirect(IN_PROCESS_JOBS_PAGE, 302);
      return;
    }
    sendJson(res, 404, {
      statusCode: 404,
      error: 'Not Found',
      message: `Jobs run in-process (no REDIS_URL): there is no queue board; see ${IN_PROCESS_JOBS_PAGE} or GET /api/ops/jobs.`,
      reason: 'in_process',
    });
  }
}

/**
 * bull-board over the driver's queues as a Fastify plugin, its links under `basePath` (register it
 * with that prefix; exported for the test that registers it bare).
 */
export function createBoardPlugin(driver: BullMqDriver, basePath: string): FastifyPluginCallback {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(basePath);
  createBullBoard({
    queues: driver.boardQueues().map((queue) => new BullMQAdapter(queue, { description: 'Furlong jobs' })),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Furlong queues', hideRedisDetails: false } },
  });
  return serverAdapter.registerPlugin();
}
