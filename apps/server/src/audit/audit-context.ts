import { randomUUID } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';

/** Who makes an administrative write, from where, in which request: what the audit log keeps of it. */
export interface AuditContext {
  actorUserId: number | null;
  actorUsername: string;
  ip: string;
  requestId: string;
}

/** A request id a client or proxy sent that we keep as it is (else we make one). */
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/;
const REQUEST_ID = Symbol('requestId');

/**
 * The request's id: the X-Request-Id it came with (when it looks like one) or a new UUID, sent back
 * in the response's X-Request-Id so an admin can find the write in the audit log (and the line in
 * the request log, which logs the response's headers).
 */
export function requestIdOf(req: Request, res: Response): string {
  const kept = (req as Request & { [REQUEST_ID]?: string })[REQUEST_ID];
  if (kept) return kept;
  const sent = req.get('x-request-id');
  const id = sent && ACCEPTED_REQUEST_ID.test(sent) ? sent : randomUUID();
  (req as Request & { [REQUEST_ID]?: string })[REQUEST_ID] = id;
  if (!res.headersSent) res.setHeader('X-Request-Id', id);
  return id;
}

/** The audit context of an authenticated (admin) request. */
export const Audited = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuditContext => {
  // The session AuthGuard put on the request (audit asks accounts for nothing).
  const req = ctx.switchToHttp().getRequest<Request & { auth?: { userId: number; username: string } }>();
  const res = ctx.switchToHttp().getResponse<Response>();
  return {
    actorUserId: req.auth?.userId ?? null,
    actorUsername: req.auth?.username ?? 'anonymous',
    ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    requestId: requestIdOf(req, res),
  };
});
