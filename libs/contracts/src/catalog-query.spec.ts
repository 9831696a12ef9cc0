import { CATALOG_KINDS } from './catalog-kinds';
import { DEFAULT_LIMIT, ListQueryError, parseListQuery } from './catalog-query';

const horses = CATALOG_KINDS.horses;

function problemsOf(query: Record<string, unknown>) {
  try {
    parseListQuery(horses, query);
  } catch (err) {
    if (err instanceof ListQueryError) return err.problems;
    throw err;
  }
  throw new Error('expected a ListQueryError');
}

describe(parseListQuery.name, () => {
  it('should apply the defaults to an empty query', () => {
    const sut = parseListQuery(horses, {});
    expect(sut).toEqual({
      limit: DEFAULT_LIMIT,
      offset: 0,
      sort: 'id',
      order: 'asc',
      q: undefined,
      names: [],
      ids: [],
      filters: [],
    });
  });

  it('should read limit, offset, sort, order and free text', () => {
    const sut = parseListQuery(horses, { limit: '50', offset: '100', sort: 'horse_name', order: 'DESC', q: ' star ' });
    expect(sut).toMatchObject({ limit: 50, offset: 100, sort: 'horse_name', order: 'desc', q: 'star' });
  });

  it('should accept start as an alias of offset', () => {
    expect(parseListQuery(horses, { start: '10' }).offset).toBe(10);
  });

  it('should refuse offset and start together', () => {
    expect(problemsOf({ start: '1', offset: '2' })).toEqual([
      { field: 'offset', reason: 'give offset or start, not both' },
    ]);
  });

  it.each(['0', '5001', '-1', '2.5', 'ten', ''])('should refuse limit=%p', (limit) => {
    expect(problemsOf({ limit })).toEqual([{ field: 'limit', reason: 'must be a whole number from 1 to 5000' }]);
  });

  it('should accept the limits 1 and 5000', () => {
    expect(parseListQuery(horses, { limit: '1' }).limit).toBe(1);
    expect(parseListQuery(horses, { limit: '5000' }).limit).toBe(5000);
  });

  it('should name the columns when the sort column is unknown', () => {
    const [problem] = problemsOf({ sort: 'password' });
    expect(problem?.field).toBe('sort');
    expect(problem?.reason).toContain("unknown column 'password'");
    expect(problem?.reason).toContain('horse_name');
  });

  it('should refuse an order other than asc or desc', () => {
    expect(problemsOf({ order: 'sideways' })[0]?.field).toBe('order');
  });

  it('should collect repeated name= values for the multi-select', () => {
    expect(parseListQuery(horses, { name: ['Silver Charm', 'Quiet Resolve'] }).names).toEqual([
      'Silver Charm',
      'Quiet Resolve',
    ]);
  });

  it('should parse ids=1,2,3', () => {
    expect(parseListQuery(horses, { ids: '1,2,3' }).ids).toEqual([1, 2, 3]);
    expect(problemsOf({ ids: '1,x' })[0]?.field).toBe('ids');
  });

  it('should type exact-column filters and allow repeats as any-of', () => {
    const sut = parseListQuery(horses, { gender: 'female', age: ['3', '4'], height_hands: '15.5' });
    expect(sut.filters.map((f) => [f.column, f.values])).toEqual([
      ['gender', ['female']],
      ['age', [3, 4]],
      ['height_hands', [15.5]],
    ]);
  });

  it('should refuse a value that does not fit the column', () => {
    expect(problemsOf({ age: 'old' })).toEqual([{ field: 'age', reason: "must be a whole number, got 'old'" }]);
    expect(problemsOf({ dob: '2020-02-30' })[0]?.reason).toContain('YYYY-MM-DD');
    expect(problemsOf({ gender: 'gelding' })[0]?.reason).toContain('male, female');
  });

  it('should refuse a date when its year is 0, which PostgreSQL does not have', () => {
    expect(problemsOf({ dob: '0000-01-01' })[0]?.field).toBe('dob');
    expect(parseListQuery(horses, { dob: '0001-01-01' }).filters[0]?.values).toEqual(['0001-01-01']);
  });

  it('should refuse an unknown filter column', () => {
    const [problem] = problemsOf({ colour: 'bay' });
    expect(problem?.field).toBe('colour');
    expect(problem?.reason).toContain('unknown filter column');
  });

  it('should refuse nested (object) parameters', () => {
    expect(problemsOf({ sort: { $gt: '' } })).toEqual([{ field: 'sort', reason: 'must be a plain value' }]);
  });

  it('should report every problem at once', () => {
    expect(problemsOf({ limit: '0', sort: 'nope', order: 'up' }).map((p) => p.field)).toEqual([
      'limit',
      'sort',
      'order',
    ]);
  });
});
