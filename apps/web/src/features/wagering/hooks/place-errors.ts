import { ApiError } from '../../../lib/api-client';

export const BETTING_CLOSED = 'Betting is closed for this race';

/** The server refused the slip for what it holds (nothing was placed), so a new key is safe. */
export function isRefusal(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  // A 409 without a reason asks for a retry of the same slip: keep its key.
  if (err.status === 409) return err.reason !== undefined;
  return err.status >= 400 && err.status < 500;
}

/** A 409 for a race that no longer takes bets (the other 409s: insufficient funds, retry). */
export function isBettingClosed(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    err.status === 409 &&
    (err.reason === 'betting_closed' || (!err.reason && err.message.startsWith(BETTING_CLOSED)))
  );
}

/** Which slip line a field problem belongs to: `bets[2].selections` or `bets.2.selections` → 2. */
export function slipIndex(field: string): number | null {
  const match = /^bets(?:\[(\d+)\]|\.(\d+))/.exec(field);
  return match ? Number(match[1] ?? match[2]) : null;
}
