import type { FreeBoard, FreeRaceFrame, RaceFrame, RaceSnapshot } from '@furlong/contracts';
import { FREE_RACE_CONDITIONS, freeRaceInput, RACE_SAMPLE_MS, simulateRace } from '@furlong/domain';
import { createRaceStore, type RaceRoomStore } from '../../../components/race/race-store';

/** The free track's name on the race screen. */
export const FREE_TRACK_NAME = 'Furlong Free Track';

/** A board as the shared race screen's snapshot: its seven horses on 6 furlongs of fast dirt. */
export function freeSnapshot(board: FreeBoard): RaceSnapshot {
  const preRace = board.status === 'odds' || board.status === 'ready';
  return {
    race_id: board.id,
    race_name: board.name,
    track_id: 0,
    track_name: FREE_TRACK_NAME,
    furlongs: FREE_RACE_CONDITIONS.furlongs,
    surface_type: FREE_RACE_CONDITIONS.surface,
    track_condition: FREE_RACE_CONDITIONS.condition,
    phase: preRace ? 'open' : board.status === 'running' ? 'running' : 'finished',
    post_time: board.status === 'odds' ? board.odds_close_at : (board.started_at ?? board.server_time),
    server_time: board.server_time,
    time_scale: 1,
    seed_hash: board.seed_hash,
    entries: board.horses.map((h) => ({
      post_position: h.post,
      horse_id: h.horse_id,
      horse_name: h.horse_name,
      horse_number: h.post,
      jockey_id: h.jockey_id ?? 0,
      jockey_name: h.jockey_name ?? '',
      morning_line: h.odds,
    })),
    scratched: [],
    cancel_reason: null,
    frame: null,
    result: null,
  };
}

/** A free race's frame in the shape the race screen's store takes. */
export function toRaceFrame(frame: FreeRaceFrame): RaceFrame {
  return { r: frame.b, s: frame.s, c: frame.s * RACE_SAMPLE_MS, ts: Date.now(), p: frame.p, v: frame.v, l: frame.l };
}

/** A finished board's race re-run here from its revealed seed: the frames the server streamed. */
export function replayFrames(board: FreeBoard): FreeRaceFrame[] {
  if (!board.seed) return [];
  const race = simulateRace(
    freeRaceInput(
      board.seed,
      board.horses.map((h) => ({ post: h.post, horse_id: h.horse_id })),
    ),
  );
  return race.samples.map((x, s) => ({
    b: board.id,
    s,
    p: x.progress.map((v) => Math.round(v * 10_000) / 10_000),
    v: x.speed.map((v) => Math.round(v * 10) / 10),
    l: x.leaderboard,
  }));
}

export { createRaceStore, type RaceRoomStore };
