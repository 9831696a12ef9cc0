import type { FreeJoinReply } from '@furlong/contracts';
import { Inject } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { RoomJoins } from '../realtime/room-joins';
import { FreeRacingService } from './free-racing.service';

/**
 * A free board live over Socket.IO: join `free:{id}` (the reply is the board's full state, so a
 * reconnect starts from the truth), then `free:update` on every odds change, the start and the
 * finish, and `free:frame` while its race runs. Open to visitors, like the free pages.
 */
@WebSocketGateway()
export class FreeRacingGateway {
  constructor(
    @Inject(FreeRacingService) private readonly free: FreeRacingService,
    @Inject(RoomJoins) private readonly joins: RoomJoins,
  ) {}

  @SubscribeMessage('free:join')
  async join(@ConnectedSocket() socket: Socket, @MessageBody() boardId: unknown): Promise<FreeJoinReply> {
    const joined = await this.joins.join(socket, 'free', boardId, (id) => this.free.stateForRoom(id));
    return joined.ok ? { ok: true, board: joined.value } : joined;
  }

  @SubscribeMessage('free:leave')
  leave(@ConnectedSocket() socket: Socket, @MessageBody() boardId: unknown): Promise<void> {
    return this.joins.leave(socket, 'free', boardId);
  }
}
