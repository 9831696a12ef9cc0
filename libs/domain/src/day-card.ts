import { distanceFromFurlongs } from './distance';
import { Prng } from './prng';
import { type RaceConditions, raceConditions } from './race-conditions';
import { parseClockTime } from './schedule';

/** At most 13 races per track and day (spec §9). */
export const MAX_DAILY_RACES = 13;
/** A current race runs 6 to 12 horses (spec §9). */
export const MIN_RUNNERS = 6;
export const MAX_RUNNERS = 12;

/** What a new current race takes when its track leaves a value out (spec §9). */
export const CURRENT_RACE_DEFAULTS = {
  postTime: '12:00:00',
  weather: 'Clear',
  surfaceType: 'Turf',
  trackCondition: 'Fast',
  purseCents: 0,
} as const;

/** The track fields a day card is built from; nulls and empty values take the spec §9 defaults. */
export interface DayCardTrack {
  id: number;
  /** Post time of race 1, the track's local clock time (hh:mm:ss). */
  start_time: string | null;
  /** The track's local time minus UTC, in minutes (e.g. −300 for New York in winter); 0 when absent. */
  utc_offset_minutes?: number | null;
  daily_races: number;
  race_intervals: number;
  /** The distance used when the track lists none. */
  furlongs: number;
  distances_furlongs: readonly number[];
  purse_sizes_cents: readonly number[];
  weather: string | null;
  surface_type: string | null;
  track_condition: string | null;
}

/** A horse that may be entered, with its regular jockey. */
export interface DayCardHorse {
  id: number;
  jockey_id: number | null;
}

export interface DayCardInput {
  /** The deployment's seed (config), so two deployments draw different cards. */
  seed: number;
  /** The calendar day, YYYY-MM-DD. */
  date: string;
  track: DayCardTrack;
  horses: readonly DayCardHorse[];
  jockeyIds: readonly number[];
  /** Horses already on this card (a card that is being completed), never drawn again. */
  excludeHorseIds?: readonly number[];
}

export interface PlannedRunner {
  post_position: number;
  horse_id: number;
  jockey_id: number;
}

/** A race of the card: its conditions (class, name) are decided with it, from its purse, trip and surface. */
export interface PlannedRace extends RaceConditions {
  race_number: number;
  post_time: Date;
  furlongs: number;
  miles: number;
  meters: number;
  weather: string;
  surface_type: string;
  track_condition: string;
  purse_cents: number;
  runners: PlannedRunner[];
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a YYYY-MM-DD calendar day, or null when the text is not a real date. */
export function parseCalendarDate(text: string): Date | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text ? date : null;
}

function clockSeconds(text: string | null): number {
  try {
    return parseClockTime(text ?? CURRENT_RACE_DEFAULTS.postTime);
  } catch {
    return parseClockTime(CURRENT_RACE_DEFAULTS.postTime);
  }
}

function orDefault(value: string | null, fallback: string): string {
  return value && value.trim() !== '' ? value : fallback;
}

/**
 * Post time of race n on a calendar day (the track's local day):
 * day + track start − UTC offset + (n − 1) × interval minutes (spec §9). The track's clock times
 * are local; `utcOffsetMinutes` (local − UTC) turns them into an instant. Unlike raceStartTime, a
 * late card runs on past midnight into the next day instead of wrapping back to the morning.
 */
export function racePostTime(
  date: string,
  trackStart: string | null,
  raceNumber: number,
  intervalMinutes: number,
  utcOffsetMinutes = 0,
): Date {
  const day = parseCalendarDate(date);
  if (!day) throw new RangeError(`not a calendar date (YYYY-MM-DD): '${date}'`);
  if (!Number.isInteger(raceNumber) || raceNumber < 1) throw new RangeError(`race number must be ≥ 1: ${raceNumber}`);
  const seconds = clockSeconds(trackStart) - utcOffsetMinutes * 60 + (raceNumber - 1) * intervalMinutes * 60;
  return new Date(day.getTime() + seconds * 1000);
}

/**
 * Draws a track's card for one day: races 1..daily_races (at most 13), each with 6–12 runners,
 * no horse twice on the card, no jockey twice in a race (a horse keeps its own jockey when it can).
 * A pure function of its input: the same seed, track, date and candidates give the same card.
 */
export function planDayCard(input: DayCardInput): PlannedRace[] {
  const { track, date } = input;
  const raceCount = Math.max(0, Math.min(MAX_DAILY_RACES, Math.floor(track.daily_races)));
  const prng = new Prng(`day-card:${input.seed}:${track.id}:${date}`);
  const excluded = new Set(input.excludeHorseIds ?? []);
  // Sorted first, so the draw does not depend on the order the database returned the rows in.
  const horses = input.horses.filter((h) => !excluded.has(h.id)).sort((a, b) => a.id - b.id);
  const jockeyIds = [...new Set(input.jockeyIds)].sort((a, b) => a - b);
  if (raceCount > 0 && jockeyIds.length < MAX_RUNNERS) {
    throw new RangeError(`a day card needs at least ${MAX_RUNNERS} jockeys, got ${jockeyIds.length}`);
  }

  const fieldSizes = Array.from({ length: raceCount }, () => prng.int(MIN_RUNNERS, MAX_RUNNERS));
  const needed = fieldSizes.reduce((sum, n) => sum + n, 0);
  if (horses.length < raceCount * MIN_RUNNERS) {
    throw new RangeError(`a card of ${raceCount} races needs ${raceCount * MIN_RUNNERS} horses, got ${horses.length}`);
  }
  // With too few horses for the drawn sizes, later races shrink (never below 6: checked above).
  const drawn = prng.sample(horses, Math.min(needed, horses.length));

  const distances = track.distances_furlongs.filter((f) => f > 0);
  const purses = track.purse_sizes_cents.filter((p) => Number.isInteger(p) && p >= 0);
  const weather = orDefault(track.weather, CURRENT_RACE_DEFAULTS.weather);
  const surfaceType = orDefault(track.surface_type, CURRENT_RACE_DEFAULTS.surfaceType);
  const trackCondition = orDefault(track.track_condition, CURRENT_RACE_DEFAULTS.trackCondition);

  const races: PlannedRace[] = [];
  let next = 0;
  for (let n = 1; n <= raceCount; n++) {
    const racesLeft = raceCount - n;
    const size = Math.min(fieldSizes[n - 1] as number, drawn.length - next - racesLeft * MIN_RUNNERS);
    const field = drawn.slice(next, next + size);
    next += size;
    const distance = distanceFromFurlongs(distances.length > 0 ? prng.pick(distances) : track.furlongs);
    const purseCents = purses.length > 0 ? prng.pick(purses) : CURRENT_RACE_DEFAULTS.purseCents;
    races.push({
      race_number: n,
      post_time: racePostTime(date, track.start_time, n, track.race_intervals, track.utc_offset_minutes ?? 0),
      furlongs: distance.furlongs,
      miles: distance.miles,
      meters: distance.meters,
      weather,
      surface_type: surfaceType,
      track_condition: trackCondition,
      purse_cents: purseCents,
      // Its own stream (keyed by the race), so the draws of the card stay what they were.
      ...raceConditions({
        key: `${track.id}:${date}:${n}`,
        purseCents,
        furlongs: distance.furlongs,
        surface: surfaceType,
      }),
      runners: assignJockeys(prng, field, jockeyIds),
    });
  }
  return races;
}

// Own jockeys first (the lower post keeps a shared one), then the others from a shuffled list.
function assignJockeys(prng: Prng, field: readonly DayCardHorse[], jockeyIds: readonly number[]): PlannedRunner[] {
  const used = new Set<number>();
  const own = field.map((horse) => {
    if (horse.jockey_id === null || used.has(horse.jockey_id)) return null;
    used.add(horse.jockey_id);
    return horse.jockey_id;
  });
  const spare = prng.shuffle(jockeyIds).filter((id) => !used.has(id));
  return field.map((horse, i) => ({
    post_position: i + 1,
    horse_id: horse.id,
    jockey_id: own[i] ?? (spare.shift() as number),
  }));
}

/**
 * A race added to a track's day beside its card (an admin schedules a created race): the track's
 * first listed distance and purse (or its defaults), its surface, going and weather, and the class
 * and conditions `raceConditions` gives them; the runners as given (posts 1..n).
 *
 * @throws RangeError for a race number outside 1..{@link MAX_DAILY_RACES} or a field outside
 *   {@link MIN_RUNNERS}..{@link MAX_RUNNERS}
 */
export function extraRace(input: {
  track: DayCardTrack;
  date: string;
  raceNumber: number;
  postTime: Date;
  runners: readonly PlannedRunner[];
}): PlannedRace {
  const { track, raceNumber, runners } = input;
  if (!Number.isInteger(raceNumber) || raceNumber < 1 || raceNumber > MAX_DAILY_RACES) {
    throw new RangeError(`extraRace: race number must be 1..${MAX_DAILY_RACES}, got ${raceNumber}`);
  }
  if (runners.length < MIN_RUNNERS || runners.length > MAX_RUNNERS) {
    throw new RangeError(`extraRace: a field is ${MIN_RUNNERS} to ${MAX_RUNNERS} runners, got ${runners.length}`);
  }
  const distance = distanceFromFurlongs(track.distances_furlongs.find((f) => f > 0) ?? track.furlongs);
  const purseCents =
    track.purse_sizes_cents.find((p) => Number.isInteger(p) && p >= 0) ?? CURRENT_RACE_DEFAULTS.purseCents;
  const surfaceType = orDefault(track.surface_type, CURRENT_RACE_DEFAULTS.surfaceType);
  return {
    race_number: raceNumber,
    post_time: input.postTime,
    furlongs: distance.furlongs,
    miles: distance.miles,
    meters: distance.meters,
    weather: orDefault(track.weather, CURRENT_RACE_DEFAULTS.weather),
    surface_type: surfaceType,
    track_condition: orDefault(track.track_condition, CURRENT_RACE_DEFAULTS.trackCondition),
    purse_cents: purseCents,
    ...raceConditions({
      key: `${track.id}:${input.date}:${raceNumber}`,
      purseCents,
      furlongs: distance.furlongs,
      surface: surfaceType,
    }),
    runners: runners.map((r, i) => ({ ...r, post_position: i + 1 })),
  };
}
