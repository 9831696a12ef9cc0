import type { RaceEntryView } from '@furlong/contracts';
import { Application, extend, useApplication, useTick } from '@pixi/react';
import { Container, Graphics, Text, Ticker } from 'pixi.js';
// The server's Content-Security-Policy has no 'unsafe-eval': Pixi's shader and uniform code then
// needs these precompiled stand-ins for what it would otherwise build with new Function().
import 'pixi.js/unsafe-eval';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { createHorseFigure, type HorseFigure, poseHorse } from './horse-figure';
import { progressAt } from './interpolation';
import type { RaceRoomStore } from './race-store';
import { AT_REST_FPS, gateAlpha, sceneAtRest } from './race-view';
import {
  CROWD_PARALLAX,
  CROWD_PERIOD,
  drawBackdrop,
  drawCourse,
  drawCrowd,
  drawFinishPost,
  drawGate,
  drawMiniMap,
  drawSurfacePattern,
  SURFACE_PERIOD,
  type SurfaceKind,
  surfaceKind,
} from './track-drawing';
import {
  cameraTarget,
  canvasHeight,
  furlongPoles,
  groundY,
  noseX,
  patternOffset,
  type TrackLayout,
  trackLayout,
} from './track-layout';

extend({ Container, Graphics, Text });

/** True when this browser's WebGL is drawn by the CPU (SwiftShader, llvmpipe): slow for Pixi. */
function softwareWebGL(): boolean {
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return /swiftshader|llvmpipe|softpipe|software/i.test(renderer);
  } catch {
    return false;
  }
}

/**
 * WebGL first, then Pixi's canvas renderer; never WebGPU. Software WebGL (a GPU-less or headless
 * browser) gives way to the canvas renderer, which draws this scene at a steady 60 fps there where
 * WebGL manages 15–40. `?renderer=canvas|webgl` forces one, for comparisons. (@pixi/react 8.0.5's
 * prop types predate the canvas renderer and allow a single name only; the options reach
 * app.init() untouched.)
 */
function rendererOptions(): { preference: 'webgl' } {
  const forced = new URLSearchParams(window.location.search).get('renderer');
  let order: string[];
  if (forced === 'canvas' || forced === 'webgl') order = [forced];
  else order = softwareWebGL() ? ['canvas'] : ['webgl', 'canvas'];
  return { preference: order } as unknown as { preference: 'webgl' };
}

export interface RaceCanvasProps {
  store: RaceRoomStore;
  /** Called once Pixi has a renderer and the first picture is on its way. */
  onReady?: () => void;
}

/** The race on a Pixi canvas: it reads the race's store on every display frame; React only lays it out. */
export function RaceCanvas({ store, onReady }: RaceCanvasProps) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const snapshot = useStore(store, (s) => s.snapshot);
  const options = useMemo(rendererOptions, []);
  const onInit = useCallback(() => onReady?.(), [onReady]);
  if (!snapshot) return null;
  return (
    <div
      ref={wrapRef}
      className="race-canvas"
      style={{ height: canvasHeight(snapshot.entries.length) }}
      role="img"
      aria-label={`${snapshot.race_name}: the field on the track (the race tracker below lists the running order)`}
    >
      <Application
        resizeTo={wrapRef}
        antialias
        autoDensity
        resolution={Math.min(2, window.devicePixelRatio || 1)}
        background={0x12301f}
        onInit={onInit}
        {...options}
      >
        <RaceScene
          store={store}
          entries={snapshot.entries}
          surface={surfaceKind(snapshot.surface_type)}
          furlongs={snapshot.furlongs}
          seed={snapshot.race_id}
        />
      </Application>
    </div>
  );
}

interface SceneProps {
  store: RaceRoomStore;
  entries: readonly RaceEntryView[];
  surface: SurfaceKind;
  furlongs: number;
  seed: number;
}

interface Dust {
  x: number;
  y: number;
  vx: number;
  vy: number;
  age: number;
  life: number;
  r: number;
}

const MAX_DUST = 180;
/** A finisher gallops on past the post, easing up over a couple of seconds. */
const RUN_OUT_MS = 1500;
/** The camera eases after its target (the leader) over about this long. */
const CAMERA_EASE_MS = 220;

function RaceScene(props: SceneProps) {
  const { isInitialised } = useApplication();
  return isInitialised ? <Scene {...props} /> : null;
}

function Scene({ store, entries, surface, furlongs, seed }: SceneProps) {
  const { app } = useApplication();
  const [width, setWidth] = useState(() => Math.max(320, app.screen.width));
  useEffect(() => {
    const onResize = () => setWidth(Math.max(320, app.screen.width));
    app.renderer.on('resize', onResize);
    onResize();
    return () => {
      // The renderer is gone when the whole application is torn down first.
      app.renderer?.off('resize', onResize);
    };
  }, [app]);

  const layout = useMemo(() => trackLayout(width, entries.length, furlongs), [width, entries.length, furlongs]);
  const posts = useMemo(() => entries.map((e) => e.post_position), [entries]);

  const world = useRef<Container>(null);
  const crowd = useRef<Container>(null);
  const surfacePattern = useRef<Container>(null);
  const horseLayer = useRef<Container>(null);
  const gateRef = useRef<Graphics>(null);
  const dustRef = useRef<Graphics>(null);
  const miniMap = useRef<Graphics>(null);
  const figures = useRef<HorseFigure[]>([]);
  const dust = useRef<Dust[]>([]);
  const camera = useRef<number | null>(null);

  // Horses are Pixi objects made once per field; the ticker moves them.
  useEffect(() => {
    const layer = horseLayer.current;
    if (!layer) return;
    const made = entries.map((e) => createHorseFigure(e.post_position, e.horse_id, layout.horseScale));
    for (const f of made) layer.addChild(f.root);
    figures.current = made;
    return () => {
      for (const f of made) f.root.destroy({ children: true });
      figures.current = [];
    };
  }, [entries, layout.horseScale]);

  // A still picture: the tickers stop (running, they ask the browser for every display frame, which
  // costs CPU even when nothing is drawn: the application's, and Pixi's system ticker for its events
  // and scheduled tasks) and a timer steps both a few times a second. Any change in the race's store
  // (a frame, the off, the result), or motion in a stepped frame, starts them again.
  const resting = useRef<ReturnType<typeof setInterval> | null>(null);
  /** Ends the rest (if resting): the timer cleared and the system ticker running again. */
  const endRest = useCallback((): boolean => {
    if (resting.current === null) return false;
    clearInterval(resting.current);
    resting.current = null;
    Ticker.system.start();
    return true;
  }, []);
  const wake = useCallback(() => {
    if (endRest()) app.ticker.start();
  }, [app, endRest]);
  const rest = useCallback(() => {
    if (resting.current !== null) return;
    app.ticker.stop();
    Ticker.system.stop();
    resting.current = setInterval(() => {
      // The application may be torn down before this component's effects are.
      if (!app.renderer) {
        endRest();
        return;
      }
      Ticker.system.update();
      app.ticker.update();
    }, 1000 / AT_REST_FPS);
  }, [app, endRest]);
  useEffect(() => store.subscribe(wake), [store, wake]);
  useEffect(() => () => void endRest(), [endRest]);

  // A new size or course: the camera starts again from where the leaders are.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reset is meant to run on each new layout
  useEffect(() => {
    camera.current = null;
  }, [layout]);

  const tick = useCallback(
    (ticker: Ticker) => {
      const state = store.getState();
      const now = performance.now();
      const progress = state.segment ? progressAt(state.segment, now) : posts.map(() => 0);
      const speeds = state.latest?.frame.v;
      const running = state.phase === 'running' || state.phase === 'finished';
      const dt = Math.min(ticker.deltaMS, 100);
      let leaderX = layout.startX;
      figures.current.forEach((f, lane) => {
        const p = progress[lane] ?? 0;
        const y = groundY(layout, lane);
        let x: number;
        let v: number;
        if (p < 1) {
          x = noseX(layout, p);
          v = running ? (speeds?.[lane] ?? 0) : 0;
          // The pace on screen, kept for the run-out past the post.
          if (dt > 0 && f.lastX !== null) f.pxPerMs += ((x - f.lastX) / dt - f.pxPerMs) * Math.min(1, dt / 300);
          if (v > 0) f.finishSpeed = v;
        } else {
          f.finishedAt ??= now;
          // Past the post a finisher eases up at the pace it finished at.
          const fade = Math.exp(-(now - f.finishedAt) / RUN_OUT_MS);
          x = layout.wireX + Math.max(0, f.pxPerMs) * RUN_OUT_MS * (1 - fade);
          v = f.finishSpeed * fade;
        }
        leaderX = Math.max(leaderX, Math.min(x, layout.wireX));
        f.lastX = x;
        f.root.position.set(x, y);
        poseHorse(f, v, dt);
        if (surface !== 'turf' && f.speed > 6 && dust.current.length < MAX_DUST && Math.random() < dt / 60) {
          dust.current.push({
            x: x - 52 * layout.horseScale,
            y: y - 2,
            // Kicked-up dirt hangs where it was thrown: the field runs away from it.
            vx: f.speed * layout.pxPerMetre * Math.random() * 0.15,
            vy: -4 - Math.random() * 6,
            age: 0,
            life: 500 + Math.random() * 400,
            r: 1.5 + Math.random() * 2,
          });
        }
      });

      // The camera follows the leaders, eased, and stops with the wire at 98 % of the picture.
      const target = cameraTarget(layout, leaderX);
      const cam =
        camera.current === null
          ? target
          : camera.current + (target - camera.current) * (1 - Math.exp(-dt / CAMERA_EASE_MS));
      camera.current = cam;
      if (world.current) world.current.x = -cam;
      if (surfacePattern.current) surfacePattern.current.x = patternOffset(cam, SURFACE_PERIOD);
      if (crowd.current) crowd.current.x = patternOffset(cam * CROWD_PARALLAX, CROWD_PERIOD);

      const gate = gateRef.current;
      if (gate) {
        gate.alpha = gateAlpha(state.offAt, state.phase, now, state.snapshot?.time_scale);
        gate.visible = gate.alpha > 0.001;
      }

      const g = dustRef.current;
      if (g) {
        g.clear();
        const alive: Dust[] = [];
        for (const d of dust.current) {
          d.age += dt;
          if (d.age >= d.life) continue;
          d.x += (d.vx * dt) / 1000;
          d.y += (d.vy * dt) / 1000;
          const k = d.age / d.life;
          g.circle(d.x, d.y, d.r * (1 + k * 1.5)).fill({ color: 0xd6b08a, alpha: 0.45 * (1 - k) });
          alive.push(d);
        }
        dust.current = alive;
      }

      if (miniMap.current) {
        const order = state.latest?.frame.l ?? posts;
        drawMiniMap(miniMap.current, layout, cam, progress, posts, order);
      }

      // A still picture is drawn a few times a second (see `rest`); any motion brings back every display frame.
      let legSpeed = 0;
      let lastFinish: number | null = null;
      for (const f of figures.current) {
        legSpeed = Math.max(legSpeed, f.speed);
        if (f.finishedAt !== null) lastFinish = Math.max(lastFinish ?? 0, f.finishedAt);
      }
      const atRest = sceneAtRest({
        phase: state.phase,
        dust: dust.current.length,
        legSpeed,
        cameraGap: target - cam,
        sinceLastFinish: lastFinish === null ? null : now - lastFinish,
      });
      if (atRest) rest();
      else wake();
    },
    [store, layout, surface, posts, rest, wake],
  );
  useTick(tick);

  const drawBackdropLayer = useCallback((g: Graphics) => drawBackdrop(g, layout, surface), [layout, surface]);
  const drawCrowdLayer = useCallback((g: Graphics) => drawCrowd(g, layout, seed), [layout, seed]);
  const drawSurfaceLayer = useCallback(
    (g: Graphics) => drawSurfacePattern(g, layout, surface, seed),
    [layout, surface, seed],
  );
  const drawCourseLayer = useCallback((g: Graphics) => drawCourse(g, layout, furlongs), [layout, furlongs]);
  const drawGateLayer = useCallback((g: Graphics) => drawGate(g, layout, posts), [layout, posts]);
  const drawPost = useCallback((g: Graphics) => drawFinishPost(g, layout), [layout]);

  return (
    <pixiContainer>
      <pixiGraphics draw={drawBackdropLayer} />
      <pixiContainer ref={crowd}>
        <pixiGraphics draw={drawCrowdLayer} />
      </pixiContainer>
      <pixiContainer ref={surfacePattern}>
        <pixiGraphics draw={drawSurfaceLayer} />
      </pixiContainer>
      <pixiContainer ref={world}>
        <pixiGraphics draw={drawCourseLayer} />
        <FurlongLabels layout={layout} furlongs={furlongs} />
        <pixiGraphics ref={dustRef} draw={clearGraphics} />
        <pixiContainer ref={horseLayer} />
        <pixiGraphics ref={gateRef} draw={drawGateLayer} />
        <pixiGraphics draw={drawPost} />
        <pixiText
          text="FINISH"
          x={layout.wireX - 14}
          y={14}
          anchor={{ x: 1, y: 0.5 }}
          style={{
            fontFamily: 'Arial, Helvetica, sans-serif',
            fontSize: 12,
            fontWeight: '700',
            fill: 0xffffff,
            letterSpacing: 1,
          }}
        />
      </pixiContainer>
      <pixiGraphics ref={miniMap} draw={clearGraphics} />
    </pixiContainer>
  );
}

const clearGraphics = (g: Graphics) => {
  g.clear();
};

function FurlongLabels({ layout, furlongs }: { layout: TrackLayout; furlongs: number }) {
  const y = layout.infieldTop + 14;
  return (
    <>
      {furlongPoles(layout, furlongs).map(({ x, toGo }) => (
        <pixiText
          key={toGo}
          text={`${toGo}f`}
          x={x}
          y={y}
          anchor={0.5}
          style={{
            fontFamily: 'Arial, Helvetica, sans-serif',
            fontSize: 13,
            fontWeight: '700',
            fill: 0xffffff,
            stroke: { color: 0x0b2414, width: 3 },
          }}
        />
      ))}
    </>
  );
}
