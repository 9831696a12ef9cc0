import {
  distanceName,
  raceConditions,
  racingAge,
  runnerSex,
  SEX_ALLOWANCE_LBS,
  weightCarriedLbs,
} from './race-conditions';

const race = (purseDollars: number, over: Partial<{ key: string; furlongs: number; surface: string }> = {}) =>
  raceConditions({ key: '7:2026-11-23:3', purseCents: purseDollars * 100, furlongs: 6, surface: 'Dirt', ...over });

describe(raceConditions.name, () => {
  it('should make a cheap race a claiming race priced on the ladder from its purse', () => {
    // A claiming purse is about $8,000 + ¾ of the price: $17,375 → $12,500.
    expect(race(17_375)).toEqual({
      race_class: 'Claiming',
      race_title: 'Claiming $12,500',
      conditions: 'For horses entered to be claimed for $12,500. Six Furlongs on the dirt. Purse $17,375.',
    });
    expect(race(12_000).race_title).toBe('Claiming $5,000');
    expect(race(39_000).race_title).toBe('Claiming $40,000');
  });

  it('should step up through allowance optional claiming and allowance by purse', () => {
    expect(race(57_000)).toMatchObject({
      race_class: 'Allowance Optional Claiming',
      race_title: 'Allowance Optional Claiming $50,000',
    });
    expect(race(57_000).conditions).toContain('or for horses entered to be claimed for $50,000');
    expect(race(80_000)).toMatchObject({ race_class: 'Allowance', race_title: 'Allowance' });
  });

  it('should name a stakes race, the same name every time for the same race, graded by purse', () => {
    const stakes = race(125_000);
    expect(stakes.race_class).toBe('Stakes');
    expect(stakes.race_title).toMatch(/^The .+/);
    expect(race(125_000)).toEqual(stakes);
    expect(race(250_000)).toMatchObject({ race_class: 'Graded Stakes', race_title: expect.stringMatching(/\(G3\)$/) });
    expect(race(300_000).race_title).toMatch(/\(G2\)$/);
    expect(race(750_000).race_title).toMatch(/\(G1\)$/);
    expect(race(750_000).conditions).toMatch(/^A Grade 1 stakes race/);
  });

  it('should never call a live race "{location} Race {n}"', () => {
    for (const purse of [0, 12_000, 45_000, 70_000, 100_000, 200_000]) {
      expect(race(purse).race_title).not.toMatch(/Race \d/);
    }
  });

  it('should write the trip and the surface into the conditions', () => {
    expect(race(20_000, { furlongs: 8.5, surface: 'Turf' }).conditions).toContain('1 1/16 Miles on the turf.');
  });
});

describe(distanceName.name, () => {
  it.each([
    [5, 'Five Furlongs'],
    [5.5, 'Five and One Half Furlongs'],
    [7.5, 'Seven and One Half Furlongs'],
    [8, 'One Mile'],
    [8.5, '1 1/16 Miles'],
    [9, '1 1/8 Miles'],
    [10, '1 1/4 Miles'],
    [12, '1 1/2 Miles'],
    [16, 'Two Miles'],
  ])('should write %p furlongs as %p', (furlongs, name) => {
    expect(distanceName(furlongs)).toBe(name);
  });
});

describe('runners', () => {
  it('should age a horse on 1 January', () => {
    expect(racingAge('2022-11-30', '2026-01-02')).toBe(4);
    expect(racingAge('2022-01-01', '2026-12-31')).toBe(4);
  });

  it('should call the young colts and fillies, the older horses and mares', () => {
    expect(runnerSex('male', 3)).toBe('colt');
    expect(runnerSex('male', 5)).toBe('horse');
    expect(runnerSex('female', 4)).toBe('filly');
    expect(runnerSex('female', 6)).toBe('mare');
  });

  it('should weigh by the scale, with the sex allowance for fillies and mares', () => {
    expect(weightCarriedLbs(2, 'male')).toBe(120);
    expect(weightCarriedLbs(3, 'male')).toBe(122);
    expect(weightCarriedLbs(6, 'male')).toBe(124);
    expect(weightCarriedLbs(6, 'female')).toBe(124 - SEX_ALLOWANCE_LBS);
  });
});
