import { Global, Module } from '@nestjs/common';
import { SocketEmitter } from './socket-emitter';

/** Socket.IO plumbing shared by the gateways: the typed emitter (the adapter is set in bootstrap). */
@Global()
@Module({ providers: [SocketEmitter], exports: [SocketEmitter] })
export class RealtimeModule {}
