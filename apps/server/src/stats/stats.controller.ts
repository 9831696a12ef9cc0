import {
  type ConnectionStatsResponse,
  type LeadersResponse,
  type OperationParams,
  type OperationQuery,
  type StatsOverviewResponse,
  statsApi,
  type TrackConditionsResponse,
  type TrackTypesResponse,
} from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import { StatsService } from './stats.service';

@Controller()
export class StatsController {
  constructor(@Inject(StatsService) private readonly service: StatsService) {}

  @Endpoint(statsApi.jockey)
  jockey(@Parsed('params') { id }: OperationParams<typeof statsApi.jockey>): Promise<ConnectionStatsResponse> {
    return this.service.connection('jockeys', id);
  }

  @Endpoint(statsApi.trainer)
  trainer(@Parsed('params') { id }: OperationParams<typeof statsApi.trainer>): Promise<ConnectionStatsResponse> {
    return this.service.connection('trainers', id);
  }

  @Endpoint(statsApi.leaders)
  leaders(@Parsed('query') query: OperationQuery<typeof statsApi.leaders>): Promise<LeadersResponse> {
    return this.service.leaders(query);
  }

  @Endpoint(statsApi.overview)
  overview(): Promise<StatsOverviewResponse> {
    return this.service.overview();
  }

  @Endpoint(statsApi.trackConditions)
  trackConditions(): Promise<TrackConditionsResponse> {
    return this.service.trackConditions();
  }

  @Endpoint(statsApi.trackTypes)
  trackTypes(): Promise<TrackTypesResponse> {
    return this.service.trackTypes();
  }
}
