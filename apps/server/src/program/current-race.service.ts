import {
  CURRENT_RACE_STATUSES,
  type CurrentRaceDetail,
  type CurrentRaceListResponse,
  type RacingClockStamp,
} from '@furlong/contracts';
import { parseCalendarDate } from '@furlong/domain';
import { Inject, Injectable } from '@nestjs/common';
import { InvalidRequestException, notFound } from '../common/api-error';
import { QueryReader, type RawQuery } from '../common/query-params';
import { RacingClock } from '../common/racing-clock';
import { RaceCardService } from '../racing/race-card.service';

export const CURRENT_RACES_DEFAULT_LIMIT = 25;
export const CURRENT_RACES_MAX_LIMIT = 500;
const INT_MAX = 2_147_483_647;

/**
 * Current races one by one (with runners, phase, seed hash, and the seed once finished) and as a
 * filtered list, newest post time first. Times are on the racing clock.
 */
@Injectable()
export class CurrentRaceService {
  constructor(
    @Inject(RaceCardService) private readonly races: RaceCardService,
    @Inject(RacingClock) private readonly clock: RacingClock,
  ) {}

  async get(id: number): Promise<CurrentRaceDetail> {
    const race = await this.races.race(id);
    if (!race) throw notFound('Current race', id);
    const entries = await this.races.entries(id);
    return { ...race, ...this.clockStamp(), entries };
  }

  async list(query: RawQuery): Promise<CurrentRaceListResponse> {
    const params = new QueryReader(query, ['track_id', 'date', 'status', 'limit', 'offset']);
    const trackIdText = params.text('track_id');
    const trackId = trackIdText === undefined ? undefined : params.integer('track_id', 1, INT_MAX, 0);
    const date = params.text('date');
    if (date !== undefined && !parseCalendarDate(date)) {
      params.problems.push({ field: 'date', reason: `must be a date YYYY-MM-DD, got '${date.slice(0, 40)}'` });
    }
    const status = params.oneOf('status', CURRENT_RACE_STATUSES);
    const limit = params.integer('limit', 1, CURRENT_RACES_MAX_LIMIT, CURRENT_RACES_DEFAULT_LIMIT);
    const offset = params.integer('offset', 0, INT_MAX, 0);
    if (params.problems.length > 0) throw new InvalidRequestException(params.problems);
    const { items, total } = await this.races.list({ trackId, date, status, limit, offset });
    return { items, total, limit, offset, ...this.clockStamp() };
  }

  private clockStamp(): RacingClockStamp {
    return { server_time: this.clock.now().toISOString(), time_scale: this.clock.scale };
  }
}
