import type { SparseHistogram } from './histogram';

/** The one race the bare broadcaster runs. */
export const BARE_RACE_ID = 1;

/** What the load tool's parent tells a viewer child (over the fork IPC channel). */
export type ToWorker =
  | {
      type: 'connect';
      /** Socket.IO base URLs; viewer k of this child uses urls[(firstIndex + k) % urls.length]. */
      urls: string[];
      firstIndex: number;
      count: number;
      raceId: number;
      /** Handshakes in flight at once in this child. */
      concurrency: number;
      /** A viewer that has not joined after this long counts as failed. */
      joinTimeoutMs: number;
    }
  /** Count and time frames whose server timestamp `ts` falls in [startTs, endTs). */
  | { type: 'window'; startTs: number; endTs: number }
  | { type: 'report' }
  | { type: 'exit' };

export interface WorkerReport {
  type: 'report';
  joined: number;
  /** Frames received inside the window, over all viewers of this child. */
  frames: number;
  /** Fewest and most window frames any one joined viewer of this child received. */
  minPerViewer: number;
  maxPerViewer: number;
  /** Frames received at any time (window or not). */
  framesTotal: number;
  /** Joined viewers that were disconnected before the report. */
  disconnects: number;
  latency: SparseHistogram;
  /** The same, per server (index into the connect message's urls). */
  byTarget: { frames: number; latency: SparseHistogram }[];
}

/** What a viewer child tells the parent. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'progress'; joined: number; failed: number }
  | { type: 'connected'; joined: number; failed: number; errors: string[] }
  | WorkerReport;
