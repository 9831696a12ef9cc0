import type { ArgumentsHost } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import { QueryFailedError, QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';
import { AllExceptionsFilter, isDatabaseUnavailable } from './all-exceptions.filter';

function pgError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

function answer(exception: unknown) {
  const sut = new AllExceptionsFilter();
  const headers: Record<string, string> = {};
  const sent: { status?: number; body?: unknown } = {};
  // A Fastify reply, as far as the filter uses one.
  const res = {
    sent: false,
    raw: { headersSent: false },
    header(name: string, value: string) {
      headers[name.toLowerCase()] = value;
      return this;
    },
    code(code: number) {
      sent.status = code;
      return this;
    },
    send(text: string) {
      sent.body = JSON.parse(text);
    },
  };
  const req = { method: 'POST', originalUrl: '/api/bets', url: '/api/bets' };
  const host = {
    switchToHttp: () => ({ getResponse: () => res, getRequest: () => req }),
  } as unknown as ArgumentsHost;
  sut.catch(exception, host);
  return { ...sent, headers };
}

describe(AllExceptionsFilter.name, () => {
  beforeAll(() => {
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });

  afterAll(() => jest.restoreAllMocks());

  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P02', 'terminating connection due to crash of another server process'],
    ['57P03', 'the database system is starting up'],
    ['08006', 'connection failure'],
    ['08003', 'connection does not exist'],
    ['08001', 'could not connect'],
    ['08004', 'server rejected the connection'],
    ['08000', 'connection exception'],
  ])('should answer 503 with Retry-After when a query fails with SQLSTATE %s', (code, message) => {
    const error = new QueryFailedError('INSERT INTO bets (secret) VALUES ($1)', ['x'], pgError(code, message));

    const sut = answer(error);

    expect(sut.status).toBe(503);
    expect(sut.headers['retry-after']).toBe('2');
    expect(sut.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable', reason: 'database_unavailable' });
    expect(JSON.stringify(sut.body)).not.toMatch(/INSERT|bets \(|secret|at .*\.ts/);
  });

  it.each([
    ['a terminated connection', new Error('Connection terminated unexpectedly')],
    ['a pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a client that lost its connection', new Error('Client has encountered a connection error and is not queryable')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a reset connection', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a wrapped cause', new Error('transaction failed', { cause: new Error('Connection terminated') })],
    ['a query runner released after its connection failed', new QueryRunnerProviderAlreadyReleasedError()],
    ['a COMMIT on a query runner released after its connection failed', new QueryRunnerAlreadyReleasedError()],
  ])('should answer 503 when the error is %s', (_what, error) => {
    const sut = answer(error);

    expect(sut.status).toBe(503);
    expect(sut.headers['retry-after']).toBe('2');
  });

  it('should still answer a bare 500 when a query fails for another reason', () => {
    const error = new QueryFailedError('INSERT INTO bets VALUES ($1)', [1], pgError('23505', 'duplicate key'));

    const sut = answer(error);

    expect(sut.status).toBe(500);
    expect(sut.headers['retry-after']).toBeUndefined();
    expect(sut.body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on our side.',
    });
  });
});

describe(isDatabaseUnavailable.name, () => {
  it('should not call an ordinary error a lost connection when it has no connection code', () => {
    expect(isDatabaseUnavailable(new Error('division by zero'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
