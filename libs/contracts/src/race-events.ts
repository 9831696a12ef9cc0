import type { LotJoinReply, LotState } from './auction';
import type { FreeBoard, FreeJoinReply, FreeRaceFrame } from './free-racing';
import type { OpsJoinReply, OpsSnapshot } from './ops';
import type { CurrentRaceStatus, RaceCancelReason, ScratchedRunner } from './program';
import type { LiveRaceResult } from './racing';
import type { ToteOdds, ToteView } from './wagering';

/**
 * The live race over Socket.IO (namespace '/', path '/socket.io'). Every event is declared here
 * once; the server emits only through a helper typed by ServerToClientEvents.
 *
 * Rooms: `race:{id}` (snapshot on join, countdown each second before the off, a frame per 500 ms
 * sample while running, the result at the finish). Later areas add `tote:{id}`, `lot:{id}`, `free:{id}`.
 */
export const raceRoom = (raceId: number): string => `race:${raceId}`;

/**
 * How a live client comes back when its connection drops (socket.io-client's Manager options; the
 * web client uses them, and the load tool draws its viewers' delays by them). When an instance stops,
 * all of its viewers drop at once and come back to the others: the first retry is spread evenly over
 * 0–4 s (a delay of 2 s with full jitter; socket.io's default, 1 s ± 50 %, sends them all within one
 * second and overflows the survivors' accept queues), later ones back off to 5 s. A connect that
 * has not completed in 20 s is abandoned and retried.
 */
export const LIVE_RECONNECT = {
  reconnectionDelay: 2_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 1,
  timeout: 20_000,
} as const;

/** Where the finish line is drawn, as a fraction of the track's width (spec §9). */
export const WIRE_POSITION = 0.98;

/** One runner as the race screen shows it. */
export interface RaceEntryView {
  post_position: number;
  horse_id: number;
  horse_name: string;
  horse_number: number;
  jockey_id: number;
  jockey_name: string;
  /** The morning line as the tote shows odds ('5-2'), fixed with the card; null when none was kept. */
  morning_line: string | null;
}

/**
 * One 500 ms sample of a running race, kept compact (it goes to every viewer twice a second).
 * Arrays are in post-position order of `entries` (index 0 = the runner in post 1 of the list).
 */
export interface RaceFrame {
  /** current race id */
  r: number;
  /** sample number: race time = s × 500 ms */
  s: number;
  /**
   * the race clock (ms): the race time until the winner reaches the wire, then the winner's
   * official time, where it stops (so the clock at the finish is the official time)
   */
  c: number;
  /** the server's wall clock (epoch ms) when the frame was sent */
  ts: number;
  /** progress of each runner, 0 at the start, 1 at the wire; 4 decimals */
  p: number[];
  /** speed of each runner in metres per second; 1 decimal */
  v: number[];
  /** post positions in running order, leader first */
  l: number[];
}

/** What a viewer gets on joining a race room, and again after a reconnect. */
export interface RaceSnapshot {
  race_id: number;
  race_name: string;
  track_id: number;
  track_name: string;
  furlongs: number;
  surface_type: string;
  track_condition: string;
  phase: CurrentRaceStatus;
  /** ISO, on the racing clock. */
  post_time: string;
  /** The racing clock now (ISO). */
  server_time: string;
  /** Racing-clock seconds per wall second (1 in production; larger in demos and tests). */
  time_scale: number;
  seed_hash: string | null;
  /** The starters (the runners the engine runs; frames follow their order). */
  entries: RaceEntryView[];
  /** Runners scratched before the off, by post position (they are not in `entries`). */
  scratched: ScratchedRunner[];
  /** Why the race was cancelled; null unless it was. */
  cancel_reason: RaceCancelReason | null;
  /** While running: the latest frame, so a late joiner draws the field at once. */
  frame: RaceFrame | null;
  /** Once finished. */
  result: LiveRaceResult | null;
}

/** Every second before the off. */
export interface RaceCountdown {
  race_id: number;
  server_time: string;
  post_time: string;
  seconds_to_post: number;
}

/** Room `race:{id}` and `tote:{id}`: a runner was scratched (every scratch of the race so far). */
export interface RaceScratchNotice {
  race_id: number;
  scratched: ScratchedRunner[];
  /** The starters left. */
  starters: number;
  /** The scratch left too few starters: the race is cancelled. */
  cancelled: boolean;
}

export interface RacePhaseChange {
  race_id: number;
  phase: CurrentRaceStatus;
  server_time: string;
}

/**
 * Why a room join (`race:join`, `tote:join`) was refused: `invalid_id` (not a positive integer),
 * `not_found` (no such race), `rate_limited` (too many joins too fast: wait a second and try again;
 * a socket that keeps on is disconnected), `unavailable` (the server could not read the race now).
 */
export type RoomJoinRefusal = {
  ok: false;
  error: string;
  reason: 'invalid_id' | 'not_found' | 'rate_limited' | 'unavailable';
};

export type RaceJoinReply = { ok: true; snapshot: RaceSnapshot } | RoomJoinRefusal;

/** The reply to `tote:join`: the board, or why the join was refused. */
export type ToteJoinReply = { ok: true; tote: ToteView } | RoomJoinRefusal;

export interface ServerToClientEvents {
  'race:snapshot': (snapshot: RaceSnapshot) => void;
  'race:countdown': (countdown: RaceCountdown) => void;
  'race:phase': (change: RacePhaseChange) => void;
  'race:frame': (frame: RaceFrame) => void;
  'race:result': (result: LiveRaceResult) => void;
  /** Rooms `race:{id}` and `tote:{id}`: a runner was scratched; the board, card and bet slip drop it. */
  'race:scratch': (notice: RaceScratchNotice) => void;
  /** Room `tote:{id}` (toteRoom): the race's tote board, every few seconds while betting is open, and once frozen at the close. */
  'tote:update': (tote: ToteView) => void;
  /** Room `tote:{id}`: after bets, within a second, the pools' totals and the runners' money and odds (a board's light part). */
  'tote:odds': (odds: ToteOdds) => void;
  /** Room `ops` (OPS_ROOM, operators and admins): the live operations snapshot, every second. */
  'ops:snapshot': (snapshot: OpsSnapshot) => void;
  /** Room `lot:{id}` (lotRoom): the lot's state after every bid, extension and the fall of the hammer. */
  'lot:update': (state: LotState) => void;
  /** Room `free:{id}` (freeRoom): the free board after every odds change, the start and the finish. */
  'free:update': (board: FreeBoard) => void;
  /** Room `free:{id}`: a 500 ms sample of the board's running race. */
  'free:frame': (frame: FreeRaceFrame) => void;
}

export interface ClientToServerEvents {
  /**
   * Join a race's room; the reply carries the snapshot (or why not, e.g. an unknown race). A socket
   * is in at most a few race rooms (joining one more leaves its oldest) and joins at a bounded rate.
   */
  'race:join': (raceId: number, ack: (reply: RaceJoinReply) => void) => void;
  'race:leave': (raceId: number) => void;
  /** Join a race's tote room `tote:{id}`; the reply carries the board now. Bounded like `race:join` (same rate budget). */
  'tote:join': (raceId: number, ack: (reply: ToteJoinReply) => void) => void;
  'tote:leave': (raceId: number) => void;
  /** Join the live operations room (operators and admins; the session is read again at the join). */
  'ops:join': (ack: (reply: OpsJoinReply) => void) => void;
  'ops:leave': () => void;
  /** Join an auction lot's room `lot:{id}`; the reply carries its full state (also after a reconnect). Bounded like `race:join`. */
  'lot:join': (lotId: number, ack: (reply: LotJoinReply) => void) => void;
  'lot:leave': (lotId: number) => void;
  /** Join a free board's room `free:{id}`; the reply carries its full state. Bounded like `race:join`. */
  'free:join': (boardId: number, ack: (reply: FreeJoinReply) => void) => void;
  'free:leave': (boardId: number) => void;
  /** Clock sync: the reply is the server's wall clock (epoch ms); the client keeps the offset. */
  'clock:sync': (clientSentAt: number, ack: (serverNowMs: number) => void) => void;
}
