import {
  type FairOddsCalibration,
  fairOddsApi,
  type OperationParams,
  type OperationQuery,
  type RaceFairOdds,
} from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import { FairOddsService } from './fair-odds.service';

@Controller()
export class FairOddsController {
  constructor(@Inject(FairOddsService) private readonly service: FairOddsService) {}

  @Endpoint(fairOddsApi.raceFairOdds)
  raceFairOdds(@Parsed('params') params: OperationParams<typeof fairOddsApi.raceFairOdds>): Promise<RaceFairOdds> {
    return this.service.raceFairOdds(params.id);
  }

  @Endpoint(fairOddsApi.calibration)
  calibration(@Parsed('query') query: OperationQuery<typeof fairOddsApi.calibration>): Promise<FairOddsCalibration> {
    return this.service.calibration(query.bins);
  }
}
