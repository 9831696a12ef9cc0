import {
  CURRENT_RACE_STATUSES,
  type CurrentRaceStatus,
  OPS_REPORT_MS,
  OPS_ROOM,
  type OpsSnapshot,
} from '@furlong/contracts';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RacingClock } from '../common/racing-clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobQueue } from '../jobs/job-queue.service';
import { METRIC, Metrics } from '../metrics/metrics';
import { RaceReadModel } from '../racing/race-read-model';
import { RaceRunner } from '../racing/race-runner.service';
import { SocketEmitter } from '../realtime/socket-emitter';
import { REDIS } from '../redis/redis.module';
import { QUEUE_BOARD_PATH } from './board-permissions';
import { readFigures } from './figures';
import { type InstanceBoard, MemoryInstanceBoard, RedisInstanceBoard } from './instance-board';
import { EventLoopLag, type InstanceReport, InstanceReporter } from './instance-reporter';
import { type ClusterFigures, composeSnapshot } from './ops-snapshot';

/**
 * The live operations page's figures. Every second each instance reads its own metrics (the
 * registry `/metrics` serves), makes its report and puts it on the board (with Redis, a hash every
 * instance reads); an instance with sockets in the `ops` room then makes the snapshot of the
 * whole deployment and sends it to them (and only them: each instance serves its own viewers).
 * On shutdown the instance reports once more as stopped.
 */
@Injectable()
export class OpsLive implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('OpsLive');
  private readonly board: InstanceBoard;
  private readonly lag = new EventLoopLag();
  private reporter?: InstanceReporter;
  private timer?: NodeJS.Timeout;
  private ticking = false;
  private lastReport?: Promise<InstanceReport>;
  private failing = false;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) redis: Redis | null,
    @Inject(Metrics) private readonly metrics: Metrics,
    @Inject(RaceRunner) private readonly runner: RaceRunner,
    @Inject(RaceReadModel) private readonly races: RaceReadModel,
    @Inject(JobQueue) private readonly jobs: JobQueue,
    @Inject(SocketEmitter) private readonly emitter: SocketEmitter,
    @Inject(RacingClock) private readonly clock: RacingClock,
  ) {
    this.board = redis
      ? new RedisInstanceBoard(redis, `${config.redis.prefix}:ops:instances`)
      : new MemoryInstanceBoard();
  }

  onApplicationBootstrap(): void {
    this.reporter = new InstanceReporter(this.runner.instanceId, this.clock.wallNow());
    this.timer = setInterval(() => void this.tick(), OPS_REPORT_MS);
    this.timer.unref();
    void this.tick();
  }

  /** The last report says "stopped": the page shows the instance grey, not red. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.report(true).catch(() => undefined);
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.lag.stop();
  }

  /** One second: report, and send the snapshot to this instance's ops viewers if it has any. */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      await this.report();
      if (this.emitter.localRoomSize(OPS_ROOM) > 0) {
        this.emitter.toLocalRoom(OPS_ROOM, 'ops:snapshot', await this.snapshot());
      }
      if (this.failing) this.logger.log('reporting again');
      this.failing = false;
    } catch (err) {
      // Redis or the database away: try again next second, and say so once.
      if (!this.failing) this.logger.warn(`operations report failed: ${(err as Error).message}`);
      this.failing = true;
    } finally {
      this.ticking = false;
    }
  }

  /** The whole deployment now: every instance's last report and the shared figures. */
  async snapshot(): Promise<OpsSnapshot> {
    if (!this.lastReport) await this.report();
    const nowMs = this.clock.wallNow();
    const [reports, cluster] = await Promise.all([this.board.all(nowMs), this.cluster()]);
    return composeSnapshot(reports, cluster, nowMs);
  }

  private report(stopped = false): Promise<InstanceReport> {
    const reporter = this.reporter ?? new InstanceReporter(this.runner.instanceId, this.clock.wallNow());
    this.reporter = reporter;
    const made = (async () => {
      const figures = await readFigures(this.metrics.registry, this.clock.wallNow());
      const report = reporter.report(
        figures,
        {
          leases: this.runner.heldRaceIds(),
          viewers: this.metrics.raceViewers(),
          eventLoopLagP99Ms: this.lag.takeP99Ms(),
        },
        stopped,
      );
      await this.board.put(report);
      return report;
    })();
    this.lastReport = made;
    return made;
  }

  /** The figures shared by every instance: races, queue, settlement (read from the metrics where they are there). */
  private async cluster(): Promise<ClusterFigures> {
    const racingNow = this.clock.nowMs();
    const [summary, queue, backlog] = await Promise.all([
      this.races.opsSummary(new Date(racingNow)),
      this.metrics.registry.getSingleMetric(METRIC.queueJobs)?.get(),
      this.metrics.registry.getSingleMetric(METRIC.settlementBacklog)?.get(),
    ]);
    const byState = Object.fromEntries(CURRENT_RACE_STATUSES.map((s) => [s, summary.byState.get(s) ?? 0])) as Record<
      CurrentRaceStatus,
      number
    >;
    const jobs = { waiting: 0, delayed: 0, active: 0, failed: 0 };
    for (const v of queue?.values ?? []) {
      const state = v.labels.state as keyof typeof jobs;
      if (state in jobs) jobs[state] += v.value;
    }
    const next = summary.nextOff;
    const driver = this.jobs.driver.kind;
    return {
      races: {
        by_state: byState,
        next_off: next && {
          race_id: next.id,
          race_name: next.race_name,
          track_name: next.track_name,
          post_time: next.post_time.toISOString(),
          seconds_to_off: Math.max(0, Math.round((next.post_time.getTime() - racingNow) / 1000)),
        },
      },
      queues: { driver, board_path: driver === 'bullmq' ? QUEUE_BOARD_PATH : null, jobs },
      settlementBacklogSeconds: backlog?.values[0]?.value ?? 0,
    };
  }
}
