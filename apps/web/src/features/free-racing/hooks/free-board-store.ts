import type { FreeBoard, FreeBoardStatus, FreeRaceFrame } from '@furlong/contracts';
import { create } from 'zustand';

const STATUS_RANK: Record<FreeBoardStatus, number> = { odds: 0, ready: 1, running: 2, finished: 3 };

/**
 * Whether `next` is at least as new as `known`: a board only moves forward (odds, ready, running,
 * finished) and its server time only grows, so a late REST answer cannot undo a live update.
 */
export function isNewerBoard(next: FreeBoard, known: FreeBoard | undefined): boolean {
  if (!known) return true;
  const rank = STATUS_RANK[next.status] - STATUS_RANK[known.status];
  if (rank !== 0) return rank > 0;
  return Date.parse(next.server_time) >= Date.parse(known.server_time);
}

export function newestBoard(a: FreeBoard | undefined, b: FreeBoard | undefined): FreeBoard | undefined {
  if (!a) return b;
  if (!b) return a;
  return isNewerBoard(b, a) ? b : a;
}

interface FreeBoardStoreState {
  /** The latest state of each board heard live (`free:update`, a join's reply, a start's answer). */
  boards: Record<number, FreeBoard>;
  /** The latest frame of each board's running race (`free:frame`). */
  frames: Record<number, FreeRaceFrame>;
  received(board: FreeBoard): void;
  frame(frame: FreeRaceFrame): void;
}

/** Live free boards and race frames from the rooms `free:{id}`, newest wins. */
export const useFreeBoardStore = create<FreeBoardStoreState>((set) => ({
  boards: {},
  frames: {},
  received: (board) =>
    set((s) => (isNewerBoard(board, s.boards[board.id]) ? { boards: { ...s.boards, [board.id]: board } } : s)),
  frame: (frame) =>
    set((s) => {
      const known = s.frames[frame.b];
      return known && known.s > frame.s ? s : { frames: { ...s.frames, [frame.b]: frame } };
    }),
}));

/** A board as shown: the live state when it is newer than the REST answer given. */
export function useFreeBoard(boardId: number, fromRest: FreeBoard | undefined): FreeBoard | undefined {
  const live = useFreeBoardStore((s) => s.boards[boardId]);
  return newestBoard(fromRest, live);
}
