import { type ToteJoinReply, toteRoom } from '@furlong/contracts';
import { Inject } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { PoolService } from './pool.service';

function raceIdOf(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** The tote board over Socket.IO: join `tote:{id}` (the reply is the board now), leave it. */
@WebSocketGateway()
export class ToteGateway {
  constructor(@Inject(PoolService) private readonly pools: PoolService) {}

  @SubscribeMessage('tote:join')
  async join(@ConnectedSocket() socket: Socket, @MessageBody() raceId: unknown): Promise<ToteJoinReply> {
    const id = raceIdOf(raceId);
    if (id === null) return { ok: false, error: 'race id must be a positive integer' };
    await socket.join(toteRoom(id));
    try {
      return { ok: true, tote: await this.pools.tote(id) };
    } catch {
      await socket.leave(toteRoom(id));
      return { ok: false, error: `Current race ${id} not found` };
    }
  }

  @SubscribeMessage('tote:leave')
  async leave(@ConnectedSocket() socket: Socket, @MessageBody() raceId: unknown): Promise<void> {
    const id = raceIdOf(raceId);
    if (id !== null) await socket.leave(toteRoom(id));
  }
}
