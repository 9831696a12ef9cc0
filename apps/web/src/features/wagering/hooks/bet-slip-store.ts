import type { BetRequest } from '@furlong/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onSessionEnd } from '../../../lib/session';
import { newKey } from '../../../lib/unique-key';

/** A bet on the slip, before it is placed (spec §3 "pending bet", kept in cents). */
export interface PendingBet {
  /** A client id for list keys and Remove Bet. */
  id: string;
  request: BetRequest;
  /** The horses as the bettor picked them, e.g. "1st: #3 Silver Comet". */
  horsesLabel: string;
  raceName: string;
  combinations: number;
  totalCents: number;
}

interface BetSlipState {
  bets: PendingBet[];
  /**
   * The Idempotency-Key of the next Place Bet: made once and kept until the slip is placed, so a
   * retry after a lost answer cannot place it twice. Dropped when the server refused the slip
   * (nothing was placed) or the slip changed.
   */
  idempotencyKey: string | null;
  add(bet: Omit<PendingBet, 'id'>): void;
  remove(id: string): void;
  /** The key for this attempt (made on first use). */
  keyForAttempt(): string;
  /** The server refused the slip: nothing was placed, a new attempt may use a new key. */
  refused(): void;
  placed(): void;
}

/** Where the slip is kept between reloads (the tab's sessionStorage). */
export const BET_SLIP_STORAGE_KEY = 'furlong-bet-slip';

/**
 * The bettor's slip, shared by the bets screen (/race and /bets): kept in the tab's
 * sessionStorage, so it survives navigation and a reload but not the closing of the tab (a slip
 * from another day's races would only be refused). Cleared once placed.
 */
export const useBetSlip = create<BetSlipState>()(
  persist(
    (set, get) => ({
      bets: [],
      idempotencyKey: null,
      add: (bet) => set((s) => ({ bets: [...s.bets, { ...bet, id: newKey() }], idempotencyKey: null })),
      remove: (id) => set((s) => ({ bets: s.bets.filter((b) => b.id !== id), idempotencyKey: null })),
      keyForAttempt: () => {
        const existing = get().idempotencyKey;
        if (existing) return existing;
        const key = newKey();
        set({ idempotencyKey: key });
        return key;
      },
      refused: () => set({ idempotencyKey: null }),
      placed: () => set({ bets: [], idempotencyKey: null }),
    }),
    {
      name: BET_SLIP_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      // The key goes with the slip: a reload after a lost answer must retry under the same key.
      partialize: (s) => ({ bets: s.bets, idempotencyKey: s.idempotencyKey }),
    },
  ),
);

// Another user signing in on this tab must not find the last one's slip.
onSessionEnd(() => useBetSlip.getState().placed());
