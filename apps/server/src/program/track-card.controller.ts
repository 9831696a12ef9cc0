import { type OperationParams, programApi, type TrackCardQuery, type TrackCardResponse } from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import { DayCardService } from './day-card.service';

@Controller()
export class TrackCardController {
  constructor(@Inject(DayCardService) private readonly service: DayCardService) {}

  @Endpoint(programApi.trackCard)
  card(
    @Parsed('params') params: OperationParams<typeof programApi.trackCard>,
    @Parsed('query') query: TrackCardQuery,
  ): Promise<TrackCardResponse> {
    return this.service.getCard(params.trackId, query);
  }
}
