import { EventEmitter } from 'node:events';
import type { Server, Socket } from 'socket.io';
import { Clock } from '../common/clock';
import { RoomJoins } from './room-joins';

/** A stand-in for a server-side socket: its rooms in join order, join, leave and disconnect. */
function fakeSocket(): Socket & { rooms: Set<string> } {
  const rooms = new Set<string>(['sid']);
  const socket = {
    id: 'sid',
    connected: true,
    rooms,
    join: (room: string) => void rooms.add(room),
    leave: (room: string) => void rooms.delete(room),
    disconnect() {
      socket.connected = false;
      rooms.clear();
    },
  };
  return socket as unknown as Socket & { rooms: Set<string> };
}

class FixedClock extends Clock {
  ms = 0;
  now(): Date {
    return new Date(this.ms);
  }
}

const racesOf = (socket: { rooms: Set<string> }, prefix: string) =>
  [...socket.rooms].filter((r) => r.startsWith(prefix));

describe(RoomJoins.name, () => {
  let clock: FixedClock;
  let sut: RoomJoins;
  // Races 1–100 exist; the read records what it was asked and which rooms the socket was in then.
  let reads: { id: number; joined: boolean }[];
  let socket: ReturnType<typeof fakeSocket>;
  const read = async (id: number) => {
    reads.push({ id, joined: socket.rooms.has(`race:${id}`) });
    return id <= 100 ? { race: id } : undefined;
  };

  beforeEach(() => {
    clock = new FixedClock();
    sut = new RoomJoins(clock);
    reads = [];
    socket = fakeSocket();
  });

  it('should keep the socket in at most 4 race rooms when it joins more, leaving the oldest first', async () => {
    for (const id of [1, 2, 3, 4, 5, 6])
      expect(await sut.join(socket, 'race', id, read)).toEqual({ ok: true, value: { race: id } });

    expect(racesOf(socket, 'race:')).toEqual(['race:3', 'race:4', 'race:5', 'race:6']);
  });

  it('should bound race and tote rooms apart when a socket joins both', async () => {
    for (const id of [1, 2, 3, 4, 5]) {
      await sut.join(socket, 'race', id, read);
      await sut.join(socket, 'tote', id, read);
    }
    expect(racesOf(socket, 'race:')).toEqual(['race:2', 'race:3', 'race:4', 'race:5']);
    expect(racesOf(socket, 'tote:')).toEqual(['tote:2', 'tote:3', 'tote:4', 'tote:5']);
  });

  it('should stay within the bound when several joins are in flight at once', async () => {
    await Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((id) => sut.join(socket, 'race', id, read)));

    expect(racesOf(socket, 'race:')).toHaveLength(4);
  });

  it('should refuse an unknown race without ever joining its room', async () => {
    expect(await sut.join(socket, 'race', 999, read)).toEqual({
      ok: false,
      reason: 'not_found',
      error: 'Current race 999 not found',
    });
    expect(reads).toEqual([{ id: 999, joined: false }]);
    expect(racesOf(socket, 'race:')).toEqual([]);
  });

  it('should read a race seen for the first time before joining, and a known one after joining (no gap)', async () => {
    await sut.join(socket, 'race', 7, read);
    const other = fakeSocket();
    socket = other;
    await sut.join(other, 'race', 7, read);

    expect(reads).toEqual([
      { id: 7, joined: false },
      { id: 7, joined: true },
      { id: 7, joined: true },
    ]);
  });

  it('should read a known race once for joins that arrive together, after every one of them joined', async () => {
    await sut.join(socket, 'race', 7, read);
    reads = [];
    const viewers = Array.from({ length: 50 }, () => fakeSocket());
    const inRoomAtRead: boolean[] = [];
    const readOnce = async (id: number) => {
      inRoomAtRead.push(...viewers.map((v) => v.rooms.has(`race:${id}`)));
      return read(id);
    };

    const replies = await Promise.all(viewers.map((v) => sut.join(v, 'race', 7, readOnce)));

    expect(replies.every((r) => r.ok && r.value.race === 7)).toBe(true);
    expect(reads).toHaveLength(1);
    expect(inRoomAtRead).toHaveLength(50);
    expect(inRoomAtRead.every(Boolean)).toBe(true);
  });

  it('should give a join that comes after the shared read started a read of its own', async () => {
    await sut.join(socket, 'race', 7, read);
    reads = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowRead = async (id: number) => {
      const value = await read(id);
      await gate;
      return value;
    };
    const first = sut.join(fakeSocket(), 'race', 7, slowRead);
    // The first read has started (the next turn) but not answered when the second viewer joins.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toHaveLength(1);
    const second = sut.join(fakeSocket(), 'race', 7, slowRead);
    release();

    await Promise.all([first, second]);
    expect(reads).toHaveLength(2);
  });

  it('should refuse a malformed race id without reading anything when it is not a positive int4', async () => {
    for (const bad of [0, -1, 1.5, '7a', '', null, { id: 1 }, 2_147_483_648, '99999999999']) {
      expect(await sut.join(socket, 'race', bad, read)).toMatchObject({ ok: false, reason: 'invalid_id' });
    }
    expect(reads).toEqual([]);
  });

  it('should refuse joins over the rate and disconnect the socket when it keeps on', () => {
    const verdicts = Array.from({ length: 40 }, () => sut.admit(socket));

    expect(verdicts.slice(0, 10)).toEqual(Array(10).fill(null));
    expect(verdicts.slice(10).every((r) => r?.reason === 'rate_limited')).toBe(true);
    expect(socket.connected).toBe(false);
  });

  it('should admit joins again when the socket waits for the bucket to refill', () => {
    for (let i = 0; i < 11; i++) sut.admit(socket);
    clock.ms += 500;

    expect(sut.admit(socket)).toBeNull();
    expect(socket.connected).toBe(true);
  });

  it('should answer a join over the rate through its ack and not pass it on, and let other events through', () => {
    const server = new EventEmitter();
    const middlewares: ((packet: unknown[], next: (err?: Error) => void) => void)[] = [];
    sut.attach(server as unknown as Server);
    server.emit(
      'connection',
      Object.assign(socket, { use: (fn: (typeof middlewares)[number]) => middlewares.push(fn) }),
    );
    const gate = middlewares[0];
    if (!gate) throw new Error('no middleware installed');
    const passed: string[] = [];
    const acks: unknown[] = [];
    const send = (event: string) => gate([event, 7, (reply: unknown) => acks.push(reply)], () => passed.push(event));

    for (let i = 0; i < 10; i++) send(i % 2 ? 'race:join' : 'tote:join');
    send('race:join');
    send('clock:sync');
    send('race:leave');

    expect(passed).toHaveLength(12);
    expect(passed.slice(-2)).toEqual(['clock:sync', 'race:leave']);
    expect(acks).toEqual([expect.objectContaining({ ok: false, reason: 'rate_limited' })]);
  });

  it('should not join when the socket disconnected while its race was being read', async () => {
    const slowRead = async (id: number) => {
      socket.disconnect(true);
      return { race: id };
    };
    expect(await sut.join(socket, 'race', 5, slowRead)).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(socket.rooms.size).toBe(0);
  });

  it('should leave the room and answer unavailable when the read fails', async () => {
    await sut.join(socket, 'race', 3, read);
    const failing = async (): Promise<undefined> => {
      throw new Error('database away');
    };
    expect(await sut.join(socket, 'race', 4, failing)).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(racesOf(socket, 'race:')).toEqual(['race:3']);
  });
});
