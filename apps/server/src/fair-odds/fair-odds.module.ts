import { Module } from '@nestjs/common';
import { CryptoRandomness, Randomness } from '../common/randomness';
import { RacingModule } from '../racing/racing.module';
import { WageringModule } from '../wagering/wagering.module';
import { FairOddsController } from './fair-odds.controller';
import { FairOddsJobs } from './fair-odds.jobs';
import { FairOddsRepository } from './fair-odds.repository';
import { FairOddsService } from './fair-odds.service';
import { FairOddsSimulator, WorkerFairOddsSimulator } from './fair-odds-simulator';

/**
 * Fair odds from the engine (issue 17 §3): each opened race simulated thousands of times on fresh
 * seeds in a worker thread, its starters' chances kept (race_fair_odds), shown beside the live
 * odds, and checked against the finished races. Imports wagering after it, so that on an opening
 * the pools are queued before the simulation.
 */
@Module({
  imports: [RacingModule, WageringModule],
  controllers: [FairOddsController],
  providers: [
    { provide: Randomness, useClass: CryptoRandomness },
    // One thread for the process, started by the first simulation and ended with the module.
    { provide: FairOddsSimulator, useFactory: () => new WorkerFairOddsSimulator() },
    FairOddsRepository,
    FairOddsService,
    FairOddsJobs,
  ],
  exports: [FairOddsService],
})
export class FairOddsModule {}
