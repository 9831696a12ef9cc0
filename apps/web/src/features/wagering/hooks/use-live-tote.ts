import type { RaceScratchNotice, ToteOdds, ToteView } from '@furlong/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentRaceKey } from '../../../api/current-race';
import { useLiveConnection } from '../../../lib/live-connection';
import { getSocket } from '../../../lib/socket';
import { fairOddsQueryKey } from '../api/fair-odds';
import { getTote, useToteQuery } from '../api/tote';
import { useToteStore } from './tote-store';

const JOIN_TIMEOUT_MS = 10_000;

/** How many hooks of this tab watch each tote room: it is left when the last one goes. */
const watchers = new Map<number, number>();

/**
 * The race's tote board, live: joins `tote:{id}` on the tab's socket (again after every
 * reconnect) and keeps each `tote:update`, with each `tote:odds` merged in. Until the socket has delivered a board, and
 * while the connection is down, it is read over REST every 5 s, so the page works before (or without) the live feed.
 */
export function useLiveTote(raceId: number | null): {
  tote: ToteView | undefined;
  live: boolean;
  error: unknown;
  isPending: boolean;
} {
  const live = useToteStore((s) => (raceId === null ? undefined : s.boards[raceId]));
  // While the tab's connection is down the live board stands still: REST takes over until it is back.
  const reconnecting = useLiveConnection((s) => s.state === 'reconnecting');
  const rest = useToteQuery(raceId, live === undefined || reconnecting);
  const client = useQueryClient();

  useEffect(() => {
    if (raceId === null) return;
    const socket = getSocket();
    const { received, receivedOdds } = useToteStore.getState();
    watchers.set(raceId, (watchers.get(raceId) ?? 0) + 1);
    const join = () => {
      socket.timeout(JOIN_TIMEOUT_MS).emit('tote:join', raceId, (err, reply) => {
        // A failed join leaves the REST polling in charge.
        if (!err && reply.ok) received(reply.tote);
      });
    };
    const onUpdate = (tote: ToteView) => {
      if (tote.race_id === raceId) received(tote);
    };
    const onOdds = (odds: ToteOdds) => {
      if (odds.race_id === raceId) receivedOdds(odds);
    };
    // A runner scratched: the board without it at once, and the race (its card, the bet slip) and its fair odds read again.
    const onScratch = (notice: RaceScratchNotice) => {
      if (notice.race_id !== raceId) return;
      void getTote(raceId)
        .then(received)
        .catch(() => undefined);
      void client.invalidateQueries({ queryKey: currentRaceKey(raceId) });
      // The fair odds were of the field before the scratch: the server makes them again.
      void client.invalidateQueries({ queryKey: fairOddsQueryKey(raceId) });
    };
    socket.on('connect', join);
    socket.on('tote:update', onUpdate);
    socket.on('tote:odds', onOdds);
    socket.on('race:scratch', onScratch);
    if (socket.connected) join();
    return () => {
      socket.off('connect', join);
      socket.off('tote:update', onUpdate);
      socket.off('tote:odds', onOdds);
      socket.off('race:scratch', onScratch);
      const left = (watchers.get(raceId) ?? 1) - 1;
      if (left > 0) watchers.set(raceId, left);
      else {
        watchers.delete(raceId);
        useToteStore.getState().forget(raceId);
        if (socket.connected) socket.emit('tote:leave', raceId);
      }
    };
  }, [raceId, client]);

  const restTote = rest.data;
  const newest =
    live && restTote ? (Date.parse(live.as_of) >= Date.parse(restTote.as_of) ? live : restTote) : (live ?? restTote);
  return {
    tote: newest,
    live: live !== undefined && !reconnecting,
    error: rest.error,
    isPending: !newest && rest.isPending,
  };
}
