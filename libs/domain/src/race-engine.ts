/**
 * The race engine: a pure, seeded simulation of one race. Its result is a function of its input
 * alone (seed, runners, conditions), so anyone holding the revealed seed can re-run a finished race
 * and get the same result — on the server, or in the browser.
 */

import { METERS_PER_FURLONG } from './distance';
import { Prng } from './prng';

/** Race time advances in fixed steps of 50 ms. */
export const RACE_STEP_MS = 50;
/** Every 500 ms of race time is one sample: a frame for the viewers. */
export const RACE_SAMPLE_MS = 500;

export interface EngineRunner {
  /** 1..12, unique in the race; arrays of the output are in the order of `runners`. */
  post_position: number;
  horse_id: number;
  /** Recent average speed figure (about 60–120; use 80 when the horse has no form). */
  speed_figure: number;
  /** 0..1: how well the horse sees out a longer trip. */
  stamina: number;
  /** 0..1: the rider's effect (from the jockey's win rate). */
  jockey_skill: number;
  /** 0..1: running style, 1 a front-runner, 0 a closer. */
  early_speed: number;
}

export interface EngineConditions {
  furlongs: number;
  /** 'Dirt' | 'Turf' | 'Synthetic' (others are treated as Dirt). */
  surface: string;
  /** e.g. 'Fast', 'Good', 'Firm', 'Soft', 'Yielding', 'Muddy', 'Sloppy', 'Heavy', 'Wet'. */
  condition: string;
}

export interface EngineInput {
  /** The race's secret seed (hex text); the only source of randomness. */
  seed: string;
  runners: readonly EngineRunner[];
  conditions: EngineConditions;
}

/** One 500 ms sample. Arrays are in the order of the input runners. */
export interface RaceSample {
  /** Race time of the sample: index × RACE_SAMPLE_MS. */
  t_ms: number;
  /** 0 at the start, 1 at the wire (a finished runner stays at 1). */
  progress: number[];
  /** Metres per second (0 once finished). */
  speed: number[];
  /** Post positions in running order, leader first (finishers in finishing order, ahead of the rest). */
  leaderboard: number[];
}

/** How a race finished: what simulateFinish gives, and simulateRace with its samples. */
export interface RaceFinish {
  /** Post positions, winner first. */
  finish_order: number[];
  /** Each runner's time to the wire in ms (input order), interpolated inside the step it crossed in. */
  finish_times_ms: number[];
  /** The winner's time in ms. */
  winner_time_ms: number;
}

export interface SimulatedRace extends RaceFinish {
  /** From t = 0 until every runner has finished; the last sample shows everyone at 1. */
  samples: RaceSample[];
}

// The model. Only + − × ÷ (correctly rounded by IEEE 754) touch the numbers, never Math.log, exp or
// cos, whose last bits may differ between JavaScript engines: a browser re-running a race gets the
// server's result to the bit.

/** Steps of RACE_STEP_MS in one sample. */
export const RACE_STEPS_PER_SAMPLE = RACE_SAMPLE_MS / RACE_STEP_MS;

const STEP_S = RACE_STEP_MS / 1000;
// The speed profile of a runner is piecewise linear over progress, on this many segments.
const SEGMENTS = 16;
const KNOTS = SEGMENTS + 1;

// Cruising speed (m/s) over 6 furlongs on fast dirt for a speed figure of 90, and per figure point.
const CRUISE_AT_90 = 16.95;
const CRUISE_PER_POINT = 0.019;
// Longer trips are run slower: m/s lost per unit of ln(distance / 6 f) (as in the seeded history).
const SLOWDOWN_PER_LOG = 1.35;
const PAR_FURLONGS = 6;

// The whole field runs fastest early and slows towards the wire (fractions of real races).
const SHAPE_START = 1.05;
const SHAPE_DROP = 0.1;

// Running style: a front-runner (early_speed 1) is this much quicker over the first part and slower
// late; a closer the reverse. Late pace tells more in a route, so early speed pays best in sprints.
const STYLE_EARLY = 0.035;
const STYLE_LATE_SPRINT = 0.03;
const STYLE_LATE_ROUTE = 0.05;
// A front-runner loses this much late for each other front-runner it has to duel with (up to 3).
const DUEL_COST = 0.004;
const STYLE_EARLY_UNTIL = 0.35;
const STYLE_LATE_FROM = 0.75;

// Stamina counts from the late part of a race on, and only beyond 6 f (full effect at 12 f).
const STAMINA_FROM = 0.55;
const STAMINA_AT_WIRE = 0.07;

const JOCKEY_EFFECT = 0.008;

// Per-race randomness: the day's form of a runner, and a smooth wobble of its pace along the trip.
const FORM_SD = 0.0075;
const WOBBLE_SD = 0.006;
const WOBBLE_KNOTS = 5;

// The break: reaction at the gate, a rare stumble, and the time to reach racing speed.
const REACTION_MAX_S = 0.15;
const STUMBLE_CHANCE = 0.02;
const STUMBLE_MIN_S = 0.3;
const STUMBLE_MAX_S = 0.8;
const ACCEL_MIN_S = 2.2;
const ACCEL_CLOSER_EXTRA_S = 0.6;

const SURFACE_SPEED: Readonly<Record<string, number>> = { dirt: 1, turf: 1.006, synthetic: 0.997 };
const CONDITION_SPEED: Readonly<Record<string, number>> = {
  fast: 1,
  firm: 1,
  'good to firm': 0.995,
  good: 0.99,
  'wet fast': 0.99,
  wet: 0.98,
  yielding: 0.975,
  sloppy: 0.975,
  muddy: 0.97,
  soft: 0.965,
  heavy: 0.95,
};

// What each knot's multipliers need of its position p = k / SEGMENTS alone, worked out once for
// every race: the field's shape, the leg of the running-style curve (and how far along the middle
// leg), how far past the point where stamina starts to count, and where between the wobble's knots.
// The same expressions as per runner, so the rates are the same to the bit.
const EARLY_LEG = 0;
const MIDDLE_LEG = 1;
const LATE_LEG = 2;
const KNOT_SHAPE = new Float64Array(KNOTS);
const KNOT_LEG = new Uint8Array(KNOTS);
const KNOT_Q = new Float64Array(KNOTS);
const KNOT_REST = new Float64Array(KNOTS);
const KNOT_STAMINA = new Uint8Array(KNOTS);
const KNOT_PAST_STAMINA = new Float64Array(KNOTS);
const KNOT_WOBBLE = new Int32Array(KNOTS);
const KNOT_WOBBLE_AT = new Float64Array(KNOTS);
for (let k = 0; k < KNOTS; k++) {
  const p = k / SEGMENTS;
  KNOT_SHAPE[k] = SHAPE_START - SHAPE_DROP * p;
  KNOT_LEG[k] = p <= STYLE_EARLY_UNTIL ? EARLY_LEG : p >= STYLE_LATE_FROM ? LATE_LEG : MIDDLE_LEG;
  const q = (p - STYLE_EARLY_UNTIL) / (STYLE_LATE_FROM - STYLE_EARLY_UNTIL);
  KNOT_Q[k] = q;
  KNOT_REST[k] = 1 - q;
  KNOT_STAMINA[k] = p <= STAMINA_FROM ? 0 : 1;
  KNOT_PAST_STAMINA[k] = p - STAMINA_FROM;
  const wq = p * (WOBBLE_KNOTS - 1);
  const wk = Math.min(WOBBLE_KNOTS - 2, wq | 0);
  KNOT_WOBBLE[k] = wk;
  KNOT_WOBBLE_AT[k] = wq - wk;
}

/** Per-runner values fixed before the off. */
interface Plan {
  /** Progress per second at the knots k / SEGMENTS, runner after runner. */
  rates: Float64Array;
  reaction: Float64Array;
  accel: Float64Array;
  /** Race time (s) after which every runner is at racing speed. */
  startPhaseEnd: number;
}

/**
 * Runs one race from the gate to the wire. The result is a function of the input alone: every
 * random draw comes from a Prng seeded from `input.seed` (one stream per post position, so the order
 * of `runners` does not change the race), time is a fixed 50 ms step of race time, and no clock is
 * read. A runner's finishing time is interpolated inside the step in which it reaches the wire.
 *
 * @throws RangeError when there are no runners, post positions repeat, or a number is not finite.
 */
export function simulateRace(input: EngineInput): SimulatedRace {
  return run(input, true) as SimulatedRace;
}

/**
 * The finish of {@link simulateRace} without its samples: the same finish order and times to the
 * bit, for simulations that need only where each runner finished (fair odds run a race thousands
 * of times). Cheaper: no frames are made.
 *
 * @throws RangeError as simulateRace does.
 */
export function simulateFinish(input: EngineInput): RaceFinish {
  return run(input, false);
}

// simulateRace and simulateFinish: the same steps, with or without the samples kept.
function run(input: EngineInput, withSamples: boolean): RaceFinish | SimulatedRace {
  const runners = input.runners;
  const n = runners.length;
  validate(input);
  const meters = input.conditions.furlongs * METERS_PER_FURLONG;
  const plan = planRace(input, meters);

  const times = new Float64Array(n);
  // The step count at which each runner reached the wire (0: not yet).
  const done = new Int32Array(n);
  const track = withSamples ? new Track(n, meters) : null;
  // A floor far beyond any real race: the slowest possible rate still finishes well inside it.
  const maxSteps = Math.ceil(meters / 2 / STEP_S) + 10 * RACE_STEPS_PER_SAMPLE;

  // Four runners at a time from the gate to the wire.
  const lanes = new Int32Array(LANES);
  for (let first = 0; first < n; first += LANES) {
    const count = Math.min(LANES, n - first);
    for (let l = 0; l < count; l++) lanes[l] = first + l;
    toTheWire(plan, times, done, lanes, count, maxSteps, track);
  }

  // Runner indices by post position, then by time (insertion sorts: a tie in time keeps post order).
  const posts: number[] = [];
  const finishTimes: number[] = [];
  for (let i = 0; i < n; i++) {
    posts.push((runners[i] as EngineRunner).post_position);
    finishTimes.push(times[i] as number);
  }
  const byPost: number[] = [];
  for (let i = 0; i < n; i++) byPost.push(i);
  insertionSort(byPost, posts);
  const finishOrder = byPost.slice();
  insertionSort(finishOrder, finishTimes);
  const finishPosts: number[] = [];
  for (let i = 0; i < n; i++) finishPosts.push(posts[finishOrder[i] as number] as number);
  const finish: RaceFinish = {
    finish_order: finishPosts,
    finish_times_ms: finishTimes,
    winner_time_ms: times[finishOrder[0] as number] as number,
  };
  return track ? { ...finish, samples: track.samples(done, times, byPost, posts, meters) } : finish;
}

/** Runners stepped side by side (see toTheWire). */
const LANES = 4;
// A step's advance in segments: STEP_S × SEGMENTS, exact (a power of two times STEP_S).
const STEP_U = STEP_S * SEGMENTS;
// A lane's progress (in segments) once its runner is home, or in a lane without a runner.
const HOME = 2 * SEGMENTS;

/**
 * Steps up to four runners (`lanes[0..count)`) from the gate to the wire, 50 ms at a time. A
 * runner's path depends on its own plan alone (runners never interact once the race is planned),
 * so runners need not be stepped together; four at a time, each one's state in locals rather than
 * arrays, are four independent chains of arithmetic that the processor overlaps: about twice as
 * fast as stepping the whole field through arrays. The break (while any runner of the race may
 * still be getting into its stride, a few seconds) has a loop of its own, so that the loop of the
 * rest of the race, without the break factor, stays small enough for the processor's registers.
 *
 * The numbers are the same to the bit as stepping progress x: each runner's progress is kept as
 * u = x × SEGMENTS (its position in segments, which the interpolation needs anyway), and
 * multiplying by a power of two is exact and commutes with rounding, so u + v × (STEP_S × SEGMENTS)
 * is exactly SEGMENTS × (x + v × STEP_S), with one multiplication less on the chain. The segment a
 * runner is in is looked up again only when it crosses into the next one (progress only grows).
 */
function toTheWire(
  plan: Plan,
  times: Float64Array,
  done: Int32Array,
  lanes: Int32Array,
  count: number,
  maxSteps: number,
  track: Track | null,
): void {
  const { rates, reaction, accel, startPhaseEnd } = plan;
  // Per lane: the runner (i), its progress in segments (u, HOME once home or for no runner), the
  // segment it is in (k, up to e) with that segment's rate at its start (b) and rise over it (d),
  // and the rate of its last step (v).
  const i0 = lanes[0] as number;
  const i1 = count > 1 ? (lanes[1] as number) : -1;
  const i2 = count > 2 ? (lanes[2] as number) : -1;
  const i3 = count > 3 ? (lanes[3] as number) : -1;
  let u0 = 0;
  let u1 = i1 >= 0 ? 0 : HOME;
  let u2 = i2 >= 0 ? 0 : HOME;
  let u3 = i3 >= 0 ? 0 : HOME;
  let k0 = 0;
  let k1 = 0;
  let k2 = 0;
  let k3 = 0;
  let e0 = -1;
  let e1 = -1;
  let e2 = -1;
  let e3 = -1;
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  let b3 = 0;
  let d0 = 0;
  let d1 = 0;
  let d2 = 0;
  let d3 = 0;
  let v0 = 0;
  let v1 = 0;
  let v2 = 0;
  let v3 = 0;
  let live = count;
  let step = 0;
  // The break: each step's rate times the runner's break factor.
  while (live > 0 && step * STEP_S < startPhaseEnd) {
    if (step >= maxSteps) throw new Error('simulateRace: the race did not finish');
    const t0 = step * STEP_S;
    const tMid = t0 + STEP_S / 2;
    if (u0 < SEGMENTS) {
      if (u0 >= e0) {
        k0 = u0 | 0;
        const at = i0 * KNOTS + k0;
        b0 = rates[at] as number;
        d0 = (rates[at + 1] as number) - b0;
        e0 = k0 + 1;
      }
      v0 = b0 + d0 * (u0 - k0);
      v0 *= breakFactor(tMid, reaction[i0] as number, accel[i0] as number);
      const nu = u0 + v0 * STEP_U;
      if (nu >= SEGMENTS) {
        const x = u0 / SEGMENTS;
        const nx = nu / SEGMENTS;
        times[i0] = (t0 + (STEP_S * (1 - x)) / (nx - x)) * 1000;
        done[i0] = step + 1;
        u0 = HOME;
        live--;
      } else u0 = nu;
    }
    if (u1 < SEGMENTS) {
      if (u1 >= e1) {
        k1 = u1 | 0;
        const at = i1 * KNOTS + k1;
        b1 = rates[at] as number;
        d1 = (rates[at + 1] as number) - b1;
        e1 = k1 + 1;
      }
      v1 = b1 + d1 * (u1 - k1);
      v1 *= breakFactor(tMid, reaction[i1] as number, accel[i1] as number);
      const nu = u1 + v1 * STEP_U;
      if (nu >= SEGMENTS) {
        const x = u1 / SEGMENTS;
        const nx = nu / SEGMENTS;
        times[i1] = (t0 + (STEP_S * (1 - x)) / (nx - x)) * 1000;
        done[i1] = step + 1;
        u1 = HOME;
        live--;
      } else u1 = nu;
    }
    if (u2 < SEGMENTS) {
      if (u2 >= e2) {
        k2 = u2 | 0;
        const at = i2 * KNOTS + k2;
        b2 = rates[at] as number;
        d2 = (rates[at + 1] as number) - b2;
        e2 = k2 + 1;
      }
      v2 = b2 + d2 * (u2 - k2);
      v2 *= breakFactor(tMid, reaction[i2] as number, accel[i2] as number);
      const nu = u2 + v2 * STEP_U;
      if (nu >= SEGMENTS) {
        const x = u2 / SEGMENTS;
        const nx = nu / SEGMENTS;
        times[i2] = (t0 + (STEP_S * (1 - x)) / (nx - x)) * 1000;
        done[i2] = step + 1;
        u2 = HOME;
        live--;
      } else u2 = nu;
    }
    if (u3 < SEGMENTS) {
      if (u3 >= e3) {
        k3 = u3 | 0;
        const at = i3 * KNOTS + k3;
        b3 = rates[at] as number;
        d3 = (rates[at + 1] as number) - b3;
        e3 = k3 + 1;
      }
      v3 = b3 + d3 * (u3 - k3);
      v3 *= breakFactor(tMid, reaction[i3] as number, accel[i3] as number);
      const nu = u3 + v3 * STEP_U;
      if (nu >= SEGMENTS) {
        const x = u3 / SEGMENTS;
        const nx = nu / SEGMENTS;
        times[i3] = (t0 + (STEP_S * (1 - x)) / (nx - x)) * 1000;
        done[i3] = step + 1;
        u3 = HOME;
        live--;
      } else u3 = nu;
    }
    step++;
    if (track && step % RACE_STEPS_PER_SAMPLE === 0) {
      if (u0 < SEGMENTS) track.put(step, i0, u0 / SEGMENTS, v0);
      if (u1 < SEGMENTS) track.put(step, i1, u1 / SEGMENTS, v1);
      if (u2 < SEGMENTS) track.put(step, i2, u2 / SEGMENTS, v2);
      if (u3 < SEGMENTS) track.put(step, i3, u3 / SEGMENTS, v3);
    }
  }
  // The rest of the way at racing speed.
  while (live > 0) {
    if (step >= maxSteps) throw new Error('simulateRace: the race did not finish');
    if (u0 < SEGMENTS) {
      if (u0 >= e0) {
        k0 = u0 | 0;
        const at = i0 * KNOTS + k0;
        b0 = rates[at] as number;
        d0 = (rates[at + 1] as number) - b0;
        e0 = k0 + 1;
      }
      v0 = b0 + d0 * (u0 - k0);
      const nu = u0 + v0 * STEP_U;
      if (nu >= SEGMENTS) {
        const x = u0 / SEGMENTS;
        const nx = nu / SEGMENTS;
        times[i0] = (step * STEP_S + (STEP_S * (1 - x)) / (nx - x)) * 1000;
        done[i0] = step + 1;
        u0 = HOME;
        live--;
      } else u0 = nu;
    }
    if (u1 < SEGMENTS) {
      if (u1 >= e1) {
        k1 = u1 | 0;
        const at = i1 * KNOTS + k1;
        b1 = rates[at] as number;
        d1 = (rates[at + 1] as number) - b1;
        e1 = k1 + 1;
      }
      v1 = b1 + d1 * (u1 - k1);
      const nu = u1 + v1 * STEP_U;
      if (nu >= SEGMENTS) {
        const x = u1 / SEGMENTS;
        const nx = nu / SEGMENTS;
        times[i1] = (step * STEP_S + (STEP_S * (1 - x)) / (nx - x)) * 1000;
        done[i1] = step + 1;
        u1 = HOME;
        live--;
      } else u1 = nu;
    }
    if (u2 < SEGMENTS) {
      if (u2 >= e2) {
        k2 = u2 | 0;
        const at = i2 * KNOTS + k2;
        b2 = rates[at] as number;
        d2 = (rates[at + 1] as number) - b2;
        e2 = k2 + 1;
      }
      v2 = b2 + d2 * (u2 - k2);
      const nu = u2 + v2 * STEP_U;
      if (nu >= SEGMENTS) {
        const x = u2 / SEGMENTS;
        const nx = nu / SEGMENTS;
        times[i2] = (step * STEP_S + (STEP_S * (1 - x)) / (nx - x)) * 1000;
        done[i2] = step + 1;
        u2 = HOME;
        live--;
      } else u2 = nu;
    }
    if (u3 < SEGMENTS) {
      if (u3 >= e3) {
        k3 = u3 | 0;
        const at = i3 * KNOTS + k3;
        b3 = rates[at] as number;
        d3 = (rates[at + 1] as number) - b3;
        e3 = k3 + 1;
      }
      v3 = b3 + d3 * (u3 - k3);
      const nu = u3 + v3 * STEP_U;
      if (nu >= SEGMENTS) {
        const x = u3 / SEGMENTS;
        const nx = nu / SEGMENTS;
        times[i3] = (step * STEP_S + (STEP_S * (1 - x)) / (nx - x)) * 1000;
        done[i3] = step + 1;
        u3 = HOME;
        live--;
      } else u3 = nu;
    }
    step++;
    if (track && step % RACE_STEPS_PER_SAMPLE === 0) {
      if (u0 < SEGMENTS) track.put(step, i0, u0 / SEGMENTS, v0);
      if (u1 < SEGMENTS) track.put(step, i1, u1 / SEGMENTS, v1);
      if (u2 < SEGMENTS) track.put(step, i2, u2 / SEGMENTS, v2);
      if (u3 < SEGMENTS) track.put(step, i3, u3 / SEGMENTS, v3);
    }
  }
}

/**
 * Each runner's progress and rate at every 500 ms sample while it is still running, kept as the
 * runners are stepped (four at a time after the break), and the samples made from them once all
 * are home.
 */
class Track {
  private pos: Float64Array;
  private rate: Float64Array;
  private capacity: number;

  constructor(
    private readonly n: number,
    meters: number,
  ) {
    // Room for a race run at 12 m/s; grown if a slower one needs more.
    this.capacity = Math.ceil(meters / 12 / (RACE_SAMPLE_MS / 1000)) + 2;
    this.pos = new Float64Array(this.capacity * n);
    this.rate = new Float64Array(this.capacity * n);
  }

  /** Runner i's progress and rate after `step` steps (a multiple of RACE_STEPS_PER_SAMPLE). */
  put(step: number, i: number, x: number, r: number): void {
    const j = step / RACE_STEPS_PER_SAMPLE;
    if (j >= this.capacity) this.grow(j + 1);
    this.pos[j * this.n + i] = x;
    this.rate[j * this.n + i] = r;
  }

  private grow(least: number): void {
    this.capacity = Math.max(least, this.capacity * 2);
    const pos = new Float64Array(this.capacity * this.n);
    const rate = new Float64Array(this.capacity * this.n);
    pos.set(this.pos);
    rate.set(this.rate);
    this.pos = pos;
    this.rate = rate;
  }

  /**
   * The samples from t = 0 to the first 500 ms boundary at or after the last runner is home: in each,
   * a runner home by then is at 1 with speed 0 (ranked by its time), the others where they were.
   */
  samples(
    done: Int32Array,
    times: Float64Array,
    byPost: readonly number[],
    posts: readonly number[],
    meters: number,
  ): RaceSample[] {
    const n = this.n;
    let last = 0;
    for (let i = 0; i < n; i++) last = Math.max(last, done[i] as number);
    const count = Math.ceil(last / RACE_STEPS_PER_SAMPLE) + 1;
    const pos = new Float64Array(n);
    const rate = new Float64Array(n);
    const finished = new Uint8Array(n);
    // Running order as runner indices; starts in post-position order and is re-sorted by insertion
    // (cheap: from one sample to the next it is nearly sorted).
    const order = Int32Array.from(byPost);
    const out: RaceSample[] = [];
    for (let j = 0; j < count; j++) {
      const step = j * RACE_STEPS_PER_SAMPLE;
      for (let i = 0; i < n; i++) {
        if (j === 0) {
          pos[i] = 0;
          rate[i] = 0;
          finished[i] = 0;
        } else if ((done[i] as number) <= step) {
          pos[i] = 1;
          rate[i] = 0;
          finished[i] = 1;
        } else {
          pos[i] = this.pos[j * n + i] as number;
          rate[i] = this.rate[j * n + i] as number;
          finished[i] = 0;
        }
      }
      out.push(sample(j * RACE_SAMPLE_MS, pos, rate, finished, times, order, posts, meters));
    }
    return out;
  }
}

/** The official timer's resolution: hundredths of a second. Equal recorded times dead-heat. */
export const OFFICIAL_TIME_STEP_MS = 10;

/** A finishing time as the official result records it: to the hundredth of a second (in ms), at least 0.01 s. */
export function officialTimeMs(engineMs: number): number {
  return Math.max(OFFICIAL_TIME_STEP_MS, Math.round(engineMs / OFFICIAL_TIME_STEP_MS) * OFFICIAL_TIME_STEP_MS);
}

/**
 * The stored result in the engine's shape (times in the order of `runners`), so that a re-run can
 * be compared with it by sameResult. Samples are not stored and stay empty.
 */
export function storedRace(
  /** Winner first. */
  finishers: readonly { post_position: number; finish_time_ms: number }[],
  runners: readonly EngineRunner[],
): SimulatedRace {
  const timeByPost = new Map(finishers.map((f) => [f.post_position, f.finish_time_ms]));
  return {
    finish_order: finishers.map((f) => f.post_position),
    finish_times_ms: runners.map((r) => timeByPost.get(r.post_position) ?? Number.NaN),
    winner_time_ms: finishers[0]?.finish_time_ms ?? Number.NaN,
    samples: [],
  };
}

/**
 * A run's finishing order as the official result lists it: by official time (to the hundredth),
 * runners that dead-heated by program number. The engine's own `finish_order` breaks such a tie by
 * the unrounded time, which the official timer does not record.
 *
 * @param race a run of the race
 * @param posts the runners' post positions in input order (as `finish_times_ms` is indexed)
 */
export function officialOrder(race: RaceFinish, posts: readonly number[]): number[] {
  const timeOf = (post: number): number => officialTimeMs(race.finish_times_ms[posts.indexOf(post)] ?? Number.NaN);
  return [...race.finish_order].sort((a, b) => timeOf(a) - timeOf(b) || a - b);
}

/**
 * Whether two runs of a race agree: the same finishing order and every runner's time equal as the
 * official timer records it (to the hundredth, so dead heats match) or within half a millisecond (a
 * result stored before times were recorded to the hundredth). Given the runners' post positions
 * (input order), runners that dead-heated may stand in either order. Used to verify a finished race
 * from its revealed seed.
 */
export function sameResult(a: SimulatedRace, b: SimulatedRace, posts?: readonly number[]): boolean {
  if (a.finish_order.length !== b.finish_order.length) return false;
  if (a.finish_times_ms.length !== b.finish_times_ms.length) return false;
  const same = (x: number, y: number): boolean => Math.abs(x - y) <= 0.5 || officialTimeMs(x) === officialTimeMs(y);
  for (let i = 0; i < a.finish_times_ms.length; i++) {
    if (!same(a.finish_times_ms[i] as number, b.finish_times_ms[i] as number)) return false;
  }
  // The times agree runner by runner, so an order may differ only where a dead heat leaves it open.
  const timeOf = (post: number): number => a.finish_times_ms[posts?.indexOf(post) ?? -1] ?? Number.NaN;
  for (let i = 0; i < a.finish_order.length; i++) {
    const pa = a.finish_order[i] as number;
    const pb = b.finish_order[i] as number;
    if (pa !== pb && !(posts && officialTimeMs(timeOf(pa)) === officialTimeMs(timeOf(pb)))) return false;
  }
  return same(a.winner_time_ms, b.winner_time_ms);
}

/**
 * The hidden, stable traits of a horse, derived from its id alone (the same on every call and every
 * machine), for building an {@link EngineRunner} for any horse of the catalog.
 *
 * @param horseId the horse's id (a safe integer)
 * @returns `stamina` and `early_speed`, each in 0..1; front-runners lean a little to less stamina
 * @throws RangeError when the id is not a safe integer
 */
export function horseTraits(horseId: number): { stamina: number; early_speed: number } {
  if (!Number.isSafeInteger(horseId)) throw new RangeError(`horseTraits: id must be an integer, got ${horseId}`);
  const prng = new Prng(`horse-traits:${horseId}`);
  const early = prng.next() * 0.5 + prng.next() * 0.5;
  const early_speed = clamp01(early);
  const stamina = clamp01(prng.next() * 0.5 + prng.next() * 0.5 - 0.2 * (early_speed - 0.5));
  return { stamina, early_speed };
}

/**
 * A jockey's skill in 0..1 from the jockey's win percentage (0–100): 0 % gives 0, a typical 12 %
 * exactly one half, 25 % about 0.8 and 40 % or more above 0.9 (riders rarely win more than a
 * quarter of their rides). Values above 100 count as 100; a negative or non-number gives 0.
 */
export function jockeySkill(winPercentage: number): number {
  if (!(winPercentage > 0)) return 0;
  // w² / (1 + w²): steep around the typical rates, flat at the top.
  const w = Math.min(winPercentage, 100) / 12;
  return (w * w) / (1 + w * w);
}

function validate(input: EngineInput): void {
  const { runners, conditions } = input;
  if (runners.length === 0) throw new RangeError('simulateRace: a race needs at least one runner');
  const f = conditions.furlongs;
  if (!(Number.isFinite(f) && f > 0 && f <= 40)) throw new RangeError(`simulateRace: bad distance ${f} furlongs`);
  const seen = new Set<number>();
  for (const r of runners) {
    if (seen.has(r.post_position)) throw new RangeError(`simulateRace: post position ${r.post_position} repeats`);
    seen.add(r.post_position);
    const finite =
      Number.isFinite(r.post_position) &&
      Number.isFinite(r.speed_figure) &&
      Number.isFinite(r.stamina) &&
      Number.isFinite(r.jockey_skill) &&
      Number.isFinite(r.early_speed);
    if (!finite) throw new RangeError(`simulateRace: runner ${r.post_position} has a non-finite rating`);
  }
}

function planRace(input: EngineInput, meters: number): Plan {
  const { runners, conditions } = input;
  const n = runners.length;
  const going =
    (SURFACE_SPEED[conditions.surface.trim().toLowerCase()] ?? 1) *
    (CONDITION_SPEED[conditions.condition.trim().toLowerCase()] ?? 1);
  const ratio = conditions.furlongs / PAR_FURLONGS;
  const slowdown = SLOWDOWN_PER_LOG * lnNear1(ratio);
  // 0 up to 6 f, 1 at 12 f: how much a trip asks of stamina.
  const route = clamp01(lnNear1(ratio) / lnNear1(2));
  // Front-runners that have to duel for the lead tire more.
  let speedsters = 0;
  for (const r of runners) if (r.early_speed >= 0.7) speedsters++;

  const rates = new Float64Array(n * KNOTS);
  const reaction = new Float64Array(n);
  const accel = new Float64Array(n);
  const wobble = new Float64Array(WOBBLE_KNOTS);
  let startPhaseEnd = 0;
  for (let i = 0; i < n; i++) {
    const r = runners[i] as EngineRunner;
    const prng = new Prng(`${input.seed}|runner|${r.post_position}`);
    const figure = Math.min(140, Math.max(20, r.speed_figure));
    const stamina = clamp01(r.stamina);
    const style = clamp01(r.early_speed) - 0.5;
    const jockey = clamp01(r.jockey_skill);

    const form = FORM_SD * bellish(prng);
    for (let w = 0; w < WOBBLE_KNOTS; w++) wobble[w] = WOBBLE_SD * bellish(prng);
    // How much the late change of pace varies today: a closer may find traffic, a leader may tire.
    const lateLuck = 0.6 + 0.8 * prng.next();
    const duel = style >= 0.2 && speedsters > 1 ? DUEL_COST * Math.min(3, speedsters - 1) * (style * 2) : 0;
    const stumble = prng.next() < STUMBLE_CHANCE ? STUMBLE_MIN_S + (STUMBLE_MAX_S - STUMBLE_MIN_S) * prng.next() : 0;
    reaction[i] = REACTION_MAX_S * prng.next() + stumble;
    accel[i] = ACCEL_MIN_S + ACCEL_CLOSER_EXTRA_S * (0.5 - style);
    startPhaseEnd = Math.max(startPhaseEnd, (reaction[i] as number) + (accel[i] as number));

    const cruise =
      (CRUISE_AT_90 + CRUISE_PER_POINT * (figure - 90) - slowdown) *
      going *
      (1 + JOCKEY_EFFECT * (jockey - 0.5)) *
      (1 + form);
    const late = (STYLE_LATE_SPRINT + (STYLE_LATE_ROUTE - STYLE_LATE_SPRINT) * route) * style * lateLuck;
    const staminaAtWire = STAMINA_AT_WIRE * route * (0.5 - stamina);
    // The terms of the style multiplier, each as the expression per knot would compute it.
    const styleEarly = 1 + STYLE_EARLY * style;
    const styleLate = 1 - late - duel;
    const earlyPart = STYLE_EARLY * style;
    const latePart = late + duel;
    for (let k = 0; k < KNOTS; k++) {
      const leg = KNOT_LEG[k];
      const styleMul =
        leg === EARLY_LEG
          ? styleEarly
          : leg === LATE_LEG
            ? styleLate
            : 1 + earlyPart * (KNOT_REST[k] as number) - latePart * (KNOT_Q[k] as number);
      const staminaMul =
        KNOT_STAMINA[k] === 0 ? 1 : 1 - (staminaAtWire * (KNOT_PAST_STAMINA[k] as number)) / (1 - STAMINA_FROM);
      const wk = KNOT_WOBBLE[k] as number;
      const w0 = wobble[wk] as number;
      const wobbleMul = 1 + w0 + ((wobble[wk + 1] as number) - w0) * (KNOT_WOBBLE_AT[k] as number);
      const mps = cruise * (KNOT_SHAPE[k] as number) * styleMul * staminaMul * wobbleMul;
      // A floor so that no combination of inputs stops a horse.
      rates[i * KNOTS + k] = Math.max(mps, 4) / meters;
    }
  }
  return { rates, reaction, accel, startPhaseEnd };
}

// 0 before the horse reacts, then easing out to full speed over `accel` seconds.
function breakFactor(t: number, reaction: number, accel: number): number {
  const u = (t - reaction) / accel;
  if (u <= 0) return 0;
  if (u >= 1) return 1;
  const v = 1 - u;
  return 1 - v * v;
}

function sample(
  tMs: number,
  pos: Float64Array,
  rate: Float64Array,
  finished: Uint8Array,
  times: Float64Array,
  order: Int32Array,
  posts: readonly number[],
  meters: number,
): RaceSample {
  const n = pos.length;
  const progress = new Array<number>(n);
  const speed = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    progress[i] = pos[i] as number;
    speed[i] = (rate[i] as number) * meters;
  }
  // Finishers first by time, then the rest by progress; insertion sort keeps ties in their order.
  for (let a = 1; a < n; a++) {
    const cur = order[a] as number;
    let b = a - 1;
    while (b >= 0 && ahead(cur, order[b] as number, pos, finished, times)) {
      order[b + 1] = order[b] as number;
      b--;
    }
    order[b + 1] = cur;
  }
  const leaderboard = new Array<number>(n);
  for (let a = 0; a < n; a++) leaderboard[a] = posts[order[a] as number] as number;
  return { t_ms: tMs, progress, speed, leaderboard };
}

function ahead(a: number, b: number, pos: Float64Array, finished: Uint8Array, times: Float64Array): boolean {
  const fa = finished[a] === 1;
  const fb = finished[b] === 1;
  if (fa !== fb) return fa;
  if (fa) return (times[a] as number) < (times[b] as number);
  return (pos[a] as number) > (pos[b] as number);
}

/** Sorts runner indices by `key[index]`, ascending; equal keys keep their order. */
function insertionSort(items: number[], key: readonly number[]): void {
  for (let a = 1; a < items.length; a++) {
    const cur = items[a] as number;
    const value = key[cur] as number;
    let b = a - 1;
    while (b >= 0 && value < (key[items[b] as number] as number)) {
      items[b + 1] = items[b] as number;
      b--;
    }
    items[b + 1] = cur;
  }
}

// A bell-shaped variate with mean 0 and standard deviation 1, bounded to ±3 (sum of three uniforms:
// plain arithmetic, and no wild tails to throw a race).
function bellish(prng: Prng): number {
  return (prng.next() + prng.next() + prng.next() - 1.5) * 2;
}

// ln(x) for x near 1 (0.5..3) from the atanh series, in plain arithmetic.
function lnNear1(x: number): number {
  const z = (x - 1) / (x + 1);
  const z2 = z * z;
  return 2 * z * (1 + z2 * (1 / 3 + z2 * (1 / 5 + z2 * (1 / 7 + z2 / 9))));
}

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}
