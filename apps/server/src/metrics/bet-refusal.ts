import { HttpException } from '@nestjs/common';
import { BET_REFUSALS, type BetRefusal } from './metrics';

const KNOWN = new Set<string>(BET_REFUSALS);

/**
 * The refusal label of an error the bet service threw: the `reason` its answer names when it is a
 * known one, else the kind of refusal by status. undefined for a failure that is not a refusal (a
 * 5xx, a bug): those are errors, counted by the HTTP metrics.
 */
export function betRefusal(err: unknown): BetRefusal | undefined {
  if (!(err instanceof HttpException)) return undefined;
  const status = err.getStatus();
  if (status < 400 || status >= 500) return undefined;
  const body = err.getResponse();
  const reason = typeof body === 'object' && body !== null ? (body as { reason?: unknown }).reason : undefined;
  if (typeof reason === 'string' && KNOWN.has(reason)) return reason as BetRefusal;
  if (status === 400) return 'invalid';
  if (status === 403) return 'forbidden';
  if (status === 409) return 'conflict';
  return 'other';
}
