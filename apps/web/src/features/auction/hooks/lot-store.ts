import type { LotState, LotStatus } from '@furlong/contracts';
import { create } from 'zustand';

const STATUS_RANK: Record<LotStatus, number> = { upcoming: 0, open: 1, sold: 2, rna: 2, no_bids: 2 };

/**
 * Whether `next` is at least as new as `known`: a lot only moves forward (opened, then more bids or
 * extensions, then the hammer), so a late reply (a reconnect's join, a slow REST read) cannot win
 * over an update already shown. Ties go to the later server time.
 */
export function isNewer(next: LotState, known: LotState | undefined): boolean {
  if (!known) return true;
  const order = [
    STATUS_RANK[next.status] - STATUS_RANK[known.status],
    next.bids - known.bids,
    next.extensions - known.extensions,
    Date.parse(next.server_time) - Date.parse(known.server_time),
  ];
  for (const d of order) if (d !== 0) return d > 0;
  return true;
}

/** The newer of two states of the same lot (either may be missing). */
export function newest(a: LotState | undefined, b: LotState | undefined): LotState | undefined {
  if (!a) return b;
  if (!b) return a;
  return isNewer(b, a) ? b : a;
}

interface LotStoreState {
  /** The latest state of each lot heard live (room `lot:{id}`, a join's reply, a bid's answer). */
  lots: Record<number, LotState>;
  received(state: LotState): void;
  forget(lotId: number): void;
}

/** Live lot states from `lot:update` and the `lot:join` reply, newest wins. */
export const useLotStore = create<LotStoreState>((set) => ({
  lots: {},
  received: (state) =>
    set((s) => (isNewer(state, s.lots[state.lot_id]) ? { lots: { ...s.lots, [state.lot_id]: state } } : s)),
  forget: (lotId) =>
    set((s) => {
      const { [lotId]: _gone, ...rest } = s.lots;
      return { lots: rest };
    }),
}));

/** A lot's state as shown: the live one when it is newer than the REST answer given. */
export function useLotState(lotId: number, fromRest: LotState | undefined): LotState | undefined {
  const live = useLotStore((s) => s.lots[lotId]);
  return newest(fromRest, live);
}
