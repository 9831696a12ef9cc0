import { RACE_CLASSES } from './names';
import { Prng } from './prng';
import {
  ABILITY_SPEED_MAX,
  ABILITY_SPEED_MIN,
  afterRace,
  ageInYears,
  assertCanBreed,
  BREED_PROFILES,
  breedProfile,
  canBreed,
  DEFAULT_BREED_PROFILE,
  DETRAINED_FITNESS,
  defaultWeightForHeight,
  drawAbility,
  EFFECTIVE_SPEED_MAX,
  EFFECTIVE_SPEED_MIN,
  effectiveRating,
  fatiguePenalty,
  fitnessEffect,
  fitToRace,
  GEAR_COST_CENTS,
  GEAR_ITEMS,
  GESTATION_HOURS,
  type GearItem,
  gearEffect,
  generateCreatedRace,
  HEIGHT_HANDS,
  HORSE_COLORS,
  type HorseAbility,
  type HorseCondition,
  inheritAbility,
  isHorseColor,
  isValidHorseWeight,
  MEDICAL_COST_CENTS,
  MEDICAL_TREATMENTS,
  NEW_HORSE_CONDITION,
  RACE_FATIGUE_MAX,
  RACING_AGE_MIN,
  recover,
  SHOE_COST_CENTS,
  SHOE_TYPES,
  type ShoeType,
  shoeEffect,
  TRAINING_COST_CENTS,
  TRAINING_FATIGUE_MAX,
  TRAINING_GAIN_CAPS,
  TRAINING_REGIMENS,
  type TrainingRegimen,
  train,
  treat,
} from './stable';

const SEEDS = 500;
const BREEDS = Object.keys(BREED_PROFILES);
const SURFACES = ['Dirt', 'Turf', 'Synthetic', 'Polytrack'];
const GOINGS = [
  'Fast',
  'Good',
  'Firm',
  'Good to Firm',
  'Wet Fast',
  'Wet',
  'Muddy',
  'Sloppy',
  'Heavy',
  'Soft',
  'Yielding',
];
// The house horses' average speed figures (seed-generator, seed 7, scale 0.5): 5th and 95th percentile, 99th.
const HOUSE_P5 = 79;
const HOUSE_P95 = 102;
const HOUSE_P99 = 108;

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;
const sd = (xs: readonly number[]): number => {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
};
const correlation = (xs: readonly number[], ys: readonly number[]): number => {
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    const dx = (xs[i] as number) - mx;
    const dy = (ys[i] as number) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
};

const condition = (over: Partial<HorseCondition> = {}): HorseCondition => ({ ...NEW_HORSE_CONDITION, ...over });

function randomCondition(prng: Prng): HorseCondition {
  return {
    speed_gain: prng.float(0, TRAINING_GAIN_CAPS.speed_gain),
    stamina_gain: prng.float(0, TRAINING_GAIN_CAPS.stamina_gain),
    early_speed_gain: prng.float(0, TRAINING_GAIN_CAPS.early_speed_gain),
    fatigue: prng.chance(0.1) ? prng.pick([0, 100]) : prng.float(0, 100),
    fitness: prng.chance(0.1) ? prng.pick([0, 40, 100]) : prng.float(0, 100),
  };
}

// Plain comparisons (loops call this hundreds of thousands of times; expect() there is slow).
function isValidCondition(c: HorseCondition): boolean {
  const within = (x: number, hi: number): boolean => Number.isFinite(x) && x >= 0 && x <= hi;
  return (
    within(c.speed_gain, TRAINING_GAIN_CAPS.speed_gain) &&
    within(c.stamina_gain, TRAINING_GAIN_CAPS.stamina_gain) &&
    within(c.early_speed_gain, TRAINING_GAIN_CAPS.early_speed_gain) &&
    within(c.fatigue, 100) &&
    within(c.fitness, 100)
  );
}

function expectValidCondition(c: HorseCondition): void {
  if (!isValidCondition(c)) throw new Error(`condition out of range: ${JSON.stringify(c)}`);
}

function expectBoundedAbility(a: HorseAbility): void {
  const ok =
    a.speed >= ABILITY_SPEED_MIN &&
    a.speed <= ABILITY_SPEED_MAX &&
    a.stamina >= 0 &&
    a.stamina <= 1 &&
    a.early_speed >= 0 &&
    a.early_speed <= 1;
  if (!ok) throw new Error(`ability out of range: ${JSON.stringify(a)}`);
}

// Every subset of the gear, the empty one included.
const GEAR_SUBSETS: GearItem[][] = Array.from({ length: 1 << GEAR_ITEMS.length }, (_, mask) =>
  GEAR_ITEMS.filter((_, i) => mask & (1 << i)),
);

describe('coat, size and age', () => {
  it('should know the six coat colors and nothing else', () => {
    expect(HORSE_COLORS).toEqual(['bay', 'black', 'chestnut', 'gray', 'palomino', 'roan']);
    expect(isHorseColor('chestnut')).toBe(true);
    expect(isHorseColor('Chestnut')).toBe(false);
    expect(isHorseColor('pink')).toBe(false);
  });

  it('should give spec §9 default weights: 14→500, 15→800, 16→1000, 17→1200, 18→1800', () => {
    expect(HEIGHT_HANDS.map(defaultWeightForHeight)).toEqual([500, 800, 1000, 1200, 1800]);
    for (const hands of HEIGHT_HANDS) expect(isValidHorseWeight(defaultWeightForHeight(hands))).toBe(true);
  });

  it('should refuse any height that is not 14–18 whole hands', () => {
    for (const bad of [13, 19, 15.5, 0, -16, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => defaultWeightForHeight(bad)).toThrow(RangeError);
    }
  });

  it('should take weights that are whole multiples of 25 lb from 400 to 2200', () => {
    for (const ok of [400, 425, 500, 1000, 1175, 2175, 2200]) expect(isValidHorseWeight(ok)).toBe(true);
    for (const bad of [375, 399, 410, 412, 1001, 2201, 2225, 400.5, -400, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(isValidHorseWeight(bad)).toBe(false);
    }
    // Exactly 73 valid weights: (2200 − 400) / 25 + 1.
    let valid = 0;
    for (let lbs = 0; lbs <= 3000; lbs++) if (isValidHorseWeight(lbs)) valid++;
    expect(valid).toBe(73);
  });

  it('should count whole years to the birthday exactly', () => {
    expect(ageInYears('2020-05-10', '2020-05-10')).toBe(0);
    expect(ageInYears('2020-05-10', '2024-05-09')).toBe(3);
    expect(ageInYears('2020-05-10', '2024-05-10')).toBe(4);
    expect(ageInYears('2020-12-31', '2021-01-01')).toBe(0);
    expect(ageInYears('2019-01-01', '2021-12-31')).toBe(2);
    expect(RACING_AGE_MIN).toBe(2);
  });

  it('should give a 29 February foal its birthday on 1 March in other years', () => {
    expect(ageInYears('2020-02-29', '2021-02-28')).toBe(0);
    expect(ageInYears('2020-02-29', '2021-03-01')).toBe(1);
    expect(ageInYears('2020-02-29', '2023-02-28')).toBe(2);
    expect(ageInYears('2020-02-29', '2024-02-28')).toBe(3);
    expect(ageInYears('2020-02-29', '2024-02-29')).toBe(4);
  });

  it('should refuse bad dates and a dob after today', () => {
    expect(() => ageInYears('2021-02-29', '2024-01-01')).toThrow(RangeError);
    expect(() => ageInYears('2020-13-01', '2024-01-01')).toThrow(RangeError);
    expect(() => ageInYears('2020-04-31', '2024-01-01')).toThrow(RangeError);
    expect(() => ageInYears('2020-1-1', '2024-01-01')).toThrow(RangeError);
    expect(() => ageInYears('2020-01-01', 'today')).toThrow(RangeError);
    expect(() => ageInYears('2024-01-02', '2024-01-01')).toThrow(/after today/);
    expect(() => ageInYears('1900-02-29', '2024-01-01')).toThrow(RangeError); // 1900 was not a leap year
    expect(ageInYears('2000-02-29', '2001-03-01')).toBe(1); // 2000 was
  });

  it('should be k on the k-th birthday and k − 1 the day before, over many seeds', () => {
    const prng = new Prng('stable:age');
    const pad = (n: number): string => String(n).padStart(2, '0');
    for (let i = 0; i < SEEDS; i++) {
      const y = prng.int(1990, 2030);
      const m = prng.int(1, 12);
      const d = prng.int(2, 28);
      const k = prng.int(1, 30);
      const dob = `${y}-${pad(m)}-${pad(d)}`;
      expect(ageInYears(dob, `${y + k}-${pad(m)}-${pad(d)}`)).toBe(k);
      expect(ageInYears(dob, `${y + k}-${pad(m)}-${pad(d - 1)}`)).toBe(k - 1);
    }
  });
});

describe('ability', () => {
  it('should order the breed means as documented', () => {
    const tb = breedProfile('Thoroughbred');
    const qh = breedProfile('Quarter Horse');
    const arab = breedProfile('Arabian');
    for (const name of BREEDS.filter((b) => b !== 'Thoroughbred')) {
      expect(breedProfile(name).speed).toBeLessThan(tb.speed);
      expect(breedProfile(name).early_speed).toBeLessThanOrEqual(qh.early_speed);
      expect(breedProfile(name).stamina).toBeLessThanOrEqual(arab.stamina);
      if (name !== 'Quarter Horse') expect(breedProfile(name).stamina).toBeGreaterThan(qh.stamina);
    }
    for (const slower of ['Standardbred', 'Appaloosa', 'Paint Horse']) {
      expect(breedProfile(slower).speed).toBeLessThan(qh.speed);
      expect(breedProfile(slower).speed).toBeLessThan(arab.speed);
    }
  });

  it('should match breed names in any case and give unknown breeds the default profile', () => {
    expect(breedProfile('  quarter   HORSE ')).toEqual(BREED_PROFILES['Quarter Horse']);
    expect(breedProfile('Zebra')).toEqual(DEFAULT_BREED_PROFILE);
    expect(breedProfile('')).toEqual(DEFAULT_BREED_PROFILE);
    // A copy: changing it does not change the table.
    const p = breedProfile('Thoroughbred');
    p.speed = 0;
    expect(breedProfile('Thoroughbred').speed).toBe(88);
  });

  it('should draw the same ability for the same seed, and bounded, over many seeds and every breed', () => {
    for (let i = 0; i < SEEDS; i++) {
      for (const breed of [...BREEDS, 'Unknown Pony']) {
        const seed = `stable:horse:H${i}:cfg`;
        const a = drawAbility(seed, breed);
        expect(drawAbility(seed, breed)).toEqual(a);
        expectBoundedAbility(a);
      }
    }
    expect(drawAbility('a', 'Thoroughbred')).not.toEqual(drawAbility('b', 'Thoroughbred'));
  });

  it('should draw around the breed means, in their order, with a sensible spread', () => {
    const n = 3000;
    const draws = new Map(BREEDS.map((b) => [b, Array.from({ length: n }, (_, i) => drawAbility(`d${i}`, b))]));
    const speedMean = (b: string): number => mean((draws.get(b) ?? []).map((a) => a.speed));
    for (const b of BREEDS) {
      const a = draws.get(b) ?? [];
      const profile = breedProfile(b);
      expect(speedMean(b)).toBeCloseTo(profile.speed, 0);
      expect(Math.abs(mean(a.map((x) => x.stamina)) - profile.stamina)).toBeLessThan(0.02);
      expect(Math.abs(mean(a.map((x) => x.early_speed)) - profile.early_speed)).toBeLessThan(0.02);
      // σ 5 figure points (the house horses' averages: σ ≈ 7), some variety of style and stamina.
      expect(sd(a.map((x) => x.speed))).toBeGreaterThan(4.5);
      expect(sd(a.map((x) => x.speed))).toBeLessThan(5.5);
      expect(sd(a.map((x) => x.stamina))).toBeGreaterThan(0.08);
      expect(sd(a.map((x) => x.early_speed))).toBeGreaterThan(0.08);
    }
    for (const b of BREEDS.filter((x) => x !== 'Thoroughbred'))
      expect(speedMean(b)).toBeLessThan(speedMean('Thoroughbred'));
    const qh = draws.get('Quarter Horse') ?? [];
    const arab = draws.get('Arabian') ?? [];
    expect(mean(qh.map((a) => a.early_speed))).toBeGreaterThan(mean(arab.map((a) => a.early_speed)) + 0.3);
    expect(mean(arab.map((a) => a.stamina))).toBeGreaterThan(mean(qh.map((a) => a.stamina)) + 0.4);
  });

  it("should sit in the house horses' range: the mean within their 5th–95th percentile, an untrained Thoroughbred at most average", () => {
    const all = BREEDS.flatMap((b) => Array.from({ length: 500 }, (_, i) => drawAbility(`r${i}`, b).speed));
    expect(mean(all)).toBeGreaterThan(HOUSE_P5);
    expect(mean(all)).toBeLessThan(HOUSE_P95);
    const tb = Array.from({ length: 3000 }, (_, i) => drawAbility(`tb${i}`, 'Thoroughbred').speed);
    expect(mean(tb)).toBeLessThanOrEqual(91); // the house's average
    expect(mean(tb)).toBeGreaterThan(85);
  });

  it('should give a foal the same ability for the same seed, bounded even from extreme parents', () => {
    const prng = new Prng('stable:inherit-bounds');
    for (let i = 0; i < SEEDS; i++) {
      const parent = (): HorseAbility => ({
        speed: prng.float(0, 160),
        stamina: prng.float(-0.5, 1.5),
        early_speed: prng.float(-0.5, 1.5),
      });
      const sire = parent();
      const dam = parent();
      const breed = prng.pick([...BREEDS, 'Mule']);
      const foal = inheritAbility(`foal${i}`, sire, dam, breed);
      expect(inheritAbility(`foal${i}`, sire, dam, breed)).toEqual(foal);
      expectBoundedAbility(foal);
    }
  });

  it("should breed foals around the parents' midpoint, pulled a fifth of the way to the breed mean", () => {
    const breed = breedProfile('Thoroughbred');
    const sire: HorseAbility = { speed: 96, stamina: 0.7, early_speed: 0.3 };
    const dam: HorseAbility = { speed: 90, stamina: 0.5, early_speed: 0.5 };
    const foals = Array.from({ length: 4000 }, (_, i) => inheritAbility(`f${i}`, sire, dam, 'Thoroughbred'));
    const expected = (mid: number, breedMean: number): number => mid + 0.2 * (breedMean - mid);
    // Midpoint 93 → 93 + 0.2 × (88 − 93) = 92; stamina 0.6 → 0.59; early speed 0.4 → 0.42.
    expect(mean(foals.map((f) => f.speed))).toBeCloseTo(expected(93, breed.speed), 0);
    expect(Math.abs(mean(foals.map((f) => f.stamina)) - expected(0.6, breed.stamina))).toBeLessThan(0.01);
    expect(Math.abs(mean(foals.map((f) => f.early_speed)) - expected(0.4, breed.early_speed))).toBeLessThan(0.01);
    // Near the midpoint: closer to it than to the breed mean.
    expect(Math.abs(mean(foals.map((f) => f.speed)) - 93)).toBeLessThan(1.5);
    // Varied: σ about 3 figure points and 0.07 of stamina.
    expect(sd(foals.map((f) => f.speed))).toBeGreaterThan(2.5);
    expect(sd(foals.map((f) => f.speed))).toBeLessThan(3.5);
    expect(sd(foals.map((f) => f.stamina))).toBeGreaterThan(0.05);
    // Not one foal twice.
    expect(new Set(foals.map((f) => f.speed)).size).toBe(foals.length);
  });

  it('should make foals resemble their parents: positive correlation with the midpoint', () => {
    const mids: HorseAbility[] = [];
    const foals: HorseAbility[] = [];
    for (let i = 0; i < 2000; i++) {
      const sire = drawAbility(`sire${i}`, 'Thoroughbred');
      const dam = drawAbility(`dam${i}`, 'Thoroughbred');
      mids.push({
        speed: (sire.speed + dam.speed) / 2,
        stamina: (sire.stamina + dam.stamina) / 2,
        early_speed: (sire.early_speed + dam.early_speed) / 2,
      });
      foals.push(inheritAbility(`foal${i}`, sire, dam, 'Thoroughbred'));
    }
    for (const key of ['speed', 'stamina', 'early_speed'] as const) {
      expect(
        correlation(
          mids.map((m) => m[key]),
          foals.map((f) => f[key]),
        ),
      ).toBeGreaterThan(0.5);
    }
  });

  it('should pull the foals of two parents at the cap back below it (regression to the breed mean)', () => {
    const top: HorseAbility = { speed: ABILITY_SPEED_MAX, stamina: 1, early_speed: 1 };
    const foals = Array.from({ length: 2000 }, (_, i) => inheritAbility(`top${i}`, top, top, 'Thoroughbred'));
    // 102 + 0.2 × (88 − 102) = 99.2 expected; the clamp at 102 lifts the mean a little.
    const speeds = foals.map((f) => f.speed);
    expect(mean(speeds)).toBeGreaterThan(98.8);
    expect(mean(speeds)).toBeLessThan(ABILITY_SPEED_MAX - 2);
    expect(speeds.filter((x) => x === ABILITY_SPEED_MAX).length / speeds.length).toBeLessThan(0.25);
    for (const f of foals) expectBoundedAbility(f);
  });

  it('should refuse a parent with a non-finite number', () => {
    const ok = drawAbility('x', 'Arabian');
    expect(() => inheritAbility('s', { ...ok, speed: Number.NaN }, ok, 'Arabian')).toThrow(RangeError);
    expect(() => inheritAbility('s', ok, { ...ok, stamina: Number.POSITIVE_INFINITY }, 'Arabian')).toThrow(/dam/);
  });
});

describe(train.name, () => {
  it('should gain a fifth of what is left to the cap: 1.6, then 1.28 speed-figure points', () => {
    const first = train(NEW_HORSE_CONDITION, 'speed');
    expect(first.gain).toBeCloseTo(1.6, 12);
    expect(first.cost_cents).toBe(TRAINING_COST_CENTS.speed);
    expect(first.condition).toEqual({ ...NEW_HORSE_CONDITION, speed_gain: 1.6, fatigue: 15, fitness: 73 });
    const second = train(first.condition, 'speed');
    expect(second.gain).toBeCloseTo(1.28, 12);
    expect(second.condition.fatigue).toBe(30);
    // Stamina and gate work: 0.2 × 0.12 = 0.024.
    expect(train(NEW_HORSE_CONDITION, 'stamina').condition.stamina_gain).toBeCloseTo(0.024, 12);
    expect(train(NEW_HORSE_CONDITION, 'gate').condition.early_speed_gain).toBeCloseTo(0.024, 12);
    expect(train(NEW_HORSE_CONDITION, 'gate').condition.speed_gain).toBe(0);
  });

  it('should show diminishing returns and never pass the cap in 1,000 sessions with rests between', () => {
    const field = { speed: 'speed_gain', stamina: 'stamina_gain', gate: 'early_speed_gain' } as const;
    for (const regimen of TRAINING_REGIMENS) {
      const cap = TRAINING_GAIN_CAPS[field[regimen]];
      let c = condition();
      let last = Number.POSITIVE_INFINITY;
      let total = 0;
      for (let session = 0; session < 1000; session++) {
        if (c.fatigue > TRAINING_FATIGUE_MAX) c = recover(c, 48);
        const r = train(c, regimen);
        if (session < 50) expect(r.gain).toBeLessThan(last);
        else expect(r.gain).toBeLessThanOrEqual(last);
        expect(r.gain).toBeGreaterThanOrEqual(0);
        total += r.gain;
        last = r.gain;
        c = r.condition;
        expect(c[field[regimen]]).toBeLessThanOrEqual(cap);
        expectValidCondition(c);
      }
      expect(total).toBeLessThanOrEqual(cap + 1e-9);
      expect(c[field[regimen]]).toBeCloseTo(cap, 9);
    }
  });

  it('should refuse a horse that is too tired, and train one at exactly the limit', () => {
    expect(TRAINING_FATIGUE_MAX).toBe(70);
    expect(() => train(condition({ fatigue: 70.01 }), 'speed')).toThrow(/too tired/);
    expect(train(condition({ fatigue: 70 }), 'speed').condition.fatigue).toBe(85);
    expect(train(condition({ fatigue: 70, fitness: 99 }), 'gate').condition.fitness).toBe(100);
  });

  it('should refuse an unknown regimen or a condition out of range', () => {
    expect(() => train(NEW_HORSE_CONDITION, 'swimming' as TrainingRegimen)).toThrow(RangeError);
    expect(() => train(condition({ speed_gain: 9 }), 'speed')).toThrow(RangeError);
    expect(() => train(condition({ fitness: -1 }), 'speed')).toThrow(RangeError);
    expect(() => train(condition({ fatigue: Number.NaN }), 'speed')).toThrow(RangeError);
  });
});

describe(recover.name, () => {
  it('should halve fatigue every 24 hours and let fitness drift to 40 over weeks', () => {
    const c = condition({ fatigue: 60, fitness: 100, speed_gain: 5 });
    expect(recover(c, 24).fatigue).toBeCloseTo(30, 12);
    expect(recover(c, 48).fatigue).toBeCloseTo(15, 12);
    expect(recover(c, 336).fitness).toBeCloseTo(70, 12);
    // The first idle day at fitness 100: 40 + 60 × 0.5^(1/14) = 97.10.
    expect(recover(c, 24).fitness).toBeCloseTo(97.1017, 4);
    expect(recover(c, 1e6).fitness).toBeGreaterThanOrEqual(DETRAINED_FITNESS);
    expect(recover(c, 24).speed_gain).toBe(5);
    expect(recover(c, 0)).toEqual(c);
    expect(recover(condition({ fitness: 30 }), 500).fitness).toBe(30);
  });

  it('should add up: recover(recover(c, a), b) ≈ recover(c, a + b), over many seeds', () => {
    const prng = new Prng('stable:recover');
    for (let i = 0; i < SEEDS; i++) {
      const c = randomCondition(prng);
      const a = prng.float(0, 500);
      const b = prng.float(0, 500);
      const twice = recover(recover(c, a), b);
      const once = recover(c, a + b);
      for (const key of Object.keys(once) as (keyof HorseCondition)[]) {
        expect(Math.abs(twice[key] - once[key])).toBeLessThan(1e-9);
      }
      expectValidCondition(once);
      // More rest never makes a horse more tired.
      expect(once.fatigue).toBeLessThanOrEqual(recover(c, a).fatigue);
    }
  });

  it('should refuse negative or non-finite hours', () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => recover(NEW_HORSE_CONDITION, bad)).toThrow(RangeError);
    }
  });
});

describe(treat.name, () => {
  it('should rest for free, check and treat for a fee', () => {
    const c = condition({ fatigue: 60, fitness: 70 });
    expect(treat(c, 'rest')).toEqual({ condition: condition({ fatigue: 30, fitness: 70 }), cost_cents: 0 });
    expect(treat(c, 'vet_check')).toEqual({
      condition: condition({ fatigue: 50, fitness: 80 }),
      cost_cents: MEDICAL_COST_CENTS.vet_check,
    });
    expect(treat(c, 'therapy').condition.fatigue).toBe(10);
    expect(MEDICAL_COST_CENTS.therapy).toBeGreaterThan(MEDICAL_COST_CENTS.vet_check);
    expect(MEDICAL_COST_CENTS.vet_check).toBeGreaterThan(0);
  });

  it('should stay within 0..100 and refuse unknown treatments', () => {
    expect(treat(condition({ fatigue: 10 }), 'therapy').condition.fatigue).toBe(0);
    expect(treat(condition({ fitness: 95, fatigue: 5 }), 'vet_check').condition).toMatchObject({
      fitness: 100,
      fatigue: 0,
    });
    expect(() => treat(NEW_HORSE_CONDITION, 'massage' as never)).toThrow(RangeError);
  });
});

describe(afterRace.name, () => {
  it('should tire a horse by 20 + 4 × furlongs and keep it fit', () => {
    expect(afterRace(NEW_HORSE_CONDITION, 6)).toEqual(condition({ fatigue: 44, fitness: 72 }));
    expect(afterRace(condition({ fatigue: 10 }), 12).fatigue).toBe(78);
    expect(afterRace(condition({ fatigue: 50, fitness: 99 }), 10)).toMatchObject({ fatigue: 100, fitness: 100 });
  });

  it('should tire more over a longer trip', () => {
    for (let f = 4; f < 16; f += 0.5) {
      expect(afterRace(NEW_HORSE_CONDITION, f + 0.5).fatigue).toBeGreaterThan(
        afterRace(NEW_HORSE_CONDITION, f).fatigue,
      );
    }
  });

  it('should refuse a distance the engine does not run', () => {
    for (const bad of [0, -6, 41, Number.NaN]) expect(() => afterRace(NEW_HORSE_CONDITION, bad)).toThrow(RangeError);
  });
});

describe(fitToRace.name, () => {
  it('should enter a horse up to fatigue 80 and not above, saying how long to rest', () => {
    expect(RACE_FATIGUE_MAX).toBe(80);
    expect(fitToRace(condition({ fatigue: 80 }))).toEqual({ ok: true });
    const tired = fitToRace(condition({ fatigue: 95 }));
    expect(tired.ok).toBe(false);
    if (tired.ok) return;
    expect(tired.reason).toMatch(/fatigue 95 is above 80/);
    // The hours it names are enough.
    const hours = Number(/about (\d+) h/.exec(tired.reason)?.[1]);
    expect(hours).toBeGreaterThan(0);
    expect(fitToRace(recover(condition({ fatigue: 95 }), hours)).ok).toBe(true);
  });

  it('should stand a horse down after two long races in a row, and let it race again after a rest', () => {
    const c = afterRace(afterRace(NEW_HORSE_CONDITION, 10), 10);
    expect(fitToRace(c).ok).toBe(false);
    expect(fitToRace(recover(c, 24)).ok).toBe(true);
  });
});

describe(shoeEffect.name, () => {
  it('should follow the documented table', () => {
    const table: [ShoeType, string, string, number][] = [
      ['regular', 'Dirt', 'Fast', 0],
      ['regular', 'Turf', 'Soft', 0],
      ['aluminum', 'Dirt', 'Fast', 1],
      ['aluminum', 'Turf', 'Heavy', 1],
      ['mud_calks', 'Dirt', 'Muddy', 2],
      ['mud_calks', 'Dirt', 'Sloppy', 2],
      ['mud_calks', 'Dirt', 'Wet Fast', 2],
      ['mud_calks', 'Synthetic', 'Wet', 2],
      ['mud_calks', 'Turf', 'Heavy', 2],
      ['mud_calks', 'Turf', 'Soft', 1],
      ['mud_calks', 'Turf', 'Yielding', 1],
      ['mud_calks', 'Turf', 'Good', 0],
      ['mud_calks', 'Dirt', 'Fast', -1],
      ['mud_calks', 'Turf', 'Firm', -1],
      ['turf', 'Turf', 'Firm', 2],
      ['turf', 'Turf', 'Soft', 2],
      ['turf', 'Dirt', 'Fast', -1],
      ['turf', 'Synthetic', 'Fast', 0],
      ['turf', 'Polytrack', 'Fast', -1], // an unknown surface counts as Dirt
      ['bar', 'Dirt', 'Muddy', 0],
    ];
    for (const [shoe, surface, going, points] of table)
      expect([shoe, surface, going, shoeEffect(shoe, surface, going)]).toEqual([shoe, surface, going, points]);
  });

  it('should read surface and going in any case', () => {
    expect(shoeEffect('mud_calks', ' dirt ', ' MUDDY ')).toBe(2);
    expect(shoeEffect('mud_calks', 'dirt', 'wet  fast')).toBe(2);
    expect(shoeEffect('turf', 'TURF', 'good')).toBe(2);
  });

  it('should stay within ±2 on every surface and going, and refuse unknown shoes', () => {
    for (const shoe of SHOE_TYPES) {
      for (const surface of SURFACES) {
        for (const going of [...GOINGS, 'Frozen']) {
          expect(Math.abs(shoeEffect(shoe, surface, going))).toBeLessThanOrEqual(2);
        }
      }
      expect(SHOE_COST_CENTS[shoe]).toBeGreaterThan(0);
    }
    expect(() => shoeEffect('golden' as ShoeType, 'Dirt', 'Fast')).toThrow(RangeError);
  });
});

describe(gearEffect.name, () => {
  it('should give each item its documented effect', () => {
    expect(gearEffect([])).toEqual({ speed: 0, stamina: 0, early_speed: 0 });
    expect(gearEffect(['blinkers'])).toEqual({ speed: 0.5, stamina: 0, early_speed: 0.05 });
    expect(gearEffect(['shadow_roll'])).toEqual({ speed: 0.5, stamina: 0, early_speed: 0 });
    expect(gearEffect(['tongue_tie'])).toEqual({ speed: 0, stamina: 0.03, early_speed: 0 });
    expect(gearEffect(['earplugs'])).toEqual({ speed: 0.3, stamina: 0, early_speed: 0 });
    const all = gearEffect(GEAR_ITEMS);
    expect(all.speed).toBeCloseTo(1.3, 12);
    expect(all.stamina).toBeCloseTo(0.03, 12);
    expect(all.early_speed).toBeCloseTo(0.05, 12);
  });

  it('should count an item once, in any order, and never add more than 1.5 speed', () => {
    expect(gearEffect(['blinkers', 'blinkers', 'blinkers'])).toEqual(gearEffect(['blinkers']));
    expect(gearEffect(['earplugs', 'blinkers', 'shadow_roll'])).toEqual(
      gearEffect(['shadow_roll', 'earplugs', 'blinkers']),
    );
    for (const subset of GEAR_SUBSETS) {
      const e = gearEffect(subset);
      expect(e.speed).toBeLessThanOrEqual(1.5);
      expect(e.speed).toBeGreaterThanOrEqual(0);
      for (const item of subset) expect(GEAR_COST_CENTS[item]).toBeGreaterThan(0);
    }
    expect(() => gearEffect(['spurs' as GearItem])).toThrow(RangeError);
  });
});

describe(effectiveRating.name, () => {
  const base = {
    ability: { speed: 90, stamina: 0.5, early_speed: 0.5 },
    condition: NEW_HORSE_CONDITION,
    shoe: 'regular' as ShoeType,
    gear: [] as GearItem[],
    surface: 'Dirt',
    condition_name: 'Fast',
  };

  it('should give a new horse in plain shoes its ability', () => {
    expect(effectiveRating(base)).toEqual({ speed_figure: 90, stamina: 0.5, early_speed: 0.5 });
  });

  it('should add training, shoes, gear and fitness, and take off fatigue', () => {
    // 90 + 8 + 1 (aluminum) + 1.3 (all gear) + 2 (fitness 100) = 102.3.
    const best = effectiveRating({
      ...base,
      condition: { speed_gain: 8, stamina_gain: 0.12, early_speed_gain: 0.12, fatigue: 0, fitness: 100 },
      shoe: 'aluminum',
      gear: GEAR_ITEMS,
    });
    expect(best.speed_figure).toBeCloseTo(102.3, 12);
    expect(best.stamina).toBeCloseTo(0.65, 12);
    expect(best.early_speed).toBeCloseTo(0.67, 12);
    // Fatigue 65 costs 5, fitness 40 costs 3: 90 − 5 − 3 = 82.
    expect(effectiveRating({ ...base, condition: condition({ fatigue: 65, fitness: 40 }) }).speed_figure).toBeCloseTo(
      82,
      12,
    );
  });

  it('should charge nothing for fatigue up to 30, then up to 10 points at 100, never less for more', () => {
    expect(fatiguePenalty(0)).toBe(0);
    expect(fatiguePenalty(30)).toBe(0);
    expect(fatiguePenalty(65)).toBeCloseTo(5, 12);
    expect(fatiguePenalty(100)).toBe(10);
    let last = Number.POSITIVE_INFINITY;
    for (let f = 0; f <= 100; f += 0.25) {
      expect(fatiguePenalty(f)).toBeGreaterThanOrEqual(fatiguePenalty(Math.max(0, f - 0.25)));
      const speed = effectiveRating({ ...base, condition: condition({ fatigue: f }) }).speed_figure;
      expect(speed).toBeLessThanOrEqual(last);
      last = speed;
    }
    expect(last).toBe(80);
  });

  it('should give −3 at fitness 40, 0 at 70 and +2 at 100, rising with fitness', () => {
    expect(fitnessEffect(40)).toBeCloseTo(-3, 12);
    expect(fitnessEffect(0)).toBeCloseTo(-3, 12);
    expect(fitnessEffect(70)).toBe(0);
    expect(fitnessEffect(100)).toBeCloseTo(2, 12);
    for (let f = 1; f <= 100; f++) expect(fitnessEffect(f)).toBeGreaterThanOrEqual(fitnessEffect(f - 1));
  });

  it('should never pass the ceiling: best ability, full training, best shoe, all gear, peak fitness', () => {
    expect(EFFECTIVE_SPEED_MAX).toBe(ABILITY_SPEED_MAX + 12);
    const peak: HorseCondition = {
      speed_gain: 8,
      stamina_gain: 0.12,
      early_speed_gain: 0.12,
      fatigue: 0,
      fitness: 100,
    };
    let highest = 0;
    for (const shoe of SHOE_TYPES) {
      for (const surface of SURFACES) {
        for (const going of GOINGS) {
          for (const gear of GEAR_SUBSETS) {
            const r = effectiveRating({
              ability: { speed: ABILITY_SPEED_MAX, stamina: 1, early_speed: 1 },
              condition: peak,
              shoe,
              gear,
              surface,
              condition_name: going,
            });
            expect(r.speed_figure).toBeLessThanOrEqual(EFFECTIVE_SPEED_MAX);
            expect(r.stamina).toBeLessThanOrEqual(1);
            expect(r.early_speed).toBeLessThanOrEqual(1);
            highest = Math.max(highest, r.speed_figure);
          }
        }
      }
    }
    expect(highest).toBe(EFFECTIVE_SPEED_MAX);
  });

  it("should keep an average Thoroughbred at best care below the house's 99th percentile", () => {
    const peak: HorseCondition = {
      speed_gain: 8,
      stamina_gain: 0.12,
      early_speed_gain: 0.12,
      fatigue: 0,
      fitness: 100,
    };
    const figures = Array.from(
      { length: 2000 },
      (_, i) =>
        effectiveRating({
          ability: drawAbility(`care${i}`, 'Thoroughbred'),
          condition: peak,
          shoe: 'mud_calks',
          gear: GEAR_ITEMS,
          surface: 'Dirt',
          condition_name: 'Sloppy',
        }).speed_figure,
    );
    expect(mean(figures)).toBeLessThan(HOUSE_P99);
    expect(mean(figures)).toBeGreaterThan(HOUSE_P95 - 5);
  });

  it('should be bounded and the same for the same input, over many seeds', () => {
    const prng = new Prng('stable:rating');
    for (let i = 0; i < SEEDS; i++) {
      const input = {
        ability: drawAbility(`rate${i}`, prng.pick([...BREEDS, 'Donkey'])),
        condition: randomCondition(prng),
        shoe: prng.pick(SHOE_TYPES),
        gear: prng.pick(GEAR_SUBSETS),
        surface: prng.pick(SURFACES),
        condition_name: prng.pick(GOINGS),
      };
      const r = effectiveRating(input);
      expect(effectiveRating(input)).toEqual(r);
      expect(r.speed_figure).toBeGreaterThanOrEqual(EFFECTIVE_SPEED_MIN);
      expect(r.speed_figure).toBeLessThanOrEqual(EFFECTIVE_SPEED_MAX);
      for (const x of [r.stamina, r.early_speed]) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(1);
      }
    }
  });

  it('should refuse a non-finite ability', () => {
    expect(() => effectiveRating({ ...base, ability: { ...base.ability, speed: Number.NaN } })).toThrow(RangeError);
  });
});

describe('a stable over time', () => {
  // A random life: training, rest, treatment and races, each step bounded; the same seed, the same life.
  function life(seed: string): { condition: HorseCondition; spent: number } {
    const prng = new Prng(seed);
    let c: HorseCondition = NEW_HORSE_CONDITION;
    let spent = 0;
    for (let step = 0; step < 60; step++) {
      const action = prng.int(0, 3);
      if (action === 0 && c.fatigue <= TRAINING_FATIGUE_MAX) {
        const r = train(c, prng.pick(TRAINING_REGIMENS));
        c = r.condition;
        spent += r.cost_cents;
      } else if (action === 1) {
        c = recover(c, prng.float(0, 96));
      } else if (action === 2) {
        const r = treat(c, prng.pick(MEDICAL_TREATMENTS));
        c = r.condition;
        spent += r.cost_cents;
      } else if (fitToRace(c).ok) {
        c = afterRace(c, prng.pick([5, 6, 7, 8, 9, 10, 12]));
      }
      expectValidCondition(c);
    }
    return { condition: c, spent };
  }

  it('should keep every condition in range and repeat for the same seed, over many seeds', () => {
    for (let i = 0; i < SEEDS; i++) {
      const a = life(`life${i}`);
      expect(life(`life${i}`)).toEqual(a);
      expect(a.spent).toBeGreaterThanOrEqual(0);
    }
  });

  it('should not change the condition it is given', () => {
    const c = condition({ fatigue: 50 });
    const copy = { ...c };
    train(c, 'speed');
    recover(c, 10);
    treat(c, 'therapy');
    afterRace(c, 8);
    expect(c).toEqual(copy);
  });
});

describe(canBreed.name, () => {
  it('should pair a male of 3–25 with a female of 3–25', () => {
    expect(GESTATION_HOURS).toBe(72);
    expect(canBreed({ gender: 'male', age: 3 }, { gender: 'female', age: 25 })).toEqual({ ok: true });
    expect(canBreed({ gender: 'male', age: 25 }, { gender: 'female', age: 3 })).toEqual({ ok: true });
  });

  it('should name the problem', () => {
    expect(canBreed({ gender: 'female', age: 6 }, { gender: 'female', age: 6 })).toEqual({
      ok: false,
      reason: 'the sire must be male (got female)',
    });
    expect(canBreed({ gender: 'male', age: 6 }, { gender: 'male', age: 6 })).toEqual({
      ok: false,
      reason: 'the dam must be female (got male)',
    });
    expect(canBreed({ gender: 'male', age: 2 }, { gender: 'female', age: 6 })).toEqual({
      ok: false,
      reason: 'the sire is 2 years old; horses breed from 3',
    });
    expect(canBreed({ gender: 'male', age: 6 }, { gender: 'female', age: 26 })).toEqual({
      ok: false,
      reason: 'the dam is 26 years old; horses breed until 25',
    });
    expect(() => assertCanBreed({ gender: 'male', age: 6 }, { gender: 'female', age: 1 })).toThrow(
      new RangeError('cannot breed: the dam is 1 years old; horses breed from 3'),
    );
    expect(() => assertCanBreed({ gender: 'male', age: 6 }, { gender: 'female', age: 6 })).not.toThrow();
  });

  it('should refuse an age that is not a number', () => {
    expect(() => canBreed({ gender: 'male', age: Number.NaN }, { gender: 'female', age: 5 })).toThrow(RangeError);
    expect(() => canBreed({ gender: 'male', age: 5 }, { gender: 'female', age: -1 })).toThrow(/dam/);
  });
});

describe(generateCreatedRace.name, () => {
  const jockeyIds = Array.from({ length: 40 }, (_, i) => 100 + i);
  const trainerIds = [200, 201, 202, 203];
  const ownerIds = [300, 301, 302];
  const horses = Array.from({ length: 30 }, (_, i) => ({
    id: i + 1,
    // Some horses have their own jockey (in the list, two share one), trainer and owner.
    jockey_id: i % 3 === 0 ? 100 + (i % 12) : null,
    trainer_id: i % 2 === 0 ? 900 + i : null,
    owner_id: i % 4 === 0 ? 800 + i : null,
  }));
  const input = { trackIds: [1, 2, 3], horses, jockeyIds, trainerIds, ownerIds };

  it('should make a field of 6–12 distinct horses, distinct jockeys, posts 1..n, the same for the same seed', () => {
    const sizes = new Set<number>();
    const classes = new Set<string>();
    for (let i = 0; i < SEEDS; i++) {
      const race = generateCreatedRace(`created${i}`, input);
      expect(generateCreatedRace(`created${i}`, input)).toEqual(race);
      const n = race.entries.length;
      sizes.add(n);
      classes.add(race.race_class);
      expect(n).toBeGreaterThanOrEqual(6);
      expect(n).toBeLessThanOrEqual(12);
      expect(race.entries.map((e) => e.post_position)).toEqual(Array.from({ length: n }, (_, k) => k + 1));
      expect(new Set(race.entries.map((e) => e.horse_id)).size).toBe(n);
      expect(new Set(race.entries.map((e) => e.jockey_id)).size).toBe(n);
      expect(input.trackIds).toContain(race.track_id);
      expect(RACE_CLASSES).toContain(race.race_class);
      expect(race.race_name.length).toBeGreaterThan(0);
      for (const e of race.entries) {
        const horse = horses.find((h) => h.id === e.horse_id);
        expect(horse).toBeDefined();
        expect(jockeyIds).toContain(e.jockey_id);
        if (horse?.trainer_id === null) expect(trainerIds).toContain(e.trainer_id);
        else expect(e.trainer_id).toBe(horse?.trainer_id);
        if (horse?.owner_id === null) expect(ownerIds).toContain(e.owner_id);
        else expect(e.owner_id).toBe(horse?.owner_id);
      }
    }
    expect([...sizes].sort((a, b) => a - b)).toEqual([6, 7, 8, 9, 10, 11, 12]);
    expect(classes.size).toBe(RACE_CLASSES.length);
  });

  it('should give a horse its own jockey when it is in the list and free', () => {
    const own = Array.from({ length: 8 }, (_, i) => ({
      id: i + 1,
      jockey_id: 100 + i,
      trainer_id: null,
      owner_id: null,
    }));
    for (let i = 0; i < 50; i++) {
      for (const e of generateCreatedRace(`own${i}`, { ...input, horses: own }).entries) {
        expect(e.jockey_id).toBe(100 + e.horse_id - 1);
      }
    }
    // Not in the list: drawn from it instead.
    const outsider = own.map((h) => ({ ...h, jockey_id: 5000 + h.id }));
    for (const e of generateCreatedRace('outsider', { ...input, horses: outsider }).entries) {
      expect(jockeyIds).toContain(e.jockey_id);
    }
  });

  it('should differ between seeds', () => {
    const races = Array.from({ length: 20 }, (_, i) => JSON.stringify(generateCreatedRace(`d${i}`, input)));
    expect(new Set(races).size).toBe(20);
  });

  it('should refuse too few horses or jockeys and empty lists', () => {
    expect(() => generateCreatedRace('x', { ...input, horses: horses.slice(0, 5) })).toThrow(
      /at least 6 distinct horses/,
    );
    const duplicated = [...horses.slice(0, 5), ...horses.slice(0, 5)];
    expect(() => generateCreatedRace('x', { ...input, horses: duplicated })).toThrow(RangeError);
    expect(() => generateCreatedRace('x', { ...input, trackIds: [] })).toThrow(/trackIds is empty/);
    expect(() => generateCreatedRace('x', { ...input, jockeyIds: [] })).toThrow(/jockeyIds is empty/);
    expect(() => generateCreatedRace('x', { ...input, trainerIds: [] })).toThrow(/trainerIds is empty/);
    expect(() => generateCreatedRace('x', { ...input, ownerIds: [] })).toThrow(/ownerIds is empty/);
    expect(() => generateCreatedRace('x', { ...input, jockeyIds: [1, 2, 3, 4, 5] })).toThrow(/distinct jockeys/);
    // Exactly six of each is enough: a field of six.
    const six = generateCreatedRace('six', { ...input, horses: horses.slice(0, 6), jockeyIds: jockeyIds.slice(0, 6) });
    expect(six.entries).toHaveLength(6);
  });
});
