import { WIRE_POSITION } from '@furlong/contracts';

/**
 * The straight the race is drawn on, a lane per runner, stands above and the infield below, seen
 * by a camera that follows the leaders. x is in world pixels from the left of the course: the
 * start gate near 0, the wire at `wireX`. When the camera reaches the end of its run (at the
 * finish) the wire sits at 98 % of the picture's width, as spec §4 draws it; a short race, or a
 * wide screen, fits whole and the camera never moves.
 */
export interface TrackLayout {
  /** The picture (the canvas) in CSS pixels. */
  width: number;
  height: number;
  lanes: number;
  standsHeight: number;
  railHeight: number;
  laneHeight: number;
  trackTop: number;
  trackBottom: number;
  infieldTop: number;
  /** World x of a runner's nose at progress 0 (the front of the stalls) and at 1 (the wire). */
  startX: number;
  wireX: number;
  pxPerMetre: number;
  /** The camera's x (world x at the picture's left edge) runs from 0 to this. */
  cameraMax: number;
  /** Horse figures are drawn 44 px tall, scaled to the lane. */
  horseScale: number;
}

export const STANDS_HEIGHT = 76;
export const RAIL_HEIGHT = 6;
export const LANE_HEIGHT = 40;
export const INFIELD_HEIGHT = 46;
/** Room behind the start line for a horse's body and its stall. */
export const START_X = 84;
/** The camera shows about this many metres of the course, so a length or two between horses shows. */
export const VIEW_METRES = 150;
/** Where the camera keeps the leader, as a share of the picture's width. */
export const LEADER_AT = 0.62;
const METRES_PER_FURLONG = 201.168;

export function canvasHeight(lanes: number): number {
  return STANDS_HEIGHT + 2 * RAIL_HEIGHT + Math.max(1, lanes) * LANE_HEIGHT + INFIELD_HEIGHT;
}

export function trackLayout(width: number, lanes: number, furlongs: number): TrackLayout {
  const n = Math.max(1, lanes);
  const trackTop = STANDS_HEIGHT + RAIL_HEIGHT;
  const trackBottom = trackTop + n * LANE_HEIGHT;
  const metres = (furlongs > 0 ? furlongs : 6) * METRES_PER_FURLONG;
  // The wire at 98 % of the width once the camera has reached the end (spec §4).
  const wireOnScreen = width * WIRE_POSITION;
  const fitWhole = Math.max(0.1, (wireOnScreen - START_X) / metres);
  const pxPerMetre = Math.max(fitWhole, width / VIEW_METRES);
  const wireX = START_X + metres * pxPerMetre;
  return {
    width,
    height: canvasHeight(n),
    lanes: n,
    standsHeight: STANDS_HEIGHT,
    railHeight: RAIL_HEIGHT,
    laneHeight: LANE_HEIGHT,
    trackTop,
    trackBottom,
    infieldTop: trackBottom + RAIL_HEIGHT,
    startX: START_X,
    wireX,
    pxPerMetre,
    cameraMax: Math.max(0, wireX - wireOnScreen),
    horseScale: LANE_HEIGHT / 44,
  };
}

/** The world x of a runner's nose at `progress` (0 at the start, 1 at the wire). */
export function noseX(layout: TrackLayout, progress: number): number {
  return layout.startX + Math.min(Math.max(progress, 0), 1) * (layout.wireX - layout.startX);
}

/** Where the camera wants to be: the leader at 62 % of the picture, within the course. */
export function cameraTarget(layout: TrackLayout, leaderX: number): number {
  return Math.min(Math.max(leaderX - LEADER_AT * layout.width, 0), layout.cameraMax);
}

/** Where a runner's feet are in lane `lane` (0 = post 1, by the far rail). */
export function groundY(layout: TrackLayout, lane: number): number {
  return layout.trackTop + (lane + 1) * layout.laneHeight - 5;
}

/** World x of each whole furlong pole before the wire, with how many furlongs are left there. */
export function furlongPoles(layout: TrackLayout, furlongs: number): { x: number; toGo: number }[] {
  if (!(furlongs > 0)) return [];
  const perFurlong = (layout.wireX - layout.startX) / furlongs;
  const poles: { x: number; toGo: number }[] = [];
  for (let toGo = 1; toGo < furlongs; toGo++) {
    const x = layout.wireX - toGo * perFurlong;
    if (x > layout.startX + 24) poles.push({ x, toGo });
  }
  return poles;
}

/** The offset of a repeating pattern of `period` px seen by a camera at `cameraX` (0 ≥ offset > −period). */
export function patternOffset(cameraX: number, period: number): number {
  const r = cameraX % period;
  return r === 0 ? 0 : -r;
}
