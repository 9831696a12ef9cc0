/**
 * Form as it stood before each race (no look-ahead), for the predictor's back-test (issue 17): the
 * finished races are walked in the order they were run and each runner's morning-line factors
 * (spec §9) are read from the starts before that race only, as past_performances would have shown
 * them that morning:
 * - win rate = wins ÷ starts; average speed = the mean speed figure of those starts; earnings = their
 *   sum; last race time = the finishing time of the horse's latest start;
 * - jockey win rate = the jockey's wins ÷ rides before the race.
 * A horse (or jockey) without an earlier start has null factors, as a horse without a
 * past-performance row has on the card.
 */
import {
  type MorningLineEntry,
  type MorningLineWeights,
  morningLineFactors,
  weightedScores,
  winProbabilities,
} from './morning-line';

/** One runner's start in a finished race. */
export interface HistoryStart {
  horseId: number;
  jockeyId: number | null;
  /** 1 for the winner (every runner of a dead heat for the win has 1). */
  finishPosition: number;
  speedFigure: number | null;
  earningsCents: number;
  finishTimeMs: number | null;
}

/** A finished race, in the order the races were run. */
export interface HistoryRace<K = number> {
  key: K;
  starts: readonly HistoryStart[];
}

/** A race as the back-test reads it: its runners' normalised factors before it ran, and its winners. */
export interface ReplayedRace<K = number> {
  key: K;
  /** The form before the race, in `starts` order. */
  entries: MorningLineEntry[];
  /** The normalised factors of `entries` (morningLineFactors): fixed whatever the weights. */
  factors: Record<keyof MorningLineWeights, number[]>;
  /** Indices of the runners that finished first. */
  winners: number[];
}

interface HorseForm {
  starts: number;
  wins: number;
  speedSum: number;
  speedCount: number;
  earningsCents: number;
  lastTimeMs: number | null;
}

interface JockeyForm {
  rides: number;
  wins: number;
}

/** Each race with its runners' form before it, then adds the race to the form. Races in running order. */
export function replayForm<K>(races: readonly HistoryRace<K>[]): ReplayedRace<K>[] {
  const horses = new Map<number, HorseForm>();
  const jockeys = new Map<number, JockeyForm>();
  const out: ReplayedRace<K>[] = [];
  for (const race of races) {
    const entries: MorningLineEntry[] = [];
    const winners: number[] = [];
    race.starts.forEach((s, i) => {
      const h = horses.get(s.horseId);
      const j = s.jockeyId === null ? undefined : jockeys.get(s.jockeyId);
      entries.push({
        winRate: h ? h.wins / h.starts : null,
        averageSpeed: h && h.speedCount > 0 ? h.speedSum / h.speedCount : null,
        earningsCents: h ? h.earningsCents : null,
        lastRaceTimeSeconds: h?.lastTimeMs ? h.lastTimeMs / 1000 : null,
        jockeyWinRate: j ? j.wins / j.rides : null,
      });
      if (s.finishPosition === 1) winners.push(i);
    });
    out.push({ key: race.key, entries, factors: morningLineFactors(entries), winners });
    for (const s of race.starts) {
      const won = s.finishPosition === 1 ? 1 : 0;
      const h = horses.get(s.horseId) ?? {
        starts: 0,
        wins: 0,
        speedSum: 0,
        speedCount: 0,
        earningsCents: 0,
        lastTimeMs: null,
      };
      h.starts += 1;
      h.wins += won;
      if (s.speedFigure !== null) {
        h.speedSum += s.speedFigure;
        h.speedCount += 1;
      }
      h.earningsCents += s.earningsCents;
      if (s.finishTimeMs !== null) h.lastTimeMs = s.finishTimeMs;
      horses.set(s.horseId, h);
      if (s.jockeyId !== null) {
        const j = jockeys.get(s.jockeyId) ?? { rides: 0, wins: 0 };
        j.rides += 1;
        j.wins += won;
        jockeys.set(s.jockeyId, j);
      }
    }
  }
  return out;
}

/** The predictor's win probabilities (shares of the weighted score) of a replayed race under `weights`. */
export function replayedProbabilities(
  race: Pick<ReplayedRace<unknown>, 'factors'>,
  weights: MorningLineWeights,
): number[] {
  return winProbabilities(weightedScores(race.factors, weights));
}
