import type { OpsSnapshot } from '@furlong/contracts';
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { getSocket } from '../../../lib/socket';
import { useOpsLiveSnapshot } from '../api/ops-live';
import { createOpsLiveStore, OPS_STALE_AFTER_MS, type OpsLiveState } from './ops-live-store';

export const OPS_JOIN_TIMEOUT_MS = 5000;
/** After a join that timed out or a server that could not read the figures, join again this much later. */
export const OPS_JOIN_RETRY_MS = 5000;

/**
 * The live operations room on the tab's socket: joins on mount and after every reconnect (the server
 * forgets rooms with the connection), keeps the last snapshot and two minutes of history, and leaves
 * on unmount. Until the first socket snapshot, GET /api/ops/live fills the page once.
 *
 * The server reads the session from the connection's handshake cookies, so a socket opened before the
 * login is refused as `unauthenticated`: the socket is then closed and opened again (a new handshake
 * with the cookie) and joins once more; a second refusal is shown.
 */
export function useOpsLive(): OpsLiveState {
  const store = useMemo(() => createOpsLiveStore(), []);
  const state = useStore(store);

  useEffect(() => {
    const socket = getSocket();
    const actions = store.getState();
    let mounted = true;
    let reauthenticated = false;
    // While the hook itself closes and reopens the socket, its drop is not news.
    let reopening = false;
    let staleTimer: ReturnType<typeof setTimeout> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;

    const armStale = () => {
      clearTimeout(staleTimer);
      staleTimer = setTimeout(() => actions.markStale(Date.now()), OPS_STALE_AFTER_MS);
    };
    const retryLater = () => {
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        if (socket.connected) join();
      }, OPS_JOIN_RETRY_MS);
    };
    const join = () => {
      clearTimeout(retryTimer);
      socket.timeout(OPS_JOIN_TIMEOUT_MS).emit('ops:join', (err, reply) => {
        if (!mounted) return;
        if (err) return retryLater();
        if (reply.ok) {
          reauthenticated = false;
          actions.joined(reply.snapshot, Date.now());
          return armStale();
        }
        if (reply.reason === 'unauthenticated' && !reauthenticated) {
          reauthenticated = true;
          reopening = true;
          socket.disconnect();
          socket.connect();
          return;
        }
        actions.refused(reply);
        if (reply.reason === 'unavailable') retryLater();
      });
    };
    const onConnect = () => {
      reopening = false;
      actions.connecting();
      join();
    };
    const onDisconnect = () => {
      clearTimeout(retryTimer);
      if (!reopening) actions.disconnected(Date.now());
    };
    const onConnectError = () => {
      reopening = false;
      actions.disconnected(Date.now());
    };
    const onSnapshot = (snapshot: OpsSnapshot) => {
      actions.received(snapshot, Date.now());
      armStale();
    };

    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    socket.on('ops:snapshot', onSnapshot);
    if (socket.connected) join();

    return () => {
      mounted = false;
      clearTimeout(staleTimer);
      clearTimeout(retryTimer);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.off('ops:snapshot', onSnapshot);
      if (socket.connected) socket.emit('ops:leave');
    };
  }, [store]);

  // Once: the figures now over HTTP, so the page is not empty while the socket connects.
  const rest = useOpsLiveSnapshot(state.snapshot === null && state.connection.kind !== 'refused');
  useEffect(() => {
    if (!rest.data) return;
    store.getState().seeded(rest.data, Date.now());
    const timer = setTimeout(() => store.getState().markStale(Date.now()), OPS_STALE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [rest.data, store]);

  return state;
}
