import type {
  CurrentRaceStatus,
  LiveRaceResult,
  RaceCountdown,
  RaceFrame,
  RacePhaseChange,
  RaceSnapshot,
} from '@furlong/contracts';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { nextSegment, type Segment, sampleWallMs, type TimedFrame } from './interpolation';

export type RoomConnection = 'joining' | 'live' | 'reconnecting' | 'error';

/** The live state of one race as this browser knows it. Times are on the `now()` clock of the store. */
export interface RaceRoomState {
  raceId: number;
  connection: RoomConnection;
  error: string | null;
  /** The race and its field, from the latest snapshot (null until joined). */
  snapshot: RaceSnapshot | null;
  phase: CurrentRaceStatus | null;
  /** When the race goes (or went) off on this browser's clock, from the server's racing clock. */
  offAt: number | null;
  /** The last two frames with their arrival times; the display interpolates between them. */
  prev: TimedFrame | null;
  latest: TimedFrame | null;
  /** What is on screen between frames (see interpolation.ts). */
  segment: Segment | null;
  result: LiveRaceResult | null;
  resultAt: number | null;
}

export const initialRoomState = (raceId: number): RaceRoomState => ({
  raceId,
  connection: 'joining',
  error: null,
  snapshot: null,
  phase: null,
  offAt: null,
  prev: null,
  latest: null,
  segment: null,
  result: null,
  resultAt: null,
});

const PRE_RACE: readonly CurrentRaceStatus[] = ['scheduled', 'open', 'closed'];

/**
 * Wall milliseconds from `serverTime` to `postTime`, both on the racing clock, which runs
 * `timeScale` racing seconds per wall second.
 */
export function wallMsToPost(postTime: string, serverTime: string, timeScale: number): number | null {
  const racingMs = Date.parse(postTime) - Date.parse(serverTime);
  if (!Number.isFinite(racingMs)) return null;
  return racingMs / (timeScale > 0 ? timeScale : 1);
}

/**
 * A new frame: the older one becomes `prev`, and the screen starts moving towards it from where it
 * is (from the gate for the first frame of a race watched from the start). With `jump` (a late
 * joiner's snapshot) the field is drawn where the frame has it at once.
 */
export function applyFrame(state: RaceRoomState, frame: RaceFrame, now: number, jump = false): RaceRoomState {
  if (frame.r !== state.raceId) return state;
  if (state.latest && frame.s <= state.latest.frame.s) return state;
  const latest: TimedFrame = { frame, arrivedAt: now };
  const prev = state.latest;
  const scale = state.snapshot?.time_scale ?? 1;
  let segment: Segment;
  // A first frame well into the race (it beat the snapshot here) is drawn as it is, not raced to.
  if (jump || (!prev && !state.segment && frame.s > 2))
    segment = { from: frame.p, to: frame.p, startAt: now, durationMs: 0 };
  else if (!prev && !state.segment) {
    const atGate = frame.p.map(() => 0);
    segment = nextSegment({ from: atGate, to: atGate, startAt: now, durationMs: 0 }, null, latest, scale);
  } else segment = nextSegment(state.segment, prev, latest, scale);
  const phase = state.phase === 'finished' ? 'finished' : 'running';
  // A viewer who joins mid-race: the off was s samples ago, so the start gate is already gone.
  const offAt =
    state.offAt !== null && state.offAt <= now
      ? state.offAt
      : now - frame.s * sampleWallMs(prev?.frame ?? null, frame, scale);
  return { ...state, prev, latest, segment, phase, offAt };
}

/** On join, and again after a reconnect: the whole picture at once (a late joiner draws the field from its frame). */
export function applySnapshot(state: RaceRoomState, snapshot: RaceSnapshot, now: number): RaceRoomState {
  if (snapshot.race_id !== state.raceId) return state;
  let next: RaceRoomState = {
    ...state,
    connection: 'live',
    error: null,
    snapshot,
    phase: snapshot.phase,
    result: snapshot.result ?? state.result,
    resultAt: snapshot.result ? (state.resultAt ?? now) : state.resultAt,
  };
  if (PRE_RACE.includes(snapshot.phase)) {
    const toPost = wallMsToPost(snapshot.post_time, snapshot.server_time, snapshot.time_scale);
    next.offAt = toPost === null ? null : now + toPost;
  } else if (snapshot.phase === 'running' && !snapshot.frame && (next.offAt === null || next.offAt > now)) {
    next.offAt = now;
  }
  if (snapshot.frame) next = applyFrame(next, snapshot.frame, now, state.latest === null);
  if (snapshot.result) next.phase = 'finished';
  return next;
}

export function applyCountdown(state: RaceRoomState, countdown: RaceCountdown, now: number): RaceRoomState {
  if (countdown.race_id !== state.raceId || (state.phase && !PRE_RACE.includes(state.phase))) return state;
  const toPost = wallMsToPost(countdown.post_time, countdown.server_time, state.snapshot?.time_scale ?? 1);
  return toPost === null ? state : { ...state, offAt: now + toPost };
}

/** Phases in order: a late event never moves a race back (frames can overtake the 'closed' event). */
const PHASE_ORDER: readonly CurrentRaceStatus[] = ['scheduled', 'open', 'closed', 'running', 'finished'];

export function applyPhase(state: RaceRoomState, change: RacePhaseChange, now: number): RaceRoomState {
  if (change.race_id !== state.raceId) return state;
  if (state.phase === 'finished' || state.phase === 'cancelled') return state;
  if (
    state.phase &&
    change.phase !== 'cancelled' &&
    PHASE_ORDER.indexOf(change.phase) < PHASE_ORDER.indexOf(state.phase)
  ) {
    return state;
  }
  // The off is now, unless frames already told us when it was.
  const offAt = change.phase === 'running' && (state.offAt === null || state.offAt > now) ? now : state.offAt;
  return { ...state, phase: change.phase, offAt };
}

export function applyResult(state: RaceRoomState, result: LiveRaceResult, now: number): RaceRoomState {
  if (result.current_race_id !== state.raceId || state.result) return state;
  return { ...state, result, resultAt: now, phase: 'finished' };
}

export interface RaceRoomActions {
  joined(snapshot: RaceSnapshot): void;
  failed(error: string): void;
  disconnected(): void;
  countdown(countdown: RaceCountdown): void;
  phaseChanged(change: RacePhaseChange): void;
  frame(frame: RaceFrame): void;
  finished(result: LiveRaceResult): void;
}

export type RaceRoomStore = StoreApi<RaceRoomState & RaceRoomActions>;

/** The monotonic clock that frames, the countdown and the Pixi ticker all share. */
export const monotonicNow = (): number => performance.now();

/** A small store for one race; the socket hook writes to it, the canvas and the overlays read it. */
export function createRaceStore(raceId: number, now: () => number = monotonicNow): RaceRoomStore {
  return createStore<RaceRoomState & RaceRoomActions>()((set) => ({
    ...initialRoomState(raceId),
    joined: (snapshot) => set((s) => applySnapshot(s, snapshot, now())),
    failed: (error) => set({ connection: 'error', error }),
    disconnected: () => set((s) => (s.connection === 'error' ? s : { connection: 'reconnecting' })),
    countdown: (countdown) => set((s) => applyCountdown(s, countdown, now())),
    phaseChanged: (change) => set((s) => applyPhase(s, change, now())),
    frame: (frame) => set((s) => applyFrame(s, frame, now())),
    finished: (result) => set((s) => applyResult(s, result, now())),
  }));
}
