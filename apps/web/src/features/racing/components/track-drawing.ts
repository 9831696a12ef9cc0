import { Prng } from '@furlong/domain';
import type { Graphics } from 'pixi.js';
import { saddleCloth } from './saddle-cloths';
import { furlongPoles, type TrackLayout } from './track-layout';

const CROWD = [0xe8e2d0, 0xc94f3d, 0x2f5d9e, 0xe0b43a, 0xf2f2f2, 0x3a3a3a, 0x7fa7d6, 0xd98e5f, 0x8c6bb1];

export type SurfaceKind = 'dirt' | 'turf' | 'synthetic';

export function surfaceKind(surface: string): SurfaceKind {
  const s = surface.toLowerCase();
  if (s.includes('turf') || s.includes('grass')) return 'turf';
  if (s.includes('synth') || s.includes('tapeta') || s.includes('poly')) return 'synthetic';
  return 'dirt';
}

/** The stands, rails, racing surface, lanes, furlong poles and the finish line: drawn once per size. */
export function drawTrack(g: Graphics, layout: TrackLayout, surface: SurfaceKind, seed: number): void {
  const { width: w, standsHeight: sh, railHeight: rh, trackTop, trackBottom, height } = layout;
  const rng = new Prng(seed);
  g.clear();

  // Grandstand: roof, three tiers of crowd, the front wall.
  g.rect(0, 0, w, sh).fill(0x23313a);
  g.rect(0, 0, w, 12).fill(0x394a55);
  for (let x = 0; x < w; x += 56) g.rect(x, 0, 2, 12).fill({ color: 0x1a242b, alpha: 0.8 });
  for (let tier = 0; tier < 3; tier++) {
    const y0 = 16 + tier * 16;
    g.rect(0, y0 - 2, w, 14).fill(tier % 2 ? 0x2b3b45 : 0x304250);
    for (let x = 4 + (tier % 2) * 4; x < w; x += 8) {
      if (rng.chance(0.18)) continue;
      g.circle(x + rng.float(-1, 1), y0 + 5 + rng.float(-1.5, 1.5), 2.4).fill(rng.pick(CROWD));
    }
  }
  g.rect(0, sh - 10, w, 10).fill(0x1a5232);
  for (let x = 24; x < w; x += 180) g.rect(x, sh - 8, 64, 6).fill({ color: 0xf5f1e6, alpha: 0.85 });

  // Racing surface.
  const trackH = trackBottom - trackTop;
  if (surface === 'turf') {
    for (let x = 0, i = 0; x < w; x += 48, i++) g.rect(x, trackTop, 48, trackH).fill(i % 2 ? 0x3d8a3a : 0x47973f);
  } else {
    g.rect(0, trackTop, w, trackH).fill(surface === 'synthetic' ? 0x7b5a49 : 0xa06d45);
    // Harrow marks: long faint streaks along the running line.
    for (let i = 0; i < trackH / 3; i++) {
      const y = trackTop + rng.float(2, trackH - 2);
      const x = rng.float(-w * 0.2, w);
      g.rect(x, y, rng.float(w * 0.2, w * 0.6), 1).fill({
        color: rng.chance(0.5) ? 0xc08a5c : 0x7a4e30,
        alpha: 0.35,
      });
    }
  }
  for (let lane = 1; lane < layout.lanes; lane++) {
    g.rect(0, trackTop + lane * layout.laneHeight, w, 1).fill({ color: 0xffffff, alpha: 0.09 });
  }

  // Outer rail (by the stands) and inner rail, with their posts.
  drawRail(g, 0, trackTop - rh, w, rh);
  drawRail(g, 0, trackBottom, w, rh);

  // Infield: grass and a hedge along the inner rail.
  g.rect(0, trackBottom + rh, w, height - trackBottom - rh).fill(0x2e7a38);
  g.rect(0, trackBottom + rh, w, 5).fill(0x1f5e2a);

  // Start line.
  g.rect(layout.startX, trackTop, 2, trackH).fill({ color: 0xffffff, alpha: 0.6 });

  // Finish line: a checkered band across the track at the wire, its post above the outer rail.
  const sq = 6;
  for (let y = trackTop, row = 0; y < trackBottom; y += sq, row++) {
    for (let c = 0; c < 2; c++) {
      g.rect(layout.wireX - sq + c * sq, y, sq, Math.min(sq, trackBottom - y)).fill(
        (row + c) % 2 ? 0x111111 : 0xffffff,
      );
    }
  }
}

function drawRail(g: Graphics, x: number, y: number, w: number, h: number): void {
  g.rect(x, y, w, h).fill(0xf7f7f2);
  g.rect(x, y + h - 1, w, 1).fill({ color: 0x000000, alpha: 0.25 });
  for (let px = x + 10; px < x + w; px += 36) g.rect(px, y + 1, 2, h - 1).fill({ color: 0x8f8f88, alpha: 0.8 });
}

/** Furlong poles on both rails (red and white), counting down to the wire. */
export function drawFurlongPoles(g: Graphics, layout: TrackLayout, furlongs: number): void {
  g.clear();
  for (const { x } of furlongPoles(layout, furlongs)) {
    for (const y of [layout.trackTop - layout.railHeight - 12, layout.trackBottom]) {
      g.rect(x - 1.5, y, 3, 18).fill(0xffffff);
      for (let s = 0; s < 18; s += 6) g.rect(x - 1.5, y + s, 3, 3).fill(0xd0202a);
    }
  }
}

/** The finish post: a striped pole by the stands with the judge's disc on top. Drawn over the runners. */
export function drawFinishPost(g: Graphics, layout: TrackLayout): void {
  g.clear();
  const x = layout.wireX;
  const top = 14;
  const bottom = layout.trackTop;
  g.rect(x - 2, top, 4, bottom - top).fill(0xffffff);
  for (let y = top; y < bottom; y += 8) g.rect(x - 2, y, 4, 4).fill(0xd0202a);
  g.circle(x, top, 9).fill(0xd0202a).stroke({ width: 2, color: 0xffffff });
  g.circle(x, top, 3.5).fill(0xffffff);
  // The inner-rail post, so the line reads from both sides.
  g.rect(x - 2, layout.trackBottom, 4, 20).fill(0xffffff);
  for (let y = layout.trackBottom; y < layout.trackBottom + 20; y += 8) g.rect(x - 2, y, 4, 4).fill(0xd0202a);
}

/** The starting gate: a stall per lane with its number on the door. Faded out at the off. */
export function drawGate(g: Graphics, layout: TrackLayout, postPositions: readonly number[]): void {
  g.clear();
  const { startX, trackTop, laneHeight } = layout;
  const left = startX - 66;
  const right = startX + 8;
  // The gate's frame, standing over the far rail.
  g.rect(left - 4, trackTop - 16, right - left + 8, 12)
    .fill(0x1e6a3b)
    .stroke({ width: 1.5, color: 0xe9f3ea });
  g.rect(left - 4, trackTop - 4, 6, layout.trackBottom - trackTop + 8).fill(0x1e6a3b);
  postPositions.forEach((post, lane) => {
    const y = trackTop + lane * laneHeight;
    g.rect(left, y + 1, right - left, laneHeight - 2).fill({ color: 0x16522d, alpha: 0.22 });
    g.rect(left, y + 1, right - left, laneHeight - 2).stroke({ width: 1.5, color: 0xe9f3ea, alpha: 0.9 });
    g.rect(left, y + laneHeight / 2 - 1, right - left, 2).fill({ color: 0xe9f3ea, alpha: 0.5 });
    // The front door, in the post's saddle-cloth colour.
    const cloth = saddleCloth(post);
    g.rect(right - 7, y + 3, 7, laneHeight - 6)
      .fill(cloth.cloth)
      .stroke({ width: 1, color: 0x0b2414 });
  });
  g.rect(right, trackTop - 16, 4, layout.trackBottom - trackTop + 20).fill(0x1e6a3b);
}
