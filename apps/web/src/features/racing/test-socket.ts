import type { RaceJoinReply } from '@furlong/contracts';
import { makeSnapshot } from './test-fixtures';

type Listener = (...args: unknown[]) => void;

/**
 * A stand-in for the tab's Socket.IO connection in page tests: it records what the page emits,
 * answers race:join with `joinReply`, and lets a test play the server's events.
 */
export class FakeSocket {
  connected = true;
  readonly emitted: { event: string; args: unknown[] }[] = [];
  joinReply: (raceId: number) => RaceJoinReply = (raceId) => ({
    ok: true,
    snapshot: makeSnapshot({ race_id: raceId }),
  });
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
        if (event === 'race:join') ack(null, this.joinReply(args[0] as number));
      },
    };
  }

  /** The server sends `event` to this socket. */
  serverSends(event: string, payload: unknown): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(payload);
  }

  dropAndReconnect(): void {
    this.connected = false;
    this.serverSends('disconnect', 'transport close');
    this.connected = true;
    this.serverSends('connect', undefined);
  }

  joins(): number[] {
    return this.emitted.filter((e) => e.event === 'race:join').map((e) => e.args[0] as number);
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }
}
