import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { Inject, Injectable } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AccessCheck, checkOrAnswer, roleAllows, sendHttpError } from '../accounts/access-check';
import { forbidden } from '../accounts/auth-errors';
import { BullMqDriver } from '../jobs/bullmq.driver';
import { JobQueue } from '../jobs/job-queue.service';
import { boardPermission, IN_PROCESS_JOBS_PAGE, QUEUE_BOARD_PATH } from './board-permissions';

/**
 * The queue board at /admin/queues: bull-board over every BullMQ queue of the product. bull-board
 * has no access control and Nest's guards do not reach an Express mount, so `handler` checks the
 * session, the CSRF token and the role itself before the board sees a request. With the
 * in-process driver there is no board: the page redirects to the web client's jobs page.
 */
@Injectable()
export class QueueBoard {
  private readonly board?: RequestHandler;

  constructor(
    @Inject(JobQueue) jobs: JobQueue,
    @Inject(AccessCheck) private readonly access: AccessCheck,
  ) {
    if (jobs.driver instanceof BullMqDriver) this.board = createBoardRouter(jobs.driver, QUEUE_BOARD_PATH);
  }

  /** Mount with `app.use(QUEUE_BOARD_PATH, board.handler)`. */
  readonly handler = (req: Request, res: Response, next: NextFunction): void => {
    this.handle(req, res, next).catch(next);
  };

  private async handle(req: Request, res: Response, next: NextFunction): Promise<void> {
    const user = await checkOrAnswer(this.access, req, res, {
      access: 'operator',
      alwaysCsrf: true,
      xsrfCookiePath: QUEUE_BOARD_PATH,
      forbiddenMessage: 'The queue board is for operators and administrators.',
    });
    if (!user) return;
    const needs = boardPermission(req.method, req.path);
    if (needs === 'never') return sendHttpError(res, forbidden('Obliterating a queue is turned off for everyone.'));
    if (needs === 'admin' && !roleAllows('admin', user.role)) {
      return sendHttpError(
        res,
        forbidden('Operators may read the board and retry or promote a job; this needs an administrator.'),
      );
    }
    if (this.board) {
      this.board(req, res, next);
      return;
    }
    if (req.method === 'GET' && (req.path === '/' || req.path === '')) {
      res.redirect(302, IN_PROCESS_JOBS_PAGE);
      return;
    }
    res.status(404).json({
      statusCode: 404,
      error: 'Not Found',
      message: `Jobs run in-process (no REDIS_URL): there is no queue board; see ${IN_PROCESS_JOBS_PAGE} or GET /api/ops/jobs.`,
      reason: 'in_process',
    });
  }
}

/** bull-board over the driver's queues, answering under `basePath` (exported for the test that mounts it bare). */
export function createBoardRouter(driver: BullMqDriver, basePath: string): RequestHandler {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(basePath);
  createBullBoard({
    queues: driver.boardQueues().map((queue) => new BullMQAdapter(queue, { description: 'Furlong jobs' })),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Furlong queues', hideRedisDetails: false } },
  });
  return serverAdapter.getRouter() as RequestHandler;
}
