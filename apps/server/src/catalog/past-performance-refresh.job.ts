import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import type { JobPayloads } from '../jobs/job.types';
import { JobHandler } from '../jobs/job-handler.decorator';
import { refreshPastPerformances } from './past-performance.sql';

/** Nightly (and on demand): recompute form figures, earnings and ages from the results. */
@Injectable()
export class PastPerformanceRefreshJob {
  private readonly logger = new Logger('PastPerformance');

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @JobHandler('past-performance.refresh')
  async handle(payload: JobPayloads['past-performance.refresh']): Promise<{ horses: number }> {
    const started = Date.now();
    const result = await this.dataSource.transaction((manager) => refreshPastPerformances(manager, this.clock.now()));
    this.logger.log(`Refreshed ${result.horses} horses (${payload.reason}) in ${Date.now() - started} ms`);
    return result;
  }
}
