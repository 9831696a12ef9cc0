import {
  type EarningsHorsesPage,
  type EarningsStartsPage,
  type EarningsSummaryResponse,
  earningsApi,
  type OperationParams,
  type OperationQuery,
} from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import { EarningsService } from './earnings.service';

@Controller()
export class EarningsController {
  constructor(@Inject(EarningsService) private readonly service: EarningsService) {}

  @Endpoint(earningsApi.allHorses)
  allHorses(@Parsed('query') query: OperationQuery<typeof earningsApi.allHorses>): Promise<EarningsHorsesPage> {
    return this.service.allHorses(query);
  }

  @Endpoint(earningsApi.summary)
  summary(
    @Parsed('params') { kind, id }: OperationParams<typeof earningsApi.summary>,
  ): Promise<EarningsSummaryResponse> {
    return this.service.summary(kind, id);
  }

  @Endpoint(earningsApi.starts)
  starts(
    @Parsed('params') { kind, id }: OperationParams<typeof earningsApi.starts>,
    @Parsed('query') query: OperationQuery<typeof earningsApi.starts>,
  ): Promise<EarningsStartsPage> {
    return this.service.starts(kind, id, query);
  }

  @Endpoint(earningsApi.horses)
  horses(
    @Parsed('params') { kind, id }: OperationParams<typeof earningsApi.horses>,
    @Parsed('query') query: OperationQuery<typeof earningsApi.horses>,
  ): Promise<EarningsHorsesPage> {
    return this.service.horses(kind, id, query);
  }
}
