import { toteRoom } from '@furlong/contracts';
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
import { SocketEmitter } from '../realtime/socket-emitter';
import { PoolRepository } from './pool.repository';
import { PoolService } from './pool.service';
import { type PoolOutcome, SettlementService } from './settlement.service';

export const WAGERING_TOTE_ID = 'wagering.tote';
/** Open races (nearest post first) the crowd and the board broadcast cover per tick. */
const TOTE_RACES_PER_TICK = 100;

/**
 * The wagering jobs: seeding pools when races open, the tote tick (crowd money, boards broadcast
 * to `tote:{id}`, boards frozen at the close, pools due settled as a net under the settle job) and
 * settlement when a result is written. Racing's announcements start the first and the last.
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
    @Inject(SocketEmitter) private readonly emitter: SocketEmitter,
    @Inject(RacingClock) private readonly racingClock: RacingClock,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(RaceEvents) private readonly raceEvents: RaceEvents,
    @Inject(Metrics) private readonly metrics: Metrics,
    @Inject(RaceHistoryRepository) private readonly history: RaceHistoryRepository,
  ) {}

  // Subscribed before any module's bootstrap, so the first races the scheduler opens are heard.
  onModuleInit(): void {
    this.metrics.watchSettlementBacklog(
      () => this.repository.oldestUnsettledResult(),
      () => this.clock.now().getTime(),
    );
    // The tote tick retries any opening it misses; settlement claims each pool once.
    this.raceEvents.on('race.opened', ({ race_ids }) => this.enqueue('wagering.open-pools', { race_ids }));
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
    for (const id of payload.race_ids) await this.broadcast(id);
    return seeded;
  }

  @JobHandler('wagering.settle')
  async settle(payload: JobPayloads['wagering.settle']): Promise<PoolOutcome[]> {
    const outcomes = await this.settlement.settleRace(payload.current_race_id);
    await this.keepFinalOdds(payload.current_race_id);
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
    const open = await this.repository.openRaces(now, TOTE_RACES_PER_TICK);
    await this.pools.crowdTick(open);
    const frozen = await this.repository.freezeClosed(this.racingClock.now(), this.clock.now());
    // Boards are computed for viewers only: a joining viewer gets the board in the join's reply.
    for (const id of [...open, ...frozen]) if (this.emitter.watched(toteRoom(id))) await this.broadcast(id);
    await this.settlement.settleDue();
    this.metrics.toteCycle((performance.now() - started) / 1000);
  }

  private async broadcast(raceId: number): Promise<void> {
    try {
      this.emitter.toRoom(toteRoom(raceId), 'tote:update', await this.pools.tote(raceId));
      this.metrics.toteBroadcast();
    } catch (err) {
      this.logger.warn(`tote of race ${raceId} not broadcast: ${(err as Error).message}`);
    }
  }
}
