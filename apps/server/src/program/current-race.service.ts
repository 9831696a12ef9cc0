import type {
  CurrentRaceDetail,
  CurrentRaceListQuery,
  CurrentRaceListResponse,
  RacingClockStamp,
} from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { notFound } from '../common/api-error';
import { RacingClock } from '../racing/racing-clock';
import { CurrentRaceRepository } from './current-race.repository';

/**
 * Current races one by one (with runners, phase, seed hash, and the seed once finished) and as a
 * filtered list, newest post time first. Times are on the racing clock.
 */
@Injectable()
export class CurrentRaceService {
  constructor(
    @Inject(CurrentRaceRepository) private readonly repository: CurrentRaceRepository,
    @Inject(RacingClock) private readonly clock: RacingClock,
  ) {}

  async get(id: number): Promise<CurrentRaceDetail> {
    const race = await this.repository.findById(id);
    if (!race) throw notFound('Current race', id);
    const entries = await this.repository.entries(id);
    return { ...race, ...this.clockStamp(), entries };
  }

  async list(query: CurrentRaceListQuery): Promise<CurrentRaceListResponse> {
    const { track_id: trackId, date, status, limit, offset } = query;
    const { items, total } = await this.repository.list({ trackId, date, status, limit, offset });
    return { items, total, limit, offset, ...this.clockStamp() };
  }

  private clockStamp(): RacingClockStamp {
    return { server_time: this.clock.now().toISOString(), time_scale: this.clock.scale };
  }
}
