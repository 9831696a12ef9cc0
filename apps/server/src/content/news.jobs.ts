import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { JobPayloads } from '../jobs/job.types';
import { JobHandler } from '../jobs/job-handler.decorator';
import { JobQueue } from '../jobs/job-queue.service';
import { RaceEvents } from '../racing/race-events';
import { NewsService } from './news.service';
import { NewsFeed } from './news-feed';

export const NEWS_SCHEDULE_ID = 'content.news';
export const NEWS_FEED_SCHEDULE_ID = 'content.feed';
/** A run every minute makes good what a result's run missed (its pools were not settled yet). */
export const NEWS_EVERY_MS = 60_000;
/** A result is looked at this long after racing announces it, when its pools have been settled. */
const AFTER_RESULT_MS = 5_000;

/**
 * The news's clockwork: a run a moment after each result, and one every minute; with a feed
 * configured, the feed read at start and every NEWS_FEED_EVERY_MINUTES.
 */
@Injectable()
export class NewsJobs implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('News');
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JobQueue) private readonly jobs: JobQueue,
    @Inject(RaceEvents) private readonly raceEvents: RaceEvents,
    @Inject(NewsService) private readonly news: NewsService,
    @Inject(NewsFeed) private readonly feed: NewsFeed,
  ) {}

  onModuleInit(): void {
    this.raceEvents.on('race.resulted', () => this.requestRun());
  }

  onModuleDestroy(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.feed.url) {
      await this.jobs.driver.repeat(NEWS_FEED_SCHEDULE_ID, this.config.news.feedEveryMs, 'content.feed', {
        reason: 'schedule',
      });
      await this.jobs.enqueue('content.feed', { reason: 'start' });
    }
    if (!this.config.racing.enabled) return;
    await this.jobs.driver.repeat(NEWS_SCHEDULE_ID, NEWS_EVERY_MS, 'content.news', { reason: 'schedule' });
  }

  // A burst of results makes one run, a moment after the last of them.
  private requestRun(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.jobs.enqueue('content.news', { reason: 'resulted' }).catch((err: Error) => {
        this.logger.warn(`news run not queued: ${err.message}`);
      });
    }, AFTER_RESULT_MS);
    this.timer.unref();
  }

  @JobHandler('content.news')
  write(_payload: JobPayloads['content.news']): Promise<{ races: number; added: number }> {
    return this.news.write();
  }

  @JobHandler('content.feed')
  readFeed(_payload: JobPayloads['content.feed']): Promise<{ items: number; added: number }> {
    return this.feed.read();
  }
}
