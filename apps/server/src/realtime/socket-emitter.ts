import { type ClientToServerEvents, raceRoom, type ServerToClientEvents } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';
import { WatchedRooms } from './watched-rooms';

/** The Socket.IO server typed by the contracts' event maps. */
export type FurlongServer = Server<ClientToServerEvents, ServerToClientEvents>;

export type ServerEvent = keyof ServerToClientEvents;

/**
 * The one way the server sends to rooms: typed by ServerToClientEvents, so a misspelt event or a
 * wrong payload fails to compile. Gateways attach the server once it is up; before that (and in
 * contexts without sockets) emits go nowhere.
 */
@Injectable()
export class SocketEmitter {
  private server?: FurlongServer;

  constructor(@Inject(WatchedRooms) private readonly watchedRooms: WatchedRooms) {}

  attach(server: FurlongServer): void {
    this.server = server;
    this.watchedRooms.attach(server);
  }

  /** Whether a room has viewers on any instance: for work done only for viewers (boards, countdowns). */
  watched(room: string): boolean {
    return this.watchedRooms.has(room);
  }

  /**
   * The server is closing: from now on emits go nowhere. Called before the Redis adapter's clients
   * quit, so a job still finishing during shutdown (its work already written) does not publish on a
   * closed connection — ioredis answers that with a rejected promise the adapter never catches.
   */
  detach(): void {
    this.server = undefined;
  }

  get attached(): boolean {
    return this.server !== undefined;
  }

  /** To a room's sockets on every instance (nothing once the sockets are disposed: see detach). */
  toRoom<E extends ServerEvent>(room: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    this.server?.to(room).emit(event, ...args);
  }

  /** To a room's sockets on this instance only (each instance sends its own viewers what it made for them). */
  toLocalRoom<E extends ServerEvent>(room: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    this.server?.local.to(room).emit(event, ...args);
  }

  /** Sockets in a room on this instance. */
  localRoomSize(room: string): number {
    return this.server?.of('/').adapter.rooms.get(room)?.size ?? 0;
  }

  toRace<E extends ServerEvent>(raceId: number, event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    this.toRoom(raceRoom(raceId), event, ...args);
  }
}
