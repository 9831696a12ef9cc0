import { Module } from '@nestjs/common';
import { ProgramModule } from '../program/program.module';
import { RaceGateway } from './race.gateway';
import { RaceRepository } from './race.repository';
import { RaceResultController } from './race-result.controller';
import { RaceRunner } from './race-runner.service';
import { RaceSchedulerJob } from './race-scheduler.job';
import { RacingService } from './racing.service';

/** Live racing: the scheduler job, the race runner, the live gateway, results and verification. */
@Module({
  imports: [ProgramModule],
  controllers: [RaceResultController],
  providers: [RaceRepository, RacingService, RaceRunner, RaceSchedulerJob, RaceGateway],
  exports: [RacingService],
})
export class RacingModule {}
