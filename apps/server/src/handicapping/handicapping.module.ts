import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/catalog.module';
import { RacingModule } from '../racing/racing.module';
import { WageringModule } from '../wagering/wagering.module';
import { BacktestService } from './backtest.service';
import { HandicappingController } from './handicapping.controller';
import { PredictorWeightsRepository } from './predictor-weights.repository';

/** Handicapping (issue 17): the race predictor's field, saved weights and back-test. */
@Module({
  imports: [CatalogModule, RacingModule, WageringModule],
  controllers: [HandicappingController],
  providers: [BacktestService, PredictorWeightsRepository],
})
export class HandicappingModule {}
