import { WIRE_POSITION } from '@furlong/contracts';

/** The straight the race is drawn on: a lane per runner, stands above, the infield below. */
export interface TrackLayout {
  width: number;
  height: number;
  lanes: number;
  standsHeight: number;
  railHeight: number;
  laneHeight: number;
  trackTop: number;
  trackBottom: number;
  /** Where a runner's nose is at progress 0 (the front of the stalls) and at 1 (the wire). */
  startX: number;
  wireX: number;
  /** Horse figures are drawn 44 px tall, scaled to the lane. */
  horseScale: number;
}

export const STANDS_HEIGHT = 76;
export const RAIL_HEIGHT = 6;
export const LANE_HEIGHT = 40;
export const INFIELD_HEIGHT = 34;
/** Room behind the start line for a horse's body and its stall. */
export const START_X = 84;

export function canvasHeight(lanes: number): number {
  return STANDS_HEIGHT + 2 * RAIL_HEIGHT + Math.max(1, lanes) * LANE_HEIGHT + INFIELD_HEIGHT;
}

export function trackLayout(width: number, lanes: number): TrackLayout {
  const n = Math.max(1, lanes);
  const trackTop = STANDS_HEIGHT + RAIL_HEIGHT;
  return {
    width,
    height: canvasHeight(n),
    lanes: n,
    standsHeight: STANDS_HEIGHT,
    railHeight: RAIL_HEIGHT,
    laneHeight: LANE_HEIGHT,
    trackTop,
    trackBottom: trackTop + n * LANE_HEIGHT,
    startX: START_X,
    // The finish line sits at 98 % of the track's width (spec §4).
    wireX: Math.round(width * WIRE_POSITION),
    horseScale: LANE_HEIGHT / 44,
  };
}

/** The x of a runner's nose at `progress` (0 at the start, 1 at the wire). */
export function noseX(layout: TrackLayout, progress: number): number {
  return layout.startX + Math.min(Math.max(progress, 0), 1) * (layout.wireX - layout.startX);
}

/** Where a runner's feet are in lane `lane` (0 = post 1, by the far rail). */
export function groundY(layout: TrackLayout, lane: number): number {
  return layout.trackTop + (lane + 1) * layout.laneHeight - 5;
}

/** x of each whole furlong pole before the wire, with how many furlongs are left there. */
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
