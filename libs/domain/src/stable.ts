/**
 * The stable: the pure rules by which users own, train, shoe, rest and breed horses that run in the
 * live race engine. Every function here is a function of its arguments alone (randomness comes from
 * a seed text through {@link Prng}; nothing reads the clock), and every number it gives is bounded.
 *
 * How a user horse meets the engine: its innate {@link HorseAbility} is drawn once at creation (or
 * inherited when it is foaled) and never typed in; its {@link HorseCondition} changes with training,
 * rest, treatment and racing; {@link effectiveRating} turns the two, with its shoes and gear and the
 * day's going, into the `speed_figure`, `stamina` and `early_speed` of an {@link EngineRunner}.
 *
 * The scale is the house horses'. The seeded history (apps/server seed-generator, measured on
 * `generateSeedData({ seed: 7, baseDate: '2025-06-01', scale: 0.5 })`, 2,994 horses) gives house
 * horses average speed figures with mean ≈ 91, 5th–95th percentile ≈ 79–102, 1st–99th ≈ 74–108 and
 * the best ≈ 124; the engine takes 80 for a horse without form. A user Thoroughbred is drawn around
 * 88 (σ 5) and can never be drawn or bred outside {@link ABILITY_SPEED_MIN}..{@link ABILITY_SPEED_MAX}
 * (65..102); everything care can add (training at its cap, the best shoe, all gear, peak fitness) is
 * at most +13.3, and the engine's figure is clamped at {@link EFFECTIVE_SPEED_MAX} (114). So a user
 * horse is good at best — in the company of the house's better horses, never above its champions.
 *
 * @see EngineRunner in ./race-engine
 */

import { RACE_CLASSES, type RaceClass, raceName } from './names';
import { Prng } from './prng';
import { CLAIMING_PRICES, OPTIONAL_CLAIMING_PRICES } from './race-conditions';

// ─── Coat, size and age ──────────────────────────────────────────────────────────────────────────

/** The coat colors a horse may have (the house horses' colors). */
export const HORSE_COLORS = ['bay', 'black', 'chestnut', 'gray', 'palomino', 'roan'] as const;
export type HorseColor = (typeof HORSE_COLORS)[number];

/** Whether `value` is one of {@link HORSE_COLORS}. */
export function isHorseColor(value: unknown): value is HorseColor {
  return (HORSE_COLORS as readonly unknown[]).includes(value);
}

/** Spec §9: height (hands) → default weight (lb): 14→500, 15→800, 16→1000, 17→1200, 18→1800. */
export const HEIGHT_HANDS = [14, 15, 16, 17, 18] as const;
export type HeightHands = (typeof HEIGHT_HANDS)[number];

const DEFAULT_WEIGHTS_LBS: Readonly<Record<HeightHands, number>> = { 14: 500, 15: 800, 16: 1000, 17: 1200, 18: 1800 };

/**
 * The default weight (lb) of a horse of the given height (spec §9): 14 hands 500 lb, 15 → 800,
 * 16 → 1000, 17 → 1200, 18 → 1800.
 *
 * @param hands one of {@link HEIGHT_HANDS}
 * @throws RangeError for any other height (fractions included)
 */
export function defaultWeightForHeight(hands: number): number {
  if (!(HEIGHT_HANDS as readonly number[]).includes(hands)) {
    throw new RangeError(
      `defaultWeightForHeight: height must be one of ${HEIGHT_HANDS.join(', ')} hands, got ${hands}`,
    );
  }
  return DEFAULT_WEIGHTS_LBS[hands as HeightHands];
}

/** The lightest weight (lb) a horse may be given (the database's check constraint). */
export const HORSE_WEIGHT_MIN = 400;
/** The heaviest weight (lb) a horse may be given (the database's check constraint). */
export const HORSE_WEIGHT_MAX = 2200;
/** Weights are whole steps of 25 lb from {@link HORSE_WEIGHT_MIN}. */
export const HORSE_WEIGHT_STEP = 25;

/**
 * Whether `lbs` is a weight a user may give a horse: an integer in 400..2200 that is a multiple of
 * 25 from 400 (400, 425, …, 2200). Never throws: anything else (NaN, text, 412) is false.
 */
export function isValidHorseWeight(lbs: number): boolean {
  return (
    Number.isInteger(lbs) &&
    lbs >= HORSE_WEIGHT_MIN &&
    lbs <= HORSE_WEIGHT_MAX &&
    (lbs - HORSE_WEIGHT_MIN) % HORSE_WEIGHT_STEP === 0
  );
}

/** Foals race from this age (years). */
export const RACING_AGE_MIN = 2;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(text: string, what: string): [number, number, number] {
  const m = typeof text === 'string' ? ISO_DAY.exec(text) : null;
  if (!m) throw new RangeError(`ageInYears: ${what} must be 'YYYY-MM-DD', got ${String(text)}`);
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) {
    throw new RangeError(`ageInYears: ${what} ${text} is not a calendar date`);
  }
  return [y, mo, d];
}

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

function daysInMonth(y: number, month: number): number {
  if (month === 2) return isLeapYear(y) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Whole years between dob and today (both 'YYYY-MM-DD'), birthday-exact: a year is complete on the
 * birthday itself. A horse foaled on 29 February has its birthday on 1 March in other years (so it
 * is 0 on 2021-02-28 and 1 on 2021-03-01). (The program's `racingAge` is different: a racing age
 * turns on 1 January.)
 *
 * @throws RangeError when either text is not a real calendar date or dob is after today
 */
export function ageInYears(dob: string, today: string): number {
  const [by, bm, bd] = parseDay(dob, 'dob');
  const [ty, tm, td] = parseDay(today, 'today');
  if (ty * 10_000 + tm * 100 + td < by * 10_000 + bm * 100 + bd) {
    throw new RangeError(`ageInYears: dob ${dob} is after today ${today}`);
  }
  // Month-day comparison: (2, 28) < (2, 29) ≤ (3, 1) makes a 29 February birthday fall on 1 March.
  const beforeBirthday = tm < bm || (tm === bm && td < bd);
  return ty - by - (beforeBirthday ? 1 : 0);
}

// ─── Ability ─────────────────────────────────────────────────────────────────────────────────────

/** A horse's innate ability, fixed at creation (never typed in by a user). */
export interface HorseAbility {
  /** A speed figure, like EngineRunner.speed_figure, in ABILITY_SPEED_MIN..ABILITY_SPEED_MAX. */
  speed: number;
  /** 0..1: how well the horse sees out a longer trip. */
  stamina: number;
  /** 0..1: running style, 1 a front-runner, 0 a closer. */
  early_speed: number;
}

/** The mean ability of a breed. */
export interface BreedProfile {
  speed: number;
  stamina: number;
  early_speed: number;
}

/** The lowest speed figure a horse can be drawn or foaled with (near the house's slowest horses). */
export const ABILITY_SPEED_MIN = 65;
/** The highest speed figure a horse can be drawn or foaled with (about the house's 95th percentile). */
export const ABILITY_SPEED_MAX = 102;
/** Spread (σ) of drawn speed figures around the breed mean (house horses' average figures: σ ≈ 7). */
export const ABILITY_SPEED_SD = 5;
/** Spread (σ) of drawn stamina and early speed around the breed mean. */
export const ABILITY_TRAIT_SD = 0.12;

/**
 * Mean abilities per breed (the house's eight breeds). Thoroughbreds are the fastest (88, a touch
 * below the house's average of 91, so an untrained horse is ordinary); Quarter Horses are quick
 * early with little stamina; Arabians (then Akhal-Tekes and Anglo-Arabs) have the most stamina;
 * Appaloosas, Paint Horses and Standardbreds are the slowest (the harness breed slowest of all).
 * Keys are the breed names as the catalog spells them.
 */
export const BREED_PROFILES: Readonly<Record<string, Readonly<BreedProfile>>> = {
  Thoroughbred: { speed: 88, stamina: 0.55, early_speed: 0.5 },
  'Quarter Horse': { speed: 84, stamina: 0.25, early_speed: 0.8 },
  Arabian: { speed: 83, stamina: 0.8, early_speed: 0.4 },
  Standardbred: { speed: 79, stamina: 0.55, early_speed: 0.45 },
  Appaloosa: { speed: 81, stamina: 0.45, early_speed: 0.55 },
  'Paint Horse': { speed: 81, stamina: 0.35, early_speed: 0.7 },
  'Anglo-Arab': { speed: 85, stamina: 0.7, early_speed: 0.45 },
  'Akhal-Teke': { speed: 83, stamina: 0.75, early_speed: 0.4 },
};

/**
 * The profile of a breed the table does not know (a user-made or misspelled breed): an ordinary
 * horse, slower than any named racing breed but for Standardbreds, balanced in stamina and style.
 */
export const DEFAULT_BREED_PROFILE: Readonly<BreedProfile> = { speed: 80, stamina: 0.5, early_speed: 0.5 };

const PROFILES_BY_KEY = new Map(Object.entries(BREED_PROFILES).map(([name, p]) => [breedKey(name), p]));

function breedKey(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * Per-breed means (Thoroughbred fastest; Quarter Horse quick early, little stamina; Arabian stamina;
 * Standardbred, Appaloosa, Paint Horse slower), from {@link BREED_PROFILES}. The name is matched
 * without regard to case or extra spaces; an unknown name gets {@link DEFAULT_BREED_PROFILE}.
 *
 * @returns a fresh copy (the caller may change it)
 */
export function breedProfile(breedName: string): BreedProfile {
  const p = (typeof breedName === 'string' && PROFILES_BY_KEY.get(breedKey(breedName))) || DEFAULT_BREED_PROFILE;
  return { speed: p.speed, stamina: p.stamina, early_speed: p.early_speed };
}

// A bell-shaped variate with mean 0 and standard deviation 1 and bounded (±3.46): the sum of four
// uniforms (Irwin–Hall), scaled. Only + − × ÷ and √3 (a constant): the same bits on every engine.
const SQRT3 = Math.sqrt(3);
function unitBell(prng: Prng): number {
  return (prng.next() + prng.next() + prng.next() + prng.next() - 2) * SQRT3;
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

function clamp01(x: number): number {
  return clamp(x, 0, 1);
}

/**
 * A new horse's ability, drawn from its breed's profile with seeded variation: speed with σ
 * {@link ABILITY_SPEED_SD} clamped to {@link ABILITY_SPEED_MIN}..{@link ABILITY_SPEED_MAX}, stamina
 * and early speed with σ {@link ABILITY_TRAIT_SD} clamped to 0..1. The same seed and breed always
 * give the same ability.
 *
 * @param seed any text naming the draw, e.g. `stable:horse:<name>:<config seed>`
 * @param breedName the breed (see {@link breedProfile}; unknown names get the default profile)
 */
export function drawAbility(seed: string, breedName: string): HorseAbility {
  const profile = breedProfile(breedName);
  const prng = new Prng(`stable:draw-ability|${seed}`);
  return {
    speed: clamp(profile.speed + ABILITY_SPEED_SD * unitBell(prng), ABILITY_SPEED_MIN, ABILITY_SPEED_MAX),
    stamina: clamp01(profile.stamina + ABILITY_TRAIT_SD * unitBell(prng)),
    early_speed: clamp01(profile.early_speed + ABILITY_TRAIT_SD * unitBell(prng)),
  };
}

/** A foal's ability moves this share of the way from its parents' midpoint to its breed's mean. */
export const INHERIT_REGRESSION = 0.2;
/** Spread (σ) of a foal's speed figure around its expected value. */
export const INHERIT_SPEED_SD = 3;
/** Spread (σ) of a foal's stamina and early speed around their expected values. */
export const INHERIT_TRAIT_SD = 0.07;

function assertAbility(a: HorseAbility, what: string): void {
  if (!a || !Number.isFinite(a.speed) || !Number.isFinite(a.stamina) || !Number.isFinite(a.early_speed)) {
    throw new RangeError(`inheritAbility: the ${what}'s ability must have finite speed, stamina and early_speed`);
  }
}

/**
 * A foal's ability: each of speed, stamina and early speed is the parents' midpoint, moved
 * {@link INHERIT_REGRESSION} (a fifth) of the way to the foal's breed mean, plus seeded variation
 * (σ {@link INHERIT_SPEED_SD} points of speed, {@link INHERIT_TRAIT_SD} of stamina and early
 * speed); speed clamped to {@link ABILITY_SPEED_MIN}..{@link ABILITY_SPEED_MAX}, the rest to 0..1.
 * Parents outside those bounds (a house horse's figure, say) are taken as they are: only the foal
 * is clamped. The regression keeps generations of breeding best to best from drifting to the cap.
 *
 * @param seed any text naming the foaling, e.g. `stable:foal:<foal name>:<config seed>`
 * @throws RangeError when a parent's ability has a non-finite number
 */
export function inheritAbility(seed: string, sire: HorseAbility, dam: HorseAbility, breedName: string): HorseAbility {
  assertAbility(sire, 'sire');
  assertAbility(dam, 'dam');
  const breed = breedProfile(breedName);
  const prng = new Prng(`stable:inherit-ability|${seed}`);
  const expected = (key: keyof HorseAbility): number => {
    const mid = (sire[key] + dam[key]) / 2;
    return mid + INHERIT_REGRESSION * (breed[key] - mid);
  };
  return {
    speed: clamp(expected('speed') + INHERIT_SPEED_SD * unitBell(prng), ABILITY_SPEED_MIN, ABILITY_SPEED_MAX),
    stamina: clamp01(expected('stamina') + INHERIT_TRAIT_SD * unitBell(prng)),
    early_speed: clamp01(expected('early_speed') + INHERIT_TRAIT_SD * unitBell(prng)),
  };
}

// ─── Condition: training, rest, treatment, racing ────────────────────────────────────────────────

/**
 * What changes with care and racing. Gains are what training has added (each at most its cap in
 * {@link TRAINING_GAIN_CAPS}); fatigue 0..100 (100 = exhausted); fitness 0..100 (100 = peak).
 */
export interface HorseCondition {
  /** Speed-figure points added by training, 0..8. */
  speed_gain: number;
  /** Stamina added by training, 0..0.12. */
  stamina_gain: number;
  /** Early speed added by gate training, 0..0.12. */
  early_speed_gain: number;
  /** 0..100, 100 = exhausted. */
  fatigue: number;
  /** 0..100, 100 = peak. */
  fitness: number;
}

/** A horse as it comes to a stable: no gains, fresh (fatigue 0), fitness 70 (neutral in the engine). */
export const NEW_HORSE_CONDITION: Readonly<HorseCondition> = Object.freeze({
  speed_gain: 0,
  stamina_gain: 0,
  early_speed_gain: 0,
  fatigue: 0,
  fitness: 70,
});

/** Training regimens: speed work, stamina (long gallops) and gate work (which improves early speed). */
export const TRAINING_REGIMENS = ['speed', 'stamina', 'gate'] as const;
export type TrainingRegimen = (typeof TRAINING_REGIMENS)[number];

/** Whether `value` is one of {@link TRAINING_REGIMENS}. */
export function isTrainingRegimen(value: unknown): value is TrainingRegimen {
  return (TRAINING_REGIMENS as readonly unknown[]).includes(value);
}

/** The most training can ever add: +8 speed-figure points, +0.12 stamina, +0.12 early speed. */
export const TRAINING_GAIN_CAPS: Readonly<Pick<HorseCondition, 'speed_gain' | 'stamina_gain' | 'early_speed_gain'>> =
  Object.freeze({ speed_gain: 8, stamina_gain: 0.12, early_speed_gain: 0.12 });
/** Each session gains this share of what is left to the cap (so the n-th gain is 0.2 × 0.8ⁿ⁻¹ × cap). */
export const TRAINING_GAIN_RATE = 0.2;
/** Fatigue one training session adds. */
export const TRAINING_FATIGUE = 15;
/** Fitness one training session adds (up to 100). */
export const TRAINING_FITNESS = 3;
/** A horse with fatigue above this is too tired to train. */
export const TRAINING_FATIGUE_MAX = 70;
/** What a session of each regimen costs, in cents. */
export const TRAINING_COST_CENTS: Readonly<Record<TrainingRegimen, number>> = Object.freeze({
  speed: 5000,
  stamina: 5000,
  gate: 4000,
});

const GAIN_FIELD: Readonly<Record<TrainingRegimen, 'speed_gain' | 'stamina_gain' | 'early_speed_gain'>> = {
  speed: 'speed_gain',
  stamina: 'stamina_gain',
  gate: 'early_speed_gain',
};

function assertCondition(c: HorseCondition, fn: string): void {
  const inRange = (x: number, hi: number): boolean => Number.isFinite(x) && x >= 0 && x <= hi;
  if (
    !c ||
    !inRange(c.speed_gain, TRAINING_GAIN_CAPS.speed_gain) ||
    !inRange(c.stamina_gain, TRAINING_GAIN_CAPS.stamina_gain) ||
    !inRange(c.early_speed_gain, TRAINING_GAIN_CAPS.early_speed_gain) ||
    !inRange(c.fatigue, 100) ||
    !inRange(c.fitness, 100)
  ) {
    throw new RangeError(
      `${fn}: a condition needs gains within their caps (speed 0..8, stamina and early_speed 0..0.12), fatigue and fitness 0..100; got ${JSON.stringify(c)}`,
    );
  }
}

/**
 * One training session. The regimen's gain (speed: speed-figure points; stamina: stamina; gate:
 * early speed) grows by {@link TRAINING_GAIN_RATE} of what is left to its cap in
 * {@link TRAINING_GAIN_CAPS} — diminishing returns: each session gains less than the one before and
 * the total never passes the cap. Fatigue rises by {@link TRAINING_FATIGUE} (to at most 100) and
 * fitness by {@link TRAINING_FITNESS} (to at most 100).
 *
 * @returns the new condition, the gain of this session (in the regimen's units) and its cost in cents
 * @throws RangeError when the horse is too tired (fatigue above {@link TRAINING_FATIGUE_MAX}), the
 *   regimen is unknown or the condition is out of range
 */
export function train(
  condition: HorseCondition,
  regimen: TrainingRegimen,
): { condition: HorseCondition; gain: number; cost_cents: number } {
  assertCondition(condition, 'train');
  if (!isTrainingRegimen(regimen)) {
    throw new RangeError(`train: regimen must be one of ${TRAINING_REGIMENS.join(', ')}, got ${String(regimen)}`);
  }
  if (condition.fatigue > TRAINING_FATIGUE_MAX) {
    throw new RangeError(
      `train: the horse is too tired to train (fatigue ${condition.fatigue} is above ${TRAINING_FATIGUE_MAX}); rest it first`,
    );
  }
  const field = GAIN_FIELD[regimen];
  const cap = TRAINING_GAIN_CAPS[field];
  const before = condition[field];
  const after = Math.min(cap, before + TRAINING_GAIN_RATE * (cap - before));
  return {
    condition: {
      ...condition,
      [field]: after,
      fatigue: Math.min(100, condition.fatigue + TRAINING_FATIGUE),
      fitness: Math.min(100, condition.fitness + TRAINING_FITNESS),
    },
    gain: after - before,
    cost_cents: TRAINING_COST_CENTS[regimen],
  };
}

/** Fatigue halves every this many hours of rest on the racing clock. */
export const FATIGUE_HALF_LIFE_HOURS = 24;
/** An idle horse's fitness never drifts below this. */
export const DETRAINED_FITNESS = 40;
/** Fitness above {@link DETRAINED_FITNESS} halves its distance to it every this many idle hours (two weeks). */
export const DETRAINING_HALF_LIFE_HOURS = 336;

/**
 * The condition after `hours` of rest on the racing clock: fatigue decays exponentially with a
 * half-life of {@link FATIGUE_HALF_LIFE_HOURS} (24 h: 60 → 30 → 15), and fitness above
 * {@link DETRAINED_FITNESS} (40) drifts down towards it with a half-life of
 * {@link DETRAINING_HALF_LIFE_HOURS} (two weeks: 100 → 70 in 14 days idle; the first idle day costs
 * about 2.9 points at 100), never below 40 (fitness already at or below 40 stays). Training gains are kept.
 * Both are exponentials, so rest adds up: recover(recover(c, a), b) equals recover(c, a + b) up to
 * rounding (1e-9).
 *
 * @param hours racing-clock hours of rest, finite and ≥ 0
 * @throws RangeError on negative or non-finite hours or a condition out of range
 */
export function recover(condition: HorseCondition, hours: number): HorseCondition {
  assertCondition(condition, 'recover');
  if (!(Number.isFinite(hours) && hours >= 0)) {
    throw new RangeError(`recover: hours must be finite and at least 0, got ${hours}`);
  }
  const fatigueLeft = 0.5 ** (hours / FATIGUE_HALF_LIFE_HOURS);
  const fitnessLeft = 0.5 ** (hours / DETRAINING_HALF_LIFE_HOURS);
  const { fitness } = condition;
  return {
    ...condition,
    fatigue: condition.fatigue * fatigueLeft,
    fitness: fitness > DETRAINED_FITNESS ? DETRAINED_FITNESS + (fitness - DETRAINED_FITNESS) * fitnessLeft : fitness,
  };
}

/** Medical treatments: a day off, a vet's check-up and physical therapy. */
export const MEDICAL_TREATMENTS = ['rest', 'vet_check', 'therapy'] as const;
export type MedicalTreatment = (typeof MEDICAL_TREATMENTS)[number];

/** Whether `value` is one of {@link MEDICAL_TREATMENTS}. */
export function isMedicalTreatment(value: unknown): value is MedicalTreatment {
  return (MEDICAL_TREATMENTS as readonly unknown[]).includes(value);
}

/** What each treatment costs, in cents: rest is free. */
export const MEDICAL_COST_CENTS: Readonly<Record<MedicalTreatment, number>> = Object.freeze({
  rest: 0,
  vet_check: 7500,
  therapy: 15000,
});

/** What each treatment does to fatigue and fitness, at once. */
export const MEDICAL_EFFECTS: Readonly<Record<MedicalTreatment, Readonly<{ fatigue: number; fitness: number }>>> = {
  rest: { fatigue: -30, fitness: 0 },
  vet_check: { fatigue: -10, fitness: 10 },
  therapy: { fatigue: -50, fitness: 0 },
};

/**
 * A treatment, at once: rest (free) fatigue −30; vet_check (75.00) fitness +10 and fatigue −10;
 * therapy (150.00) fatigue −50. Fatigue and fitness stay within 0..100; gains are untouched.
 *
 * @throws RangeError on an unknown treatment or a condition out of range
 */
export function treat(
  condition: HorseCondition,
  treatment: MedicalTreatment,
): { condition: HorseCondition; cost_cents: number } {
  assertCondition(condition, 'treat');
  if (!isMedicalTreatment(treatment)) {
    throw new RangeError(`treat: treatment must be one of ${MEDICAL_TREATMENTS.join(', ')}, got ${String(treatment)}`);
  }
  const effect = MEDICAL_EFFECTS[treatment];
  return {
    condition: {
      ...condition,
      fatigue: clamp(condition.fatigue + effect.fatigue, 0, 100),
      fitness: clamp(condition.fitness + effect.fitness, 0, 100),
    },
    cost_cents: MEDICAL_COST_CENTS[treatment],
  };
}

/** Fatigue any race adds, before its distance. */
export const RACE_FATIGUE_BASE = 20;
/** Fatigue each furlong of a race adds. */
export const RACE_FATIGUE_PER_FURLONG = 4;
/** Fitness a race adds (racing keeps a horse fit). */
export const RACE_FITNESS = 2;

/**
 * The condition after running a race of `furlongs`: fatigue rises by 20 + 4 × furlongs (6 f: +44,
 * 12 f: +68), to at most 100; fitness +2 (racing keeps a horse fit), to at most 100.
 *
 * @param furlongs the race's distance, more than 0 and at most 40 (the engine's range)
 * @throws RangeError on a bad distance or a condition out of range
 */
export function afterRace(condition: HorseCondition, furlongs: number): HorseCondition {
  assertCondition(condition, 'afterRace');
  if (!(Number.isFinite(furlongs) && furlongs > 0 && furlongs <= 40)) {
    throw new RangeError(`afterRace: furlongs must be more than 0 and at most 40, got ${furlongs}`);
  }
  return {
    ...condition,
    fatigue: Math.min(100, condition.fatigue + RACE_FATIGUE_BASE + RACE_FATIGUE_PER_FURLONG * furlongs),
    fitness: Math.min(100, condition.fitness + RACE_FITNESS),
  };
}

/** Too tired to be entered / to start: fatigue above this. */
export const RACE_FATIGUE_MAX = 80;

/**
 * Whether a horse may be entered in a race (and start in it): not when its fatigue is above
 * {@link RACE_FATIGUE_MAX}. The reason says how tired it is and how long rest takes.
 *
 * @throws RangeError on a condition out of range
 */
export function fitToRace(condition: HorseCondition): { ok: true } | { ok: false; reason: string } {
  assertCondition(condition, 'fitToRace');
  if (condition.fatigue <= RACE_FATIGUE_MAX) return { ok: true };
  const hours = Math.ceil(FATIGUE_HALF_LIFE_HOURS * Math.log2(condition.fatigue / RACE_FATIGUE_MAX));
  return {
    ok: false,
    reason: `too tired to race: fatigue ${Math.round(condition.fatigue)} is above ${RACE_FATIGUE_MAX} (about ${hours} h of rest)`,
  };
}

// ─── Shoes and gear ──────────────────────────────────────────────────────────────────────────────

/** Shoes: regular steel, light aluminum racing plates, mud calks (grips), turf shoes, bar shoes. */
export const SHOE_TYPES = ['regular', 'aluminum', 'mud_calks', 'turf', 'bar'] as const;
export type ShoeType = (typeof SHOE_TYPES)[number];

/** Whether `value` is one of {@link SHOE_TYPES}. */
export function isShoeType(value: unknown): value is ShoeType {
  return (SHOE_TYPES as readonly unknown[]).includes(value);
}

/** What shoeing a horse with each type costs, in cents. */
export const SHOE_COST_CENTS: Readonly<Record<ShoeType, number>> = Object.freeze({
  regular: 2000,
  aluminum: 6000,
  mud_calks: 4000,
  turf: 4000,
  bar: 5000,
});

/** The most a shoe can add or take, in speed-figure points (every effect is within ±this). */
export const SHOE_EFFECT_MAX = 2;

// Going (lower-case) on which mud calks grip: wet, muddy, sloppy, heavy; soft turf a little.
const WET_GOING = new Set(['wet', 'wet fast', 'muddy', 'sloppy', 'heavy']);
const SOFT_GOING = new Set(['soft', 'yielding']);
// Going on which calks only add weight and jar.
const FIRM_GOING = new Set(['fast', 'firm']);

/**
 * Speed-figure points a shoe gives on a surface and going (names as the engine takes them, any
 * case; a surface other than Turf or Synthetic counts as Dirt):
 * - regular: 0 everywhere;
 * - aluminum: +1 everywhere (a light racing plate);
 * - mud_calks: +2 on Wet, Wet Fast, Muddy, Sloppy and Heavy, +1 on Soft and Yielding, −1 on Fast and
 *   Firm, 0 on other going (Good…);
 * - turf: +2 on Turf, −1 on Dirt, 0 on Synthetic;
 * - bar: 0 everywhere (a therapeutic shoe: it costs no speed and gives none).
 * All within ±{@link SHOE_EFFECT_MAX}.
 *
 * @throws RangeError on an unknown shoe
 */
export function shoeEffect(shoe: ShoeType, surface: string, condition: string): number {
  if (!isShoeType(shoe)) throw new RangeError(`shoeEffect: shoe must be one of ${SHOE_TYPES.join(', ')}, got ${shoe}`);
  const s = String(surface).trim().toLowerCase();
  const going = String(condition).trim().toLowerCase().replace(/\s+/g, ' ');
  switch (shoe) {
    case 'regular':
    case 'bar':
      return 0;
    case 'aluminum':
      return 1;
    case 'mud_calks':
      return WET_GOING.has(going) ? 2 : SOFT_GOING.has(going) ? 1 : FIRM_GOING.has(going) ? -1 : 0;
    case 'turf':
      return s === 'turf' ? 2 : s === 'synthetic' ? 0 : -1;
  }
}

/** Equipment: blinkers, a shadow roll, a tongue tie and earplugs. */
export const GEAR_ITEMS = ['blinkers', 'shadow_roll', 'tongue_tie', 'earplugs'] as const;
export type GearItem = (typeof GEAR_ITEMS)[number];

/** Whether `value` is one of {@link GEAR_ITEMS}. */
export function isGearItem(value: unknown): value is GearItem {
  return (GEAR_ITEMS as readonly unknown[]).includes(value);
}

/** What each item of gear costs, in cents. */
export const GEAR_COST_CENTS: Readonly<Record<GearItem, number>> = Object.freeze({
  blinkers: 1500,
  shadow_roll: 1200,
  tongue_tie: 800,
  earplugs: 500,
});

/** Each item's effect: speed-figure points, stamina and early speed. */
export const GEAR_EFFECTS: Readonly<
  Record<GearItem, Readonly<{ speed: number; stamina: number; early_speed: number }>>
> = {
  blinkers: { speed: 0.5, stamina: 0, early_speed: 0.05 },
  shadow_roll: { speed: 0.5, stamina: 0, early_speed: 0 },
  tongue_tie: { speed: 0, stamina: 0.03, early_speed: 0 },
  earplugs: { speed: 0.3, stamina: 0, early_speed: 0 },
};
/** The most speed any set of gear adds, in speed-figure points. */
export const GEAR_SPEED_MAX = 1.5;

/**
 * The effect of the gear a horse wears: blinkers +0.5 speed and +0.05 early speed (they keep its
 * mind on running, so it breaks sharper); shadow roll +0.5 speed; tongue tie +0.03 stamina
 * (breathing); earplugs +0.3 speed. Items add up, each counted once however often it is listed;
 * speed at most {@link GEAR_SPEED_MAX} (all four give +1.3 speed, +0.03 stamina, +0.05 early speed).
 *
 * @throws RangeError on an unknown item
 */
export function gearEffect(gear: readonly GearItem[]): { speed: number; stamina: number; early_speed: number } {
  if (!Array.isArray(gear)) throw new RangeError('gearEffect: gear must be a list');
  let speed = 0;
  let stamina = 0;
  let early_speed = 0;
  // In GEAR_ITEMS order, so the sum is the same whatever order the list is in.
  for (const item of gear) {
    if (!isGearItem(item)) throw new RangeError(`gearEffect: gear must be among ${GEAR_ITEMS.join(', ')}, got ${item}`);
  }
  for (const item of GEAR_ITEMS) {
    if (!gear.includes(item)) continue;
    const e = GEAR_EFFECTS[item];
    speed += e.speed;
    stamina += e.stamina;
    early_speed += e.early_speed;
  }
  return { speed: Math.min(GEAR_SPEED_MAX, speed), stamina, early_speed };
}

// ─── What the engine gets ────────────────────────────────────────────────────────────────────────

/** Fatigue up to this costs nothing. */
export const FATIGUE_PENALTY_FROM = 30;
/** Speed-figure points fatigue 100 costs. */
export const FATIGUE_PENALTY_MAX = 10;

/**
 * Speed-figure points a horse loses to fatigue: none up to {@link FATIGUE_PENALTY_FROM} (30), then
 * linearly to {@link FATIGUE_PENALTY_MAX} (10) at 100 (fatigue 65 costs 5). Never decreases as
 * fatigue rises. Fatigue outside 0..100 counts as the nearer end.
 */
export function fatiguePenalty(fatigue: number): number {
  const f = clamp(Number.isFinite(fatigue) ? fatigue : 100, 0, 100);
  return f <= FATIGUE_PENALTY_FROM
    ? 0
    : (FATIGUE_PENALTY_MAX * (f - FATIGUE_PENALTY_FROM)) / (100 - FATIGUE_PENALTY_FROM);
}

/** The figure points of fitness 40 (or lower), 70 (a new horse) and 100. */
export const FITNESS_EFFECT_AT = Object.freeze({ 40: -3, 70: 0, 100: 2 });

/**
 * Speed-figure points fitness gives: −3 at 40 or below, rising linearly to 0 at 70 (a new horse)
 * and +2 at 100 (peak). Never decreases as fitness rises.
 */
export function fitnessEffect(fitness: number): number {
  const f = clamp(Number.isFinite(fitness) ? fitness : 0, DETRAINED_FITNESS, 100);
  return f <= 70 ? (3 * (f - 70)) / 30 : (2 * (f - 70)) / 30;
}

/** The lowest speed figure the engine is given for a user horse. */
export const EFFECTIVE_SPEED_MIN = ABILITY_SPEED_MIN;
/** The highest speed figure the engine is given for a user horse: ability's max + 12 (114). */
export const EFFECTIVE_SPEED_MAX = ABILITY_SPEED_MAX + 12;

/**
 * The ratings the engine gets for a user horse on a race (an EngineRunner's `speed_figure`,
 * `stamina`, `early_speed`):
 *
 *   speed_figure = ability.speed + speed_gain + shoeEffect + gear speed − fatiguePenalty + fitnessEffect,
 *                  clamped to EFFECTIVE_SPEED_MIN..EFFECTIVE_SPEED_MAX (65..114)
 *   stamina      = ability.stamina + stamina_gain + gear stamina, clamped to 0..1
 *   early_speed  = ability.early_speed + early_speed_gain + gear early speed, clamped to 0..1
 *
 * Everything care can add is at most 8 + 2 + 1.3 + 2 = 13.3 points, and the clamp holds even a
 * horse of the best ability below the house's champions.
 *
 * @param input.condition_name the going (e.g. 'Fast', 'Muddy'), see {@link shoeEffect}
 * @throws RangeError on a non-finite ability, a condition out of range, an unknown shoe or gear
 */
export function effectiveRating(input: {
  ability: HorseAbility;
  condition: HorseCondition;
  shoe: ShoeType;
  gear: readonly GearItem[];
  surface: string;
  condition_name: string;
}): { speed_figure: number; stamina: number; early_speed: number } {
  const { ability, condition } = input;
  if (
    !ability ||
    !Number.isFinite(ability.speed) ||
    !Number.isFinite(ability.stamina) ||
    !Number.isFinite(ability.early_speed)
  ) {
    throw new RangeError('effectiveRating: ability must have finite speed, stamina and early_speed');
  }
  assertCondition(condition, 'effectiveRating');
  const shoe = shoeEffect(input.shoe, input.surface, input.condition_name);
  const gear = gearEffect(input.gear);
  const speed =
    ability.speed +
    condition.speed_gain +
    shoe +
    gear.speed -
    fatiguePenalty(condition.fatigue) +
    fitnessEffect(condition.fitness);
  return {
    speed_figure: clamp(speed, EFFECTIVE_SPEED_MIN, EFFECTIVE_SPEED_MAX),
    stamina: clamp01(ability.stamina + condition.stamina_gain + gear.stamina),
    early_speed: clamp01(ability.early_speed + condition.early_speed_gain + gear.early_speed),
  };
}

// ─── Breeding ────────────────────────────────────────────────────────────────────────────────────

/**
 * Gestation on the racing clock: 72 racing hours (three days). A mare carries a foal about eleven
 * months; a game that made its users wait that long would have no foals, so the stable compresses
 * it to three racing days — long enough that breeding is a plan, short enough to see the foal.
 */
export const GESTATION_HOURS = 72;
/** The default stud fee, in cents (500.00). */
export const DEFAULT_STUD_FEE_CENTS = 50_000;
/** Horses breed from this age (years): a year after they may race. */
export const BREEDING_AGE_MIN = 3;
/** Horses breed until this age (years). */
export const BREEDING_AGE_MAX = 25;

/**
 * Whether a sire and a dam may be bred: the sire must be male and the dam female ('male' /
 * 'female', as the catalog stores gender), each {@link BREEDING_AGE_MIN}..{@link BREEDING_AGE_MAX}
 * (3..25) years old. The reason names the first problem, e.g. "the sire must be male (got female)"
 * or "the dam is 2 years old; horses breed from 3".
 *
 * @throws RangeError when an age is not a finite number ≥ 0
 */
export function canBreed(
  sire: { gender: string; age: number },
  dam: { gender: string; age: number },
): { ok: true } | { ok: false; reason: string } {
  for (const [who, h] of [
    ['sire', sire],
    ['dam', dam],
  ] as const) {
    if (!h || !(Number.isFinite(h.age) && h.age >= 0)) {
      throw new RangeError(`canBreed: the ${who}'s age must be a finite number of years ≥ 0, got ${h?.age}`);
    }
  }
  const problem = (who: 'sire' | 'dam', h: { gender: string; age: number }, gender: string): string | null => {
    if (h.gender !== gender) return `the ${who} must be ${gender} (got ${h.gender})`;
    if (h.age < BREEDING_AGE_MIN) return `the ${who} is ${h.age} years old; horses breed from ${BREEDING_AGE_MIN}`;
    if (h.age > BREEDING_AGE_MAX) return `the ${who} is ${h.age} years old; horses breed until ${BREEDING_AGE_MAX}`;
    return null;
  };
  const reason = problem('sire', sire, 'male') ?? problem('dam', dam, 'female');
  return reason === null ? { ok: true } : { ok: false, reason };
}

/**
 * {@link canBreed}, throwing: for a service that must refuse a bad pairing.
 *
 * @throws RangeError with canBreed's reason (prefixed "cannot breed: ")
 */
export function assertCanBreed(sire: { gender: string; age: number }, dam: { gender: string; age: number }): void {
  const verdict = canBreed(sire, dam);
  if (!verdict.ok) throw new RangeError(`cannot breed: ${verdict.reason}`);
}

// ─── The random race generator ───────────────────────────────────────────────────────────────────

/** A created race has at least this many runners. */
export const CREATED_RACE_MIN_RUNNERS = 6;
/** A created race has at most this many runners (the engine's twelve posts). */
export const CREATED_RACE_MAX_RUNNERS = 12;

/** A horse the random race generator may draw. */
export interface CreatedRaceCandidate {
  id: number;
  jockey_id: number | null;
  trainer_id: number | null;
  owner_id: number | null;
}

/** One runner of a created race. */
export interface CreatedRaceEntry {
  post_position: number;
  horse_id: number;
  jockey_id: number;
  trainer_id: number;
  owner_id: number;
}

/** A created race: its name, class, track and field. */
export interface CreatedRace {
  race_name: string;
  /** The class the name was made for (one of RACE_CLASSES). */
  race_class: RaceClass;
  track_id: number;
  entries: CreatedRaceEntry[];
}

function distinct(ids: readonly number[], what: string): number[] {
  if (!Array.isArray(ids) || ids.length === 0) throw new RangeError(`generateCreatedRace: ${what} is empty`);
  for (const id of ids) {
    if (!Number.isSafeInteger(id)) throw new RangeError(`generateCreatedRace: ${what} has a non-integer id ${id}`);
  }
  return [...new Set(ids)];
}

function ownOr(id: number | null, prng: Prng, list: readonly number[]): number {
  // Draw either way, so one horse having its own trainer does not shift the draws of the others.
  const drawn = prng.pick(list);
  return id !== null && Number.isSafeInteger(id) ? id : drawn;
}

/**
 * The random race generator (spec §3): from the candidates, a race of a random class (one of
 * RACE_CLASSES, named by raceName, with a claiming price or grade where the class has one) at a
 * random track, and 6–12 distinct horses in post positions 1..n, each with a jockey, a trainer and an
 * owner. The trainer and owner are the horse's own when given, else drawn from the lists. Every
 * jockey is from `jockeyIds` and each runner has a different one: the horse's own when it is in
 * the list (and not already riding in this race), else one drawn from the rest. The field is at
 * most as large as the number of distinct horses and of distinct jockeys. The same seed and input
 * always give the same race.
 *
 * @param seed any text naming the race, e.g. `stable:created-race:<n>:<config seed>`
 * @throws RangeError when there are fewer than 6 distinct horses, fewer than 6 distinct jockeys,
 *   any list is empty or an id is not an integer
 */
export function generateCreatedRace(
  seed: string,
  input: {
    trackIds: readonly number[];
    horses: readonly CreatedRaceCandidate[];
    jockeyIds: readonly number[];
    trainerIds: readonly number[];
    ownerIds: readonly number[];
  },
): CreatedRace {
  const tracks = distinct(input.trackIds, 'trackIds');
  const jockeys = distinct(input.jockeyIds, 'jockeyIds');
  const trainers = distinct(input.trainerIds, 'trainerIds');
  const owners = distinct(input.ownerIds, 'ownerIds');
  const seen = new Set<number>();
  const horses: CreatedRaceCandidate[] = [];
  for (const h of input.horses ?? []) {
    if (!h || !Number.isSafeInteger(h.id)) throw new RangeError(`generateCreatedRace: a horse has a non-integer id`);
    if (seen.has(h.id)) continue;
    seen.add(h.id);
    horses.push(h);
  }
  if (horses.length < CREATED_RACE_MIN_RUNNERS) {
    throw new RangeError(
      `generateCreatedRace: a race needs at least ${CREATED_RACE_MIN_RUNNERS} distinct horses, got ${horses.length}`,
    );
  }
  if (jockeys.length < CREATED_RACE_MIN_RUNNERS) {
    throw new RangeError(
      `generateCreatedRace: a race needs at least ${CREATED_RACE_MIN_RUNNERS} distinct jockeys, got ${jockeys.length}`,
    );
  }

  const prng = new Prng(`stable:created-race|${seed}`);
  const raceClass = prng.pick(RACE_CLASSES);
  const race_name = raceName(prng.fork('name'), raceClass, raceNameOptions(prng, raceClass));
  const track_id = prng.pick(tracks);
  const n = prng.int(CREATED_RACE_MIN_RUNNERS, Math.min(CREATED_RACE_MAX_RUNNERS, horses.length, jockeys.length));
  const field = prng.sample(horses, n);

  // Jockeys: the horse's own first when it is in the list (one ride each), then the rest from the
  // shuffled list.
  const riding = new Set<number>();
  const jockeyOf: (number | null)[] = field.map((h) => {
    const own = h.jockey_id;
    if (own === null || !jockeys.includes(own) || riding.has(own)) return null;
    riding.add(own);
    return own;
  });
  const free = prng.shuffle(jockeys).filter((j) => !riding.has(j));
  let next = 0;

  const entries = field.map((h, i): CreatedRaceEntry => {
    const jockey_id = jockeyOf[i] ?? (free[next++] as number);
    return {
      post_position: i + 1,
      horse_id: h.id,
      jockey_id,
      trainer_id: ownOr(h.trainer_id, prng, trainers),
      owner_id: ownOr(h.owner_id, prng, owners),
    };
  });
  return { race_name, race_class: raceClass, track_id, entries };
}

function raceNameOptions(prng: Prng, raceClass: RaceClass): { price?: number; grade?: 1 | 2 | 3 } {
  switch (raceClass) {
    case 'Maiden Claiming':
    case 'Claiming':
    case 'Starter Allowance':
      return { price: prng.pick(CLAIMING_PRICES) };
    case 'Allowance Optional Claiming':
      return { price: prng.pick(OPTIONAL_CLAIMING_PRICES) };
    case 'Graded Stakes':
      return { grade: prng.pick([1, 2, 3] as const) };
    default:
      return {};
  }
}
