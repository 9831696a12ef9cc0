import type { LotState } from '@furlong/contracts';
import { useEffect, useMemo } from 'react';
import { useServerClock } from '../../../lib/server-clock';
import { getSocket } from '../../../lib/socket';
import { useLotStore } from './lot-store';

const JOIN_TIMEOUT_MS = 10_000;
/** The server keeps a socket in at most 12 lot rooms (one more leaves the oldest). */
export const MAX_LOT_ROOMS = 12;

/** How many hooks of this tab watch each lot: its room is left when the last one goes. */
const watchers = new Map<number, number>();

/**
 * Joins the rooms `lot:{id}` of these lots (at most 12) on the tab's socket, again after every
 * reconnect (the join's reply is the full state, so a reconnect starts from the truth), puts every
 * state into the live store, and leaves on unmount. Lists pass the live lots on screen; beyond
 * 12 their rows move on with the list's own refetch.
 */
export function useLotRooms(lotIds: readonly number[]): void {
  const key = lotIds.slice(0, MAX_LOT_ROOMS).join(',');
  const ids = useMemo(() => (key === '' ? [] : key.split(',').map(Number)), [key]);

  useEffect(() => {
    if (ids.length === 0) return;
    const socket = getSocket();
    const { received } = useLotStore.getState();
    for (const id of ids) watchers.set(id, (watchers.get(id) ?? 0) + 1);

    const join = () => {
      for (const id of ids) {
        socket.timeout(JOIN_TIMEOUT_MS).emit('lot:join', id, (err, reply) => {
          // A refused or lost join leaves the REST answer (and the list's refetch) in charge.
          if (!err && reply.ok) {
            useServerClock.getState().observe(reply.state.server_time);
            received(reply.state);
          }
        });
      }
    };
    const onUpdate = (state: LotState) => {
      if (ids.includes(state.lot_id)) received(state);
    };
    socket.on('connect', join);
    socket.on('lot:update', onUpdate);
    if (socket.connected) join();

    return () => {
      socket.off('connect', join);
      socket.off('lot:update', onUpdate);
      for (const id of ids) {
        const left = (watchers.get(id) ?? 1) - 1;
        if (left > 0) watchers.set(id, left);
        else {
          watchers.delete(id);
          if (socket.connected) socket.emit('lot:leave', id);
        }
      }
    };
  }, [ids]);
}
