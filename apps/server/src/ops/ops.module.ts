import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { RacingModule } from '../racing/racing.module';
import { OpsController } from './ops.controller';
import { OpsGateway } from './ops.gateway';
import { OpsService } from './ops.service';
import { OpsLive } from './ops-live.service';
import { QueueBoard } from './queue-board';

/** The operators' views: the queue board at /admin/queues, the jobs report and the live operations figures (owns no table). */
@Module({
  imports: [AccountsModule, RacingModule],
  controllers: [OpsController],
  providers: [OpsService, QueueBoard, OpsLive, OpsGateway],
  exports: [QueueBoard],
})
export class OpsModule {}
