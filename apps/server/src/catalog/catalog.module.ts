import { Module } from '@nestjs/common';
import { BetTypeIds } from './bet-type-ids';
import { CATALOG_CONTROLLERS, CatalogExtrasController } from './catalog.controller';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';
import { PastPerformanceRefreshJob } from './past-performance-refresh.job';

@Module({
  controllers: [CatalogExtrasController, ...CATALOG_CONTROLLERS],
  providers: [BetTypeIds, CatalogRepository, CatalogService, PastPerformanceRefreshJob],
  exports: [BetTypeIds, CatalogService],
})
export class CatalogModule {}
