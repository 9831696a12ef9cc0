import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { JobPayloads } from '../jobs/job.types';
import { JobHandler } from '../jobs/job-handler.decorator';
import { JobQueue } from '../jobs/job-queue.service';
import { Mailer } from './mailer';
import { OutboxService } from './outbox.service';

export const OUTBOX_SCHEDULE_ID = 'content.outbox';
/** How often the outbox is looked at for retries that came due (a new form wakes it at once). */
export const OUTBOX_EVERY_MS = 30_000;

/** The outbox's clockwork: a run after each stored form, and one every 30 s for retries due. */
@Injectable()
export class OutboxJobs implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(JobQueue) private readonly jobs: JobQueue,
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(Mailer) private readonly mailer: Mailer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.driver.repeat(OUTBOX_SCHEDULE_ID, OUTBOX_EVERY_MS, 'content.outbox', { reason: 'schedule' });
  }

  onApplicationShutdown(): void {
    this.mailer.close();
  }

  @JobHandler('content.outbox')
  deliver(_payload: JobPayloads['content.outbox']): Promise<{ sent: number; failed: number; retried: number }> {
    return this.outbox.deliverDue();
  }
}
