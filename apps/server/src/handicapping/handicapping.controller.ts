import {
  type BacktestResponse,
  handicappingApi,
  type OperationBody,
  type OperationParams,
  type OperationQuery,
  type PredictorFieldResponse,
  type PredictorWeightsResponse,
  SPEC_PREDICTOR_WEIGHTS,
} from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { CurrentUser } from '../accounts/auth.decorators';
import type { AuthenticatedUser } from '../accounts/session-auth';
import { Endpoint, Parsed } from '../common/endpoint';
import { RaceCardService } from '../racing/race-card.service';
import { BacktestService } from './backtest.service';
import { PredictorWeightsRepository } from './predictor-weights.repository';

/** The race predictor (spec §2.3): a race's field with its form, the account's weights, the back-test. */
@Controller()
export class HandicappingController {
  constructor(
    @Inject(RaceCardService) private readonly cards: RaceCardService,
    @Inject(BacktestService) private readonly backtests: BacktestService,
    @Inject(PredictorWeightsRepository) private readonly weights: PredictorWeightsRepository,
  ) {}

  @Endpoint(handicappingApi.predictorField)
  predictorField(
    @Parsed('params') params: OperationParams<typeof handicappingApi.predictorField>,
  ): Promise<PredictorFieldResponse> {
    return this.cards.predictorField(params.id);
  }

  @Endpoint(handicappingApi.backtest)
  backtest(@Parsed('query') query: OperationQuery<typeof handicappingApi.backtest>): Promise<BacktestResponse> {
    return this.backtests.run(query);
  }

  @Endpoint(handicappingApi.myPredictorWeights)
  async myWeights(@CurrentUser() user: AuthenticatedUser): Promise<PredictorWeightsResponse> {
    const saved = await this.weights.find(user.userId);
    return saved ? { weights: saved, saved: true } : { weights: { ...SPEC_PREDICTOR_WEIGHTS }, saved: false };
  }

  @Endpoint(handicappingApi.savePredictorWeights)
  async saveWeights(
    @CurrentUser() user: AuthenticatedUser,
    @Parsed('body') body: OperationBody<typeof handicappingApi.savePredictorWeights>,
  ): Promise<PredictorWeightsResponse> {
    await this.weights.save(user.userId, body);
    return { weights: body, saved: true };
  }
}
