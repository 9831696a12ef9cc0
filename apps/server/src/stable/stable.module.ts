import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { CatalogModule } from '../catalog/catalog.module';
import { CryptoRandomness, Randomness } from '../common/randomness';
import { RacingModule } from '../racing/racing.module';
import { CreatedRacesService } from './created-races.service';
import { StableController } from './stable.controller';
import { StableJobs } from './stable.jobs';
import { StableRepository } from './stable.repository';
import { StableService } from './stable.service';

/**
 * The stable (issue 18): horses users create, look after, breed and enter in live races, and the
 * random race generator. Its tables (stable_*, created_races, created_race_entries; entities/) are
 * its own; the horses' catalog rows it asks the catalog for (HorseRegistry), the races racing
 * (RaceEntries, RunnerRatings), the money the ledger.
 */
@Module({
  imports: [AccountsModule, AuditModule, CatalogModule, RacingModule],
  controllers: [StableController],
  providers: [
    { provide: Randomness, useClass: CryptoRandomness },
    StableRepository,
    StableService,
    StableJobs,
    CreatedRacesService,
  ],
  // The auction consigns users' horses and moves sold ones to the buyer's stable through it.
  exports: [StableService],
})
export class StableModule {}
