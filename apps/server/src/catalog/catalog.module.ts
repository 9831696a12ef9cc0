import { Module } from '@nestjs/common';
import { CATALOG_CONTROLLERS, CatalogExtrasController } from './catalog.controller';
import { CatalogRepository } from './catalog.repository';
import { CatalogService } from './catalog.service';
import { PastPerformanceRefreshJob } from './past-performance-refresh.job';

@Module({
  controllers: [CatalogExtrasController, ...CATALOG_CONTROLLERS],
  providers: [CatalogRepository, CatalogService, PastPerformanceRefreshJob],
  exports: [CatalogService],
})
export class CatalogModule {}
