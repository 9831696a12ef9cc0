import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { HttpException } from '@nestjs/common';
import { Inject, Injectable } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { roleAllows } from '../accounts/auth.guard';
import { forbidden } from '../accounts/auth-errors';
import { ExpressSessionGate } from '../accounts/express-session-gate';
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
    @Inject(ExpressSessionGate) private readonly gate: ExpressSessionGate,
  ) {
    if (jobs.driver instanceof BullMqDriver) this.board = createBoardRouter(jobs.driver, QUEUE_BOARD_PATH);
  }

  /** Mount with `app.use(QUEUE_BOARD_PATH, board.handler)`. */
  readonly handler = (req: Request, res: Response, next: NextFunction): void => {
    this.handle(req, res, next).catch(next);
  };

  private async handle(req: Request, res: Response, next: NextFunction): Promise<void> {
    const gate = await this.gate.check(req, res, QUEUE_BOARD_PATH);
    if (!gate.ok) return send(res, gate.error);
    const { role } = gate.user;
    if (!roleAllows('operator', role))
      return send(res, forbidden('The queue board is for operators and administrators.'));
    const needs = boardPermission(req.method, req.path);
    if (needs === 'never') return send(res, forbidden('Obliterating a queue is turned off for everyone.'));
    if (needs === 'admin' && !roleAllows('admin', role)) {
      return send(
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

function send(res: Response, error: HttpException): void {
  res.status(error.getStatus()).json(error.getResponse());
}
