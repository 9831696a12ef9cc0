import { type ClientToServerEvents, LIVE_RECONNECT, type ServerToClientEvents } from '@furlong/contracts';
import { io, type Socket } from 'socket.io-client';
import { useLiveConnection } from './live-connection';
import { useServerClock } from './server-clock';

/** The one live connection of this tab, typed both ways by the contracts' event maps. */
export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Round trips per clock sync; the one with the shortest trip gives the offset. */
export const CLOCK_SYNC_ROUNDS = 5;
const CLOCK_SYNC_TIMEOUT_MS = 3000;

let socket: LiveSocket | null = null;

/** Keeps useLiveConnection in step with a socket's connects and drops. */
export function trackConnection(target: LiveSocket): void {
  target.on('connect', () => useLiveConnection.setState({ state: 'connected' }));
  target.on('disconnect', () => {
    // `active`: socket.io-client will retry by itself. It will not after this tab closed the socket or
    // the server sent it away on purpose (`io server disconnect`): nobody waits for it then.
    useLiveConnection.setState({ state: target.active ? 'reconnecting' : 'connecting' });
  });
}

/**
 * The tab's socket, created on first use (so socket.io-client loads only with the pages that need it).
 * Websocket first, long-polling when a proxy refuses the upgrade; after a drop it comes back by
 * itself as LIVE_RECONNECT says; the clock is synced on every connect.
 */
export function getSocket(): LiveSocket {
  if (socket) return socket;
  const created: LiveSocket = io({ path: '/socket.io', transports: ['websocket', 'polling'], ...LIVE_RECONNECT });
  created.on('connect', () => {
    void syncClock(created);
  });
  trackConnection(created);
  socket = created;
  return created;
}

/** One clock:sync round trip as measured by this browser. */
export interface ClockSample {
  sentAt: number;
  receivedAt: number;
  serverNow: number;
}

/**
 * Server time minus browser time from the sample with the shortest round trip, assuming the reply
 * spent half of it on the way back (Cristian's algorithm); null with no samples.
 */
export function bestOffset(samples: readonly ClockSample[]): number | null {
  let best: ClockSample | null = null;
  for (const s of samples) {
    if (s.receivedAt < s.sentAt || !Number.isFinite(s.serverNow)) continue;
    if (!best || s.receivedAt - s.sentAt < best.receivedAt - best.sentAt) best = s;
  }
  if (!best) return null;
  return Math.round(best.serverNow - (best.sentAt + (best.receivedAt - best.sentAt) / 2));
}

/** A few clock:sync round trips in a row; writes the best offset to the shared server clock. */
export async function syncClock(target: LiveSocket, rounds = CLOCK_SYNC_ROUNDS): Promise<number | null> {
  const samples: ClockSample[] = [];
  for (let i = 0; i < rounds && target.connected; i++) {
    const sentAt = Date.now();
    try {
      const serverNow = await target.timeout(CLOCK_SYNC_TIMEOUT_MS).emitWithAck('clock:sync', sentAt);
      samples.push({ sentAt, receivedAt: Date.now(), serverNow });
    } catch {
      // A lost round trip only means one sample fewer.
    }
  }
  const offset = bestOffset(samples);
  if (offset !== null) useServerClock.getState().sync(offset);
  return offset;
}
