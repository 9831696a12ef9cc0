import { requestLogLevel } from './request-log';

describe('requestLogLevel', () => {
  it('should log successes at debug, refusals at info, an outage at warn and other failures at error', () => {
    expect(requestLogLevel(200, false)).toBe('debug');
    expect(requestLogLevel(201, false)).toBe('debug');
    expect(requestLogLevel(304, false)).toBe('debug');
    expect(requestLogLevel(400, false)).toBe('info');
    expect(requestLogLevel(404, false)).toBe('info');
    expect(requestLogLevel(503, false)).toBe('warn');
    expect(requestLogLevel(500, false)).toBe('error');
    expect(requestLogLevel(502, false)).toBe('error');
  });

  it('should log a request the client abandoned at info even when its status was still 200', () => {
    expect(requestLogLevel(200, true)).toBe('info');
  });
});
