/**
 * Fair odds from simulation: run a race many times (race-engine.ts), tally where each runner finishes,
 * and read off its chance to win, to place (first two) and to show (first three), and the odds at
 * which a bet on each would break even: (1 − p) ÷ p to 1, two decimals (the morning line's rule,
 * oddsFromShare: 1 ÷ p − 1 is the same number).
 *
 * Dead heats: a finish is rank groups (bet-settlement.ts's Finish), and a group shares the paying
 * places it spans equally, as the tote splits the win, place and show pools between dead-heaters
 * (bet-settlement.ts, Ohio Admin. Code 3769-13-16): two dead-heating for the win get half a win and a
 * whole place each; two dead-heating for second share one place (half each) and get a whole show
 * each. So each run adds exactly 1 to the win chances, 2 to the place and 3 to the show (fewer when
 * fewer finish), and the fair odds reflect what a ticket returns on average.
 *
 * The runs must come from seeds of their own, never the race's secret seed: a run with that seed IS
 * the race's result.
 */
import type { Finish } from './bet-settlement';
import { oddsFromShare } from './morning-line';
import { type EngineInput, officialOrder, officialTimeMs, type RaceFinish, simulateFinish } from './race-engine';

/** Paying places of the three straight bets: win 1, place 2, show 3. */
const WIN = 1;
const PLACE = 2;
const SHOW = 3;

/** One runner's chances and fair odds from the runs tallied. */
export interface FairOdds {
  /** The runner's id as the tally was made with (a post position). */
  runner: number;
  /** Chance to win; the field's sum to 1. */
  win: number;
  /** Chance to finish first or second; the field's sum to 2 (with two or more finishing). */
  place: number;
  /** Chance to finish in the first three; the field's sum to 3 (with three or more finishing). */
  show: number;
  /** Fair odds to 1 of each bet, (1 − p) ÷ p to two decimals; null when it never came off ("no chance seen"). */
  winOdds: number | null;
  placeOdds: number | null;
  showOdds: number | null;
  /** Binomial standard error of each chance over the runs (null before any run). */
  winError: number | null;
  placeError: number | null;
  showError: number | null;
}

/**
 * Tallies simulated finishes, one at a time (so a long simulation can be spread over ticks or jobs),
 * and gives each runner's chances and fair odds so far.
 */
export class FairOddsTally {
  private readonly slot = new Map<number, number>();
  private readonly win: Float64Array;
  private readonly place: Float64Array;
  private readonly show: Float64Array;
  // The check that last saw each runner, to refuse a finish that names one twice without allocating.
  private readonly seen: Float64Array;
  private stamp = 0;
  private count = 0;

  /**
   * @param runners the runners' ids (post positions), each once
   * @throws RangeError when an id repeats
   */
  constructor(readonly runners: readonly number[]) {
    for (const [i, r] of runners.entries()) {
      if (this.slot.has(r)) throw new RangeError(`FairOddsTally: runner ${r} repeats`);
      this.slot.set(r, i);
    }
    this.win = new Float64Array(runners.length);
    this.place = new Float64Array(runners.length);
    this.show = new Float64Array(runners.length);
    this.seen = new Float64Array(runners.length);
  }

  /** Runs tallied so far. */
  get runs(): number {
    return this.count;
  }

  /**
   * Adds one run's finish: the order winner first (no dead heat), or rank groups with dead heats
   * ([[3], [5, 7], [2]]: 5 and 7 dead-heated for second). A runner missing from it gets nothing.
   *
   * @throws RangeError when the finish names a runner not in the tally, or one twice
   */
  add(finish: Finish | readonly number[]): this {
    // Check the whole finish first, so a bad one leaves the tally as it was.
    const stamp = ++this.stamp;
    for (const entry of finish) {
      if (typeof entry === 'number') this.check(entry, stamp);
      else for (const r of entry) this.check(r, stamp);
    }
    let start = 0;
    for (const entry of finish) {
      const size = typeof entry === 'number' ? 1 : entry.length;
      // The places the group spans among the first one, two and three, shared equally.
      const w = Math.max(0, Math.min(start + size, WIN) - start) / size;
      const p = Math.max(0, Math.min(start + size, PLACE) - start) / size;
      const s = Math.max(0, Math.min(start + size, SHOW) - start) / size;
      if (typeof entry === 'number') this.credit(entry, w, p, s);
      else for (const r of entry) this.credit(r, w, p, s);
      start += size;
    }
    this.count++;
    return this;
  }

  private check(runner: number, stamp: number): void {
    const i = this.slot.get(runner);
    if (i === undefined) throw new RangeError(`FairOddsTally: runner ${runner} is not in the race`);
    if (this.seen[i] === stamp) throw new RangeError(`FairOddsTally: runner ${runner} finishes twice in one run`);
    this.seen[i] = stamp;
  }

  private credit(runner: number, w: number, p: number, s: number): void {
    const i = this.slot.get(runner) as number;
    this.win[i] += w;
    this.place[i] += p;
    this.show[i] += s;
  }

  /** Each runner's chances, fair odds and their standard errors, in the order of `runners`. */
  result(): FairOdds[] {
    const n = this.count;
    return this.runners.map((runner, i) => {
      const win = n > 0 ? this.win[i] / n : 0;
      const place = n > 0 ? this.place[i] / n : 0;
      const show = n > 0 ? this.show[i] / n : 0;
      return {
        runner,
        win,
        place,
        show,
        winOdds: fairOdds(win),
        placeOdds: fairOdds(place),
        showOdds: fairOdds(show),
        winError: n > 0 ? binomialStandardError(win, n) : null,
        placeError: n > 0 ? binomialStandardError(place, n) : null,
        showError: n > 0 ? binomialStandardError(show, n) : null,
      };
    });
  }
}

/** Fair odds to 1 of a chance p: (1 − p) ÷ p, two decimals; null for p = 0 (never seen to come off). */
export function fairOdds(p: number): number | null {
  const odds = oddsFromShare(p);
  return Number.isFinite(odds) ? odds : null;
}

/**
 * Standard error of a chance estimated as p from n runs, √(p (1 − p) ÷ n): about two of them either
 * side of p hold the true chance 19 times in 20. It is 0 at p = 0 or 1, which says nothing there: a
 * bet never seen to come off in n runs may still have a chance of up to about 3 ÷ n (the "rule of
 * three", Hanley and Lippman-Hand, JAMA 1983). A dead heat makes a run's outcome a fraction (half a
 * win), whose spread is a little less than a whole win's or loss's, so this errs on the wide side.
 *
 * @throws RangeError when p is not in 0..1 or n is not a positive whole number
 */
export function binomialStandardError(p: number, n: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`binomialStandardError: p must be in 0..1, got ${p}`);
  if (!(Number.isInteger(n) && n > 0)) {
    throw new RangeError(`binomialStandardError: n must be a whole number > 0, got ${n}`);
  }
  return Math.sqrt((p * (1 - p)) / n);
}

/**
 * Whether live odds are an overlay: a better price than the fair odds, by at least `margin` of
 * expected return. A $1 bet at live odds L on a chance of 1 ÷ (F + 1) (fair odds F) returns
 * (L + 1) ÷ (F + 1) on average; it is an overlay when that exceeds 1 + margin (margin 0.1: at least
 * 10 cents in the dollar ahead). Never an overlay without fair odds (no chance seen) or live odds.
 *
 * @throws RangeError when the margin is not a finite number
 */
export function isOverlay(liveOdds: number | null, fairOddsToOne: number | null, margin = 0): boolean {
  if (!Number.isFinite(margin)) throw new RangeError(`isOverlay: margin must be finite, got ${margin}`);
  if (liveOdds === null || fairOddsToOne === null) return false;
  if (!(Number.isFinite(liveOdds) && liveOdds >= 0 && Number.isFinite(fairOddsToOne) && fairOddsToOne >= 0)) {
    return false;
  }
  return (liveOdds + 1) / (fairOddsToOne + 1) - 1 > margin;
}

/**
 * A run's finish as the official result lists it: by official time (to the hundredth), runners with
 * equal official times one dead-heat group, in program-number order (officialOrder's order).
 *
 * @param race a run of the race
 * @param posts the runners' post positions in input order (as `finish_times_ms` is indexed)
 */
export function finishOfRun(race: RaceFinish, posts: readonly number[]): Finish {
  const groups: number[][] = [];
  let last = Number.NaN;
  for (const post of officialOrder(race, posts)) {
    const t = officialTimeMs(race.finish_times_ms[posts.indexOf(post)] ?? Number.NaN);
    if (t === last) groups[groups.length - 1].push(post);
    else groups.push([post]);
    last = t;
  }
  return groups;
}

/**
 * Runs a race `runs` times, each with a seed of its own made from `seed` and the run's number, and
 * tallies the official finishes. `seed` must not be the race's secret seed (see the module comment).
 */
export function simulateFairOdds(race: Omit<EngineInput, 'seed'>, runs: number, seed: string): FairOddsTally {
  if (!(Number.isInteger(runs) && runs >= 0)) {
    throw new RangeError(`simulateFairOdds: runs must be a whole number, got ${runs}`);
  }
  const posts = race.runners.map((r) => r.post_position);
  const tally = new FairOddsTally(posts);
  for (let k = 0; k < runs; k++) {
    tally.add(finishOfRun(simulateFinish({ ...race, seed: `${seed}|fair-odds|${k}` }), posts));
  }
  return tally;
}
