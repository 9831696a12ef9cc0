import { OPS_REPORT_MS, type OpsJoinReply, type OpsSnapshot } from '@furlong/contracts';
import { createStore, type StoreApi } from 'zustand/vanilla';

/** Snapshots kept for the charts: two minutes of one a second. */
export const OPS_HISTORY_SIZE = (2 * 60_000) / OPS_REPORT_MS;

/** No snapshot for this long (wall ms, this browser's clock) and the page shows its figures as stale. */
export const OPS_STALE_AFTER_MS = 3 * OPS_REPORT_MS;

export type OpsRefusal = Extract<OpsJoinReply, { ok: false }>;

/** The live operations room as this tab sees it. */
export type OpsConnection =
  | { kind: 'connecting' }
  | { kind: 'live' }
  /** `since`: when the connection dropped (epoch ms, this browser's clock). */
  | { kind: 'disconnected'; since: number }
  | { kind: 'refused'; message: string; reason: OpsRefusal['reason'] };

export interface OpsLiveState {
  connection: OpsConnection;
  /** The latest snapshot (from the socket, or GET /api/ops/live before its first); null before any. */
  snapshot: OpsSnapshot | null;
  /** When `snapshot` arrived (epoch ms, this browser's clock). */
  receivedAt: number | null;
  /** Set when no snapshot came for OPS_STALE_AFTER_MS; cleared by the next. */
  stale: boolean;
  /** The last OPS_HISTORY_SIZE snapshots, oldest first, their `at` strictly increasing. */
  history: readonly OpsSnapshot[];
}

export interface OpsLiveActions {
  /** A (re)connection is joining the room. */
  connecting(): void;
  /** The join's reply with the snapshot now; the room's snapshots follow. */
  joined(snapshot: OpsSnapshot, now: number): void;
  /** An `ops:snapshot` of the room. */
  received(snapshot: OpsSnapshot, now: number): void;
  /** GET /api/ops/live's answer: shown only while the socket has given nothing. */
  seeded(snapshot: OpsSnapshot, now: number): void;
  refused(refusal: OpsRefusal): void;
  disconnected(now: number): void;
  /** A timer's check at `now`: stale when the last snapshot is OPS_STALE_AFTER_MS old. */
  markStale(now: number): void;
}

export type OpsLiveStore = StoreApi<OpsLiveState & OpsLiveActions>;

export const initialOpsLiveState = (): OpsLiveState => ({
  connection: { kind: 'connecting' },
  snapshot: null,
  receivedAt: null,
  stale: false,
  history: [],
});

/** `history` with `snapshot` at the end, at most OPS_HISTORY_SIZE long. */
export function pushHistory(history: readonly OpsSnapshot[], snapshot: OpsSnapshot): OpsSnapshot[] {
  const kept = history.length >= OPS_HISTORY_SIZE ? history.slice(history.length - OPS_HISTORY_SIZE + 1) : [...history];
  kept.push(snapshot);
  return kept;
}

const atMs = (snapshot: OpsSnapshot) => Date.parse(snapshot.at);

/**
 * A snapshot taken into the state. One not newer than the last is a late duplicate (the join's reply
 * after a broadcast) and is dropped, unless `restart`: the join of a new connection is the truth now,
 * even when the instance answering has a clock behind the last one's (its series then starts again).
 */
export function takeSnapshot(state: OpsLiveState, snapshot: OpsSnapshot, now: number, restart: boolean): OpsLiveState {
  const last = state.history.at(-1);
  if (last && atMs(snapshot) <= atMs(last)) {
    if (!restart) return state;
    const history = atMs(snapshot) === atMs(last) ? [...state.history.slice(0, -1), snapshot] : [snapshot];
    return { ...state, snapshot, receivedAt: now, stale: false, history };
  }
  return { ...state, snapshot, receivedAt: now, stale: false, history: pushHistory(state.history, snapshot) };
}

export function createOpsLiveStore(): OpsLiveStore {
  return createStore<OpsLiveState & OpsLiveActions>((set) => ({
    ...initialOpsLiveState(),
    connecting: () => set({ connection: { kind: 'connecting' } }),
    joined: (snapshot, now) =>
      set((state) => ({ ...takeSnapshot(state, snapshot, now, true), connection: { kind: 'live' } })),
    received: (snapshot, now) =>
      set((state) => {
        const next = takeSnapshot(state, snapshot, now, false);
        // A broadcast before the join's reply (or after a refusal the server took back) means the room is live.
        return next === state ? state : { ...next, connection: { kind: 'live' } };
      }),
    seeded: (snapshot, now) => set((state) => (state.snapshot ? state : takeSnapshot(state, snapshot, now, false))),
    refused: ({ error, reason }) => set({ connection: { kind: 'refused', message: error, reason } }),
    disconnected: (now) =>
      set((state) =>
        state.connection.kind === 'disconnected' ? state : { connection: { kind: 'disconnected', since: now } },
      ),
    markStale: (now) =>
      set((state) =>
        state.receivedAt !== null && !state.stale && now - state.receivedAt >= OPS_STALE_AFTER_MS
          ? { stale: true }
          : state,
      ),
  }));
}
