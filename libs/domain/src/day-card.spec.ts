import fc from 'fast-check';
import {
  type DayCardInput,
  extraRace,
  MAX_RUNNERS,
  MIN_RUNNERS,
  parseCalendarDate,
  planDayCard,
  racePostTime,
} from './day-card';
import { raceConditions } from './race-conditions';

const horses = Array.from({ length: 400 }, (_, i) => ({ id: i + 1, jockey_id: (i % 40) + 1 }));
const jockeyIds = Array.from({ length: 40 }, (_, i) => i + 1);

function input(overrides: Partial<DayCardInput> = {}, track: Partial<DayCardInput['track']> = {}): DayCardInput {
  return {
    seed: 1,
    date: '2026-11-02',
    horses,
    jockeyIds,
    track: {
      id: 7,
      start_time: '13:00:00',
      daily_races: 9,
      race_intervals: 30,
      furlongs: 6,
      distances_furlongs: [6, 7, 8.5],
      purse_sizes_cents: [2_000_000, 5_000_000],
      weather: 'Cloudy',
      surface_type: 'Dirt',
      track_condition: 'Good',
      ...track,
    },
    ...overrides,
  };
}

describe(planDayCard.name, () => {
  it('should draw daily_races races at start + (n − 1) × interval (spec §9)', () => {
    const sut = planDayCard(input());
    expect(sut.map((r) => r.race_number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sut.map((r) => r.post_time.toISOString())).toEqual(
      Array.from({ length: 9 }, (_, i) => new Date(Date.UTC(2026, 10, 2, 13, 30 * i)).toISOString()),
    );
  });

  it("should read the track's start time as local time and shift it by the track's UTC offset", () => {
    // 13:00 local at UTC−5 is 18:00 UTC; at UTC+10 it is 03:00 UTC of the same calendar day.
    const west = planDayCard(input({}, { utc_offset_minutes: -300 }));
    expect(west[0]?.post_time.toISOString()).toBe('2026-11-02T18:00:00.000Z');
    expect(west[8]?.post_time.toISOString()).toBe('2026-11-02T22:00:00.000Z');
    const east = planDayCard(input({}, { utc_offset_minutes: 600 }));
    expect(east[0]?.post_time.toISOString()).toBe('2026-11-02T03:00:00.000Z');
  });

  it('should take distance, purse and going from the track', () => {
    for (const race of planDayCard(input())) {
      expect([6, 7, 8.5]).toContain(race.furlongs);
      expect([2_000_000, 5_000_000]).toContain(race.purse_cents);
      expect(race).toMatchObject({ weather: 'Cloudy', surface_type: 'Dirt', track_condition: 'Good' });
    }
  });

  it('should fill missing track values with the spec §9 defaults', () => {
    const [race] = planDayCard(
      input(
        {},
        {
          start_time: null,
          purse_sizes_cents: [],
          distances_furlongs: [],
          weather: null,
          surface_type: '',
          track_condition: null,
        },
      ),
    );
    expect(race).toMatchObject({
      furlongs: 6,
      purse_cents: 0,
      weather: 'Clear',
      surface_type: 'Turf',
      track_condition: 'Fast',
    });
    expect(race?.post_time.toISOString()).toBe('2026-11-02T12:00:00.000Z');
  });

  it('should give every race a class, a real name and conditions from its purse, trip and surface', () => {
    for (const race of planDayCard(input())) {
      expect(race).toMatchObject(
        raceConditions({
          key: `7:2026-11-02:${race.race_number}`,
          purseCents: race.purse_cents,
          furlongs: race.furlongs,
          surface: race.surface_type,
        }),
      );
      expect(race.race_title).not.toMatch(/Race \d/);
    }
  });

  it('should keep at most 13 races', () => {
    expect(planDayCard(input({}, { daily_races: 20 }))).toHaveLength(13);
  });

  it('should give the same card for the same seed, track and date, and another for another date', () => {
    expect(planDayCard(input())).toEqual(planDayCard(input({ horses: [...horses].reverse() })));
    expect(planDayCard(input({ date: '2026-11-03' }))).not.toEqual(planDayCard(input()));
    expect(planDayCard(input({ seed: 2 }))).not.toEqual(planDayCard(input()));
  });

  it('should run 6–12 horses per race, no horse twice on the card and no jockey twice in a race', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 13 }), (seed, dailyRaces) => {
        const card = planDayCard(input({ seed }, { daily_races: dailyRaces }));
        const cardHorses = card.flatMap((r) => r.runners.map((e) => e.horse_id));
        expect(new Set(cardHorses).size).toBe(cardHorses.length);
        for (const race of card) {
          expect(race.runners.length).toBeGreaterThanOrEqual(MIN_RUNNERS);
          expect(race.runners.length).toBeLessThanOrEqual(MAX_RUNNERS);
          expect(race.runners.map((e) => e.post_position)).toEqual(race.runners.map((_, i) => i + 1));
          expect(new Set(race.runners.map((e) => e.jockey_id)).size).toBe(race.runners.length);
        }
      }),
      { numRuns: 50 },
    );
  });

  it("should keep each horse's own jockey unless another runner of the race already has them", () => {
    for (const race of planDayCard(input())) {
      const seen = new Set<number>();
      for (const runner of race.runners) {
        const own = horses[runner.horse_id - 1]?.jockey_id as number;
        if (!seen.has(own)) expect(runner.jockey_id).toBe(own);
        seen.add(runner.jockey_id);
      }
    }
  });

  it('should never draw an excluded horse', () => {
    const excludeHorseIds = horses.slice(0, 300).map((h) => h.id);
    const card = planDayCard(input({ excludeHorseIds }));
    expect(card.flatMap((r) => r.runners).every((e) => e.horse_id > 300)).toBe(true);
  });

  it('should shrink fields rather than fail when horses are short, but never below 6', () => {
    const card = planDayCard(input({ horses: horses.slice(0, 60) }, { daily_races: 10 }));
    expect(card.every((r) => r.runners.length === 6)).toBe(true);
    expect(() => planDayCard(input({ horses: horses.slice(0, 59) }, { daily_races: 10 }))).toThrow(RangeError);
  });
});

describe(racePostTime.name, () => {
  it('should run a late card on past midnight into the next day', () => {
    expect(racePostTime('2026-11-02', '23:00:00', 3, 45).toISOString()).toBe('2026-11-03T00:30:00.000Z');
  });

  it('should subtract the UTC offset, crossing midnight backwards when it must', () => {
    expect(racePostTime('2026-11-02', '11:00:00', 2, 30, 720).toISOString()).toBe('2026-11-01T23:30:00.000Z');
    expect(racePostTime('2026-11-02', '11:00:00', 1, 30, -660).toISOString()).toBe('2026-11-02T22:00:00.000Z');
  });

  it('should refuse a date that is not a calendar day', () => {
    expect(() => racePostTime('2026-02-30', '12:00:00', 1, 30)).toThrow(RangeError);
  });
});

describe(parseCalendarDate.name, () => {
  it.each(['2026-11-02', '2024-02-29'])('should read %s', (text) => {
    expect(parseCalendarDate(text)?.toISOString().slice(0, 10)).toBe(text);
  });

  it.each(['2026-02-29', '2026-13-01', '2026-1-2', 'today', '20261102', ''])('should refuse %p', (text) => {
    expect(parseCalendarDate(text)).toBeNull();
  });
});

describe(extraRace.name, () => {
  const runners = Array.from({ length: 7 }, (_, i) => ({
    post_position: 12 - i,
    horse_id: 100 + i,
    jockey_id: 200 + i,
  }));
  const postTime = new Date('2026-11-02T20:00:00Z');

  it("should take the track's first distance and purse, its going, and number the posts 1..n in the given order", () => {
    const race = extraRace({ track: input().track, date: '2026-11-02', raceNumber: 10, postTime, runners });
    expect(race).toMatchObject({
      race_number: 10,
      post_time: postTime,
      furlongs: 6,
      purse_cents: 2_000_000,
      surface_type: 'Dirt',
      track_condition: 'Good',
      weather: 'Cloudy',
    });
    expect(race.runners.map((r) => [r.post_position, r.horse_id])).toEqual(runners.map((r, i) => [i + 1, r.horse_id]));
    // The class and conditions are the rule's for that purse, distance and surface.
    expect(race.race_class).toBe(
      raceConditions({ key: '7:2026-11-02:10', purseCents: 2_000_000, furlongs: 6, surface: 'Dirt' }).race_class,
    );
  });

  it("should fall back to the track's furlongs and the spec's defaults", () => {
    const track = {
      ...input().track,
      distances_furlongs: [],
      purse_sizes_cents: [],
      surface_type: null,
      weather: null,
    };
    const race = extraRace({ track, date: '2026-11-02', raceNumber: 13, postTime, runners });
    expect(race).toMatchObject({ furlongs: 6, purse_cents: 0, surface_type: 'Turf', weather: 'Clear' });
  });

  it('should refuse a race number past the 13th and a field outside 6..12', () => {
    const track = input().track;
    expect(() => extraRace({ track, date: '2026-11-02', raceNumber: 14, postTime, runners })).toThrow(RangeError);
    expect(() =>
      extraRace({ track, date: '2026-11-02', raceNumber: 9, postTime, runners: runners.slice(0, 5) }),
    ).toThrow(RangeError);
  });
});
