import { type OpsJobsResponse, opsApi } from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { OperatorOnly } from '../accounts/auth.decorators';
import { Endpoint } from '../common/endpoint';
import { OpsService } from './ops.service';

@Controller()
export class OpsController {
  constructor(@Inject(OpsService) private readonly ops: OpsService) {}

  @Endpoint(opsApi.jobs)
  @OperatorOnly()
  jobs(): Promise<OpsJobsResponse> {
    return this.ops.jobs();
  }
}
