import type { LotJoinReply } from '@furlong/contracts';
import { Inject } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import type { AuthenticatedUser } from '../accounts/session-auth';
import { RoomJoins } from '../realtime/room-joins';
import { AuctionService } from './auction.service';

/**
 * An auction lot live over Socket.IO: join `lot:{id}` (the reply is the lot's full state, so a
 * reconnect starts from the truth), then `lot:update` on every bid, extension and the hammer.
 * A private sale's lot is joined only by its invited users (the handshake's session).
 */
@WebSocketGateway()
export class AuctionGateway {
  constructor(
    @Inject(AuctionService) private readonly auction: AuctionService,
    @Inject(RoomJoins) private readonly joins: RoomJoins,
  ) {}

  @SubscribeMessage('lot:join')
  async join(@ConnectedSocket() socket: Socket, @MessageBody() lotId: unknown): Promise<LotJoinReply> {
    // The handshake's session (socket-io.adapter): null for a visitor.
    const viewer = this.auction.viewerOf((socket.data.user as AuthenticatedUser | null) ?? undefined);
    const joined = await this.joins.join(socket, 'lot', lotId, (id) => this.auction.stateForRoom(viewer, id));
    return joined.ok ? { ok: true, state: joined.value } : joined;
  }

  @SubscribeMessage('lot:leave')
  leave(@ConnectedSocket() socket: Socket, @MessageBody() lotId: unknown): Promise<void> {
    return this.joins.leave(socket, 'lot', lotId);
  }
}
