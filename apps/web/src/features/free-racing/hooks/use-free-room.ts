import type { FreeBoard, FreeRaceFrame } from '@furlong/contracts';
import { useEffect } from 'react';
import { getSocket } from '../../../lib/socket';
import { useFreeBoardStore } from './free-board-store';

const JOIN_TIMEOUT_MS = 10_000;

/**
 * Joins the room `free:{id}` of one board on the tab's socket, again after every reconnect (the
 * join's reply is the board's full state), puts every update and race frame into the live store,
 * and leaves on unmount. A refused or lost join leaves the REST answer (and its refetch) in charge.
 */
export function useFreeRoom(boardId: number | undefined): void {
  useEffect(() => {
    if (boardId === undefined) return;
    const socket = getSocket();
    const { received, frame } = useFreeBoardStore.getState();
    const join = () => {
      socket.timeout(JOIN_TIMEOUT_MS).emit('free:join', boardId, (err, reply) => {
        if (!err && reply.ok) received(reply.board);
      });
    };
    const onUpdate = (board: FreeBoard) => {
      if (board.id === boardId) received(board);
    };
    const onFrame = (f: FreeRaceFrame) => {
      if (f.b === boardId) frame(f);
    };
    socket.on('connect', join);
    socket.on('free:update', onUpdate);
    socket.on('free:frame', onFrame);
    if (socket.connected) join();
    return () => {
      socket.off('connect', join);
      socket.off('free:update', onUpdate);
      socket.off('free:frame', onFrame);
      if (socket.connected) socket.emit('free:leave', boardId);
    };
  }, [boardId]);
}
