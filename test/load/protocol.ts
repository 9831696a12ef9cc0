import type { SparseHistogram } from './histogram';

/** The one race the bare broadcaster runs. */
export const BARE_RACE_ID = 1;

/**
 * Viewers per loopback source address. One source address has ~28,000 ephemeral ports (32768–60999
 * here), and a socket bound to a source address takes its port from that address's range whatever
 * the destination; so the first this-many viewers connect from 127.0.0.1 (the kernel's choice, no
 * bind), the next from 127.0.0.2, and so on (the whole 127/8 is the loopback). LOAD_VIEWERS_PER_ADDRESS
 * lowers it, so that a small run can try the spreading.
 */
export const VIEWERS_PER_SOURCE_ADDRESS = Number(process.env.LOAD_VIEWERS_PER_ADDRESS ?? '') || 15_000;

/** The source address of viewer `index` (counted over all children), or undefined for the default. */
export function sourceAddressOf(index: number): string | undefined {
  const n = Math.floor(index / VIEWERS_PER_SOURCE_ADDRESS);
  return n === 0 ? undefined : `127.0.0.${1 + n}`;
}

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
      /**
       * A joined viewer whose connection drops comes back by itself as the web client does (see
       * viewer-worker.ts), trying the urls in turn; false: it stays away (the fan-out figures).
       */
      reconnect: boolean;
    }
  /** Count and time frames whose server timestamp `ts` falls in [startTs, endTs). */
  | { type: 'window'; startTs: number; endTs: number }
  /** A restart begins now (`at`, wall ms): each viewer notes where it is and times its way back. */
  | { type: 'mark'; at: number }
  | { type: 'report' }
  | { type: 'restart-report' }
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

/** Per joined viewer of a child, what it went through from one `mark` (a restart) on. */
export interface MarkReport {
  at: number;
  /** The server (index into the urls) it was connected to at the mark; -1 when it was between connections. */
  group: number[];
  /** The highest frame sample number `s` it had received before the mark (-1: none). */
  lastBefore: number[];
  /**
   * Ms from the mark to its first frame on the connection it kept (a connection that dropped after
   * the mark does not count); -1 when none came before the next mark or the report.
   */
  backMs: number[];
  /** Whether its connection dropped after the mark. */
  dropped: number[];
  /**
   * Ms from the mark to the connection it kept, and to that connection's join reply; -1 when it
   * kept the connection it had (or had none): where the time to come back goes.
   */
  connectedMs: number[];
  joinedMs: number[];
  /** Frames with a new sample number received after the mark (to the report). */
  received: number[];
}

/** What a child's viewers went through the restarts (the answer to `restart-report`). */
export interface RestartReport {
  type: 'restart-report';
  joined: number;
  marks: MarkReport[];
  /** Every sample number any viewer of this child received. */
  samples: number[];
  /** Joined viewers that received `race:result`, and those that only saw the result in a join's snapshot. */
  sawResult: number;
  resultBySnapshot: number;
  /** The finishing order each received `race:result` gave (post positions, winner first), with how many saw it. */
  orders: [string, number][];
  /** Connections made again after a drop, failed attempts, server-side disconnects (not retried, as the web client). */
  reconnects: number;
  failedAttempts: number;
  serverDisconnects: number;
  errors: string[];
}

/** What a viewer child tells the parent. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'progress'; joined: number; failed: number }
  | { type: 'connected'; joined: number; failed: number; errors: string[] }
  /** Every second while a mark is open: its viewers by the server they were on, and how many of them are back. */
  | { type: 'mark-progress'; at: number; groups: number[]; back: number[] }
  | WorkerReport
  | RestartReport;
