import { Prng } from '@furlong/domain';
import type { Graphics } from 'pixi.js';
import { saddleCloth } from '../../lib/saddle-cloths';
import { furlongPoles, type TrackLayout } from './track-layout';

const CROWD = [0xe8e2d0, 0xc94f3d, 0x2f5d9e, 0xe0b43a, 0xf2f2f2, 0x3a3a3a, 0x7fa7d6, 0xd98e5f, 0x8c6bb1];
/** Repeating patterns: the crowd (it scrolls slower, it is further away) and the racing surface with the rail posts. */
export const CROWD_PERIOD = 320;
export const CROWD_PARALLAX = 0.45;
export const SURFACE_PERIOD = 576;
const RAIL_POST_EVERY = 36;
const TURF_STRIPE = 48;

export type SurfaceKind = 'dirt' | 'turf' | 'synthetic';

export function surfaceKind(surface: string): SurfaceKind {
  const s = surface.toLowerCase();
  if (s.includes('turf') || s.includes('grass')) return 'turf';
  if (s.includes('synth') || s.includes('tapeta') || s.includes('poly')) return 'synthetic';
  return 'dirt';
}

const SURFACE_COLOUR: Record<SurfaceKind, number> = { dirt: 0xa06d45, synthetic: 0x7b5a49, turf: 0x47973f };

/** What the camera does not move: the stands' frame, the surface's base colour, the rail bars, the infield. */
export function drawBackdrop(g: Graphics, layout: TrackLayout, surface: SurfaceKind): void {
  const { width: w, standsHeight: sh, railHeight: rh, trackTop, trackBottom, infieldTop, height } = layout;
  g.clear();
  g.rect(0, 0, w, sh).fill(0x23313a);
  g.rect(0, 0, w, 12).fill(0x394a55);
  for (let tier = 0; tier < 3; tier++) g.rect(0, 14 + tier * 16, w, 14).fill(tier % 2 ? 0x2b3b45 : 0x304250);
  g.rect(0, sh - 10, w, 10).fill(0x1a5232);
  g.rect(0, trackTop, w, trackBottom - trackTop).fill(SURFACE_COLOUR[surface]);
  for (const y of [trackTop - rh, trackBottom]) {
    g.rect(0, y, w, rh).fill(0xf7f7f2);
    g.rect(0, y + rh - 1, w, 1).fill({ color: 0x000000, alpha: 0.25 });
  }
  g.rect(0, infieldTop, w, height - infieldTop).fill(0x2e7a38);
  g.rect(0, infieldTop, w, 5).fill(0x1f5e2a);
}

/** The crowd in three tiers and the roof's beams: a pattern of CROWD_PERIOD px, wide enough to scroll over. */
export function drawCrowd(g: Graphics, layout: TrackLayout, seed: number): void {
  const rng = new Prng(seed);
  const dots: { x: number; y: number; colour: number }[] = [];
  for (let tier = 0; tier < 3; tier++) {
    for (let x = 4 + (tier % 2) * 4; x < CROWD_PERIOD; x += 8) {
      if (rng.chance(0.18)) continue;
      dots.push({ x: x + rng.float(-1, 1), y: 21 + tier * 16 + rng.float(-1.5, 1.5), colour: rng.pick(CROWD) });
    }
  }
  g.clear();
  for (let offset = 0; offset < layout.width + CROWD_PERIOD; offset += CROWD_PERIOD) {
    for (let x = 0; x < CROWD_PERIOD; x += 64) g.rect(offset + x, 0, 2, 12).fill({ color: 0x1a242b, alpha: 0.8 });
    for (const d of dots) g.circle(offset + d.x, d.y, 2.4).fill(d.colour);
    for (let x = 24; x < CROWD_PERIOD; x += 160) {
      g.rect(offset + x, layout.standsHeight - 8, 64, 6).fill({ color: 0xf5f1e6, alpha: 0.85 });
    }
  }
}

/**
 * What passes under the camera: mowing stripes or harrow marks, the lane lines and the rail posts,
 * a pattern of SURFACE_PERIOD px. Their going by is what makes the field look fast.
 */
export function drawSurfacePattern(g: Graphics, layout: TrackLayout, surface: SurfaceKind, seed: number): void {
  const { trackTop, trackBottom, railHeight: rh } = layout;
  const trackH = trackBottom - trackTop;
  const rng = new Prng(seed + 1);
  const streaks: { x: number; y: number; w: number; colour: number }[] = [];
  if (surface !== 'turf') {
    for (let i = 0; i < trackH / 2.5; i++) {
      streaks.push({
        x: rng.float(0, SURFACE_PERIOD),
        y: trackTop + rng.float(2, trackH - 2),
        w: rng.float(40, SURFACE_PERIOD * 0.6),
        colour: rng.chance(0.5) ? 0xc08a5c : 0x7a4e30,
      });
    }
  }
  g.clear();
  for (let offset = 0; offset < layout.width + SURFACE_PERIOD; offset += SURFACE_PERIOD) {
    if (surface === 'turf') {
      for (let x = 0, i = 0; x < SURFACE_PERIOD; x += TURF_STRIPE, i++) {
        if (i % 2) g.rect(offset + x, trackTop, TURF_STRIPE, trackH).fill(0x3d8a3a);
      }
    }
    for (const s of streaks) {
      // A streak that runs off the pattern's end carries on at its start (the pattern tiles).
      const first = Math.min(s.w, SURFACE_PERIOD - s.x);
      g.rect(offset + s.x, s.y, first, 1).fill({ color: s.colour, alpha: 0.35 });
      if (first < s.w) g.rect(offset, s.y, s.w - first, 1).fill({ color: s.colour, alpha: 0.35 });
    }
    for (let x = 10; x < SURFACE_PERIOD; x += RAIL_POST_EVERY) {
      for (const y of [trackTop - rh, trackBottom]) {
        g.rect(offset + x, y + 1, 2, rh - 1).fill({ color: 0x8f8f88, alpha: 0.8 });
      }
    }
  }
  for (let lane = 1; lane < layout.lanes; lane++) {
    g.rect(0, trackTop + lane * layout.laneHeight, layout.width + SURFACE_PERIOD, 1).fill({
      color: 0xffffff,
      alpha: 0.09,
    });
  }
}

/** The course in world coordinates: the start line, the furlong poles on both rails, the finish line. */
export function drawCourse(g: Graphics, layout: TrackLayout, furlongs: number): void {
  const { trackTop, trackBottom, railHeight: rh, wireX } = layout;
  g.clear();
  g.rect(layout.startX, trackTop, 2, trackBottom - trackTop).fill({ color: 0xffffff, alpha: 0.6 });
  for (const { x } of furlongPoles(layout, furlongs)) {
    for (const y of [trackTop - rh - 12, trackBottom]) {
      g.rect(x - 1.5, y, 3, 18).fill(0xffffff);
      for (let s = 0; s < 18; s += 6) g.rect(x - 1.5, y + s, 3, 3).fill(0xd0202a);
    }
  }
  const sq = 6;
  for (let y = trackTop, row = 0; y < trackBottom; y += sq, row++) {
    for (let c = 0; c < 2; c++) {
      g.rect(wireX - sq + c * sq, y, sq, Math.min(sq, trackBottom - y)).fill((row + c) % 2 ? 0x111111 : 0xffffff);
    }
  }
}

/** The finish post: a striped pole by the stands with the judge's disc on top. Drawn over the runners. */
export function drawFinishPost(g: Graphics, layout: TrackLayout): void {
  g.clear();
  const x = layout.wireX;
  const top = 14;
  g.rect(x - 2, top, 4, layout.trackTop - top).fill(0xffffff);
  for (let y = top; y < layout.trackTop; y += 8) g.rect(x - 2, y, 4, 4).fill(0xd0202a);
  g.circle(x, top, 9).fill(0xd0202a).stroke({ width: 2, color: 0xffffff });
  g.circle(x, top, 3.5).fill(0xffffff);
  g.rect(x - 2, layout.trackBottom, 4, 20).fill(0xffffff);
  for (let y = layout.trackBottom; y < layout.trackBottom + 20; y += 8) g.rect(x - 2, y, 4, 4).fill(0xd0202a);
}

/** The starting gate: a stall per lane with its door in the post's colour. Faded out at the off. */
export function drawGate(g: Graphics, layout: TrackLayout, postPositions: readonly number[]): void {
  g.clear();
  const { startX, trackTop, laneHeight } = layout;
  const left = startX - 66;
  const right = startX + 8;
  g.rect(left - 4, trackTop - 16, right - left + 8, 12)
    .fill(0x1e6a3b)
    .stroke({ width: 1.5, color: 0xe9f3ea });
  g.rect(left - 4, trackTop - 4, 6, layout.trackBottom - trackTop + 8).fill(0x1e6a3b);
  postPositions.forEach((post, lane) => {
    const y = trackTop + lane * laneHeight;
    g.rect(left, y + 1, right - left, laneHeight - 2).fill({ color: 0x16522d, alpha: 0.22 });
    g.rect(left, y + 1, right - left, laneHeight - 2).stroke({ width: 1.5, color: 0xe9f3ea, alpha: 0.9 });
    g.rect(left, y + laneHeight / 2 - 1, right - left, 2).fill({ color: 0xe9f3ea, alpha: 0.5 });
    g.rect(right - 7, y + 3, 7, laneHeight - 6)
      .fill(saddleCloth(post).cloth)
      .stroke({ width: 1, color: 0x0b2414 });
  });
  g.rect(right, trackTop - 16, 4, layout.trackBottom - trackTop + 20).fill(0x1e6a3b);
}

/**
 * The whole course in a line along the infield: start, wire, what the camera shows, and every
 * runner as a dot in its colours (the leader drawn last, on top).
 */
export function drawMiniMap(
  g: Graphics,
  layout: TrackLayout,
  cameraX: number,
  progress: readonly number[],
  postPositions: readonly number[],
  order: readonly number[],
): void {
  g.clear();
  const left = 16;
  const right = layout.width - 16;
  const y = layout.height - 11;
  const span = right - left;
  const at = (p: number) => left + Math.min(Math.max(p, 0), 1) * span;
  const toProgress = (worldX: number) => (worldX - layout.startX) / (layout.wireX - layout.startX);
  const from = at(toProgress(cameraX));
  const to = at(toProgress(cameraX + layout.width));
  g.roundRect(from, y - 7, Math.max(4, to - from), 14, 3).fill({ color: 0xffffff, alpha: 0.16 });
  g.rect(left, y - 1.5, span, 3).fill({ color: 0xffffff, alpha: 0.55 });
  g.rect(left - 1, y - 6, 2, 12).fill(0xffffff);
  g.rect(right - 1, y - 7, 3, 14).fill(0xd0202a);
  const laneOf = new Map(postPositions.map((post, i) => [post, i]));
  for (const post of [...order].reverse()) {
    const lane = laneOf.get(post);
    if (lane === undefined) continue;
    g.circle(at(progress[lane] ?? 0), y, 4.2)
      .fill(Number.parseInt(saddleCloth(post).cloth.slice(1), 16))
      .stroke({ width: 1, color: 0x0b2414 });
  }
}
