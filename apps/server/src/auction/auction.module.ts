import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { AuditModule } from '../audit/audit.module';
import { CatalogModule } from '../catalog/catalog.module';
import { StableModule } from '../stable/stable.module';
import { AuctionController } from './auction.controller';
import { AuctionGateway } from './auction.gateway';
import { AuctionJobs } from './auction.jobs';
import { AuctionRepository } from './auction.repository';
import { AuctionService } from './auction.service';
import { LotWriter } from './lot-writer.service';
import { SalesContractRepository } from './sales-contract.repository';
import { SalesContracts } from './sales-contracts.service';

/**
 * The horse auction (issue 19): sales and their lots, live bidding with proxy bids and a soft
 * close, funds held through the ledger, the hammer (ownership moves through the stable) and sales
 * contracts. Its tables (auction_*, sales_contracts; entities/) are its own; users' names it asks
 * accounts for (UserDirectory), horses the catalog (HorseRegistry), owners' horses the stable.
 */
@Module({
  imports: [AccountsModule, AuditModule, CatalogModule, StableModule],
  controllers: [AuctionController],
  providers: [
    AuctionRepository,
    AuctionService,
    LotWriter,
    AuctionJobs,
    AuctionGateway,
    SalesContractRepository,
    SalesContracts,
  ],
  // For the news: the record sales.
  exports: [AuctionService],
})
export class AuctionModule {}
