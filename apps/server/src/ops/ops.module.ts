import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { OpsController } from './ops.controller';
import { OpsService } from './ops.service';
import { QueueBoard } from './queue-board';

/** The operators' views: the queue board at /admin/queues and the jobs report (owns no table). */
@Module({
  imports: [AccountsModule],
  controllers: [OpsController],
  providers: [OpsService, QueueBoard],
  exports: [QueueBoard],
})
export class OpsModule {}
