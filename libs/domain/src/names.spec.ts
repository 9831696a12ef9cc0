import {
  breederName,
  farmName,
  formatDollars,
  HORSE_NAME_MAX_LENGTH,
  horseName,
  locationInitial,
  ownerName,
  personName,
  pickTrackLocations,
  RACE_CLASSES,
  RACING_LOCATIONS,
  raceName,
  trackName,
  uniqueName,
} from './names';
import { Prng } from './prng';

describe(horseName.name, () => {
  it('should never exceed the 18-character registry limit', () => {
    const sut = new Prng(1);

    const names = Array.from({ length: 5000 }, () => horseName(sut));

    expect(names.filter((n) => n.length > HORSE_NAME_MAX_LENGTH)).toEqual([]);
    expect(names.filter((n) => n.trim() !== n || n.includes('  '))).toEqual([]);
  });

  it('should mix several naming patterns', () => {
    const sut = new Prng(2);

    const names = Array.from({ length: 2000 }, () => horseName(sut));

    expect(names.some((n) => /^\S+$/.test(n))).toBe(true); // single words
    expect(names.some((n) => /^\S+ \S+$/.test(n))).toBe(true); // adjective + noun
    expect(names.some((n) => /'s? /.test(n))).toBe(true); // possessives
    expect(names.some((n) => / the /.test(n))).toBe(true); // phrases
  });

  it('should give gendered titles by sex', () => {
    const sut = new Prng(3);

    const fillies = Array.from({ length: 3000 }, () => horseName(sut, 'female'));

    expect(fillies.some((n) => n.startsWith('Sir '))).toBe(false);
    expect(fillies.some((n) => /^(Lady|Miss|Queen|Princess) /.test(n))).toBe(true);
  });

  it('should give the same names for the same seed', () => {
    const a = new Prng(99);
    const b = new Prng(99);

    expect(Array.from({ length: 50 }, () => horseName(a))).toEqual(Array.from({ length: 50 }, () => horseName(b)));
  });
});

describe(uniqueName.name, () => {
  it('should hand out 8,000 distinct horse names', () => {
    const prng = new Prng(4);
    const taken = new Set<string>();

    const names = Array.from({ length: 8000 }, () => uniqueName(taken, () => horseName(prng)));

    expect(new Set(names).size).toBe(8000);
    expect(taken.size).toBe(8000);
  });

  it('should throw when the source cannot yield a new name', () => {
    const taken = new Set(['Same']);

    expect(() => uniqueName(taken, () => 'Same', 10)).toThrow(RangeError);
  });
});

describe(personName.name, () => {
  it('should give a first and a last name', () => {
    const sut = new Prng(5);

    const names = Array.from({ length: 200 }, () => personName(sut));

    expect(names.every((n) => /^[A-Z][a-z]+ [A-Z][A-Za-z']+$/.test(n))).toBe(true);
  });
});

describe(ownerName.name, () => {
  it('should mix people with stables, farms and companies', () => {
    const sut = new Prng(6);

    const names = Array.from({ length: 1000 }, () => ownerName(sut));

    expect(names.some((n) => n.endsWith(' Racing Stable'))).toBe(true);
    expect(names.some((n) => n.endsWith(' Thoroughbreds LLC'))).toBe(true);
    expect(names.some((n) => / (Farm|Farms|Stud)$/.test(n))).toBe(true);
    expect(names.some((n) => /^[A-Z][a-z]+ [A-Z][A-Za-z']+$/.test(n))).toBe(true);
  });
});

describe(farmName.name, () => {
  it('should end with Farm, Farms or Stud', () => {
    const sut = new Prng(7);

    expect(Array.from({ length: 100 }, () => farmName(sut)).every((n) => / (Farm|Farms|Stud)$/.test(n))).toBe(true);
  });
});

describe(breederName.name, () => {
  it('should give mostly farms', () => {
    const sut = new Prng(8);

    const farms = Array.from({ length: 500 }, () => breederName(sut)).filter((n) => / (Farm|Farms|Stud)$/.test(n));

    expect(farms.length).toBeGreaterThan(250);
  });
});

describe('RACING_LOCATIONS', () => {
  it('should hold at least 70 distinct places covering at least 22 initials', () => {
    const names = RACING_LOCATIONS.map((l) => l.name);

    expect(names.length).toBeGreaterThanOrEqual(70);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(names.map(locationInitial)).size).toBeGreaterThanOrEqual(22);
  });
});

describe(pickTrackLocations.name, () => {
  it('should cover every known initial once the count allows it', () => {
    const sut = new Prng(9);
    const initials = new Set(RACING_LOCATIONS.map((l) => locationInitial(l.name)));

    const picked = pickTrackLocations(sut, initials.size);

    expect(new Set(picked.map((l) => locationInitial(l.name)))).toEqual(initials);
  });

  it('should pick distinct locations', () => {
    const sut = new Prng(10);

    const picked = pickTrackLocations(sut, 72);

    expect(new Set(picked.map((l) => l.name)).size).toBe(72);
  });

  it('should refuse more locations than it knows', () => {
    expect(() => pickTrackLocations(new Prng(11), RACING_LOCATIONS.length + 1)).toThrow(RangeError);
  });
});

describe(trackName.name, () => {
  it('should name the track after its location in the local style', () => {
    const sut = new Prng(12);

    const uk = trackName(sut, { name: 'Ascot', country: 'UK' });
    const us = trackName(sut, { name: 'Saratoga', country: 'USA' });

    expect(uk).toMatch(/^Ascot (Racecourse|Park|Downs)$/);
    expect(us).toMatch(/^Saratoga (Downs|Park|Race Course|Racetrack|Fair Grounds|Meadows|Turf Club)$/);
  });
});

describe(raceName.name, () => {
  it('should name priced classes with their price', () => {
    const sut = new Prng(13);

    expect(raceName(sut, 'Claiming', { price: 25000 })).toBe('Claiming $25,000');
    expect(raceName(sut, 'Maiden Claiming', { price: 16000 })).toBe('Maiden Claiming $16,000');
  });

  it('should name special weight and allowance races by class', () => {
    const sut = new Prng(14);

    expect(raceName(sut, 'Maiden Special Weight')).toBe('Maiden Special Weight');
    expect(raceName(sut, 'Allowance')).toBe('Allowance');
  });

  it('should give stakes a proper name and graded stakes their grade', () => {
    const sut = new Prng(15);

    expect(raceName(sut, 'Stakes')).toMatch(/^The .+ (Stakes|Handicap|Cup|Classic|Invitational)$/);
    expect(raceName(sut, 'Graded Stakes', { grade: 1 })).toMatch(/^The .+ \(G1\)$/);
  });

  it('should name every class', () => {
    const sut = new Prng(16);

    for (const raceClass of RACE_CLASSES) expect(raceName(sut, raceClass, { price: 10000 }).length).toBeGreaterThan(0);
  });
});

describe(formatDollars.name, () => {
  it('should group thousands', () => {
    expect(formatDollars(1250000)).toBe('$1,250,000');
    expect(formatDollars(500)).toBe('$500');
  });
});
