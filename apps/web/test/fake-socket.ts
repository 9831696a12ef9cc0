import type { OpsJoinReply, RaceJoinReply } from '@furlong/contracts';
import { makeOpsSnapshot, makeSnapshot } from './fixtures';

type Listener = (...args: unknown[]) => void;

/**
 * A stand-in for the tab's Socket.IO connection in page tests: it records what the page emits,
 * answers acknowledged emits (`socket.timeout(ms).emit(event, arg, ack)`) from `replies` (no reply:
 * the ack times out), and lets a test play the server's events.
 */
export class FakeSocket {
  connected = true;
  /** How many times the page closed the connection itself (`socket.disconnect()`). */
  disconnects = 0;
  readonly emitted: { event: string; args: unknown[] }[] = [];
  /** The server's answer to an acknowledged event, by event name. */
  readonly replies = new Map<string, (arg: unknown) => unknown>();
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]): this {
    this.emitted.push({ event, args });
    return this;
  }

  /** `socket.timeout(ms).emit(event, ...args, ack)`: the ack gets (err, reply). */
  timeout(_ms: number) {
    return {
      emit: (event: string, ...args: unknown[]) => {
        const ack = args.pop() as (err: Error | null, reply?: unknown) => void;
        this.emitted.push({ event, args });
        const reply = this.replies.get(event);
        if (reply) ack(null, reply(args[0]));
        else ack(new Error('timeout'));
      },
    };
  }

  /** The server sends `event` to this socket. */
  serverSends(event: string, payload: unknown): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(payload);
  }

  /** `socket.disconnect()`: the client closes the connection; nothing reconnects until `connect()`. */
  disconnect(): this {
    this.disconnects += 1;
    if (this.connected) {
      this.connected = false;
      this.serverSends('disconnect', 'io client disconnect');
    }
    return this;
  }

  /** `socket.connect()`: here the new connection (a new handshake) opens at once. */
  connect(): this {
    if (!this.connected) {
      this.connected = true;
      this.serverSends('connect', undefined);
    }
    return this;
  }

  dropAndReconnect(): void {
    this.connected = false;
    this.serverSends('disconnect', 'transport close');
    this.connected = true;
    this.serverSends('connect', undefined);
  }

  /** The first argument of every emit of `event` (e.g. the race ids joined). */
  argsOf(event: string): unknown[] {
    return this.emitted.filter((e) => e.event === event).map((e) => e.args[0]);
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }
}

/** The tab's socket in racing page tests: race:join answers with `joinReply` (a snapshot by default). */
export class FakeRaceSocket extends FakeSocket {
  joinReply: (raceId: number) => RaceJoinReply = (raceId) => ({
    ok: true,
    snapshot: makeSnapshot({ race_id: raceId }),
  });

  constructor() {
    super();
    this.replies.set('race:join', (raceId) => this.joinReply(raceId as number));
  }

  joins(): number[] {
    return this.argsOf('race:join') as number[];
  }
}

/** The tab's socket in wagering page tests: tote:join answers with `joinReply`, or times out without one. */
export class FakeToteSocket extends FakeSocket {
  set joinReply(reply: ((raceId: number) => unknown) | null) {
    if (reply) this.replies.set('tote:join', (raceId) => reply(raceId as number));
    else this.replies.delete('tote:join');
  }
}

/** The tab's socket on the live operations page: ops:join answers with `joinReply` (a snapshot by default). */
export class FakeOpsSocket extends FakeSocket {
  joinReply: () => OpsJoinReply = () => ({ ok: true, snapshot: makeOpsSnapshot() });

  constructor() {
    super();
    this.replies.set('ops:join', () => this.joinReply());
  }

  /** How many times the page joined the ops room. */
  joins(): number {
    return this.argsOf('ops:join').length;
  }
}
