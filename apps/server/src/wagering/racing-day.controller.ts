import { type RacingDay, type RacingDayQuery, racingDayApi } from '@furlong/contracts';
import { Controller, Inject } from '@nestjs/common';
import { Endpoint, Parsed } from '../common/endpoint';
import { RacingDayService } from './racing-day.service';

@Controller()
export class RacingDayController {
  constructor(@Inject(RacingDayService) private readonly racingDay: RacingDayService) {}

  @Endpoint(racingDayApi.racingDay)
  day(@Parsed('query') query: RacingDayQuery): Promise<RacingDay> {
    return this.racingDay.day(query);
  }
}
