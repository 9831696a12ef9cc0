import {
  type LiveRaceResult,
  type OperationBody,
  type OperationParams,
  type RaceVerification,
  type RunnerStats,
  racingApi,
  type ScratchResult,
} from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { type AuditContext, Audited } from '../audit/audit-context';
import { Endpoint, Parsed } from '../common/endpoint';
import { RaceRunner } from './race-runner.service';
import { RacingService } from './racing.service';
import { ScratchService } from './scratch.service';

type IdParams = OperationParams<typeof racingApi.currentRaceResult>;

@Controller()
export class RaceResultController {
  constructor(
    @Inject(RacingService) private readonly service: RacingService,
    @Inject(RaceRunner) private readonly runner: RaceRunner,
    @Inject(ScratchService) private readonly scratches: ScratchService,
  ) {}

  @Endpoint(racingApi.scratchRunner)
  scratch(
    @Audited() admin: AuditContext,
    @Parsed('params') { id }: OperationParams<typeof racingApi.scratchRunner>,
    @Parsed('body') { post_position, reason }: OperationBody<typeof racingApi.scratchRunner>,
  ): Promise<ScratchResult> {
    return this.scratches.scratch(id, post_position, reason, admin);
  }

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
