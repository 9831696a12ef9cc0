import { OPS_ROOM, type OpsJoinReply } from '@furlong/contracts';
import { Inject, Logger } from '@nestjs/common';
import { ConnectedSocket, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import type { Socket } from 'socket.io';
import { roleAllows } from '../accounts/access-check';
import { SessionAuth } from '../accounts/session-auth';
import { OpsLive } from './ops-live.service';

/**
 * The live operations room over Socket.IO. A join reads the socket's session again (its role may
 * have changed, or it may have ended, since the socket connected) and admits operators and admins;
 * the reply carries the snapshot now, and `ops:snapshot` follows every second.
 */
@WebSocketGateway()
export class OpsGateway {
  private readonly logger = new Logger('OpsGateway');

  constructor(
    @Inject(SessionAuth) private readonly sessions: SessionAuth,
    @Inject(OpsLive) private readonly live: OpsLive,
  ) {}

  @SubscribeMessage('ops:join')
  async join(@ConnectedSocket() socket: Socket): Promise<OpsJoinReply> {
    const user = await this.sessions.fromHandshake(socket.handshake).catch(() => null);
    if (!user) {
      return {
        ok: false,
        reason: 'unauthenticated',
        error: 'Log in as an operator or administrator to watch operations.',
      };
    }
    if (!roleAllows('operator', user.role)) {
      return { ok: false, reason: 'forbidden', error: 'The operations page is for operators and administrators.' };
    }
    try {
      const snapshot = await this.live.snapshot();
      await socket.join(OPS_ROOM);
      return { ok: true, snapshot };
    } catch (err) {
      this.logger.warn(`ops snapshot failed: ${(err as Error).message}`);
      return { ok: false, reason: 'unavailable', error: 'The figures could not be read now; try again shortly.' };
    }
  }

  @SubscribeMessage('ops:leave')
  async leave(@ConnectedSocket() socket: Socket): Promise<void> {
    await socket.leave(OPS_ROOM);
  }
}
