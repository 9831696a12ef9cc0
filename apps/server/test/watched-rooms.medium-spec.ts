import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import type { AppConfig } from '../src/config/app-config';
import { WatchedRooms } from '../src/realtime/watched-rooms';
import { TEST_REDIS_URL } from './support/test-database';

function fakeServer(): { server: Server; adapter: EventEmitter } {
  const adapter = new EventEmitter();
  return { server: { of: () => ({ adapter }) } as unknown as Server, adapter };
}

// Two instances over the machine's real Redis: a viewer on one makes the room watched on the other.
describe(`${WatchedRooms.name} over Redis`, () => {
  const prefix = `furlong-test-watch-${process.pid}-${Date.now()}`;
  const config = { redis: { prefix } } as AppConfig;
  let redisA: Redis;
  let redisB: Redis;

  beforeAll(() => {
    redisA = new Redis(TEST_REDIS_URL);
    redisB = new Redis(TEST_REDIS_URL);
  });

  afterAll(async () => {
    await redisA.del(`${prefix}:watched-rooms`);
    await Promise.all([redisA.quit(), redisB.quit()]);
  });

  it("should see another instance's watched rooms after a refresh, and only those", async () => {
    const a = new WatchedRooms(redisA, config);
    const sut = new WatchedRooms(redisB, config);
    const viewers = fakeServer();
    a.attach(viewers.server);
    sut.attach(fakeServer().server);

    viewers.adapter.emit('create-room', 'race:41');
    await a.refresh();
    await sut.refresh();
    expect(sut.has('race:41')).toBe(true);
    expect(sut.has('race:42')).toBe(false);

    a.onApplicationShutdown();
    sut.onApplicationShutdown();
  });
});
