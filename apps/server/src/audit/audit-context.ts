import { randomUUID } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type HttpReply, type HttpRequest, headerOf, headersSent } from '../common/http';

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
export function requestIdOf(req: HttpRequest, res: HttpReply): string {
  const kept = (req as HttpRequest & { [REQUEST_ID]?: string })[REQUEST_ID];
  if (kept) return kept;
  const sent = headerOf(req, 'x-request-id');
  const id = sent && ACCEPTED_REQUEST_ID.test(sent) ? sent : randomUUID();
  (req as HttpRequest & { [REQUEST_ID]?: string })[REQUEST_ID] = id;
  if (!headersSent(res)) res.header('X-Request-Id', id);
  return id;
}

/** The audit context of an authenticated (admin) request. */
export const Audited = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuditContext => {
  // The session AuthGuard put on the request (audit asks accounts for nothing).
  const req = ctx.switchToHttp().getRequest<HttpRequest & { auth?: { userId: number; username: string } }>();
  const res = ctx.switchToHttp().getResponse<HttpReply>();
  return {
    actorUserId: req.auth?.userId ?? null,
    actorUsername: req.auth?.username ?? 'anonymous',
    ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    requestId: requestIdOf(req, res),
  };
});
