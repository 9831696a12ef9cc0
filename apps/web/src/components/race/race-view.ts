import type { RaceEntryView } from '@furlong/contracts';
import type { RaceRoomState } from './race-store';

/** The leaderboard overlay shows this many names (spec §9), the live list the first four. */
export const LEADERBOARD_NAMES = 12;
export const TOP_PLACES = 4;
/** From the result to the results page (spec §4, §9). */
export const RESULTS_DELAY_MS = 5000;
/** The start gate fades out over 2 s of race time at the off (spec §4). */
export const GATE_FADE_MS = 2000;

/** One runner in running order, as the tracker and the leaderboards list them. */
export interface Placing {
  place: number;
  entry: RaceEntryView;
}

/**
 * The field in running order: the official finish once there is a result, the latest frame's
 * leaderboard while running, post order at the gate; null until the room has answered.
 */
export function runningOrder(state: Pick<RaceRoomState, 'snapshot' | 'latest' | 'result'>): Placing[] | null {
  const entries = state.snapshot?.entries;
  if (!entries) return null;
  const byPost = new Map(entries.map((e) => [e.post_position, e]));
  let order: readonly number[];
  if (state.result) order = state.result.finishers.map((f) => f.post_position);
  else if (state.latest) order = state.latest.frame.l;
  else order = entries.map((e) => e.post_position);
  const seen = new Set<number>();
  const placings: Placing[] = [];
  for (const post of order) {
    const entry = byPost.get(post);
    if (!entry || seen.has(post)) continue;
    seen.add(post);
    placings.push({ place: placings.length + 1, entry });
  }
  // Anyone the order left out (a scratched frame, a short result) still shows, at the back.
  for (const entry of entries) if (!seen.has(entry.post_position)) placings.push({ place: placings.length + 1, entry });
  return placings;
}

/** Place labels of the live top four; the first reads "Winner" once the result is official. */
export function placeLabel(place: number, official: boolean): string {
  if (place === 1) return official ? 'Winner' : '1st';
  const suffix = place === 2 ? 'nd' : place === 3 ? 'rd' : 'th';
  return `${place}${suffix}`;
}

/**
 * 0 (gone) to 1 (closed): the gate stands until the off and fades out over 2 s of race time after
 * it (less wall time when the racing clock runs faster).
 */
export function gateAlpha(offAt: number | null, phase: RaceRoomState['phase'], now: number, timeScale = 1): number {
  if (phase === 'finished') return 0;
  if (phase !== 'running') return 1;
  if (offAt === null) return 0;
  const fadeMs = GATE_FADE_MS / (timeScale > 0 ? timeScale : 1);
  return Math.min(1, Math.max(0, 1 - (now - offAt) / fadeMs));
}

/** Frames a second the race canvas draws while its picture stands still (before the off, long after the finish). */
export const AT_REST_FPS = 4;
/** A finisher's run-out past the post is over (to the eye) this long after it crossed the line. */
export const RUN_OUT_DONE_MS = 6000;

/** What the canvas's last frame showed moving, as `sceneAtRest` weighs it. */
export interface SceneMotion {
  phase: RaceRoomState['phase'];
  /** Dust particles still in the air. */
  dust: number;
  /** The fastest leg speed drawn (eased: it falls to 0 after a runner stops). */
  legSpeed: number;
  /** How far, in pixels, the camera still is from where it is going. */
  cameraGap: number;
  /** Milliseconds since the last runner crossed the line (null: nobody has). */
  sinceLastFinish: number | null;
}

/**
 * True when nothing on the canvas moves: before the off (the field stands at the gate) and once the
 * last finisher has eased up, the dust settled and the camera stopped. The canvas then draws a few
 * frames a second instead of every display frame: a phone left on a race screen before the off
 * otherwise spends most of a core redrawing the same picture.
 */
export function sceneAtRest(motion: SceneMotion): boolean {
  if (motion.phase === 'running') return false;
  if (motion.dust > 0 || motion.legSpeed > 0.05 || Math.abs(motion.cameraGap) > 0.5) return false;
  return motion.sinceLastFinish === null || motion.sinceLastFinish >= RUN_OUT_DONE_MS;
}
