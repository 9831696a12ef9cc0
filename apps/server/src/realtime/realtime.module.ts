import { Global, Module } from '@nestjs/common';
import { SocketEmitter } from './socket-emitter';
import { WatchedRooms } from './watched-rooms';

/** Socket.IO plumbing shared by the gateways: the typed emitter and the rooms being watched (the adapter is set in bootstrap). */
@Global()
@Module({ providers: [SocketEmitter, WatchedRooms], exports: [SocketEmitter] })
export class RealtimeModule {}
