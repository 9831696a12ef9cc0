import { type RaceJoinReply, raceRoom } from '@furlong/contracts';
import { Inject } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { type FurlongServer, SocketEmitter } from '../realtime/socket-emitter';
import { RacingService } from './racing.service';

function raceIdOf(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

/**
 * The live race over Socket.IO: join a race's room (the reply is the snapshot), leave it, and sync
 * the clock. Everything the server sends goes through the typed SocketEmitter.
 */
@WebSocketGateway()
export class RaceGateway implements OnGatewayInit {
  constructor(
    @Inject(RacingService) private readonly service: RacingService,
    @Inject(SocketEmitter) private readonly emitter: SocketEmitter,
  ) {}

  afterInit(server: FurlongServer): void {
    this.emitter.attach(server);
  }

  @SubscribeMessage('race:join')
  async join(@ConnectedSocket() socket: Socket, @MessageBody() raceId: unknown): Promise<RaceJoinReply> {
    const id = raceIdOf(raceId);
    if (id === null) return { ok: false, error: 'race id must be a positive integer' };
    // Join first, then read: a frame sent meanwhile arrives too, rather than falling in a gap.
    await socket.join(raceRoom(id));
    const snapshot = await this.service.snapshot(id);
    if (snapshot) return { ok: true, snapshot };
    await socket.leave(raceRoom(id));
    return { ok: false, error: `Current race ${id} not found` };
  }

  @SubscribeMessage('race:leave')
  async leave(@ConnectedSocket() socket: Socket, @MessageBody() raceId: unknown): Promise<void> {
    const id = raceIdOf(raceId);
    if (id !== null) await socket.leave(raceRoom(id));
  }

  @SubscribeMessage('clock:sync')
  sync(): number {
    return Date.now();
  }
}
