import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import type { JobPayloads } from '../jobs/job.types';
import { JobHandler } from '../jobs/job-handler.decorator';
import { refreshHorsePastPerformances, refreshPastPerformances } from './past-performance.sql';

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

  /**
   * The scan and insert's check (issue 21): horses that have results but no past-performance row
   * (a start the nightly refresh has not reached, or rows lost), given theirs from all their results.
   */
  async horsesWithoutPastPerformances(): Promise<{ found: number; fixed: number }> {
    const missing: { horse_id: number }[] = await this.dataSource.query(
      `SELECT DISTINCT f.horse_id FROM race_result_finishers f
        WHERE NOT EXISTS (SELECT 1 FROM past_performances p WHERE p.horse_id = f.horse_id)`,
    );
    if (missing.length === 0) return { found: 0, fixed: 0 };
    const { horses } = await this.dataSource.transaction((m) =>
      refreshHorsePastPerformances(
        m,
        this.clock.now(),
        missing.map((r) => r.horse_id),
      ),
    );
    return { found: missing.length, fixed: horses };
  }
}
