import { classifyConnectionStyle, type StyleFigures, type WinRecord, winRateZ } from './connection-style';

const rec = (starts: number, wins: number): WinRecord => ({ starts, wins });

// An even record: 10% everywhere, 200 starts split across distance, surface and post.
function figures(overrides: Partial<StyleFigures> = {}): StyleFigures {
  return {
    role: 'jockey',
    overall: rec(200, 20),
    sprint: rec(100, 10),
    route: rec(100, 10),
    bySurface: [
      { key: 'Dirt', ...rec(100, 10) },
      { key: 'Turf', ...rec(100, 10) },
    ],
    inside: rec(50, 5),
    outside: rec(150, 15),
    ...overrides,
  };
}

describe(classifyConnectionStyle.name, () => {
  it('should read no style from fewer than 30 starts', () => {
    const sut = classifyConnectionStyle(figures({ overall: rec(29, 10), sprint: rec(29, 10), route: rec(0, 0) }));
    expect(sut.label).toBe('Not enough starts');
    expect(sut.description).toContain('29 starts');
  });

  it('should call an even record an all-rounder', () => {
    const sut = classifyConnectionStyle(figures());
    expect(sut.label).toBe('All-rounder');
    expect(sut.description).toContain('10.0% of 200 starts');
  });

  it('should call a clearly better sprint win rate a sprint specialist and say the figures', () => {
    const sut = classifyConnectionStyle(figures({ sprint: rec(100, 20), route: rec(100, 8) }));
    expect(sut).toEqual({
      label: 'Sprint specialist',
      description: 'Wins 20.0% of 100 sprints (< 8 f) against 8.0% of 100 routes (≥ 8 f).',
    });
  });

  it('should call a clearly better route win rate a route specialist', () => {
    expect(classifyConnectionStyle(figures({ sprint: rec(80, 4), route: rec(120, 18) })).label).toBe(
      'Route specialist',
    );
  });

  it('should not call a gap of under 5 points an edge', () => {
    expect(classifyConnectionStyle(figures({ sprint: rec(100, 6), route: rec(100, 10) })).label).toBe('All-rounder');
  });

  it('should not call a gap under 1.5 times the other rate an edge', () => {
    // 30% against 24%: 6 points, but only 1.25 times.
    expect(classifyConnectionStyle(figures({ sprint: rec(100, 30), route: rec(100, 24) })).label).toBe('All-rounder');
  });

  it('should not call a gap that could well be luck an edge', () => {
    // 15% of 20 against 8.3% of 180: 6.7 points and 1.8 times, but z ≈ 0.99 < 1.645.
    expect(winRateZ(rec(20, 3), rec(180, 15))).toBeCloseTo(0.99, 2);
    expect(classifyConnectionStyle(figures({ sprint: rec(20, 3), route: rec(180, 15) })).label).toBe('All-rounder');
  });

  it('should ignore a side with fewer than 15 starts', () => {
    expect(classifyConnectionStyle(figures({ sprint: rec(186, 16), route: rec(14, 7) })).label).toBe('All-rounder');
  });

  it('should name the surface of a surface specialist', () => {
    const sut = classifyConnectionStyle(
      figures({
        bySurface: [
          { key: 'Dirt', ...rec(100, 5) },
          { key: 'Turf', ...rec(100, 20) },
        ],
      }),
    );
    expect(sut.label).toBe('Turf specialist');
    expect(sut.description).toBe('Wins 20.0% of 100 starts on turf against 5.0% of 100 on other surfaces.');
  });

  it('should call an inside-post edge an inside-post rider for a jockey and trainer for a trainer', () => {
    const posts = { inside: rec(50, 12), outside: rec(150, 8) };
    expect(classifyConnectionStyle(figures(posts)).label).toBe('Inside-post rider');
    expect(classifyConnectionStyle(figures({ ...posts, role: 'trainer' })).label).toBe('Inside-post trainer');
  });

  it('should pick the widest edge when several hold', () => {
    const sut = classifyConnectionStyle(
      figures({ sprint: rec(100, 16), route: rec(100, 4), inside: rec(50, 15), outside: rec(150, 5) }),
    );
    // Sprint: 12 points; inside posts: 26.7 points.
    expect(sut.label).toBe('Inside-post rider');
  });
});
