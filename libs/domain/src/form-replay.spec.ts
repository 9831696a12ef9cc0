import { type HistoryRace, type HistoryStart, replayedProbabilities, replayForm } from './form-replay';
import { MORNING_LINE_WEIGHTS, morningLineScores, winProbabilities } from './morning-line';
import { Prng } from './prng';

const start = (horseId: number, jockeyId: number | null, finishPosition: number, more: Partial<HistoryStart> = {}) => ({
  horseId,
  jockeyId,
  finishPosition,
  speedFigure: 80,
  earningsCents: 0,
  finishTimeMs: 70_000,
  ...more,
});

describe(replayForm.name, () => {
  // Race 1: horse 1 (jockey 10) beats horse 2 (jockey 20). Race 2: horses 1, 2 and a first-timer 3.
  const races: HistoryRace[] = [
    {
      key: 1,
      starts: [
        start(1, 10, 1, { speedFigure: 90, earningsCents: 60_000, finishTimeMs: 71_000 }),
        start(2, 20, 2, { speedFigure: 70, earningsCents: 20_000, finishTimeMs: 72_500 }),
      ],
    },
    {
      key: 2,
      starts: [
        start(2, 10, 1, { speedFigure: 80, earningsCents: 30_000, finishTimeMs: 70_000 }),
        start(1, 20, 2, { speedFigure: 84, earningsCents: 10_000 }),
        start(3, 30, 3),
      ],
    },
    { key: 3, starts: [start(1, 10, 1), start(2, 20, 2), start(3, 30, 3)] },
  ];

  it('should give a race nothing of itself: the first race of every horse has no form', () => {
    const [first] = replayForm(races);
    expect(first?.entries).toEqual([
      { winRate: null, averageSpeed: null, earningsCents: null, lastRaceTimeSeconds: null, jockeyWinRate: null },
      { winRate: null, averageSpeed: null, earningsCents: null, lastRaceTimeSeconds: null, jockeyWinRate: null },
    ]);
    expect(first?.winners).toEqual([0]);
  });

  it('should read each runner from its earlier starts only, the jockey from his earlier rides', () => {
    const second = replayForm(races)[1];
    // Horse 2 (ridden by jockey 10 now): 0 wins in 1 start, speed 70, $200, last time 72.5 s; jockey 10 won 1 of 1.
    expect(second?.entries[0]).toEqual({
      winRate: 0,
      averageSpeed: 70,
      earningsCents: 20_000,
      lastRaceTimeSeconds: 72.5,
      jockeyWinRate: 1,
    });
    // Horse 1 (jockey 20, 0 of 1): 1 of 1, speed 90, $600, 71 s.
    expect(second?.entries[1]).toEqual({
      winRate: 1,
      averageSpeed: 90,
      earningsCents: 60_000,
      lastRaceTimeSeconds: 71,
      jockeyWinRate: 0,
    });
    // A first-timer on a jockey never seen: nothing known.
    expect(second?.entries[2]?.winRate).toBeNull();
    expect(second?.entries[2]?.jockeyWinRate).toBeNull();
  });

  it('should add up starts across races: averages, sums and the latest time', () => {
    const third = replayForm(races)[2];
    // Horse 1 after two starts: won 1 of 2, speed (90 + 84) / 2 = 87, $700, last time 70 s (race 2).
    expect(third?.entries[0]).toEqual({
      winRate: 0.5,
      averageSpeed: 87,
      earningsCents: 70_000,
      lastRaceTimeSeconds: 70,
      jockeyWinRate: 1, // jockey 10 won both his rides
    });
    // Jockey 30 rode once and lost.
    expect(third?.entries[2]?.jockeyWinRate).toBe(0);
  });

  it('should list every runner that finished first as a winner (a dead heat)', () => {
    const [dh] = replayForm([{ key: 9, starts: [start(1, 1, 2), start(2, 2, 1), start(3, 3, 1)] }]);
    expect(dh?.winners).toEqual([1, 2]);
  });

  it('should score a race as the morning line does at the spec weights', () => {
    const third = replayForm(races)[2];
    if (!third) throw new Error('no race');
    expect(replayedProbabilities(third, MORNING_LINE_WEIGHTS)).toEqual(
      winProbabilities(morningLineScores(third.entries, MORNING_LINE_WEIGHTS)),
    );
  });

  it('should never let a later result change an earlier race (property over random histories)', () => {
    const prng = new Prng('form-replay');
    for (let trial = 0; trial < 50; trial++) {
      const history: HistoryRace[] = Array.from({ length: 12 }, (_, k) => {
        const field = prng.shuffle([1, 2, 3, 4, 5, 6, 7, 8]).slice(0, 4 + prng.int(0, 4));
        return {
          key: k,
          starts: field.map((horseId, i) =>
            start(horseId, 100 + prng.int(0, 5), i + 1, {
              speedFigure: 60 + prng.int(0, 40),
              earningsCents: prng.int(0, 100_000),
              finishTimeMs: 60_000 + prng.int(0, 20_000),
            }),
          ),
        };
      });
      const cut = 1 + prng.int(0, 9);
      const changed = history.map((r, k) =>
        k < cut ? r : { ...r, starts: r.starts.map((s, i, all) => ({ ...s, finishPosition: all.length - i })) },
      );
      // Races before the cut are untouched; the race at the cut keeps its form (its own result changed).
      const entries = (h: HistoryRace[]) => replayForm(h).map((r) => r.entries);
      expect(entries(changed).slice(0, cut + 1)).toEqual(entries(history).slice(0, cut + 1));
      expect(replayForm(changed).slice(0, cut)).toEqual(replayForm(history).slice(0, cut));
      // …and the one after it sees the change (the test can tell).
      expect(entries(changed)[cut + 1]).not.toEqual(entries(history)[cut + 1]);
    }
  });
});
