import type { ToteOdds, ToteView } from '@furlong/contracts';
import { create } from 'zustand';

interface ToteStoreState {
  /** The latest board the socket delivered, per current race id. */
  boards: Record<number, ToteView>;
  received(tote: ToteView): void;
  /** `tote:odds`: the pools and odds merged into the board held (none held: the next board brings them). */
  receivedOdds(odds: ToteOdds): void;
  forget(raceId: number): void;
}

/** Live tote boards from `tote:update` (and the `tote:join` reply), moved by `tote:odds` between them. */
export const useToteStore = create<ToteStoreState>((set) => ({
  boards: {},
  received: (tote) =>
    set((s) => {
      const known = s.boards[tote.race_id];
      // An older board arriving late (a reconnect's reply after an update) must not win.
      if (known && Date.parse(known.as_of) > Date.parse(tote.as_of)) return s;
      return { boards: { ...s.boards, [tote.race_id]: tote } };
    }),
  receivedOdds: (odds) =>
    set((s) => {
      const known = s.boards[odds.race_id];
      if (!known || Date.parse(known.as_of) > Date.parse(odds.as_of)) return s;
      return { boards: { ...s.boards, [odds.race_id]: { ...known, ...odds } } };
    }),
  forget: (raceId) =>
    set((s) => {
      const { [raceId]: _gone, ...rest } = s.boards;
      return { boards: rest };
    }),
}));
