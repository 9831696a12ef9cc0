import { requestPath, serializeCookie } from './http';

describe('serializeCookie (as Express res.cookie wrote it)', () => {
  it('should write the value URI-encoded and the attributes in the cookie package order', () => {
    expect(
      serializeCookie('furlong_csrf', 'a b;c', { path: '/', sameSite: 'lax', secure: false, httpOnly: false }),
    ).toBe('furlong_csrf=a%20b%3Bc; Path=/; SameSite=Lax');
    expect(serializeCookie('s', 'v', { path: '/', sameSite: 'lax', secure: true, httpOnly: true })).toBe(
      's=v; Path=/; HttpOnly; Secure; SameSite=Lax',
    );
  });

  it('should send Max-Age in seconds with an Expires, and an Expires alone when given one', () => {
    jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    try {
      expect(serializeCookie('p', 'v', { path: '/api/auth/pass', sameSite: 'strict', maxAge: 90_500 })).toBe(
        'p=v; Max-Age=90; Path=/api/auth/pass; Expires=Thu, 01 Jan 2026 00:01:30 GMT; SameSite=Strict',
      );
    } finally {
      jest.useRealTimers();
    }
    expect(serializeCookie('s', '', { expires: new Date(1) })).toBe(
      's=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    );
  });
});

describe('requestPath', () => {
  it('should drop the query string and keep the path as sent', () => {
    expect(requestPath({ url: '/api/horses/%00?q=1' })).toBe('/api/horses/%00');
    expect(requestPath({ url: '/' })).toBe('/');
  });
});
