import type { RaceJoinReply } from '@furlong/contracts';
import { Inject } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { RoomJoins } from '../realtime/room-joins';
import { type FurlongServer, SocketEmitter } from '../realtime/socket-emitter';
import { RacingService } from './racing.service';

/**
 * The live race over Socket.IO: join a race's room (the reply is the snapshot), leave it, and sync
 * the clock. Joins are bounded per socket by RoomJoins; everything the server sends goes through the
 * typed SocketEmitter.
 */
@WebSocketGateway()
export class RaceGateway implements OnGatewayInit {
  constructor(
    @Inject(RacingService) private readonly service: RacingService,
    @Inject(SocketEmitter) private readonly emitter: SocketEmitter,
    @Inject(RoomJoins) private readonly joins: RoomJoins,
  ) {}

  afterInit(server: FurlongServer): void {
    this.emitter.attach(server);
  }

  @SubscribeMessage('race:join')
  async join(@ConnectedSocket() socket: Socket, @MessageBody() raceId: unknown): Promise<RaceJoinReply> {
    const joined = await this.joins.join(socket, 'race', raceId, (id) => this.service.snapshot(id));
    return joined.ok ? { ok: true, snapshot: joined.value } : joined;
  }

  @SubscribeMessage('race:leave')
  leave(@ConnectedSocket() socket: Socket, @MessageBody() raceId: unknown): Promise<void> {
    return this.joins.leave(socket, 'race', raceId);
  }

  @SubscribeMessage('clock:sync')
  sync(): number {
    return Date.now();
  }
}
