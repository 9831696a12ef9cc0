import {
  type LiveRaceResult,
  type OperationParams,
  type RaceVerification,
  type RunnerStats,
  racingApi,
} from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import { RaceRunner } from './race-runner.service';
import { RacingService } from './racing.service';

type IdParams = OperationParams<typeof racingApi.currentRaceResult>;

@Controller()
export class RaceResultController {
  constructor(
    @Inject(RacingService) private readonly service: RacingService,
    @Inject(RaceRunner) private readonly runner: RaceRunner,
  ) {}

  @Endpoint(racingApi.currentRaceResult)
  result(@Parsed('params') params: IdParams): Promise<LiveRaceResult> {
    return this.service.resultOfRace(params.id);
  }

  @Endpoint(racingApi.verify)
  verify(@Parsed('params') params: IdParams): Promise<RaceVerification> {
    return this.service.verify(params.id);
  }

  @Endpoint(racingApi.raceResult)
  resultById(@Parsed('params') params: IdParams): Promise<LiveRaceResult> {
    return this.service.resultById(params.id);
  }

  @Endpoint(racingApi.runnerStats)
  runnerStats(): RunnerStats {
    return this.runner.stats();
  }
}
