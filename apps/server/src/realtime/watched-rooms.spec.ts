import { EventEmitter } from 'node:events';
import type { Server } from 'socket.io';
import type { AppConfig } from '../config/app-config';
import { WatchedRooms } from './watched-rooms';

/** A stand-in for the Socket.IO server: only the default namespace's adapter and its room events. */
function fakeServer(): { server: Server; adapter: EventEmitter } {
  const adapter = new EventEmitter();
  return { server: { of: () => ({ adapter }) } as unknown as Server, adapter };
}

describe(WatchedRooms.name, () => {
  const config = { redis: { prefix: 'test' } } as AppConfig;

  it('should count a race or tote room as watched from its creation to its deletion', () => {
    const sut = new WatchedRooms(null, config);
    const { server, adapter } = fakeServer();
    sut.attach(server);
    expect(sut.has('race:7')).toBe(false);

    adapter.emit('create-room', 'race:7');
    adapter.emit('create-room', 'tote:7');
    expect(sut.has('race:7')).toBe(true);
    expect(sut.has('tote:7')).toBe(true);

    adapter.emit('delete-room', 'race:7');
    expect(sut.has('race:7')).toBe(false);
    expect(sut.has('tote:7')).toBe(true);
  });

  it("should not track a socket's own room", () => {
    const sut = new WatchedRooms(null, config);
    const { server, adapter } = fakeServer();
    sut.attach(server);
    adapter.emit('create-room', 'Zk3xS1kq0l2aAAAB');
    expect(sut.has('Zk3xS1kq0l2aAAAB')).toBe(false);
  });
});
