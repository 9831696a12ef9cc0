import type { ToteJoinReply, ToteView } from '@furlong/contracts';
import { Inject, NotFoundException } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { RoomJoins } from '../realtime/room-joins';
import { ToteFeed } from './tote-feed';

/** The tote board over Socket.IO: join `tote:{id}` (the reply is the board now, see ToteFeed.board), leave it. Joins are bounded by RoomJoins. */
@WebSocketGateway()
export class ToteGateway {
  constructor(
    @Inject(ToteFeed) private readonly feed: ToteFeed,
    @Inject(RoomJoins) private readonly joins: RoomJoins,
  ) {}

  @SubscribeMessage('tote:join')
  async join(@ConnectedSocket() socket: Socket, @MessageBody() raceId: unknown): Promise<ToteJoinReply> {
    const joined = await this.joins.join(socket, 'tote', raceId, (id) => this.board(id));
    return joined.ok ? { ok: true, tote: joined.value } : joined;
  }

  @SubscribeMessage('tote:leave')
  leave(@ConnectedSocket() socket: Socket, @MessageBody() raceId: unknown): Promise<void> {
    return this.joins.leave(socket, 'tote', raceId);
  }

  /** The board, or undefined for an unknown race (any other failure is thrown). */
  private async board(raceId: number): Promise<ToteView | undefined> {
    try {
      return await this.feed.board(raceId);
    } catch (err) {
      if (err instanceof NotFoundException) return undefined;
      throw err;
    }
  }
}
