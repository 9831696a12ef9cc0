import type {
  CurrentRaceDetail,
  CurrentRaceListQuery,
  CurrentRaceListResponse,
  MorningLineResponse,
  RacingClockStamp,
} from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { notFound } from '../common/api-error';
import { RacingClock } from '../common/racing-clock';
import { RaceCardService } from '../racing/race-card.service';

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

  /** The race's morning line, as its card fixed it. */
  morningLine(id: number): Promise<MorningLineResponse> {
    return this.races.morningLine(id);
  }

  async list(query: CurrentRaceListQuery): Promise<CurrentRaceListResponse> {
    const { track_id: trackId, date, status, limit, offset } = query;
    const { items, total } = await this.races.list({ trackId, date, status, limit, offset });
    return { items, total, limit, offset, ...this.clockStamp() };
  }

  private clockStamp(): RacingClockStamp {
    return { server_time: this.clock.now().toISOString(), time_scale: this.clock.scale };
  }
}
