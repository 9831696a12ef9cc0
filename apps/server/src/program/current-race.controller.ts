import {
  type CurrentRaceDetail,
  type CurrentRaceListQuery,
  type CurrentRaceListResponse,
  type MorningLineResponse,
  type OperationParams,
  programApi,
} from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import { CurrentRaceService } from './current-race.service';

@Controller()
export class CurrentRaceController {
  constructor(@Inject(CurrentRaceService) private readonly service: CurrentRaceService) {}

  @Endpoint(programApi.listCurrentRaces)
  list(@Parsed('query') query: CurrentRaceListQuery): Promise<CurrentRaceListResponse> {
    return this.service.list(query);
  }

  @Endpoint(programApi.currentRace)
  get(@Parsed('params') params: OperationParams<typeof programApi.currentRace>): Promise<CurrentRaceDetail> {
    return this.service.get(params.id);
  }

  @Endpoint(programApi.morningLine)
  morningLine(@Parsed('params') params: OperationParams<typeof programApi.morningLine>): Promise<MorningLineResponse> {
    return this.service.morningLine(params.id);
  }
}
