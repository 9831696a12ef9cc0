import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { CatalogModule } from '../catalog/catalog.module';
import { CryptoRandomness, Randomness } from '../common/randomness';
import { CurrentRaceRepository } from './current-race.repository';
import { DayCardRepository } from './day-card.repository';
import { RaceGateway } from './race.gateway';
import { RaceRepository } from './race.repository';
import { RaceCardService } from './race-card.service';
import { RaceEntries } from './race-entries.service';
import { RaceEvents } from './race-events';
import { RaceReadModel } from './race-read-model';
import { RaceResultController } from './race-result.controller';
import { RaceRunner } from './race-runner.service';
import { RaceSchedulerJob } from './race-scheduler.job';
import { RacingService } from './racing.service';
import { RacingMaintenance } from './racing-maintenance';
import { RunnerRatings } from './runner-ratings';
import { ScratchRepository } from './scratch.repository';
import { ScratchService } from './scratch.service';
import { ScratchHooks } from './scratch-hooks';

/**
 * Live racing: the current races (made per track and day, read by the program and wagering), the
 * scheduler job, the race runner, the live gateway, results and verification.
 */
@Module({
  imports: [AuditModule, CatalogModule],
  controllers: [RaceResultController],
  providers: [
    { provide: Randomness, useClass: CryptoRandomness },
    DayCardRepository,
    CurrentRaceRepository,
    RaceCardService,
    RaceEntries,
    RaceEvents,
    RaceReadModel,
    RunnerRatings,
    RaceRepository,
    RacingService,
    RacingMaintenance,
    RaceRunner,
    RaceSchedulerJob,
    RaceGateway,
    ScratchHooks,
    ScratchRepository,
    ScratchService,
  ],
  exports: [
    RacingService,
    RacingMaintenance,
    RaceCardService,
    RaceEntries,
    RaceEvents,
    RaceReadModel,
    RaceRunner,
    RunnerRatings,
    ScratchHooks,
    ScratchService,
  ],
})
export class RacingModule {}
