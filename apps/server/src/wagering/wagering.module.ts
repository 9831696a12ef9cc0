import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { CatalogModule } from '../catalog/catalog.module';
import { CryptoRandomness, Randomness } from '../common/randomness';
import { RacingModule } from '../racing/racing.module';
import { BetRepository } from './bet.repository';
import { BetService } from './bet.service';
import { BetsController } from './bets.controller';
import { FeaturedController } from './featured.controller';
import { FeaturedJobs } from './featured.jobs';
import { FeaturedRepository } from './featured.repository';
import { FeaturedService } from './featured.service';
import { LedgerReferenceNames } from './ledger-reference-names';
import { PayoffRepository } from './payoff.repository';
import { PayoffService } from './payoff.service';
import { PayoffsController } from './payoffs.controller';
import { PoolRepository } from './pool.repository';
import { PoolService } from './pool.service';
import { RacingDayController } from './racing-day.controller';
import { RacingDayRepository } from './racing-day.repository';
import { RacingDayService } from './racing-day.service';
import { ScratchRefundRepository } from './scratch-refund.repository';
import { ScratchRefundService } from './scratch-refund.service';
import { SequencePoolRepository } from './sequence-pool.repository';
import { SettlementRepository } from './settlement.repository';
import { SettlementService } from './settlement.service';
import { ToteController } from './tote.controller';
import { ToteGateway } from './tote.gateway';
import { ToteFeed } from './tote-feed';
import { WageringJobs } from './wagering.jobs';

/** Wagering: the bet slip, pools with house liquidity and a simulated crowd, the tote, settlement and its payoffs, history. */
@Module({
  imports: [AccountsModule, CatalogModule, RacingModule],
  controllers: [BetsController, PayoffsController, ToteController, RacingDayController, FeaturedController],
  providers: [
    { provide: Randomness, useClass: CryptoRandomness },
    BetRepository,
    BetService,
    FeaturedJobs,
    FeaturedRepository,
    FeaturedService,
    LedgerReferenceNames,
    PayoffRepository,
    RacingDayRepository,
    RacingDayService,
    PayoffService,
    PoolRepository,
    PoolService,
    ScratchRefundRepository,
    ScratchRefundService,
    SequencePoolRepository,
    SettlementRepository,
    SettlementService,
    ToteFeed,
    ToteGateway,
    WageringJobs,
  ],
  exports: [BetService, PayoffService, SettlementService, PoolService],
})
export class WageringModule {}
