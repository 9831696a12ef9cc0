import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { BetTypeIds } from './bet-type-ids';
import { CATALOG_CONTROLLERS, CatalogExtrasController } from './catalog.controller';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';
import { CatalogTableWriters } from './catalog-table-writers';
import { DayCardSources } from './day-card-sources';
import { EarningsFigures } from './earnings-figures';
import { HorseRegistry } from './horse-registry';
import { PastPerformanceRefreshJob } from './past-performance-refresh.job';
import { RaceHistoryRepository } from './race-history.repository';
import { RaceHistoryFigures } from './race-history-figures';

@Module({
  imports: [AuditModule],
  controllers: [CatalogExtrasController, ...CATALOG_CONTROLLERS],
  providers: [
    BetTypeIds,
    CatalogRepository,
    CatalogTableWriters,
    CatalogService,
    DayCardSources,
    HorseRegistry,
    EarningsFigures,
    PastPerformanceRefreshJob,
    RaceHistoryFigures,
    RaceHistoryRepository,
  ],
  exports: [
    BetTypeIds,
    CatalogService,
    CatalogTableWriters,
    DayCardSources,
    EarningsFigures,
    HorseRegistry,
    PastPerformanceRefreshJob,
    RaceHistoryFigures,
    RaceHistoryRepository,
  ],
})
export class CatalogModule {}
