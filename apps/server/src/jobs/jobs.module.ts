import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JobQueue } from './job-queue.service';

@Global()
@Module({ imports: [DiscoveryModule], providers: [JobQueue], exports: [JobQueue] })
export class JobsModule {}
