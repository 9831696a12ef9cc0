import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { RaceHistoryRepository } from '../catalog/race-history.repository';
import { Clock } from '../common/clock';
import { RacingClock } from '../common/racing-clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { JobName, JobPayloads } from '../jobs/job.types';
import { JobHandler } from '../jobs/job-handler.decorator';
import { JobQueue } from '../jobs/job-queue.service';
import { Metrics } from '../metrics/metrics';
import { RaceEvents } from '../racing/race-events';
import { FeaturedService } from './featured.service';
import { PoolRepository } from './pool.repository';
import { PoolService } from './pool.service';
import { type PoolOutcome, SettlementService } from './settlement.service';
import { ToteFeed } from './tote-feed';

export const WAGERING_TOTE_ID = 'wagering.tote';
/** Open races (nearest post first) whose watched boards a tick refreshes. */
const TOTE_RACES_PER_TICK = 100;

/**
 * The wagering jobs: seeding pools when races open, the close (the crowd's money up to post, the
 * pools frozen, the final board out), the tote tick (watched boards refreshed with the crowd's
 * money, missed closes and openings retried, pools due settled as a net under the settle job) and
 * settlement when a result is written. Racing's announcements start the opening, the close and
 * the settlement. Unwatched open races cost nothing between their opening and their close.
 */
@Injectable()
export class WageringJobs implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Tote');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JobQueue) private readonly jobs: JobQueue,
    @Inject(PoolService) private readonly pools: PoolService,
    @Inject(PoolRepository) private readonly repository: PoolRepository,
    @Inject(SettlementService) private readonly settlement: SettlementService,
    @Inject(ToteFeed) private readonly feed: ToteFeed,
    @Inject(RacingClock) private readonly racingClock: RacingClock,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(RaceEvents) private readonly raceEvents: RaceEvents,
    @Inject(Metrics) private readonly metrics: Metrics,
    @Inject(RaceHistoryRepository) private readonly history: RaceHistoryRepository,
    @Inject(FeaturedService) private readonly featured: FeaturedService,
  ) {}

  // Subscribed before any module's bootstrap, so the first races the scheduler opens are heard.
  onModuleInit(): void {
    this.metrics.watchSettlementBacklog(
      () => this.repository.oldestUnsettledResult(),
      () => this.clock.now().getTime(),
    );
    // The tote tick retries any opening it misses; settlement claims each pool once.
    this.raceEvents.on('race.opened', ({ race_ids }) => this.enqueue('wagering.open-pools', { race_ids }));
    // The close is handled here and now, not queued (a queue busy with a tick or a settlement would
    // hold the final board back); without waiting, so the racing step goes on. Idempotent; the tote
    // tick retries a close that failed or that no instance heard.
    this.raceEvents.on('race.closed', ({ race_ids }) => {
      void this.closePools(race_ids);
    });
    this.raceEvents.on('race.resulted', ({ current_race_id }) => this.enqueue('wagering.settle', { current_race_id }));
    // A cancelled race's pools (e.g. too few starters after a scratch) are refunded now, not at the next tote tick.
    this.raceEvents.on('race.cancelled', () => this.settlement.settleDue());
  }

  /** Hands the work to the jobs port; a failure there is logged and must not undo the racing step. */
  private async enqueue<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<void> {
    try {
      await this.jobs.enqueue(name, payload);
    } catch (err) {
      this.logger.warn(`${name} not enqueued: ${(err as Error).message}`);
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    // The tote moves with the races: without live racing nothing opens or closes by itself.
    if (!this.config.racing.enabled) return;
    await this.jobs.driver.repeat(WAGERING_TOTE_ID, this.config.wagering.toteIntervalMs, 'wagering.tote', {
      reason: 'schedule',
    });
  }

  @JobHandler('wagering.open-pools')
  async openPools(payload: JobPayloads['wagering.open-pools']): Promise<number> {
    const seeded = await this.pools.openPools(payload.race_ids);
    for (const id of payload.race_ids) if (this.feed.watched(id)) await this.feed.broadcast(id);
    return seeded;
  }

  /** At the close: the crowd's money up to post into the pools, frozen with it, and the final board to viewers. */
  async closePools(raceIds: readonly number[]): Promise<number> {
    let frozen = 0;
    for (const id of raceIds) if (await this.closeRace(id)) frozen++;
    return frozen;
  }

  private async closeRace(raceId: number): Promise<boolean> {
    try {
      const frozen = await this.pools.catchUpCrowd(raceId, { freezeAt: this.clock.now() });
      if (frozen && this.feed.watched(raceId)) await this.feed.broadcast(raceId);
      return frozen;
    } catch (err) {
      this.logger.warn(`pools of race ${raceId} not frozen: ${(err as Error).message}`);
      return false;
    }
  }

  @JobHandler('wagering.settle')
  async settle(payload: JobPayloads['wagering.settle']): Promise<PoolOutcome[]> {
    const outcomes = await this.settlement.settleRace(payload.current_race_id);
    await this.keepFinalOdds(payload.current_race_id);
    // The featured bonus comes after the payouts it is a share of; it pays each bet once.
    await this.enqueue('wagering.featured-bonus', { current_race_id: payload.current_race_id });
    return outcomes;
  }

  /**
   * The race's final win odds (its win pool as it stood at the off: frozen since the close) onto
   * its result, for the past performances. Idempotent, like the settlement before it.
   */
  private async keepFinalOdds(raceId: number): Promise<void> {
    await this.history.keepFinalOdds(raceId, await this.pools.winOddsByPost(raceId));
  }

  @JobHandler('wagering.tote')
  async tote(_payload: JobPayloads['wagering.tote']): Promise<void> {
    const started = performance.now();
    const now = this.racingClock.now();
    const unseeded = await this.repository.openRacesWithoutSeed(now, TOTE_RACES_PER_TICK);
    if (unseeded.length > 0) await this.pools.openPools(unseeded);
    // Boards are computed for viewers only (the crowd's money of the others waits for their close).
    for (const id of await this.repository.openRaces(now, TOTE_RACES_PER_TICK)) {
      if (this.feed.watched(id)) await this.feed.broadcast(id);
    }
    // Closes the close event did not freeze (a failure, or a close no running instance heard).
    for (const id of await this.repository.racesToFreeze(this.racingClock.now())) await this.closeRace(id);
    await this.settlement.settleDue();
    // The hour's featured four are kept as the hour begins, whether or not anyone looks.
    await this.featured
      .keepThisHour()
      .catch((err: Error) => this.logger.warn(`featured pick not kept: ${err.message}`));
    this.metrics.toteCycle((performance.now() - started) / 1000);
  }
}
