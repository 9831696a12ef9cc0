import { BET_TYPES, findBetType } from './bet-types';

describe('BET_TYPES', () => {
  it('should offer every bet type of the spec, single-race first', () => {
    expect(BET_TYPES.map((t) => t.name)).toEqual([
      'Win',
      'Place',
      'Show',
      'Exacta',
      'Quinella',
      'Trifecta',
      'Superfecta',
      'Daily Double',
      'Pick 3',
      'Pick 4',
      'Pick 5',
      'Pick 6',
      'Pick 7',
      'Pick 8',
      'Pick 9',
      'Pick 10',
    ]);
  });

  it('should require the horse counts of spec §5 and the race counts of §9', () => {
    const counts = Object.fromEntries(BET_TYPES.map((t) => [t.name, [t.horsesRequired, t.legs]]));
    expect(counts).toMatchObject({
      Win: [1, 1],
      Place: [1, 1],
      Show: [1, 1],
      Exacta: [2, 1],
      Quinella: [2, 1],
      Trifecta: [3, 1],
      Superfecta: [4, 1],
      'Daily Double': [2, 2],
      'Pick 3': [3, 3],
      'Pick 10': [10, 10],
    });
  });

  it('should mark exactly Exacta, Trifecta and Superfecta as ordered', () => {
    expect(BET_TYPES.filter((t) => t.ordered).map((t) => t.name)).toEqual(['Exacta', 'Trifecta', 'Superfecta']);
  });

  it('should find a type by name and nothing for an unknown one', () => {
    expect(findBetType('Quinella')?.horsesRequired).toBe(2);
    expect(findBetType('Pick 11')).toBeUndefined();
  });
});
