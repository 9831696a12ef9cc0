/**
 * The race engine: a pure, seeded simulation of one race. Its result is a function of its input
 * alone (seed, runners, conditions), so anyone holding the revealed seed can re-run a finished race
 * and get the same result — on the server, or in the browser.
 */

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

export interface SimulatedRace {
  /** Post positions, winner first. */
  finish_order: number[];
  /** Each runner's time to the wire in ms (input order), interpolated inside the step it crossed in. */
  finish_times_ms: number[];
  /** The winner's time in ms. */
  winner_time_ms: number;
  /** From t = 0 until every runner has finished; the last sample shows everyone at 1. */
  samples: RaceSample[];
}
