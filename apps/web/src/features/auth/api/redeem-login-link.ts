import type { MeResponse } from '@furlong/contracts';
import { sendJson } from '../../../lib/api-client';

// One redemption per token even when React runs an effect twice (StrictMode): the link is one-time.
const inFlight = new Map<string, Promise<MeResponse>>();

/** POST /api/auth/link/redeem: logs this device in with a one-time signed link. */
export function redeemLoginLink(token: string): Promise<MeResponse> {
  let pending = inFlight.get(token);
  if (!pending) {
    pending = sendJson<MeResponse>('POST', '/auth/link/redeem', { token });
    inFlight.set(token, pending);
  }
  return pending;
}
