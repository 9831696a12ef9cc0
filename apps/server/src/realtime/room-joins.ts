import {
  type ClientToServerEvents,
  freeRoom,
  lotRoom,
  type RoomJoinRefusal,
  raceRoom,
  toteRoom,
} from '@furlong/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Server, Socket } from 'socket.io';
import { Clock } from '../common/clock';
import { JOIN_LIMITS, JoinBudget, type JoinLimits } from './join-budget';

/** The rooms a socket joins by id: the live race and its tote board (by race id), an auction lot (by lot id). */
export type RoomKind = 'race' | 'tote' | 'lot' | 'free';

const ROOMS: Record<RoomKind, { name: (raceId: number) => string; prefix: string; limit: keyof JoinLimits }> = {
  race: { name: raceRoom, prefix: 'race:', limit: 'raceRooms' },
  tote: { name: toteRoom, prefix: 'tote:', limit: 'toteRooms' },
  lot: { name: lotRoom, prefix: 'lot:', limit: 'lotRooms' },
  free: { name: freeRoom, prefix: 'free:', limit: 'freeRooms' },
};

/** The client events that join a room: one rate limit covers them together. */
export const JOIN_EVENTS: ReadonlySet<string> = new Set<keyof ClientToServerEvents>([
  'race:join',
  'tote:join',
  'lot:join',
  'free:join',
]);

/** Rooms remembered as existing (most recent last); a race id is a few bytes, so thousands are cheap. */
const KNOWN_ROOMS_MAX = 4096;

/** A race id from a client: a positive int4, as a number or a digit string; null otherwise. */
export function raceIdOf(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

const refusal = (reason: RoomJoinRefusal['reason'], error: string): RoomJoinRefusal => ({ ok: false, reason, error });

/**
 * How a socket joins the race and tote rooms, for both gateways: joins are rate-limited per socket
 * (a token bucket checked as each packet arrives, see `attach`; over it the join is refused before
 * anything is read, and a socket that keeps on is disconnected), a malformed id is refused without
 * a read, an unknown race without joining, and a socket is in at most a few rooms of each kind (one
 * more leaves its oldest).
 */
@Injectable()
export class RoomJoins {
  private readonly log = new Logger('Realtime');
  private readonly budgets = new WeakMap<Socket, JoinBudget>();
  // Rooms whose race was read as existing on this instance: those are joined before the read.
  private readonly known = new Map<string, true>();
  // Reads of a room's state not started yet, each shared by the joins that entered the room before it starts.
  private readonly pendingReads = new Map<string, Promise<unknown>>();
  readonly limits: JoinLimits = JOIN_LIMITS;

  constructor(@Inject(Clock) private readonly clock: Clock) {}

  /**
   * Puts the join rate limit in front of every socket's join events, as a Socket.IO packet
   * middleware: it runs as each packet is decoded, before the gateway's (asynchronous) pipeline, so
   * once a flooding socket is cut off the rest of its packets are dropped unread. A refused join is
   * answered through its ack and goes no further.
   */
  attach(server: Server): void {
    server.on('connection', (socket: Socket) => {
      socket.use((packet, next) => {
        if (!JOIN_EVENTS.has(packet[0])) return next();
        const refused = this.admit(socket);
        if (!refused) return next();
        const ack: unknown = packet[packet.length - 1];
        if (typeof ack === 'function') ack(refused);
      });
    });
  }

  /** Takes one join from the socket's budget: null when admitted, the refusal otherwise (disconnecting a flood). */
  admit(socket: Socket): RoomJoinRefusal | null {
    const verdict = this.budgetOf(socket).take(this.clock.now().getTime());
    if (verdict === 'admitted') return null;
    if (verdict === 'flood' && socket.connected) {
      this.log.warn(`socket ${socket.id} disconnected: ${this.limits.floodRefusals} joins refused in a row`);
      socket.disconnect(true);
    }
    return refusal('rate_limited', `Too many joins: at most ${this.limits.perSecond} a second after a burst`);
  }

  /**
   * Joins `socket` to the room of `kind` for the race, and replies with what `read` gives (undefined:
   * no such race). A race already known here is joined first and read after, so that nothing sent to
   * the room meanwhile falls in a gap; one seen for the first time is read once before joining, so
   * that an unknown race's room is never made. (The rate limit is checked before, by `attach`.)
   */
  async join<T>(
    socket: Socket,
    kind: RoomKind,
    raceId: unknown,
    read: (raceId: number) => Promise<T | undefined>,
  ): Promise<{ ok: true; value: T } | RoomJoinRefusal> {
    const id = raceIdOf(raceId);
    const noun = kind === 'lot' ? 'lot' : kind === 'free' ? 'board' : 'race';
    if (id === null) return refusal('invalid_id', `${noun} id must be a positive integer`);
    const room = ROOMS[kind].name(id);
    const what = kind === 'lot' ? 'Lot' : kind === 'free' ? 'Free board' : 'Current race';
    const notFound = refusal('not_found', `${what} ${id} not found`);
    try {
      if (!socket.rooms.has(room) && !this.known.has(room)) {
        if ((await read(id)) === undefined) return notFound;
        this.remember(room);
      }
      // Joining a socket that has gone would leave its id in the room for good.
      if (!socket.connected) return refusal('unavailable', 'The socket disconnected');
      await this.enter(socket, kind, room);
      const value = await this.readAfterJoining(room, id, read);
      if (value !== undefined) return { ok: true, value };
      this.known.delete(room);
      await socket.leave(room);
      return notFound;
    } catch (err) {
      await socket.leave(room);
      this.log.warn(`${kind}:join ${id} failed: ${err instanceof Error ? err.message : String(err)}`);
      return refusal('unavailable', `${what} ${id} could not be read now; try again`);
    }
  }

  /**
   * The room's state, read after the socket joined it. Joins that arrive together (in one turn of the
   * event loop, as when thousands of viewers come back at once after an instance stops) share one
   * read, which starts on the next turn, once every one of them is in the room: none can miss what
   * the room is sent in between, and the database is asked once instead of once per viewer. A join
   * that comes after the read started waits for a read of its own.
   */
  private readAfterJoining<T>(room: string, id: number, read: (id: number) => Promise<T | undefined>) {
    const pending = this.pendingReads.get(room) as Promise<T | undefined> | undefined;
    if (pending) return pending;
    const shared = new Promise<T | undefined>((resolve, reject) => {
      setImmediate(() => {
        this.pendingReads.delete(room);
        read(id).then(resolve, reject);
      });
    });
    this.pendingReads.set(room, shared);
    return shared;
  }

  /** Leaves the room of `kind` for the race; a malformed id is ignored. */
  async leave(socket: Socket, kind: RoomKind, raceId: unknown): Promise<void> {
    const id = raceIdOf(raceId);
    if (id !== null) await socket.leave(ROOMS[kind].name(id));
  }

  /**
   * Joins the room, first leaving the socket's oldest rooms of that kind beyond the bound: the
   * newest join is the page the viewer is looking at, an old one most likely a page left without a
   * `leave` (refusing instead would break the page in front of them for one they no longer see).
   */
  private async enter(socket: Socket, kind: RoomKind, room: string): Promise<void> {
    if (socket.rooms.has(room)) return;
    const { prefix, limit } = ROOMS[kind];
    const mine = [...socket.rooms].filter((r) => r.startsWith(prefix));
    // Leaves and the join are all made before any await, so joins in flight together stay within the bound.
    const changes = mine.slice(0, Math.max(0, mine.length - this.limits[limit] + 1)).map((r) => socket.leave(r));
    changes.push(socket.join(room));
    await Promise.all(changes);
  }

  private budgetOf(socket: Socket): JoinBudget {
    let budget = this.budgets.get(socket);
    if (!budget) {
      budget = new JoinBudget(this.limits, this.clock.now().getTime());
      this.budgets.set(socket, budget);
    }
    return budget;
  }

  private remember(room: string): void {
    this.known.set(room, true);
    if (this.known.size > KNOWN_ROOMS_MAX) {
      const oldest = this.known.keys().next().value;
      if (oldest !== undefined) this.known.delete(oldest);
    }
  }
}
