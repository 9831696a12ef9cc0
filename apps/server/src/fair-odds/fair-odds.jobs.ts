import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { JobPayloads } from '../jobs/job.types';
import { JobHandler } from '../jobs/job-handler.decorator';
import { JobQueue } from '../jobs/job-queue.service';
import { RaceEvents } from '../racing/race-events';
import { type FairOddsComputation, FairOddsService } from './fair-odds.service';

export const FAIR_ODDS_SWEEP_ID = 'fair-odds.sweep';
/** How often (wall) open races without fair odds are looked for. */
export const FAIR_ODDS_SWEEP_MS = 60_000;

/**
 * The job id of a race's computation: one per race for its opening (the sweep uses the same, so it
 * never queues a race twice), one more per scratch (BullMQ keeps finished jobs, so an id is never
 * run twice). The job itself skips a field that has its odds already.
 */
export function fairOddsJobId(raceId: number, scratchedPost?: number): string {
  return scratchedPost === undefined ? `fair-odds-${raceId}` : `fair-odds-${raceId}-scratch-${scratchedPost}`;
}

/**
 * When fair odds are made: racing announces an opening (or a scratch) and a job per race simulates
 * its field, on whichever instance takes it; a sweep at start and every minute queues open races
 * that have none (an opening no instance heard, a job lost with an in-process queue at a restart,
 * or one that failed for good).
 */
@Injectable()
export class FairOddsJobs implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('FairOdds');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JobQueue) private readonly jobs: JobQueue,
    @Inject(RaceEvents) private readonly raceEvents: RaceEvents,
    @Inject(FairOddsService) private readonly service: FairOddsService,
  ) {}

  // Subscribed before any module's bootstrap, so the first races the scheduler opens are heard.
  onModuleInit(): void {
    if (this.config.fairOdds.runs === 0) return;
    this.raceEvents.on('race.opened', async ({ race_ids }) => {
      for (const id of race_ids) await this.enqueue(id, 'opened', fairOddsJobId(id));
    });
    this.raceEvents.on('race.scratched', async ({ race_id, post_position, cancelled }) => {
      if (!cancelled) await this.enqueue(race_id, 'scratched', fairOddsJobId(race_id, post_position));
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    // Races open by themselves only with live racing; without it whoever opens one is heard above.
    if (this.config.fairOdds.runs === 0 || !this.config.racing.enabled) return;
    await this.jobs.driver.repeat(FAIR_ODDS_SWEEP_ID, FAIR_ODDS_SWEEP_MS, 'fair-odds.sweep', { reason: 'schedule' });
    await this.jobs.enqueue('fair-odds.sweep', { reason: 'start' });
  }

  /** Hands a race to the jobs port; a failure there is logged and must not undo the racing step. */
  private async enqueue(
    raceId: number,
    reason: JobPayloads['fair-odds.compute']['reason'],
    jobId: string,
  ): Promise<void> {
    try {
      await this.jobs.enqueue('fair-odds.compute', { current_race_id: raceId, reason }, { jobId });
    } catch (err) {
      this.logger.warn(`fair odds of race ${raceId} not queued: ${(err as Error).message}`);
    }
  }

  @JobHandler('fair-odds.compute')
  compute(payload: JobPayloads['fair-odds.compute']): Promise<FairOddsComputation> {
    return this.service.compute(payload.current_race_id);
  }

  @JobHandler('fair-odds.sweep')
  async sweep(_payload: JobPayloads['fair-odds.sweep']): Promise<number> {
    const missing = await this.service.openRacesWithout();
    for (const id of missing) await this.enqueue(id, 'sweep', fairOddsJobId(id));
    return missing.length;
  }
}
