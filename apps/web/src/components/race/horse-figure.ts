import { Container, Graphics, Text } from 'pixi.js';
import { saddleCloth } from '../../lib/saddle-cloths';

/** Coats by horse id: bay, chestnut, dark bay, grey, black, liver chestnut. Mane and tail beside. */
const COATS: readonly { coat: number; mane: number; legs: number }[] = [
  { coat: 0x7a4322, mane: 0x1c120c, legs: 0x2a1a12 },
  { coat: 0x9b5227, mane: 0x6e3317, legs: 0x7a3d1b },
  { coat: 0x4a2a18, mane: 0x140c08, legs: 0x1d120c },
  { coat: 0xa9a6a0, mane: 0x6f6c68, legs: 0x77736d },
  { coat: 0x2a2220, mane: 0x0e0b0a, legs: 0x151110 },
  { coat: 0x6b3518, mane: 0x4a220e, legs: 0x4a220e },
];

const toColor = (hex: string) => Number.parseInt(hex.slice(1), 16);

/** Leg roots (shoulder and hip) and segment lengths in the figure's own units (nose at 0, feet at 0). */
const FORE = { x: -24, y: -12 };
const HIND = { x: -45, y: -12 };
const UPPER = 6.5;
const LOWER = 6.5;
/** Gallop phase offsets of near fore, far fore, near hind, far hind (a rotary gallop). */
const BODY_CENTRE = { x: -27, y: -18 };
const LEG_PHASE = [0, 0.7, 2.7, 3.3] as const;
/** Metres a horse covers in one stride. */
const STRIDE_M = 7;

export interface HorseFigure {
  root: Container;
  body: Container;
  farLegs: Graphics;
  nearLegs: Graphics;
  tail: Graphics;
  legColor: number;
  farLegColor: number;
  /** Gallop phase in radians, and the speed the legs move at (eased towards the frames' speed). */
  phase: number;
  speed: number;
  /** When the runner reached the wire on screen (then it pulls up past it). */
  finishedAt: number | null;
  /** Its x on the last display frame, its pace on screen (px/ms), and its speed (m/s) at the wire. */
  lastX: number | null;
  pxPerMs: number;
  finishSpeed: number;
}

/** A horse and rider side-on, facing right, in the colours of its post position. */
export function createHorseFigure(postPosition: number, horseId: number, scale: number): HorseFigure {
  const palette = COATS[Math.abs(horseId) % COATS.length] ?? COATS[0];
  const cloth = saddleCloth(postPosition);
  const silks = toColor(cloth.cloth);
  const root = new Container();
  root.scale.set(scale);

  const shadow = new Graphics().ellipse(-27, 0, 27, 3.2).fill({ color: 0x000000, alpha: 0.22 });
  const body = new Container();
  const farLegs = new Graphics();
  const nearLegs = new Graphics();
  const tail = new Graphics()
    .poly([-53, -22, -59, -22, -64, -16, -63, -10, -58, -14, -53, -18])
    .fill(palette?.mane ?? 0x1c120c);
  tail.pivot.set(-53, -21);
  tail.position.set(-53, -21);

  const torso = new Graphics()
    .poly([
      0, -27, 1, -24, -3, -22, -9, -24, -15, -22, -21, -17, -23, -12, -27, -9, -42, -9, -47, -11, -53, -15, -54, -20,
      -51, -24, -44, -25, -33, -24, -27, -26, -19, -30, -12, -32, -9, -35, -8, -31, -3, -30,
    ])
    .fill(palette?.coat ?? 0x7a4322);
  // Mane along the crest, a blaze of light on the back, the eye.
  torso.poly([-27, -26, -19, -30, -12, -32, -14, -29, -20, -27, -26, -24]).fill(palette?.mane ?? 0x1c120c);
  torso.ellipse(-38, -20, 9, 2).fill({ color: 0xffffff, alpha: 0.08 });
  torso.circle(-6, -29, 1).fill(0x0a0a0a);

  // Saddle cloth with the post number: the number viewers follow.
  const clothGfx = new Graphics()
    .roundRect(-48, -24, 15, 13, 2)
    .fill(silks)
    .stroke({ width: 0.9, color: 0x000000, alpha: 0.45 });
  const number = new Text({
    text: String(postPosition),
    style: { fontFamily: 'Arial, Helvetica, sans-serif', fontSize: 11, fontWeight: '700', fill: cloth.number },
    resolution: 3,
  });
  number.anchor.set(0.5);
  number.position.set(-40.5, -17.5);

  // The jockey, crouched over the withers, in silks of the cloth's colour.
  const jockey = new Graphics();
  jockey.poly([-33, -25, -29, -25, -28, -21, -31, -19, -33, -21]).fill(0xf3f0e8);
  jockey.rect(-32, -21, 3, 4).fill(0x1a1a1a);
  jockey
    .poly([-37, -27, -28, -36, -22, -34, -30, -25])
    .fill(silks)
    .stroke({ width: 0.8, color: 0x000000, alpha: 0.35 });
  jockey.moveTo(-26, -33).lineTo(-17, -29).stroke({ width: 2.4, color: silks, cap: 'round' });
  jockey.circle(-22.5, -38.5, 3.4).fill(silks).stroke({ width: 0.8, color: 0x000000, alpha: 0.35 });
  jockey.rect(-21, -39.5, 4, 1.4).fill(0x1a1a1a);

  body.addChild(tail, torso, clothGfx, number, jockey);
  // Pitch and bob about the middle of the back, not the nose.
  body.pivot.set(BODY_CENTRE.x, BODY_CENTRE.y);
  body.position.set(BODY_CENTRE.x, BODY_CENTRE.y);
  root.addChild(shadow, farLegs, body, nearLegs);
  const legs = palette?.legs ?? 0x2a1a12;
  const figure: HorseFigure = {
    root,
    body,
    farLegs,
    nearLegs,
    tail,
    legColor: legs,
    farLegColor: darken(legs, 0.6),
    phase: (postPosition * 1.7) % (Math.PI * 2),
    speed: 0,
    finishedAt: null,
    lastX: null,
    pxPerMs: 0,
    finishSpeed: 0,
  };
  poseHorse(figure, 0, 0);
  return figure;
}

function darken(color: number, factor: number): number {
  const r = Math.round(((color >> 16) & 0xff) * factor);
  const g = Math.round(((color >> 8) & 0xff) * factor);
  const b = Math.round((color & 0xff) * factor);
  return (r << 16) | (g << 8) | b;
}

function drawLeg(
  g: Graphics,
  root: { x: number; y: number },
  phase: number,
  fore: boolean,
  gait: number,
  color: number,
) {
  // At rest the legs stand straight; at a gallop they reach and fold in turn.
  const swing = 0.6 * Math.sin(phase) * gait;
  const fold = (fore ? -1 : 1) * 0.95 * Math.max(0, Math.sin(phase + Math.PI / 2)) * gait;
  const kx = root.x + UPPER * Math.sin(swing);
  const ky = root.y + UPPER * Math.cos(swing);
  const fx = kx + LOWER * Math.sin(swing + fold);
  const fy = ky + LOWER * Math.cos(swing + fold);
  g.moveTo(root.x, root.y).lineTo(kx, ky).lineTo(fx, fy).stroke({ width: 2.6, color, cap: 'round', join: 'round' });
  g.circle(fx, fy, 1.4).fill(0x111111);
}

/**
 * Moves the legs, the tail and the body's bob for `dtMs` at `speed` m/s (0 stands still). The
 * stride rate follows the speed, so a tiring horse visibly slows its legs.
 */
export function poseHorse(figure: HorseFigure, speed: number, dtMs: number): void {
  // Ease the leg speed so a runner pulling up after the wire slows down rather than freezing.
  const ease = 1 - Math.exp(-dtMs / 450);
  figure.speed += (speed - figure.speed) * ease;
  const gait = Math.min(1, figure.speed / 8);
  figure.phase = (figure.phase + ((figure.speed / STRIDE_M) * 2 * Math.PI * dtMs) / 1000) % (Math.PI * 2);
  const p = figure.phase;

  figure.farLegs.clear();
  drawLeg(figure.farLegs, FORE, p + LEG_PHASE[1], true, gait, figure.farLegColor);
  drawLeg(figure.farLegs, HIND, p + LEG_PHASE[3], false, gait, figure.farLegColor);
  figure.nearLegs.clear();
  drawLeg(figure.nearLegs, FORE, p + LEG_PHASE[0], true, gait, figure.legColor);
  drawLeg(figure.nearLegs, HIND, p + LEG_PHASE[2], false, gait, figure.legColor);

  figure.body.y = BODY_CENTRE.y - 1.6 * Math.abs(Math.sin(p)) * gait;
  figure.body.rotation = 0.035 * Math.sin(p + 0.8) * gait;
  figure.tail.rotation = (0.18 * Math.sin(p * 0.5) + 0.1) * gait;
}
