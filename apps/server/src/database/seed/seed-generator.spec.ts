import { BET_TYPES, distanceFromFurlongs, locationInitial, raceStartTime, speedFigure } from '@furlong/domain';
import { generateSeedData, HISTORY_DAYS, purseSplit, type SeedData, weightForHeight } from './seed-generator';

const BASE_DATE = '2026-11-01';

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

function sumBy<T, K>(items: readonly T[], key: (item: T) => K, value: (item: T) => number): Map<K, number> {
  const sums = new Map<K, number>();
  for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0) + value(item));
  return sums;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

describe(generateSeedData.name, () => {
  // One full-size catalog shared by the read-only checks below (it takes well under a second).
  let sut: SeedData;

  beforeAll(() => {
    sut = generateSeedData({ seed: 20261101, baseDate: BASE_DATE });
  });

  describe('determinism', () => {
    it('should return deep-equal data for the same options', () => {
      const a = generateSeedData({ seed: 7, baseDate: BASE_DATE, scale: 0.1 });
      const b = generateSeedData({ seed: 7, baseDate: BASE_DATE, scale: 0.1 });

      expect(a).toEqual(b);
    });

    it('should return different data for a different seed', () => {
      const a = generateSeedData({ seed: 7, baseDate: BASE_DATE, scale: 0.1 });
      const b = generateSeedData({ seed: 8, baseDate: BASE_DATE, scale: 0.1 });

      expect(a.horses.map((h) => h.horse_name)).not.toEqual(b.horses.map((h) => h.horse_name));
      expect(a.race_results).not.toEqual(b.race_results);
    });
  });

  describe('counts', () => {
    it('should build the full-size catalog at scale 1', () => {
      expect(sut.jockeys).toHaveLength(600);
      expect(sut.trainers).toHaveLength(300);
      expect(sut.owners).toHaveLength(1000);
      expect(sut.horses.length).toBeGreaterThanOrEqual(5000);
      expect(sut.races.length).toBeGreaterThanOrEqual(3000);
      expect(sut.race_results).toHaveLength(sut.races.length);
      expect(sut.images.length).toBeGreaterThan(0);
      expect(sut.auction_horses.length).toBeGreaterThan(0);
    });

    it('should make at least 60 tracks whose locations start with at least 22 letters', () => {
      expect(sut.tracks.length).toBeGreaterThanOrEqual(60);
      expect(new Set(sut.tracks.map((t) => locationInitial(t.location))).size).toBeGreaterThanOrEqual(22);
    });

    it('should hold every bet type in display order, each offered by some track', () => {
      expect(sut.bet_types.map((t) => [t.bet_type, t.sort_order])).toEqual(BET_TYPES.map((t, i) => [t.name, i]));
      const offered = new Set(sut.tracks.flatMap((t) => t.wager_types));
      expect(BET_TYPES.filter((t) => !offered.has(t.name))).toEqual([]);
    });

    it('should shrink the counts with scale and still field at least 6 runners', () => {
      const small = generateSeedData({ seed: 3, baseDate: BASE_DATE, scale: 0.05 });

      expect(small.horses.length).toBeLessThan(sut.horses.length / 5);
      expect(small.races.length).toBeLessThan(sut.races.length / 5);
      expect(small.races.length).toBeGreaterThan(0);
      expect(small.races.every((r) => r.num_horses >= 6 && r.num_horses <= 12)).toBe(true);
    });
  });

  describe('uniqueness', () => {
    it('should give horses unique names of at most 18 characters and unique registration numbers', () => {
      expect(new Set(sut.horses.map((h) => h.horse_name)).size).toBe(sut.horses.length);
      expect(sut.horses.filter((h) => h.horse_name.length > 18)).toEqual([]);
      expect(new Set(sut.horses.map((h) => h.horse_number)).size).toBe(sut.horses.length);
    });

    it('should give tracks unique names', () => {
      expect(new Set(sut.tracks.map((t) => t.track_name)).size).toBe(sut.tracks.length);
    });

    it('should number ids 1..n in every table with an id', () => {
      for (const rows of [
        sut.breeds,
        sut.bet_types,
        sut.jockeys,
        sut.horses,
        sut.tracks,
        sut.races,
        sut.race_results,
      ]) {
        expect(rows.map((r) => r.id)).toEqual(rows.map((_, i) => i + 1));
      }
    });

    it('should run at most one race per track, date and race number', () => {
      const keys = sut.races.map((r) => `${r.track_id}|${r.race_date}|${r.race_number}`);

      expect(new Set(keys).size).toBe(keys.length);
    });
  });

  describe('tracks and schedule', () => {
    it('should spread the tracks over every whole-hour UTC offset from −11 to +12', () => {
      const offsets = sut.tracks.map((t) => t.utc_offset_minutes);
      expect(new Set(offsets.map((m) => m / 60))).toEqual(new Set(Array.from({ length: 24 }, (_, i) => i - 11)));
      // Live racing runs in each track's local afternoon: about 3 tracks share each zone.
      const perZone = [...groupBy(offsets, (m) => m).values()].map((g) => g.length);
      expect(Math.max(...perZone) - Math.min(...perZone)).toBeLessThanOrEqual(1);
    });

    it('should give every track a card within the limits', () => {
      for (const track of sut.tracks) {
        expect(track.start_time >= '11:00:00' && track.start_time <= '14:00:00').toBe(true);
        expect(track.post_time).toBe(track.start_time);
        expect(track.daily_races).toBeGreaterThanOrEqual(6);
        expect(track.daily_races).toBeLessThanOrEqual(13);
        expect(track.race_intervals).toBeGreaterThanOrEqual(20);
        expect(track.race_intervals).toBeLessThanOrEqual(35);
        expect(['Dirt', 'Turf', 'Synthetic']).toContain(track.surface_type);
        expect(distanceFromFurlongs(track.furlongs)).toEqual({
          furlongs: track.furlongs,
          miles: track.miles,
          meters: track.meters,
        });
        expect(track.race_dates.length).toBeGreaterThan(0);
        expect([...track.race_dates].sort()).toEqual(track.race_dates);
        expect(track.purse_sizes_cents).toContain(track.purse_cents);
      }
    });

    it('should run races only on their track race dates within the history window up to the base date', () => {
      const tracks = new Map(sut.tracks.map((t) => [t.id, t]));
      const first = new Date(Date.parse(`${BASE_DATE}T00:00:00Z`) - (HISTORY_DAYS - 1) * 86_400_000)
        .toISOString()
        .slice(0, 10);

      const wrong = sut.races.filter(
        (race) =>
          !tracks.get(race.track_id)?.race_dates.includes(race.race_date) ||
          race.race_date < first ||
          race.race_date > BASE_DATE,
      );

      expect(wrong).toEqual([]);
    });

    it('should start every race at its track start plus the race intervals', () => {
      const tracks = new Map(sut.tracks.map((t) => [t.id, t]));

      const wrong = sut.races.filter((race) => {
        const track = tracks.get(race.track_id);
        return (
          !track ||
          race.race_number > track.daily_races ||
          race.starting_time !== raceStartTime(track.start_time, race.race_number, track.race_intervals)
        );
      });

      expect(wrong).toEqual([]);
    });

    it('should run every race over one of its track distances', () => {
      const tracks = new Map(sut.tracks.map((t) => [t.id, t]));

      const wrong = sut.races.filter(
        (race) =>
          !tracks.get(race.track_id)?.distances_furlongs.includes(race.furlongs) ||
          distanceFromFurlongs(race.furlongs).meters !== race.meters ||
          distanceFromFurlongs(race.furlongs).miles !== race.miles,
      );

      expect(wrong).toEqual([]);
    });
  });

  describe('horses', () => {
    it('should give plausible ages, sizes and colours', () => {
      const base = new Date(`${BASE_DATE}T00:00:00Z`);
      const colors = ['bay', 'black', 'chestnut', 'gray', 'palomino', 'roan'];

      const wrong = sut.horses.filter((horse) => {
        const dob = new Date(`${horse.dob}T00:00:00Z`);
        const birthdayPassed =
          base.getUTCMonth() > dob.getUTCMonth() ||
          (base.getUTCMonth() === dob.getUTCMonth() && base.getUTCDate() >= dob.getUTCDate());
        return (
          horse.age !== base.getUTCFullYear() - dob.getUTCFullYear() - (birthdayPassed ? 0 : 1) ||
          horse.age < 2 ||
          horse.age > 9 ||
          (horse.gender !== 'male' && horse.gender !== 'female') ||
          !colors.includes(horse.color) ||
          horse.height_hands < 14 ||
          horse.height_hands > 18 ||
          horse.weight_lbs % 25 !== 0 ||
          horse.weight_lbs < 400 ||
          horse.weight_lbs > 2200 ||
          horse.user_id !== null
        );
      });

      expect(wrong).toEqual([]);
    });

    it('should point every horse at existing connections and breed', () => {
      const ids = (rows: readonly { id: number }[]) => new Set(rows.map((r) => r.id));
      const [breeds, jockeys, trainers, owners] = [
        ids(sut.breeds),
        ids(sut.jockeys),
        ids(sut.trainers),
        ids(sut.owners),
      ];

      const broken = sut.horses.filter(
        (h) =>
          !breeds.has(h.breed_id) ||
          !jockeys.has(h.jockey_id) ||
          !trainers.has(h.trainer_id) ||
          !owners.has(h.owner_id),
      );

      expect(broken).toEqual([]);
    });
  });

  describe('integrity', () => {
    it('should reference only existing rows from entries, results, finishers and auction lots', () => {
      const races = new Set(sut.races.map((r) => r.id));
      const results = new Set(sut.race_results.map((r) => r.id));
      const horses = new Set(sut.horses.map((h) => h.id));
      const jockeys = new Set(sut.jockeys.map((j) => j.id));
      const trainers = new Set(sut.trainers.map((t) => t.id));
      const owners = new Set(sut.owners.map((o) => o.id));
      const connected = (row: { horse_id: number; jockey_id: number; trainer_id: number; owner_id: number }) =>
        horses.has(row.horse_id) &&
        jockeys.has(row.jockey_id) &&
        trainers.has(row.trainer_id) &&
        owners.has(row.owner_id);

      expect(sut.race_entries.filter((e) => !races.has(e.race_id) || !connected(e))).toEqual([]);
      expect(sut.race_result_finishers.filter((f) => !results.has(f.result_id) || !connected(f))).toEqual([]);
      expect(sut.race_results.filter((r) => !races.has(r.race_id) || !horses.has(r.winner_horse_id))).toEqual([]);
      expect(sut.auction_horses.filter((a) => a.horse_id === null || !horses.has(a.horse_id))).toEqual([]);
    });

    it('should field 6 to 12 runners in post positions 1..n, num_horses matching the entries', () => {
      const entries = groupBy(sut.race_entries, (e) => e.race_id);

      const wrong = sut.races.filter((race) => {
        const field = entries.get(race.id) ?? [];
        const posts = field.map((e) => e.post_position).sort((a, b) => a - b);
        return (
          race.num_horses !== field.length ||
          field.length < 6 ||
          field.length > 12 ||
          posts.some((post, i) => post !== i + 1) ||
          new Set(field.map((e) => e.horse_id)).size !== field.length ||
          new Set(field.map((e) => e.jockey_id)).size !== field.length
        );
      });

      expect(wrong).toEqual([]);
    });

    it('should never run a horse twice on one day', () => {
      const dates = new Map(sut.races.map((r) => [r.id, r.race_date]));
      const keys = sut.race_entries.map((e) => `${e.horse_id}|${dates.get(e.race_id)}`);

      expect(new Set(keys).size).toBe(keys.length);
    });

    it('should run horses with their own trainer and owner, usually under their regular jockey', () => {
      const horses = new Map(sut.horses.map((h) => [h.id, h]));

      const regular = sut.race_entries.filter((e) => horses.get(e.horse_id)?.jockey_id === e.jockey_id).length;

      expect(
        sut.race_entries.filter((e) => {
          const horse = horses.get(e.horse_id);
          return horse?.trainer_id !== e.trainer_id || horse?.owner_id !== e.owner_id;
        }),
      ).toEqual([]);
      expect(regular / sut.race_entries.length).toBeGreaterThan(0.6);
    });

    it('should match each result to its entries and rank finishers by strictly increasing time', () => {
      const entries = groupBy(sut.race_entries, (e) => e.race_id);
      const finishers = groupBy(sut.race_result_finishers, (f) => f.result_id);
      const races = new Map(sut.races.map((r) => [r.id, r]));

      const wrong = sut.race_results.filter((result) => {
        const race = races.get(result.race_id);
        const field = finishers.get(result.id) ?? [];
        const byPost = new Map((entries.get(result.race_id) ?? []).map((e) => [e.post_position, e]));
        const winner = field[0];
        return (
          !race ||
          !winner ||
          result.num_horses !== race.num_horses ||
          field.length !== race.num_horses ||
          field.some((f, i) => f.finish_position !== i + 1) ||
          field.some((f, i) => i > 0 && f.finish_time_ms <= (field[i - 1]?.finish_time_ms ?? 0)) ||
          field.some((f) => {
            const entry = byPost.get(f.post_position);
            return entry?.horse_id !== f.horse_id || entry?.jockey_id !== f.jockey_id;
          }) ||
          field.some((f) => f.speed_figure !== speedFigure(race.meters, f.finish_time_ms)) ||
          result.winner_horse_id !== winner.horse_id ||
          result.winner_post_position !== winner.post_position ||
          result.race_duration_ms !== winner.finish_time_ms ||
          result.wire_position !== 0.98 ||
          result.horse_positions !== null ||
          result.finished_at !== `${race.race_date}T${race.starting_time}.000Z`
        );
      });

      expect(wrong).toEqual([]);
    });

    it('should pay the purse 60/20/11/6/3 to the first five', () => {
      const purses = new Map(sut.races.map((r) => [r.id, r.purse_cents]));

      const wrong = [...groupBy(sut.race_result_finishers, (f) => f.result_id)].filter(([resultId, field]) => {
        const expected = [...purseSplit(purses.get(resultId) ?? 0), ...field.slice(5).map(() => 0)];
        return field.some((f, i) => f.earnings_cents !== expected[i]);
      });

      expect(wrong).toEqual([]);
    });
  });

  describe('consistency', () => {
    it('should make every horse earnings equal the sum of its finishers earnings', () => {
      const sums = sumBy(
        sut.race_result_finishers,
        (f) => f.horse_id,
        (f) => f.earnings_cents,
      );

      expect(sut.horses.filter((h) => h.earnings_cents !== (sums.get(h.id) ?? 0))).toEqual([]);
    });

    it('should make every jockey earnings equal the sum of his mounts finisher earnings', () => {
      const sums = sumBy(
        sut.race_result_finishers,
        (f) => f.jockey_id,
        (f) => f.earnings_cents,
      );

      expect(sut.jockeys.filter((j) => j.earnings_cents !== (sums.get(j.id) ?? 0))).toEqual([]);
    });
  });

  describe('plausibility', () => {
    it('should produce a median 6-furlong winning time between 68 and 75 seconds', () => {
      const sixFurlongs = new Set(sut.races.filter((r) => r.furlongs === 6).map((r) => r.id));

      const times = sut.race_results.filter((r) => sixFurlongs.has(r.race_id)).map((r) => r.race_duration_ms);

      expect(times.length).toBeGreaterThan(100);
      expect(median(times)).toBeGreaterThanOrEqual(68_000);
      expect(median(times)).toBeLessThanOrEqual(75_000);
    });

    it('should produce a median one-mile winning time between 94 and 100 seconds', () => {
      const mile = new Set(sut.races.filter((r) => r.furlongs === 8).map((r) => r.id));

      const times = sut.race_results.filter((r) => mile.has(r.race_id)).map((r) => r.race_duration_ms);

      expect(median(times)).toBeGreaterThanOrEqual(94_000);
      expect(median(times)).toBeLessThanOrEqual(100_000);
    });

    it('should let horses that win once win again more often than chance', () => {
      // Hidden ability makes form repeat: winners of a first start win later more than 1 in field size.
      const dates = new Map(sut.races.map((r) => [r.id, r.race_date]));
      const starts = groupBy(
        [...sut.race_result_finishers].sort((a, b) =>
          (dates.get(a.result_id) ?? '').localeCompare(dates.get(b.result_id) ?? ''),
        ),
        (f) => f.horse_id,
      );
      let laterStarts = 0;
      let laterWins = 0;
      for (const history of starts.values()) {
        if (history[0]?.finish_position !== 1) continue;
        laterStarts += history.length - 1;
        laterWins += history.slice(1).filter((f) => f.finish_position === 1).length;
      }

      expect(laterWins / laterStarts).toBeGreaterThan(1.5 / 9);
    });
  });

  it('should reject a malformed base date or scale', () => {
    expect(() => generateSeedData({ seed: 1, baseDate: '2026-02-30' })).toThrow(RangeError);
    expect(() => generateSeedData({ seed: 1, baseDate: BASE_DATE, scale: 0 })).toThrow(RangeError);
    expect(() => generateSeedData({ seed: 1, baseDate: BASE_DATE, scale: 2 })).toThrow(RangeError);
  });
});

describe(purseSplit.name, () => {
  it('should split a purse 60/20/11/6/3 and sum to the purse', () => {
    expect(purseSplit(10_000_000)).toEqual([6_000_000, 2_000_000, 1_100_000, 600_000, 300_000]);
    expect(purseSplit(1_234_567).reduce((a, b) => a + b, 0)).toBe(1_234_567);
  });
});

describe(weightForHeight.name, () => {
  it('should follow the spec table at whole hands and interpolate between', () => {
    expect([14, 15, 16, 17, 18].map(weightForHeight)).toEqual([500, 800, 1000, 1200, 1800]);
    expect(weightForHeight(15.5)).toBe(900);
  });
});
