import { Global, Module } from '@nestjs/common';
import { RoomJoins } from './room-joins';
import { SocketEmitter } from './socket-emitter';
import { SocketHandoff } from './socket-handoff';
import { WatchedRooms } from './watched-rooms';

/**
 * Socket.IO plumbing shared by the gateways: the typed emitter, the rooms being watched and the
 * bounded room joins, and the hand-off of the connections when the instance stops (the adapter is set
 * in bootstrap).
 */
@Global()
@Module({
  providers: [SocketEmitter, WatchedRooms, RoomJoins, SocketHandoff],
  exports: [SocketEmitter, RoomJoins, SocketHandoff],
})
export class RealtimeModule {}
