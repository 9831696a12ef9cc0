import {
  type OperationParams,
  type RacePayoffs,
  type RaceResultListQuery,
  type RaceResultListResponse,
  wageringApi,
} from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import { PayoffService } from './payoff.service';

@Controller()
export class PayoffsController {
  constructor(@Inject(PayoffService) private readonly payoffs: PayoffService) {}

  @Endpoint(wageringApi.racePayoffs)
  racePayoffs(@Parsed('params') params: OperationParams<typeof wageringApi.racePayoffs>): Promise<RacePayoffs> {
    return this.payoffs.racePayoffs(params.id);
  }

  @Endpoint(wageringApi.raceResults)
  results(@Parsed('query') query: RaceResultListQuery): Promise<RaceResultListResponse> {
    return this.payoffs.results(query);
  }
}
