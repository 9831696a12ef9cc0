import { Inject, Injectable } from '@nestjs/common';
import type { JobPayloads } from '../jobs/job.types';
import { JobHandler } from '../jobs/job-handler.decorator';
import { FeaturedService } from './featured.service';

/** The featured bonus, queued when a race's settlement is done. */
@Injectable()
export class FeaturedJobs {
  constructor(@Inject(FeaturedService) private readonly featured: FeaturedService) {}

  @JobHandler('wagering.featured-bonus')
  payBonuses(payload: JobPayloads['wagering.featured-bonus']): Promise<number> {
    return this.featured.payRace(payload.current_race_id);
  }
}
