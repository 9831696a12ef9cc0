import type { OpsJobsResponse } from '@furlong/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { JobQueue } from '../jobs/job-queue.service';
import { QUEUE_BOARD_PATH } from './board-permissions';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** What the operators' pages show of the jobs, from whichever queue driver runs them. */
@Injectable()
export class OpsService {
  constructor(@Inject(JobQueue) private readonly queue: JobQueue) {}

  async jobs(): Promise<OpsJobsResponse> {
    const { driver } = this.queue;
    const reports = await driver.report();
    return {
      driver: driver.kind,
      board_path: driver.kind === 'bullmq' ? QUEUE_BOARD_PATH : null,
      jobs: reports.map((r) => ({
        name: r.name,
        counts: r.counts,
        last_run_at: iso(r.lastRunAtMs),
        last_failure: r.lastFailure && { at: iso(r.lastFailure.atMs) as string, message: r.lastFailure.message },
        next_run_at: iso(r.nextRunAtMs),
      })),
    };
  }
}
