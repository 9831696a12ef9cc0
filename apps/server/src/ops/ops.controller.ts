import { type OpsJobsResponse, type OpsSnapshot, opsApi } from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { OperatorOnly } from '../accounts/auth.decorators';
import { Endpoint } from '../common/endpoint';
import { OpsService } from './ops.service';
import { OpsLive } from './ops-live.service';

@Controller()
export class OpsController {
  constructor(
    @Inject(OpsService) private readonly ops: OpsService,
    @Inject(OpsLive) private readonly live: OpsLive,
  ) {}

  @Endpoint(opsApi.jobs)
  @OperatorOnly()
  jobs(): Promise<OpsJobsResponse> {
    return this.ops.jobs();
  }

  @Endpoint(opsApi.live)
  @OperatorOnly()
  snapshot(): Promise<OpsSnapshot> {
    return this.live.snapshot();
  }
}
