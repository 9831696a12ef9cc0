import type { LotState } from '@furlong/contracts';
import { useServerNow } from '../../../lib/server-clock';

/** The lot page's countdown ticks a few times a second, so it turns over on the second. */
const TICK_MS = 250;

/**
 * Milliseconds until the lot closes on the server's clock, or until it opens while it waits for
 * its sale (`opening`); null once the hammer has fallen.
 */
export function useTimeLeft(state: LotState | undefined, tickMs = TICK_MS): { ms: number; opening: boolean } | null {
  const now = useServerNow(tickMs);
  if (!state || (state.status !== 'open' && state.status !== 'upcoming')) return null;
  const opens = Date.parse(state.opens_at);
  if (state.status === 'upcoming' || opens > now) return { ms: Math.max(0, opens - now), opening: true };
  return { ms: Math.max(0, Date.parse(state.closes_at) - now), opening: false };
}
