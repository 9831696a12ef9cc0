import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

@Module({
  imports: [CatalogModule],
  controllers: [StatsController],
  providers: [StatsService],
})
export class StatsModule {}
