import { Prng } from './prng';
import { type EngineConditions, type EngineInput, horseTraits } from './race-engine';

/**
 * Free races (spec §1, §9): boards of random catalog horses with changing fractional odds, raced
 * for points, never money. Everything here is pure and seeded: the server keeps a board's secret
 * seed and every draw of a board is a function of it, so a board replays the same on any machine.
 */

/** Horses on one free board (spec §9). */
export const FREE_BOARD_RUNNERS = 7;
/** Boards in one set (spec §9: 6 to 12). */
export const FREE_BOARDS_MIN = 6;
export const FREE_BOARDS_MAX = 12;
/** Odds n/m with n and m from 1 to 10 (spec §9). */
export const FREE_ODDS_MIN = 1;
export const FREE_ODDS_MAX = 10;
/** Each horse's odds are refreshed at its own random interval of 8 to 30 s (spec §4, §9). */
export const FREE_ODDS_REFRESH_MIN_MS = 8_000;
export const FREE_ODDS_REFRESH_MAX_MS = 30_000;
/** The odds stop changing 5 minutes after the board opens (spec §4, §9); then the race may start. */
export const FREE_ODDS_WINDOW_MS = 5 * 60_000;
/** Points for a right pick per unit of decimal odds (see freePickPoints). */
export const FREE_POINTS_PER_DECIMAL_ODDS = 10;

/** Fractional odds n/m ('7/2' pays 7 for every 2 staked, plus the stake). */
export interface FreeOdds {
  n: number;
  m: number;
}

/** '7/2' */
export function formatFreeOdds(odds: FreeOdds): string {
  return `${odds.n}/${odds.m}`;
}

/** Decimal odds (the return for a stake of 1): n/m + 1. */
export function decimalOdds(odds: FreeOdds): number {
  return odds.n / odds.m + 1;
}

/**
 * Points for a right pick: round(10 × decimal odds), so the longer the odds the more points —
 * 1/10 (the shortest) gives 11, evens 20, 10/1 (the longest) 110. A wrong pick scores 0.
 */
export function freePickPoints(odds: FreeOdds): number {
  return Math.round(FREE_POINTS_PER_DECIMAL_ODDS * decimalOdds(odds));
}

/** How many boards a new set has: 6 to 12, drawn from the set's seed. */
export function freeBoardCount(seed: string): number {
  return new Prng(`free-set:${seed}`).int(FREE_BOARDS_MIN, FREE_BOARDS_MAX);
}

/** One draw of a horse's odds and the wait before its next refresh. */
export interface FreeOddsTick {
  odds: FreeOdds;
  /** Milliseconds until this horse's next refresh (8–30 s). */
  next_in_ms: number;
}

/**
 * The odds of the horse in `post` at its `tick`-th refresh (tick 0: when the board opens) and the
 * wait before its next one, drawn from the board's seed alone: a tick run twice draws the same.
 */
export function freeOddsTick(seed: string, post: number, tick: number): FreeOddsTick {
  const prng = new Prng(`free-odds:${seed}:${post}:${tick}`);
  const n = prng.int(FREE_ODDS_MIN, FREE_ODDS_MAX);
  const m = prng.int(FREE_ODDS_MIN, FREE_ODDS_MAX);
  return { odds: { n, m }, next_in_ms: prng.int(FREE_ODDS_REFRESH_MIN_MS, FREE_ODDS_REFRESH_MAX_MS) };
}

/**
 * When a horse's next refresh falls, or null when it would fall at or after the end of the odds
 * window (the odds then stay as they are).
 */
export function nextOddsTickAt(tickAtMs: number, nextInMs: number, windowEndMs: number): number | null {
  const at = tickAtMs + nextInMs;
  return at < windowEndMs ? at : null;
}

/** Picks from an array without repeats (a partial Fisher–Yates on a copy), seeded. */
export function drawDistinct<T>(seed: string, items: readonly T[], count: number): T[] {
  const prng = new Prng(`free-draw:${seed}`);
  const copy = [...items];
  const n = Math.min(count, copy.length);
  for (let i = 0; i < n; i++) {
    const j = prng.int(i, copy.length - 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
}

/** The race of a free board: 6 furlongs on fast dirt, every horse at an even figure, its own traits. */
export const FREE_RACE_CONDITIONS: EngineConditions = { furlongs: 6, surface: 'Dirt', condition: 'Fast' };

/**
 * The engine's input for a free board's race: the board's seed and its horses in post order, each
 * with the catalog-wide traits of its id (horseTraits), an average figure and an average rider, so
 * the race is the same engine as the paid ones and a function of the seed and the horses alone.
 */
export function freeRaceInput(seed: string, horses: readonly { post: number; horse_id: number }[]): EngineInput {
  return {
    seed,
    conditions: FREE_RACE_CONDITIONS,
    runners: horses.map((h) => ({
      post_position: h.post,
      horse_id: h.horse_id,
      speed_figure: 80,
      jockey_skill: 0.5,
      ...horseTraits(h.horse_id),
    })),
  };
}
