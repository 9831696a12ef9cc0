import { Global, Module } from '@nestjs/common';
import { RoomJoins } from './room-joins';
import { SocketEmitter } from './socket-emitter';
import { WatchedRooms } from './watched-rooms';

/**
 * Socket.IO plumbing shared by the gateways: the typed emitter, the rooms being watched and the
 * bounded room joins (the adapter is set in bootstrap).
 */
@Global()
@Module({ providers: [SocketEmitter, WatchedRooms, RoomJoins], exports: [SocketEmitter, RoomJoins] })
export class RealtimeModule {}
