import {
  BET_TYPES,
  breederName,
  CLAIMING_PRICES,
  distanceFromFurlongs,
  formatDollars,
  type HorseSex,
  horseName,
  OPTIONAL_CLAIMING_PRICES,
  ownerName,
  Prng,
  personName,
  pickTrackLocations,
  type RaceClass,
  type RacingCountry,
  raceName,
  raceStartTime,
  speedFigure,
  trackName,
  uniqueName,
} from '@furlong/domain';

export interface SeedOptions {
  seed: number;
  /** The last day of history, 'YYYY-MM-DD'; races are run in the ~120 days up to and including it. */
  baseDate: string;
  /** 1 = full size; smaller values shrink every count proportionally (for fast tests). */
  scale?: number;
}

export interface BreedRow {
  id: number;
  breed_name: string;
  breed_description: string;
}

export interface BetTypeRow {
  id: number;
  bet_type: string;
  description: string;
  legs: number;
  horses_required: number;
  ordered: boolean;
  sort_order: number;
}

export interface JockeyRow {
  id: number;
  jockey_name: string;
  earnings_cents: number;
}

export interface TrainerRow {
  id: number;
  trainer_name: string;
}

export interface OwnerRow {
  id: number;
  owner_name: string;
}

export interface HorseRow {
  id: number;
  horse_name: string;
  horse_number: number;
  breed_id: number;
  dob: string;
  age: number;
  gender: HorseSex;
  color: string;
  height_hands: number;
  weight_lbs: number;
  sire: string;
  dam: string;
  breeder: string;
  jockey_id: number;
  trainer_id: number;
  owner_id: number;
  user_id: number | null;
  earnings_cents: number;
}

export interface ImageRow {
  id: number;
  image_name: string;
}

export interface TrackRow {
  id: number;
  track_name: string;
  location: string;
  start_time: string;
  utc_offset_minutes: number;
  daily_races: number;
  race_intervals: number;
  surface_type: string;
  track_condition: string;
  weather: string;
  miles: number;
  furlongs: number;
  meters: number;
  post_time: string;
  purse_cents: number;
  race_dates: string[];
  wager_types: string[];
  distances_furlongs: number[];
  purse_sizes_cents: number[];
}

export interface RaceRow {
  id: number;
  race_name: string;
  race_date: string;
  race_number: number;
  starting_time: string;
  race_class: RaceClass;
  num_horses: number;
  track_id: number;
  location: string;
  miles: number;
  furlongs: number;
  meters: number;
  weather: string;
  surface_type: string;
  track_condition: string;
  purse_cents: number;
}

export interface RaceEntryRow {
  race_id: number;
  post_position: number;
  horse_id: number;
  jockey_id: number;
  trainer_id: number;
  owner_id: number;
}

export interface RaceResultRow {
  id: number;
  race_id: number;
  num_horses: number;
  winner_horse_id: number;
  winner_post_position: number;
  race_duration_ms: number;
  wire_position: number;
  horse_positions: number[][] | null;
  /** ISO timestamp (UTC). */
  finished_at: string;
}

export interface RaceResultFinisherRow {
  result_id: number;
  finish_position: number;
  post_position: number;
  horse_id: number;
  jockey_id: number;
  trainer_id: number;
  owner_id: number;
  finish_time_ms: number;
  speed_figure: number;
  earnings_cents: number;
}

export interface AuctionHorseRow {
  id: number;
  horse_id: number | null;
  name: string;
  breed: string;
  age: number;
  image: string | null;
  description: string;
  starting_bid_cents: number;
}

/** Plain rows for every seeded table, ids assigned, in foreign-key order. */
export interface SeedData {
  breeds: BreedRow[];
  bet_types: BetTypeRow[];
  jockeys: JockeyRow[];
  trainers: TrainerRow[];
  owners: OwnerRow[];
  horses: HorseRow[];
  images: ImageRow[];
  tracks: TrackRow[];
  races: RaceRow[];
  race_entries: RaceEntryRow[];
  race_results: RaceResultRow[];
  race_result_finishers: RaceResultFinisherRow[];
  auction_horses: AuctionHorseRow[];
}

/** Counts at scale 1. */
export const FULL_SIZE = {
  jockeys: 600,
  trainers: 300,
  owners: 1000,
  horses: 6000,
  tracks: 72,
  races: 3600,
} as const;

/** Days of history, ending on the base date. */
export const HISTORY_DAYS = 120;

/** Share of the purse for finishing positions 1–5 (the usual North American split). */
export const PURSE_SHARES = [0.6, 0.2, 0.11, 0.06, 0.03] as const;

const MIN_RUNNERS = 6;
const MAX_RUNNERS = 12;
const WIRE_POSITION = 0.98;
// Trainers rarely run a horse again within two weeks; relaxed only when a field cannot be filled.
const REST_DAYS = 14;
const DAY_MS = 86_400_000;

const BREEDS: readonly Omit<BreedRow, 'id'>[] = [
  {
    breed_name: 'Thoroughbred',
    breed_description: 'The flat-racing breed: hot-blooded, tall and fast over sprint and route distances.',
  },
  {
    breed_name: 'Quarter Horse',
    breed_description: 'Stocky and explosive, bred to outrun others over a quarter mile or less.',
  },
  {
    breed_name: 'Arabian',
    breed_description: 'An ancient desert breed with great stamina, raced mostly over longer distances.',
  },
  {
    breed_name: 'Standardbred',
    breed_description: 'The harness-racing breed, trotting or pacing in front of a sulky.',
  },
  {
    breed_name: 'Appaloosa',
    breed_description: 'A spotted American breed with its own racing circuit.',
  },
  {
    breed_name: 'Paint Horse',
    breed_description: 'A stock-type breed with white-patterned coats, raced at Quarter Horse distances.',
  },
  {
    breed_name: 'Anglo-Arab',
    breed_description: 'A Thoroughbred and Arabian cross combining speed with endurance.',
  },
  {
    breed_name: 'Akhal-Teke',
    breed_description: 'A lean Turkmen breed known for its metallic sheen and endurance.',
  },
];
// Breed ids are 1-based in BREEDS order; most runners on a flat card are Thoroughbreds.
const BREED_WEIGHTS = [92, 2, 2, 0.5, 1, 0.5, 1.5, 0.5];
// Hidden ability offset of each breed against Thoroughbreds (in ability standard deviations).
const BREED_ABILITY = [0, -0.6, -0.9, -1.2, -0.8, -0.7, -0.5, -0.8];

const COLORS = ['bay', 'black', 'chestnut', 'gray', 'palomino', 'roan'] as const;
const COLOR_WEIGHTS = [44, 10, 30, 10, 2, 4];

const AGE_WEIGHTS: readonly [number, number][] = [
  [2, 12],
  [3, 25],
  [4, 22],
  [5, 16],
  [6, 11],
  [7, 7],
  [8, 4],
  [9, 3],
];

const SURFACES = ['Dirt', 'Turf', 'Synthetic'] as const;
type Surface = (typeof SURFACES)[number];

const SURFACE_WEIGHTS: Record<RacingCountry, readonly number[]> = {
  USA: [65, 17, 18],
  CAN: [45, 20, 35],
  UK: [4, 80, 16],
  IRE: [3, 90, 7],
  AUS: [5, 85, 10],
  NZ: [3, 90, 7],
};

const DISTANCES: Record<Surface, readonly number[]> = {
  Dirt: [5, 5.5, 6, 6.5, 7, 8, 8.5, 9, 10],
  Turf: [5, 5.5, 6, 7, 7.5, 8, 8.5, 9, 10, 11, 12],
  Synthetic: [5, 5.5, 6, 6.5, 7, 8, 8.5, 9],
};

const WEATHERS = ['Clear', 'Sunny', 'Partly Cloudy', 'Cloudy', 'Overcast', 'Windy', 'Showers', 'Rain'] as const;
type Weather = (typeof WEATHERS)[number];
const DRY_WEIGHTS = [30, 25, 15, 12, 8, 4, 4, 2];
const DAMP_WEIGHTS = [12, 8, 15, 20, 18, 7, 12, 8];

// How fast a surface and its going ride, against fast dirt (1.0): turf is a touch quicker, mud and soft ground slower.
const SURFACE_SPEED: Record<Surface, number> = { Dirt: 1, Turf: 1.006, Synthetic: 0.997 };
const CONDITION_SPEED: Record<string, number> = {
  Fast: 1,
  Firm: 1,
  Good: 0.992,
  'Wet Fast': 0.996,
  Sloppy: 0.99,
  Muddy: 0.982,
  Yielding: 0.982,
  Soft: 0.97,
};

// An average horse covers 6 furlongs (1,207 m) in about 72 s on fast dirt; longer trips are run slower.
const PAR_SPEED_6F = 16.78;
const PAR_SLOWDOWN_PER_LOG = 0.9;
const PAR_METERS = 1207;
// Speed gained per standard deviation of ability, and the race-day randomness.
const ABILITY_SPEED = 0.014;
const NOISE_SPEED = 0.007;

const OTHER_CLASSES: readonly RaceClass[] = [
  'Maiden Claiming',
  'Maiden Special Weight',
  'Claiming',
  'Starter Allowance',
  'Allowance',
  'Allowance Optional Claiming',
];
const OTHER_CLASS_WEIGHTS = [14, 16, 40, 6, 12, 12];

// Which part of the ability ranking a class draws from (percentiles): better races, better horses.
const CLASS_BANDS: Record<RaceClass, readonly [number, number]> = {
  'Maiden Claiming': [0, 0.6],
  'Maiden Special Weight': [0.2, 1],
  Claiming: [0, 0.65],
  'Starter Allowance': [0.15, 0.7],
  Allowance: [0.4, 0.9],
  'Allowance Optional Claiming': [0.5, 0.95],
  Stakes: [0.75, 1],
  'Graded Stakes': [0.88, 1],
};

// The claiming ladder and the optional claiming prices are the domain's (live races price on them too).
const CLAIMING_LADDER = CLAIMING_PRICES;
const STAKES_PURSES = [100000, 125000, 150000, 175000, 200000, 250000];
const GRADED_PURSES: Record<1 | 2 | 3, readonly number[]> = {
  1: [500000, 750000, 1000000],
  2: [300000, 400000, 500000],
  3: [200000, 250000, 300000],
};

const FIELD_SIZES = [6, 7, 8, 9, 10, 11, 12];
const FIELD_SIZE_WEIGHTS = [8, 12, 17, 18, 17, 14, 14];
const DAILY_RACES = [6, 7, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 12, 13];
const RACE_WEEKDAYS = [3, 4, 5, 6, 0]; // Wednesday to Sunday (0 = Sunday)

interface TrackPlan {
  row: TrackRow;
  country: RacingCountry;
  surface: Surface;
  /** 0.4 (a small county track) to 1.6 (a major circuit): scales purses and claiming levels. */
  tier: number;
  claimingPrices: number[];
  candidateDays: number[];
  raceDays: number[];
}

interface HorseState {
  row: HorseRow;
  ability: number;
  /** Percentile of ability among all horses, 0 (worst) to 1 (best). */
  percentile: number;
  optimalFurlongs: number;
  surfacePreference: Record<Surface, number>;
  dobParts: DateParts;
  lastRaceDay: number;
  wins: number;
}

interface DateParts {
  year: number;
  month: number;
  day: number;
}

/**
 * Builds the whole reference database and ~120 days of racing history from a seed. Pure: the same
 * options always give deep-equal data (everything comes from `new Prng(seed)` and its forks).
 */
export function generateSeedData(options: SeedOptions): SeedData {
  const scale = options.scale ?? 1;
  if (!(scale > 0 && scale <= 1)) throw new RangeError(`scale must be in (0, 1], got ${scale}`);
  const baseDay = parseDay(options.baseDate);
  const firstDay = baseDay - HISTORY_DAYS + 1;

  const root = new Prng(options.seed);
  const trackRng = root.fork('tracks');
  const peopleRng = root.fork('people');
  const horseRng = root.fork('horses');
  const raceRng = root.fork('races');
  const miscRng = root.fork('misc');

  const breeds = BREEDS.map((breed, i) => ({ id: i + 1, ...breed }));
  const betTypes: BetTypeRow[] = BET_TYPES.map((type, i) => ({
    id: i + 1,
    bet_type: type.name,
    description: type.description,
    legs: type.legs,
    horses_required: type.horsesRequired,
    ordered: type.ordered,
    sort_order: i,
  }));

  const tracks = planTracks(trackRng, Math.max(2, Math.round(FULL_SIZE.tracks * scale)), firstDay, baseDay);
  scheduleRaceDays(trackRng, tracks, Math.round(FULL_SIZE.races * scale));

  // Size the pools so that the busiest day can always field full, distinct runners and riders.
  const tracksByDay = new Map<number, TrackPlan[]>();
  for (const track of tracks) {
    for (const day of track.raceDays) tracksByDay.set(day, [...(tracksByDay.get(day) ?? []), track]);
  }
  let peakRaces = 0;
  let peakTracks = 0;
  for (const dayTracks of tracksByDay.values()) {
    peakRaces = Math.max(
      peakRaces,
      dayTracks.reduce((sum, t) => sum + t.row.daily_races, 0),
    );
    peakTracks = Math.max(peakTracks, dayTracks.length);
  }

  const takenPeople = new Set<string>();
  const jockeyCount = Math.max(Math.round(FULL_SIZE.jockeys * scale), MAX_RUNNERS * (peakTracks + 1));
  const jockeys: JockeyRow[] = Array.from({ length: jockeyCount }, (_, i) => ({
    id: i + 1,
    jockey_name: uniqueName(takenPeople, () => personName(peopleRng)),
    earnings_cents: 0,
  }));
  const trainers: TrainerRow[] = Array.from(
    { length: Math.max(4, Math.round(FULL_SIZE.trainers * scale)) },
    (_, i) => ({
      id: i + 1,
      trainer_name: uniqueName(takenPeople, () => personName(peopleRng)),
    }),
  );
  const owners: OwnerRow[] = Array.from({ length: Math.max(4, Math.round(FULL_SIZE.owners * scale)) }, (_, i) => ({
    id: i + 1,
    owner_name: uniqueName(takenPeople, () => ownerName(peopleRng)),
  }));
  // Hidden quality rankings: the best jockeys and trainers get the best horses (and so win more).
  const jockeyByRank = peopleRng.shuffle(jockeys.map((j) => j.id));
  const trainerByRank = peopleRng.shuffle(trainers.map((t) => t.id));
  const ownerByRank = peopleRng.shuffle(owners.map((o) => o.id));
  const jockeySkill = new Map<number, number>();
  jockeyByRank.forEach((id, rank) => {
    jockeySkill.set(id, (0.5 - rank / jockeyByRank.length) * 0.3 + peopleRng.normal(0, 0.1));
  });

  const horseCount = Math.max(Math.round(FULL_SIZE.horses * scale), Math.ceil(peakRaces * MAX_RUNNERS * 1.5));
  const horses = makeHorses(horseRng, horseCount, baseDay, { jockeyByRank, trainerByRank, ownerByRank });

  const history = runHistory(raceRng, {
    tracks,
    tracksByDay,
    horses,
    jockeyIds: jockeys.map((j) => j.id),
    jockeySkill,
    firstDay,
    baseDay,
  });

  for (const finisher of history.finishers) {
    const horse = horses[finisher.horse_id - 1] as HorseState;
    horse.row.earnings_cents += finisher.earnings_cents;
    (jockeys[finisher.jockey_id - 1] as JockeyRow).earnings_cents += finisher.earnings_cents;
  }
  finishTracks(trackRng, tracks, history.races);

  const images = makeImages();
  const auctionHorses = makeAuctionLots(miscRng, horses, breeds, images, history.finishers);

  return {
    breeds,
    bet_types: betTypes,
    jockeys,
    trainers,
    owners,
    horses: horses.map((h) => h.row),
    images,
    tracks: tracks.map((t) => t.row),
    races: history.races,
    race_entries: history.entries,
    race_results: history.results,
    race_result_finishers: history.finishers,
    auction_horses: auctionHorses,
  };
}

/**
 * Spreads the tracks over the world's time zones: whole hours from −11 to +12, stepping by 7 (co-prime
 * with 24) so that any 24 consecutive tracks cover every zone once. Each card runs for a few hours of
 * its local afternoon, so at any hour of the UTC day some tracks are racing. Drawn without the PRNG,
 * so adding it left every other generated value as it was.
 */
export function trackUtcOffsetMinutes(index: number): number {
  return (((index * 7) % 24) - 11) * 60;
}

function planTracks(prng: Prng, count: number, firstDay: number, baseDay: number): TrackPlan[] {
  const locations = pickTrackLocations(prng, count);
  const plans = locations.map((location, i): TrackPlan => {
    const surface = weightedPick(prng, SURFACES, SURFACE_WEIGHTS[location.country]);
    const tier = 0.4 + 1.2 * prng.next() ** 2;
    const startTime = raceStartTime('11:00:00', 1 + prng.int(0, 12), 15);
    const distances = pickDistances(prng, surface);
    const usual = distanceFromFurlongs(surface === 'Turf' ? 8 : 6);
    const ladderStart = clamp(Math.round(((tier - 0.4) / 1.2) * 8) + prng.int(-1, 1), 0, CLAIMING_LADDER.length - 4);
    const weekdays = new Set(prng.sample(RACE_WEEKDAYS, prng.int(2, 4)));
    const candidateDays: number[] = [];
    for (let day = firstDay; day <= baseDay; day++) if (weekdays.has(weekday(day))) candidateDays.push(day);
    return {
      country: location.country,
      surface,
      tier,
      claimingPrices: CLAIMING_LADDER.slice(ladderStart, ladderStart + 4),
      candidateDays: prng.shuffle(candidateDays),
      raceDays: [],
      row: {
        id: i + 1,
        track_name: trackName(prng, location),
        location: location.name,
        start_time: startTime,
        utc_offset_minutes: trackUtcOffsetMinutes(i),
        daily_races: prng.pick(DAILY_RACES),
        race_intervals: prng.int(20, 35),
        surface_type: surface,
        track_condition: '',
        weather: '',
        miles: usual.miles,
        furlongs: usual.furlongs,
        meters: usual.meters,
        post_time: startTime,
        purse_cents: 0,
        race_dates: [],
        wager_types: [],
        distances_furlongs: distances,
        purse_sizes_cents: [],
      },
    };
  });
  // Pick 10 needs a ten-race card somewhere, so that every bet type is offered by some track.
  const biggest = plans.reduce((a, b) => (b.row.daily_races > a.row.daily_races ? b : a));
  if (biggest.row.daily_races < 10) biggest.row.daily_races = 12;
  return plans;
}

function pickDistances(prng: Prng, surface: Surface): number[] {
  const core = surface === 'Turf' ? [6, 8] : [6, 8.5];
  const extra = prng.sample(
    DISTANCES[surface].filter((f) => !core.includes(f)),
    prng.int(2, 4),
  );
  return [...core, ...extra].sort((a, b) => a - b);
}

/** Gives each track a few race days, then tops up until the target number of races is reached. */
function scheduleRaceDays(prng: Prng, tracks: TrackPlan[], targetRaces: number): void {
  let total = 0;
  const addDay = (track: TrackPlan): boolean => {
    const day = track.candidateDays[track.raceDays.length];
    if (day === undefined) return false;
    track.raceDays.push(day);
    total += track.row.daily_races;
    return true;
  };
  for (const track of tracks) {
    const days = prng.int(3, 6);
    for (let i = 0; i < days; i++) addDay(track);
  }
  while (total < targetRaces) {
    const open = tracks.filter((t) => t.raceDays.length < t.candidateDays.length);
    if (open.length === 0) break;
    addDay(prng.pick(open));
  }
  for (const track of tracks) track.raceDays.sort((a, b) => a - b);
}

interface Rankings {
  jockeyByRank: number[];
  trainerByRank: number[];
  ownerByRank: number[];
}

function makeHorses(prng: Prng, count: number, baseDay: number, rankings: Rankings): HorseState[] {
  const base = dayParts(baseDay);
  const takenNames = new Set<string>();
  const sexes: HorseSex[] = Array.from({ length: count }, () => (prng.chance(0.58) ? 'male' : 'female'));
  const names = sexes.map((sex) => uniqueName(takenNames, () => horseName(prng, sex)));
  // Sires and dams get their own names (not those of runners); popular stallions sire many foals.
  const sires = Array.from({ length: Math.max(10, Math.round(count / 15)) }, () =>
    uniqueName(takenNames, () => horseName(prng, 'male')),
  );
  const dams = Array.from({ length: Math.max(10, Math.round(count / 1.6)) }, () =>
    uniqueName(takenNames, () => horseName(prng, 'female')),
  );
  const breederPool = new Set<string>();
  const breeders = Array.from({ length: Math.max(5, Math.round(count / 12)) }, () =>
    uniqueName(breederPool, () => breederName(prng)),
  );
  const breedIds = BREEDS.map((_, i) => i + 1);
  // Registration numbers: an affine permutation of 7-digit numbers is unique without a lookup set.
  const numberOffset = prng.int(0, 8_999_999);

  const states = names.map((name, i): HorseState => {
    const sex = sexes[i] as HorseSex;
    const breedId = weightedPick(prng, breedIds, BREED_WEIGHTS);
    const age = weightedPick(
      prng,
      AGE_WEIGHTS.map(([a]) => a),
      AGE_WEIGHTS.map(([, w]) => w),
    );
    const dobDay = parseDay(formatParts(sameDayYearsBefore(base, age))) - prng.int(0, 364);
    const dobParts = dayParts(dobDay);
    const height = round1(clamp(prng.normal(16, 0.5), 14, 18));
    const weight = clamp(Math.round((weightForHeight(height) * (1 + prng.normal(0, 0.04))) / 25) * 25, 400, 2200);
    const ability = prng.normal(0, 1) + (BREED_ABILITY[breedId - 1] ?? 0);
    return {
      ability,
      percentile: 0,
      optimalFurlongs: clamp(prng.normal(7.5, 1.5), 5, 12),
      surfacePreference: { Dirt: prng.normal(0, 0.3), Turf: prng.normal(0, 0.3), Synthetic: prng.normal(0, 0.2) },
      dobParts,
      lastRaceDay: Number.NEGATIVE_INFINITY,
      wins: 0,
      row: {
        id: i + 1,
        horse_name: name,
        horse_number: 1_000_000 + ((i * 7_368_787 + numberOffset) % 9_000_000),
        breed_id: breedId,
        dob: formatDay(dobDay),
        age: wholeYears(dobParts, base),
        gender: sex,
        color: weightedPick(prng, COLORS, COLOR_WEIGHTS),
        height_hands: height,
        weight_lbs: weight,
        sire: prng.pick(sires.slice(0, 1 + Math.floor(sires.length * prng.next() ** 0.6))),
        dam: prng.pick(dams),
        breeder: prng.pick(breeders),
        jockey_id: 0,
        trainer_id: 0,
        owner_id: 0,
        user_id: null,
        earnings_cents: 0,
      },
    };
  });

  const byAbility = [...states].sort((a, b) => a.ability - b.ability);
  byAbility.forEach((state, rank) => {
    state.percentile = byAbility.length === 1 ? 0.5 : rank / (byAbility.length - 1);
  });
  for (const state of states) {
    state.row.jockey_id = rankedPick(prng, rankings.jockeyByRank, state.percentile, 0.2, 1.3);
    state.row.trainer_id = rankedPick(prng, rankings.trainerByRank, state.percentile, 0.25, 1.5);
    state.row.owner_id = rankedPick(prng, rankings.ownerByRank, state.percentile, 0.35, 2);
  }
  return states;
}

/**
 * An id from a quality ranking (index 0 = best) for a horse at ability percentile p: better horses
 * tend to land with better connections; `skew` > 1 gives the top of the ranking more horses.
 */
function rankedPick(prng: Prng, byRank: readonly number[], percentile: number, spread: number, skew: number): number {
  let x = 1 - percentile + prng.normal(0, spread);
  x = Math.abs(x) % 2;
  if (x > 1) x = 2 - x;
  const index = Math.min(byRank.length - 1, Math.floor(x ** skew * byRank.length));
  return byRank[index] as number;
}

interface HistoryInput {
  tracks: TrackPlan[];
  tracksByDay: Map<number, TrackPlan[]>;
  horses: HorseState[];
  jockeyIds: number[];
  jockeySkill: Map<number, number>;
  firstDay: number;
  baseDay: number;
}

interface History {
  races: RaceRow[];
  entries: RaceEntryRow[];
  results: RaceResultRow[];
  finishers: RaceResultFinisherRow[];
}

/** Runs every scheduled card day by day, so rest periods and maiden status follow the calendar. */
function runHistory(prng: Prng, input: HistoryInput): History {
  const history: History = { races: [], entries: [], results: [], finishers: [] };
  const byAbility = [...input.horses].sort((a, b) => a.percentile - b.percentile);
  for (let day = input.firstDay; day <= input.baseDay; day++) {
    const dayTracks = input.tracksByDay.get(day);
    if (!dayTracks) continue;
    const date = formatDay(day);
    const riders = new DayRiders(input.jockeyIds.length);
    const ordered = [...dayTracks].sort((a, b) => a.row.id - b.row.id);
    for (const [index, track] of ordered.entries()) {
      const reserve = MAX_RUNNERS * (ordered.length - index - 1);
      const weather = weightedPick(prng, WEATHERS, track.country === 'USA' ? DRY_WEIGHTS : DAMP_WEIGHTS);
      const condition = trackCondition(prng, track.surface, weather);
      const classes = cardClasses(prng, track);
      for (let raceNumber = 1; raceNumber <= track.row.daily_races; raceNumber++) {
        const raceClass = classes[raceNumber - 1] as RaceClass;
        runRace(prng, input, history, byAbility, riders, reserve, {
          track,
          day,
          date,
          raceNumber,
          raceClass,
          weather,
          condition,
        });
      }
    }
  }
  return history;
}

function cardClasses(prng: Prng, track: TrackPlan): RaceClass[] {
  const n = track.row.daily_races;
  const classes = Array.from({ length: n }, () => weightedPick(prng, OTHER_CLASSES, OTHER_CLASS_WEIGHTS));
  // The feature race, when there is one, goes second to last on the card.
  const stakesChance = 0.15 + (0.35 * (track.tier - 0.4)) / 1.2;
  if (prng.chance(stakesChance)) {
    classes[n - 2] = track.tier >= 1.1 && prng.chance(0.3) ? 'Graded Stakes' : 'Stakes';
  }
  return classes;
}

function trackCondition(prng: Prng, surface: Surface, weather: Weather): string {
  const wet = weather === 'Rain' ? 2 : weather === 'Showers' ? 1 : 0;
  if (surface === 'Turf') {
    if (wet === 2) return prng.chance(0.5) ? 'Yielding' : 'Soft';
    if (wet === 1) return prng.chance(0.6) ? 'Good' : 'Yielding';
    return prng.chance(0.7) ? 'Firm' : 'Good';
  }
  if (surface === 'Synthetic') return wet > 0 && prng.chance(0.3) ? 'Good' : 'Fast';
  if (wet === 2) return prng.chance(0.55) ? 'Sloppy' : 'Muddy';
  if (wet === 1) return weightedPick(prng, ['Good', 'Wet Fast', 'Sloppy'], [4, 3, 3]);
  return prng.chance(0.9) ? 'Fast' : 'Good';
}

interface RaceSlot {
  track: TrackPlan;
  day: number;
  date: string;
  raceNumber: number;
  raceClass: RaceClass;
  weather: Weather;
  condition: string;
}

function runRace(
  prng: Prng,
  input: HistoryInput,
  history: History,
  byAbility: HorseState[],
  riders: DayRiders,
  reserve: number,
  slot: RaceSlot,
): void {
  const { track, raceClass } = slot;
  const furlongs = prng.pick(track.row.distances_furlongs);
  const distance = distanceFromFurlongs(furlongs);
  const { name, purseDollars } = classTerms(prng, track, raceClass);
  const purseCents = Math.round(purseDollars) * 100;
  const raceId = history.races.length + 1;

  const runners = prng.shuffle(pickRunners(prng, byAbility, slot, weightedPick(prng, FIELD_SIZES, FIELD_SIZE_WEIGHTS)));
  const jockeyIds = assignJockeys(prng, input.jockeyIds, riders, track.row.id, reserve, runners);

  const startingTime = raceStartTime(track.row.start_time, slot.raceNumber, track.row.race_intervals);
  history.races.push({
    id: raceId,
    race_name: name,
    race_date: slot.date,
    race_number: slot.raceNumber,
    starting_time: startingTime,
    race_class: raceClass,
    num_horses: runners.length,
    track_id: track.row.id,
    location: track.row.location,
    miles: distance.miles,
    furlongs: distance.furlongs,
    meters: distance.meters,
    weather: slot.weather,
    surface_type: track.surface,
    track_condition: slot.condition,
    purse_cents: purseCents,
  });

  const par =
    (PAR_SPEED_6F - PAR_SLOWDOWN_PER_LOG * Math.log(distance.meters / PAR_METERS)) *
    SURFACE_SPEED[track.surface] *
    (CONDITION_SPEED[slot.condition] ?? 1);
  const runs = runners.map((horse, i) => {
    const jockeyId = jockeyIds[i] as number;
    history.entries.push({
      race_id: raceId,
      post_position: i + 1,
      horse_id: horse.row.id,
      jockey_id: jockeyId,
      trainer_id: horse.row.trainer_id,
      owner_id: horse.row.owner_id,
    });
    const form =
      horse.ability +
      horse.surfacePreference[track.surface] -
      1.2 * Math.log(furlongs / horse.optimalFurlongs) ** 2 +
      ageForm(wholeYears(horse.dobParts, dayParts(slot.day))) +
      (input.jockeySkill.get(jockeyId) ?? 0);
    const speed = par * (1 + ABILITY_SPEED * form + NOISE_SPEED * prng.normal());
    return { horse, jockeyId, postPosition: i + 1, timeMs: Math.round((distance.meters / speed) * 1000) };
  });
  runs.sort((a, b) => a.timeMs - b.timeMs || a.postPosition - b.postPosition);
  // Times are to the millisecond and must strictly increase with the finishing position.
  for (let i = 1; i < runs.length; i++) {
    const run = runs[i] as (typeof runs)[number];
    const ahead = runs[i - 1] as (typeof runs)[number];
    if (run.timeMs <= ahead.timeMs) run.timeMs = ahead.timeMs + 1;
  }
  const shares = purseSplit(purseCents);
  const winner = runs[0] as (typeof runs)[number];
  history.results.push({
    id: raceId,
    race_id: raceId,
    num_horses: runs.length,
    winner_horse_id: winner.horse.row.id,
    winner_post_position: winner.postPosition,
    race_duration_ms: winner.timeMs,
    wire_position: WIRE_POSITION,
    horse_positions: null,
    finished_at: `${slot.date}T${startingTime}.000Z`,
  });
  runs.forEach((run, i) => {
    history.finishers.push({
      result_id: raceId,
      finish_position: i + 1,
      post_position: run.postPosition,
      horse_id: run.horse.row.id,
      jockey_id: run.jockeyId,
      trainer_id: run.horse.row.trainer_id,
      owner_id: run.horse.row.owner_id,
      finish_time_ms: run.timeMs,
      speed_figure: speedFigure(distance.meters, run.timeMs),
      earnings_cents: shares[i] ?? 0,
    });
    run.horse.lastRaceDay = slot.day;
    if (i === 0) run.horse.wins++;
  });
}

/** Purse money by finishing position; the winner takes the rounding so the split sums to the purse. */
export function purseSplit(purseCents: number): number[] {
  const places = PURSE_SHARES.slice(1).map((share) => Math.round(purseCents * share));
  return [purseCents - places.reduce((a, b) => a + b, 0), ...places];
}

// Two-year-olds are still maturing; horses peak at four to six and decline gently after.
function ageForm(age: number): number {
  if (age <= 2) return -0.5;
  if (age === 3) return -0.15;
  if (age <= 6) return 0;
  return -0.12 * (age - 6);
}

function classTerms(prng: Prng, track: TrackPlan, raceClass: RaceClass): { name: string; purseDollars: number } {
  const tierPurse = (dollars: number): number => Math.max(8000, Math.round((dollars * track.tier) / 1000) * 1000);
  // The claiming level already reflects the track's tier; the purse follows the price.
  const claimingPurse = (dollars: number): number => Math.round(dollars / 1000) * 1000;
  const prices = track.claimingPrices;
  switch (raceClass) {
    case 'Claiming': {
      const price = prng.pick(prices);
      return { name: raceName(prng, raceClass, { price }), purseDollars: claimingPurse(8000 + 0.75 * price) };
    }
    case 'Maiden Claiming': {
      const price = prng.pick(prices.slice(1));
      return { name: raceName(prng, raceClass, { price }), purseDollars: claimingPurse(10000 + 0.7 * price) };
    }
    case 'Starter Allowance': {
      const price = prng.pick(prices.slice(0, 2));
      return { name: raceName(prng, raceClass, { price }), purseDollars: claimingPurse(15000 + 0.8 * price) };
    }
    case 'Allowance Optional Claiming': {
      const price = OPTIONAL_CLAIMING_PRICES[clamp(Math.round(track.tier * 2) - 1, 0, 4)] as number;
      return { name: raceName(prng, raceClass, { price }), purseDollars: tierPurse(70000) };
    }
    case 'Maiden Special Weight':
      return { name: raceName(prng, raceClass), purseDollars: tierPurse(55000) };
    case 'Allowance':
      return { name: raceName(prng, raceClass), purseDollars: tierPurse(62000) };
    case 'Stakes':
      return { name: raceName(prng, raceClass), purseDollars: prng.pick(STAKES_PURSES) };
    case 'Graded Stakes': {
      const grade = weightedPick(prng, [1, 2, 3] as const, [15, 30, 55]);
      return { name: raceName(prng, raceClass, { grade }), purseDollars: prng.pick(GRADED_PURSES[grade]) };
    }
  }
}

/**
 * Draws the field from the class's ability band, rested and (for maiden races) still maiden,
 * relaxing one rule at a time when the pool is too thin; never a horse that already ran that day.
 */
function pickRunners(prng: Prng, byAbility: HorseState[], slot: RaceSlot, fieldSize: number): HorseState[] {
  const [lo, hi] = CLASS_BANDS[slot.raceClass];
  const bandStart = Math.floor(lo * (byAbility.length - 1));
  const bandEnd = Math.max(bandStart + 1, Math.ceil(hi * (byAbility.length - 1)) + 1);
  const maiden = slot.raceClass === 'Maiden Claiming' || slot.raceClass === 'Maiden Special Weight';
  const picked = new Set<HorseState>();
  const today = dayParts(slot.day);
  const canRun = (horse: HorseState, restDays: number): boolean =>
    !picked.has(horse) && slot.day - horse.lastRaceDay >= restDays && wholeYears(horse.dobParts, today) >= 2;

  const passes: { start: number; end: number; rest: number; maidenOnly: boolean }[] = [
    { start: bandStart, end: bandEnd, rest: REST_DAYS, maidenOnly: maiden },
    { start: bandStart, end: bandEnd, rest: REST_DAYS, maidenOnly: false },
    { start: 0, end: byAbility.length, rest: REST_DAYS, maidenOnly: false },
    { start: 0, end: byAbility.length, rest: 7, maidenOnly: false },
    { start: 0, end: byAbility.length, rest: 1, maidenOnly: false },
  ];
  for (const pass of passes) {
    const ok = (horse: HorseState): boolean => canRun(horse, pass.rest) && (!pass.maidenOnly || horse.wins === 0);
    // Random probes are cheap while the pool is deep; a scan from a random point finishes thin pools.
    for (let attempt = 0; attempt < fieldSize * 30 && picked.size < fieldSize; attempt++) {
      const horse = byAbility[prng.int(pass.start, pass.end - 1)] as HorseState;
      if (ok(horse)) picked.add(horse);
    }
    const span = pass.end - pass.start;
    const offset = prng.int(0, span - 1);
    for (let k = 0; k < span && picked.size < fieldSize; k++) {
      const horse = byAbility[pass.start + ((offset + k) % span)] as HorseState;
      if (ok(horse)) picked.add(horse);
    }
    if (picked.size >= fieldSize) break;
  }
  if (picked.size < MIN_RUNNERS) {
    throw new Error(`seed: only ${picked.size} horses free for race ${slot.raceNumber} on ${slot.date}`);
  }
  return [...picked];
}

/** Who rides where on one day: a jockey rides at one track per day. */
class DayRiders {
  private readonly trackOf = new Map<number, number>();
  private readonly atTrack = new Map<number, number[]>();

  constructor(private readonly total: number) {}

  trackOfJockey(id: number): number | undefined {
    return this.trackOf.get(id);
  }

  ridersAt(trackId: number): readonly number[] {
    return this.atTrack.get(trackId) ?? [];
  }

  /** Jockeys not yet booked at any track today. */
  unbooked(): number {
    return this.total - this.trackOf.size;
  }

  book(id: number, trackId: number): void {
    if (this.trackOf.has(id)) return;
    this.trackOf.set(id, trackId);
    this.atTrack.set(trackId, [...this.ridersAt(trackId), id]);
  }
}

/**
 * The horse's regular rider when he is free (not on another runner, not at another track that day),
 * otherwise someone already riding this card or any free jockey. A track takes on new riders only
 * while enough stay unbooked to fill full fields at the tracks still to run that day (`reserve`).
 */
function assignJockeys(
  prng: Prng,
  jockeyIds: readonly number[],
  riders: DayRiders,
  trackId: number,
  reserve: number,
  runners: readonly HorseState[],
): number[] {
  const inRace = new Set<number>();
  const free = (id: number): boolean => {
    if (inRace.has(id)) return false;
    const track = riders.trackOfJockey(id);
    return track === undefined ? riders.unbooked() - 1 >= reserve : track === trackId;
  };
  return runners.map((horse) => {
    let id = horse.row.jockey_id;
    if (!free(id) || prng.chance(0.15)) {
      const here = riders.ridersAt(trackId).filter((j) => !inRace.has(j));
      let found: number | undefined;
      if (here.length > 0 && prng.chance(0.6)) found = prng.pick(here);
      for (let attempt = 0; attempt < 50 && found === undefined; attempt++) {
        const candidate = prng.pick(jockeyIds);
        if (free(candidate)) found = candidate;
      }
      found ??= here[0] ?? jockeyIds.find(free);
      if (found === undefined) throw new Error('seed: no free jockey');
      id = found;
    }
    inRace.add(id);
    riders.book(id, trackId);
    return id;
  });
}

/** Fills in what the track rows can only know after the racing: dates, latest going, purses, wagers. */
function finishTracks(prng: Prng, tracks: TrackPlan[], races: RaceRow[]): void {
  const racesByTrack = new Map<number, RaceRow[]>();
  for (const race of races) racesByTrack.set(race.track_id, [...(racesByTrack.get(race.track_id) ?? []), race]);
  for (const track of tracks) {
    const own = racesByTrack.get(track.row.id) ?? [];
    const last = own[own.length - 1];
    track.row.race_dates = track.raceDays.map(formatDay);
    track.row.weather = last?.weather ?? 'Clear';
    track.row.track_condition = last?.track_condition ?? (track.surface === 'Turf' ? 'Firm' : 'Fast');
    const purses = [...new Set(own.map((r) => r.purse_cents))].sort((a, b) => a - b);
    track.row.purse_sizes_cents = purses;
    // The track's headline purse is its typical (median) one.
    track.row.purse_cents = purses[Math.floor(purses.length / 2)] ?? 0;
    track.row.wager_types = wagerTypes(prng, track.row.daily_races, false);
  }
  // Every bet type must be offered somewhere: the biggest card (ten races or more) offers them all.
  if (BET_TYPES.some((type) => !tracks.some((t) => t.row.wager_types.includes(type.name)))) {
    const biggest = tracks.reduce((a, b) => (b.row.daily_races > a.row.daily_races ? b : a));
    biggest.row.wager_types = wagerTypes(prng, biggest.row.daily_races, true);
  }
}

/** The track's menu in BET_TYPES order: the common straight and exotic bets, and Pick 3 up to some Pick N. */
function wagerTypes(prng: Prng, dailyRaces: number, all: boolean): string[] {
  const quinella = all || prng.chance(0.6);
  const superfecta = all || prng.chance(0.85);
  const maxPick = all ? MAX_RUNNERS : weightedPick(prng, [4, 5, 6, 7, 8, 9, 10], [30, 30, 25, 5, 4, 3, 3]);
  return BET_TYPES.filter((type) => {
    if (type.legs > dailyRaces) return false;
    if (type.name === 'Quinella') return quinella;
    if (type.name === 'Superfecta') return superfecta;
    return type.legs <= Math.max(2, maxPick);
  }).map((type) => type.name);
}

function makeImages(): ImageRow[] {
  const names = [
    'bay-thoroughbred-gallop.jpg',
    'chestnut-filly-paddock.jpg',
    'gray-colt-starting-gate.jpg',
    'black-stallion-stretch-run.jpg',
    'bay-mare-winners-circle.jpg',
    'roan-gelding-workout.jpg',
    'palomino-quarter-horse.jpg',
    'chestnut-colt-post-parade.jpg',
    'field-turning-for-home.jpg',
    'photo-finish-wire.jpg',
    'morning-gallops-mist.jpg',
    'yearling-sale-ring.jpg',
  ];
  return names.map((image_name, i) => ({ id: i + 1, image_name }));
}

function makeAuctionLots(
  prng: Prng,
  horses: HorseState[],
  breeds: BreedRow[],
  images: ImageRow[],
  finishers: RaceResultFinisherRow[],
): AuctionHorseRow[] {
  const record = new Map<number, { starts: number; wins: number }>();
  for (const f of finishers) {
    const r = record.get(f.horse_id) ?? { starts: 0, wins: 0 };
    r.starts++;
    if (f.finish_position === 1) r.wins++;
    record.set(f.horse_id, r);
  }
  return prng.sample(horses, Math.min(8, horses.length)).map((horse, i) => {
    const row = horse.row;
    const { starts, wins } = record.get(row.id) ?? { starts: 0, wins: 0 };
    const kind = row.gender === 'male' ? (row.age <= 4 ? 'colt' : 'horse') : row.age <= 4 ? 'filly' : 'mare';
    const earned = formatDollars(row.earnings_cents / 100);
    return {
      id: i + 1,
      horse_id: row.id,
      name: row.horse_name,
      breed: breeds[row.breed_id - 1]?.breed_name ?? 'Thoroughbred',
      age: row.age,
      image: (images[i % images.length] as ImageRow).image_name,
      description: `${row.age}-year-old ${row.color} ${kind} by ${row.sire} out of ${row.dam}. ${plural(starts, 'start')}, ${plural(wins, 'win')}, ${earned} earned.`,
      // Opening bids track form: a fraction of earnings, rounded to $500, never below $5,000.
      starting_bid_cents: Math.max(500_000, Math.round((row.earnings_cents * 0.4) / 50_000) * 50_000),
    };
  });
}

// Spec §9: default weight by height (14 hands 500 lb … 18 hands 1,800 lb), interpolated between.
const HEIGHT_WEIGHTS: readonly [number, number][] = [
  [14, 500],
  [15, 800],
  [16, 1000],
  [17, 1200],
  [18, 1800],
];

/** Default weight in pounds for a height in hands (spec §9), linear between the table's points. */
export function weightForHeight(hands: number): number {
  const h = clamp(hands, 14, 18);
  for (let i = 1; i < HEIGHT_WEIGHTS.length; i++) {
    const [h1, w1] = HEIGHT_WEIGHTS[i] as [number, number];
    const [h0, w0] = HEIGHT_WEIGHTS[i - 1] as [number, number];
    if (h <= h1) return w0 + ((h - h0) / (h1 - h0)) * (w1 - w0);
  }
  return 1800;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function weightedPick<T>(prng: Prng, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = prng.next() * total;
  for (let i = 0; i < items.length; i++) {
    x -= weights[i] ?? 0;
    if (x < 0) return items[i] as T;
  }
  return items[items.length - 1] as T;
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

// Calendar days as integers (days since 1970-01-01, UTC): no time zones, no clock.
function parseDay(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) throw new RangeError(`not a date (YYYY-MM-DD): '${text}'`);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (formatDay(ms / DAY_MS) !== text) throw new RangeError(`not a date (YYYY-MM-DD): '${text}'`);
  return ms / DAY_MS;
}

function formatDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function dayParts(day: number): DateParts {
  const d = new Date(day * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function formatParts(parts: DateParts): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(parts.year).padStart(4, '0')}-${pad(parts.month)}-${pad(parts.day)}`;
}

/** The same calendar day `years` earlier; 29 February falls back to the 28th. */
function sameDayYearsBefore(parts: DateParts, years: number): DateParts {
  const year = parts.year - years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return { year, month: parts.month, day: parts.month === 2 && parts.day === 29 && !leap ? 28 : parts.day };
}

/** Whole years from a birth date to a date, as PostgreSQL's date_part('year', age(d, dob)) counts them. */
function wholeYears(dob: DateParts, at: DateParts): number {
  const beforeBirthday = at.month < dob.month || (at.month === dob.month && at.day < dob.day);
  return at.year - dob.year - (beforeBirthday ? 1 : 0);
}

function weekday(day: number): number {
  // 1970-01-01 was a Thursday (4, with 0 = Sunday).
  return (((day + 4) % 7) + 7) % 7;
}
