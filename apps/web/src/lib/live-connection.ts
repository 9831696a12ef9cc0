import { create } from 'zustand';

/**
 * The tab's live connection as the screens show it: `connecting` until the first connect (or once
 * the socket is closed for good), `connected`, and `reconnecting` from a drop until the socket is back (socket.io-client retries by
 * itself, as LIVE_RECONNECT says). Kept apart from lib/socket so that reading it does not load
 * socket.io-client.
 */
export type LiveConnection = 'connecting' | 'connected' | 'reconnecting';
export const useLiveConnection = create<{ state: LiveConnection }>(() => ({ state: 'connecting' }));
