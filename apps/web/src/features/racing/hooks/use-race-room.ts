import type {
  LiveRaceResult,
  RaceCountdown,
  RaceFrame,
  RacePhaseChange,
  RaceScratchNotice,
  RaceSnapshot,
} from '@furlong/contracts';
import { useEffect, useMemo } from 'react';
import { createRaceStore, type RaceRoomStore } from '../../../components/race/race-store';
import { getSocket } from '../../../lib/socket';

const JOIN_TIMEOUT_MS = 10_000;

/** How many hooks of this tab watch each race: the room is left when the last one goes. */
const watchers = new Map<number, number>();

/**
 * Joins the race's room on the tab's socket, keeps its live state in a store of its own and leaves
 * on unmount; joins again after every reconnect (the server forgets rooms with the connection) and
 * takes the fresh snapshot. Read the store with `useStore(store, selector)` or, in Pixi, `getState()`.
 */
export function useRaceRoom(raceId: number): RaceRoomStore {
  const store = useMemo(() => createRaceStore(raceId), [raceId]);

  useEffect(() => {
    const socket = getSocket();
    const actions = store.getState();
    watchers.set(raceId, (watchers.get(raceId) ?? 0) + 1);

    const join = () => {
      socket.timeout(JOIN_TIMEOUT_MS).emit('race:join', raceId, (err, reply) => {
        if (err) actions.failed('The race server did not answer. Retrying when the connection is back.');
        else if (reply.ok) actions.joined(reply.snapshot);
        else actions.failed(reply.error);
      });
    };
    const onSnapshot = (snapshot: RaceSnapshot) => actions.joined(snapshot);
    const onCountdown = (countdown: RaceCountdown) => actions.countdown(countdown);
    const onPhase = (change: RacePhaseChange) => actions.phaseChanged(change);
    const onFrame = (frame: RaceFrame) => actions.frame(frame);
    const onResult = (result: LiveRaceResult) => actions.finished(result);
    const onDisconnect = () => actions.disconnected();
    // A runner scratched: the fresh snapshot has the field that will run and the scratched list.
    const onScratch = (notice: RaceScratchNotice) => {
      if (notice.race_id === raceId) join();
    };

    socket.on('connect', join);
    socket.on('disconnect', onDisconnect);
    socket.on('race:snapshot', onSnapshot);
    socket.on('race:countdown', onCountdown);
    socket.on('race:phase', onPhase);
    socket.on('race:frame', onFrame);
    socket.on('race:result', onResult);
    socket.on('race:scratch', onScratch);
    if (socket.connected) join();

    return () => {
      socket.off('connect', join);
      socket.off('disconnect', onDisconnect);
      socket.off('race:snapshot', onSnapshot);
      socket.off('race:countdown', onCountdown);
      socket.off('race:phase', onPhase);
      socket.off('race:frame', onFrame);
      socket.off('race:result', onResult);
      socket.off('race:scratch', onScratch);
      const left = (watchers.get(raceId) ?? 1) - 1;
      if (left > 0) watchers.set(raceId, left);
      else {
        watchers.delete(raceId);
        if (socket.connected) socket.emit('race:leave', raceId);
      }
    };
  }, [raceId, store]);

  return store;
}
