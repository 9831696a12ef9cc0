import { gridPositions, gridTicket } from './bet-grid';
import { expandCombinations, validateBet } from './wagering-rules';

/** What the server charges for the ticket the grid made: its expansion, and validateBet's total. */
function serverCount(betType: string, selections: number[][], box: boolean): number {
  const expanded = expandCombinations({ bet_type: betType, selections, box });
  return expanded.ok ? expanded.tuples.length : 0;
}

describe(gridPositions.name, () => {
  it('should show one column per finishing position of an ordered type, and one for a box or the others', () => {
    expect(gridPositions('Exacta', false)).toBe(2);
    expect(gridPositions('Trifecta', false)).toBe(3);
    expect(gridPositions('Superfecta', false)).toBe(4);
    expect(gridPositions('Superfecta', true)).toBe(1);
    expect(gridPositions('Win', false)).toBe(1);
    expect(gridPositions('Quinella', false)).toBe(1);
    expect(gridPositions('Pick 3', false)).toBe(0);
  });
});

describe(gridTicket.name, () => {
  it.each([
    // [bet type, columns, box, selections sent, box sent, combinations, shape]
    ['Exacta', [[3], [5]], false, [[3], [5]], false, 1, 'straight'],
    ['Trifecta', [[3], [5], [1]], false, [[3], [5], [1]], false, 1, 'straight'],
    ['Superfecta', [[3], [5], [1], [2]], false, [[3], [5], [1], [2]], false, 1, 'straight'],
    ['Exacta', [[1, 2, 3]], true, [[1, 2, 3]], true, 6, 'box'],
    ['Trifecta', [[4, 1, 2, 3]], true, [[1, 2, 3, 4]], true, 24, 'box'],
    ['Superfecta', [[1, 2, 3, 4, 5]], true, [[1, 2, 3, 4, 5]], true, 120, 'box'],
    // Key: 3 on top of 1, 2, 4, 5 (ALL ticked in 2nd, the key horse among them counts once).
    ['Exacta', [[3], [1, 2, 3, 4, 5]], false, [[3], [1, 2, 3, 4, 5]], false, 4, 'key'],
    ['Trifecta', [[3], [1, 2, 4], [1, 2, 4]], false, [[3], [1, 2, 4], [1, 2, 4]], false, 6, 'key'],
    ['Superfecta', [[3], [1, 2, 4, 5], [1, 2, 4, 5], [1, 2, 4, 5]], false, null, false, 24, 'key'],
    // Key underneath: any of 1, 2, 4 then 3 second.
    ['Trifecta', [[1, 2, 4], [3], [1, 2, 4]], false, null, false, 6, 'key'],
    // Wheels: 1 or 2 on top, 3 or 4 second, 5 or 6 third; and a part-wheel sharing horses.
    [
      'Trifecta',
      [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
      false,
      null,
      false,
      8,
      'wheel',
    ],
    [
      'Trifecta',
      [
        [1, 2],
        [1, 2, 3],
        [1, 2, 3, 4],
      ],
      false,
      null,
      false,
      8,
      'wheel',
    ],
    ['Superfecta', [[1], [2], [3, 4], [3, 4, 5]], false, null, false, 4, 'wheel'],
  ] as const)(
    'should make a %s of %j (box %s) the ticket the server charges',
    (type, cols, box, sent, boxSent, n, shape) => {
      const columns = cols.map((c) => [...c]);
      const sut = gridTicket(type, columns, box);
      if (sent) expect(sut.selections).toEqual(sent);
      expect(sut.box).toBe(boxSent);
      expect(sut.combinations).toBe(n);
      expect(sut.shape).toBe(shape);
      expect(serverCount(type, sut.selections, sut.box)).toBe(n);
      const verdict = validateBet({
        bet_type: type,
        race_ids: [7],
        amount_cents: 100,
        selections: sut.selections,
        box: sut.box,
      });
      expect(verdict).toEqual({ ok: true, combinations: n, total_cents: n * 100 });
    },
  );

  it('should make no ticket while a position is empty or only repeats horses', () => {
    expect(gridTicket('Exacta', [[3], []], false)).toMatchObject({ combinations: 0, shape: null });
    expect(gridTicket('Exacta', [[3], [3]], false)).toMatchObject({ combinations: 0, shape: null });
    expect(gridTicket('Trifecta', [[1, 2]], true)).toMatchObject({ combinations: 0, shape: null });
  });

  it('should send a quinella of more than two horses as a box, and Win as one horse', () => {
    expect(gridTicket('Quinella', [[4, 2]], false)).toEqual({
      selections: [[2, 4]],
      box: false,
      combinations: 1,
      shape: 'straight',
    });
    expect(gridTicket('Quinella', [[1, 2, 3]], false)).toEqual({
      selections: [[1, 2, 3]],
      box: true,
      combinations: 3,
      shape: 'box',
    });
    expect(gridTicket('Win', [[5]], false)).toEqual({
      selections: [[5]],
      box: false,
      combinations: 1,
      shape: 'straight',
    });
  });
});
