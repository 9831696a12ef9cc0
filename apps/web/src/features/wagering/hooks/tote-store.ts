import type { ToteView } from '@furlong/contracts';
import { create } from 'zustand';

interface ToteStoreState {
  /** The latest board the socket delivered, per current race id. */
  boards: Record<number, ToteView>;
  received(tote: ToteView): void;
  forget(raceId: number): void;
}

/** Live tote boards from `tote:update` (and the `tote:join` reply). */
export const useToteStore = create<ToteStoreState>((set) => ({
  boards: {},
  received: (tote) =>
    set((s) => {
      const known = s.boards[tote.race_id];
      // An older board arriving late (a reconnect's reply after an update) must not win.
      if (known && Date.parse(known.as_of) > Date.parse(tote.as_of)) return s;
      return { boards: { ...s.boards, [tote.race_id]: tote } };
    }),
  forget: (raceId) =>
    set((s) => {
      const { [raceId]: _gone, ...rest } = s.boards;
      return { boards: rest };
    }),
}));
