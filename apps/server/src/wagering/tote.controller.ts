import { type OperationParams, type ToteView, wageringApi } from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import { PoolService } from './pool.service';

@Controller()
export class ToteController {
  constructor(@Inject(PoolService) private readonly pools: PoolService) {}

  @Endpoint(wageringApi.tote)
  tote(@Parsed('params') params: OperationParams<typeof wageringApi.tote>): Promise<ToteView> {
    return this.pools.liveTote(params.id);
  }
}
