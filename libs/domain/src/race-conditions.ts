import { FURLONGS_PER_MILE } from './distance';
import { formatDollars, type RaceClass, raceName } from './names';
import { Prng } from './prng';

/** The US claiming ladder, whole dollars: a claiming race's price is one of these. */
export const CLAIMING_PRICES = [
  5000, 6250, 7500, 10000, 12500, 16000, 20000, 25000, 32000, 40000, 50000, 62500, 80000,
] as const;
/** The claiming option of an allowance optional claiming race, whole dollars. */
export const OPTIONAL_CLAIMING_PRICES = [40000, 50000, 62500, 80000, 100000] as const;

/**
 * The purse (whole dollars) from which a live race is of each class: below the first, a claiming
 * race; then allowance optional claiming, allowance, stakes and graded stakes.
 */
export const CLASS_PURSE_FLOORS = {
  'Allowance Optional Claiming': 40_000,
  Allowance: 70_000,
  Stakes: 100_000,
  'Graded Stakes': 200_000,
} as const;

/** What a live race is, decided once when its card is made. */
export interface RaceConditions {
  /** One of RACE_CLASSES: 'Claiming', 'Allowance', 'Stakes', … */
  race_class: RaceClass;
  /** The program's name of the race: 'Claiming $12,500', 'The Lexington Stakes (G2)'. */
  race_title: string;
  /** The conditions as the program prints them: who may run, the distance and surface, the purse. */
  conditions: string;
}

export interface RaceConditionsInput {
  /** Identifies the race (e.g. 'track:date:number'): the stakes name is drawn from it, so it is the same every time. */
  key: string;
  purseCents: number;
  furlongs: number;
  /** 'Dirt', 'Turf', 'Synthetic', … */
  surface: string;
}

const WORDS = ['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven'];
const SIXTEENTHS: Record<number, string> = {
  1: '1/16',
  2: '1/8',
  3: '3/16',
  4: '1/4',
  5: '5/16',
  6: '3/8',
  7: '7/16',
  8: '1/2',
  9: '9/16',
  10: '5/8',
  11: '11/16',
  12: '3/4',
  13: '13/16',
  14: '7/8',
  15: '15/16',
};

/**
 * A distance as a US program writes it: 'Six Furlongs', 'Five and One Half Furlongs' under a mile,
 * then 'One Mile', '1 1/16 Miles', '1 1/2 Miles' (to the nearest sixteenth).
 */
export function distanceName(furlongs: number): string {
  if (!(furlongs > 0)) throw new RangeError(`distance must be positive, got ${furlongs} furlongs`);
  if (furlongs < FURLONGS_PER_MILE) {
    const whole = Math.floor(furlongs);
    const half = furlongs - whole >= 0.5;
    const word = WORDS[whole] ?? String(whole);
    return `${word}${half ? ' and One Half' : ''} Furlong${whole === 1 && !half ? '' : 's'}`;
  }
  const sixteenths = Math.round((furlongs / FURLONGS_PER_MILE) * 16);
  const miles = Math.floor(sixteenths / 16);
  const rest = sixteenths % 16;
  if (rest === 0) return miles === 1 ? 'One Mile' : `${WORDS[miles] ?? miles} Miles`;
  return `${miles} ${SIXTEENTHS[rest]} Miles`;
}

/** The highest price of `ladder` at or below `dollars`, or the lowest one. */
function priceAtMost(ladder: readonly number[], dollars: number): number {
  let price = ladder[0] as number;
  for (const p of ladder) if (p <= dollars) price = p;
  return price;
}

/**
 * The class, name and conditions of a live race from its purse, distance and surface (a pure rule;
 * only a stakes race's name is drawn, from `key`). Purses map onto the classes of the seeded history:
 * a claiming race's purse is about $8,000 + ¾ of its price, so the price is the ladder's step at or
 * below (purse − $8,000) ÷ 0.75; allowance optional claiming from $40,000 (the option at or below the
 * purse), allowance from $70,000, stakes from $100,000, graded stakes from $200,000 (Grade 1 from
 * $500,000, Grade 2 from $300,000). The card draws its fields without eligibility, so no class
 * that limits who may run (maiden, starter) is used.
 */
export function raceConditions(input: RaceConditionsInput): RaceConditions {
  const purse = Math.max(0, Math.round(input.purseCents / 100));
  const prng = new Prng(`race-conditions:${input.key}`);
  const trip = `${distanceName(input.furlongs)} on the ${input.surface.toLowerCase()}.`;
  const pursePart = `Purse ${formatDollars(purse)}.`;
  const finish = (race_class: RaceClass, race_title: string, who: string): RaceConditions => ({
    race_class,
    race_title,
    conditions: `${who} ${trip} ${pursePart}`,
  });

  if (purse >= CLASS_PURSE_FLOORS['Graded Stakes']) {
    const grade = purse >= 500_000 ? 1 : purse >= 300_000 ? 2 : 3;
    return finish(
      'Graded Stakes',
      raceName(prng, 'Graded Stakes', { grade }),
      `A Grade ${grade} stakes race, weights by the conditions.`,
    );
  }
  if (purse >= CLASS_PURSE_FLOORS.Stakes) {
    return finish('Stakes', raceName(prng, 'Stakes'), 'A stakes race, weights by the conditions.');
  }
  if (purse >= CLASS_PURSE_FLOORS.Allowance) {
    return finish('Allowance', raceName(prng, 'Allowance'), 'An allowance race, weights by the scale.');
  }
  if (purse >= CLASS_PURSE_FLOORS['Allowance Optional Claiming']) {
    const price = priceAtMost(OPTIONAL_CLAIMING_PRICES, purse);
    return finish(
      'Allowance Optional Claiming',
      raceName(prng, 'Allowance Optional Claiming', { price }),
      `An allowance race, or for horses entered to be claimed for ${formatDollars(price)}.`,
    );
  }
  const price = priceAtMost(CLAIMING_PRICES, (purse - 8000) / 0.75);
  return finish(
    'Claiming',
    raceName(prng, 'Claiming', { price }),
    `For horses entered to be claimed for ${formatDollars(price)}.`,
  );
}

// ─── The runners ─────────────────────────────────────────────────────────────────────────────────

export type RunnerSex = 'colt' | 'filly' | 'horse' | 'mare';

/** A thoroughbred ages on 1 January: its age in a race is the race's year minus its year of birth. */
export function racingAge(dob: string, raceDate: string): number {
  return Math.max(0, Number(raceDate.slice(0, 4)) - Number(dob.slice(0, 4)));
}

/** Colt or filly up to four, horse or mare from five. */
export function runnerSex(gender: 'male' | 'female', age: number): RunnerSex {
  if (gender === 'female') return age <= 4 ? 'filly' : 'mare';
  return age <= 4 ? 'colt' : 'horse';
}

/** The scale of weights: 124 lb from four years old, 122 at three, 120 at two. */
export const SCALE_WEIGHT_LBS = { twoYearOld: 120, threeYearOld: 122, older: 124 } as const;
/** Fillies and mares carry this much less (the sex allowance). */
export const SEX_ALLOWANCE_LBS = 5;

/** The weight a runner carries (jockey and tack, lb), fixed when the card is made. */
export function weightCarriedLbs(age: number, gender: 'male' | 'female'): number {
  const scale =
    age <= 2 ? SCALE_WEIGHT_LBS.twoYearOld : age === 3 ? SCALE_WEIGHT_LBS.threeYearOld : SCALE_WEIGHT_LBS.older;
  return gender === 'female' ? scale - SEX_ALLOWANCE_LBS : scale;
}
