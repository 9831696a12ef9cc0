import type { SparseHistogram } from '../load/histogram';

/** A bet of `bench:tote`: sent and accepted (201 received) at, and the Quinella gross that holds it. */
export interface BenchBet {
  sentAt: number;
  acceptedAt: number;
  gross: number;
}

/** What `bench:tote` tells a viewer child. */
export type ToteBenchToWorker =
  | { type: 'connect'; url: string; raceId: number; count: number; concurrency: number }
  | { type: 'report'; bets: BenchBet[]; postWallMs: number; finalGross: number }
  | { type: 'exit' };

/** What a viewer child tells `bench:tote`. */
export type ToteBenchFromWorker =
  | { type: 'ready' }
  | { type: 'connected'; joined: number; failed: number; errors: string[] }
  | {
      type: 'report';
      joined: number;
      updates: number;
      /** (viewer, bet) pairs whose board never came. */
      missed: number;
      /** Viewers that never got a frozen board, and those whose frozen board lacked bets. */
      noFinal: number;
      finalWrong: number;
      fromSent: SparseHistogram;
      /** Per bet, the earliest any viewer of this child saw it, ms after it was sent (-1: none did). */
      firstSeen: number[];
      fromAccepted: SparseHistogram;
      close: SparseHistogram;
    };
