import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { EarningsController } from './earnings.controller';
import { EarningsService } from './earnings.service';

@Module({
  imports: [CatalogModule],
  controllers: [EarningsController],
  providers: [EarningsService],
})
export class EarningsModule {}
