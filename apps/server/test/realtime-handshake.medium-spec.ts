import { io } from 'socket.io-client';
import { startTestApp, type TestApp } from './support/test-app';

/** Connects a websocket-only client with the given handshake headers; resolves 'connected' or the refusal. */
function connect(baseUrl: string, headers: Record<string, string>): Promise<string> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: headers,
  });
  return new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), 5000);
    socket.on('connect', () => {
      clearTimeout(timer);
      socket.close();
      resolve('connected');
    });
    socket.on('connect_error', (err) => {
      clearTimeout(timer);
      socket.close();
      resolve(err.message);
    });
  });
}

describe('Socket.IO handshakes', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ DATABASE_URL: process.env.FURLONG_TEST_DB_URL });
  });

  afterAll(async () => {
    await sut.close();
  });

  it('should let an anonymous viewer of this site connect: races are public', async () => {
    const host = new URL(sut.baseUrl).host;
    expect(await connect(sut.baseUrl, { origin: `http://${host}` })).toBe('connected');
  });

  it('should refuse a handshake that comes from another site', async () => {
    expect(await connect(sut.baseUrl, { origin: 'https://evil.example' })).toBe('cross-site connection refused');
    expect(await connect(sut.baseUrl, { 'sec-fetch-site': 'cross-site' })).toBe('cross-site connection refused');
  });

  it('should read a session cookie at the handshake and still connect when it is unknown or stale', async () => {
    expect(await connect(sut.baseUrl, { cookie: 'furlong_session=not-a-real-session' })).toBe('connected');
  });
});
