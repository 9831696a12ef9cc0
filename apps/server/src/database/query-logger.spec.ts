import { Logger } from '@nestjs/common';
import { QueryErrorLogger } from './query-logger';

describe(QueryErrorLogger.name, () => {
  const sut = new QueryErrorLogger();
  let lines: string[];

  beforeEach(() => {
    lines = [];
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => {
      lines.push(String(message));
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it("should log a failed statement's SQLSTATE and text without PostgreSQL's value-quoting message", () => {
    const error = Object.assign(new Error('invalid input syntax for type integer: "secret-value"'), { code: '22P02' });
    sut.logQueryError(error, 'SELECT $1::int\n   FROM users');
    expect(lines).toEqual(['query failed: SQLSTATE 22P02 (SELECT $1::int FROM users)']);
  });

  it('should name the constraint and read the text of a prepared statement given as its config', () => {
    const error = Object.assign(new Error('duplicate key value: Key (email)=(a@b.c)'), {
      code: '23505',
      constraint: 'uq_users_email',
    });
    sut.logQueryError(error, { name: 'furlong_abc', text: 'INSERT INTO users (email) VALUES ($1)' });
    expect(lines).toEqual([
      'query failed: SQLSTATE 23505 (constraint uq_users_email) (INSERT INTO users (email) VALUES ($1))',
    ]);
    expect(lines.join('')).not.toContain('a@b.c');
  });

  it("should keep the message of a failure that is not PostgreSQL's (a lost connection)", () => {
    sut.logQueryError(new Error('Connection terminated'), 'SELECT 1');
    expect(lines).toEqual(['query failed: Connection terminated (SELECT 1)']);
  });
});
