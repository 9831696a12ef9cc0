import { writeResult } from './write-result';

describe('writeResult', () => {
  it("should read TypeORM's [rows, count] answer to an UPDATE … RETURNING as its rows", () => {
    expect(writeResult<{ id: number }>([[{ id: 7 }], 1])).toEqual({ rows: [{ id: 7 }], count: 1 });
  });

  it('should find no rows when the conditional write matched nothing (the pair is still two long)', () => {
    const answer = [[], 0];
    expect(answer).toHaveLength(2);
    expect(writeResult(answer)).toEqual({ rows: [], count: 0 });
  });

  it('should read an UPDATE without RETURNING as its count', () => {
    expect(writeResult([[], 3])).toEqual({ rows: [], count: 3 });
  });

  it('should take rows answered alone as they are', () => {
    expect(writeResult([{ id: 1 }, { id: 2 }])).toEqual({ rows: [{ id: 1 }, { id: 2 }], count: 2 });
    expect(writeResult([])).toEqual({ rows: [], count: 0 });
    expect(writeResult(undefined)).toEqual({ rows: [], count: 0 });
  });
});
