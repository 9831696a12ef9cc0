import { type FreeBoard, freeRoom } from '@furlong/contracts';
import type { SimulatedRace } from '@furlong/domain';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { JobPayloads } from '../jobs/job.types';
import { JobHandler } from '../jobs/job-handler.decorator';
import { JobQueue } from '../jobs/job-queue.service';
import { SocketEmitter } from '../realtime/socket-emitter';
import { FreeBoardRepository } from './free-board.repository';
import { FreeRaceStreamer } from './free-race-streamer';
import { FREE_AUTO_START_MS, FreeRacingService } from './free-racing.service';

export const FREE_SWEEP_ID = 'free.sweep';
const FREE_SWEEP_MS = 15_000;
// A refresh this late is taken for lost (its job went with a worker) and run by the sweep.
const OVERDUE_MS = 5_000;

/**
 * The free boards' clockwork: one delayed `free.odds` job per horse refresh, queued again at the
 * horse's next random interval while the odds window lasts; a `free.finish` job at each race's last
 * frame; and a sweep every 15 s that makes a new set when the last one has finished, runs lost
 * refreshes and finishes, and starts boards nobody started. Every change goes to `free:{id}`.
 */
@Injectable()
export class FreeRacingJobs implements OnApplicationBootstrap {
  private readonly logger = new Logger('FreeRacing');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JobQueue) private readonly jobs: JobQueue,
    @Inject(FreeRacingService) private readonly free: FreeRacingService,
    @Inject(FreeBoardRepository) private readonly repository: FreeBoardRepository,
    @Inject(FreeRaceStreamer) private readonly streamer: FreeRaceStreamer,
    @Inject(SocketEmitter) private readonly emitter: SocketEmitter,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.driver.repeat(FREE_SWEEP_ID, FREE_SWEEP_MS, 'free.sweep', { reason: 'schedule' });
    // The first set at once, not a sweep later (only when sets are made at all).
    if (this.config.free.boards) await this.jobs.enqueue('free.sweep', { reason: 'start' });
  }

  async scheduleTick(boardId: number, post: number, dueAtMs: number): Promise<void> {
    await this.jobs.enqueue(
      'free.odds',
      { board_id: boardId, post, due_at_ms: dueAtMs },
      { jobId: `free-odds-${boardId}-${post}-${dueAtMs}`, delayMs: Math.max(0, dueAtMs - this.clock.now().getTime()) },
    );
  }

  /** Queues the first refresh of every horse of new boards. */
  async scheduleSet(
    boards: readonly { id: number; horses: readonly { post: number; next_tick_at_ms: number | null }[] }[],
  ) {
    for (const b of boards) {
      for (const h of b.horses)
        if (h.next_tick_at_ms !== null) await this.scheduleTick(b.id, h.post, h.next_tick_at_ms);
    }
  }

  /** Sends a started race to its room, streams its frames and queues its finish. */
  async announceStart(board: FreeBoard, race: SimulatedRace | undefined): Promise<void> {
    this.emitter.toRoom(freeRoom(board.id), 'free:update', board);
    if (!race || !board.started_at || !board.finishes_at) return;
    this.streamer.stream(board.id, Date.parse(board.started_at), race);
    await this.jobs.enqueue(
      'free.finish',
      { board_id: board.id },
      {
        jobId: `free-finish-${board.id}`,
        delayMs: Math.max(0, Date.parse(board.finishes_at) - this.clock.now().getTime()),
      },
    );
  }

  @JobHandler('free.odds')
  async odds(payload: JobPayloads['free.odds']): Promise<{ applied: boolean }> {
    const outcome = await this.free.tick(payload.board_id, payload.post, payload.due_at_ms);
    if (!outcome) return { applied: false };
    this.emitter.toRoom(freeRoom(payload.board_id), 'free:update', outcome.board);
    if (outcome.nextAtMs !== null) await this.scheduleTick(payload.board_id, payload.post, outcome.nextAtMs);
    return { applied: true };
  }

  @JobHandler('free.finish')
  async finish(payload: JobPayloads['free.finish']): Promise<{ finished: boolean }> {
    const board = await this.free.finish(payload.board_id);
    if (board) this.emitter.toRoom(freeRoom(board.id), 'free:update', board);
    return { finished: board !== undefined };
  }

  @JobHandler('free.sweep')
  async sweep(
    _payload: JobPayloads['free.sweep'],
  ): Promise<{ made: number; ticks: number; finished: number; started: number }> {
    const now = this.clock.now();
    let finished = 0;
    for (const id of await this.repository.dueFinishes(now)) {
      if (await this.finish({ board_id: id }).then((r) => r.finished)) finished++;
    }
    let started = 0;
    const setId = await this.repository.latestSetId();
    if (setId !== null) {
      for (const id of await this.repository.idleBoards(setId, new Date(now.getTime() - FREE_AUTO_START_MS))) {
        const outcome = await this.free.start(id);
        if (outcome.started) {
          started++;
          await this.announceStart(outcome.board, outcome.race);
        }
      }
    }
    let ticks = 0;
    for (const t of await this.repository.overdueTicks(now.getTime(), OVERDUE_MS)) {
      if ((await this.odds(t)).applied) ticks++;
    }
    const made = this.config.free.boards ? await this.free.makeSetIfDue() : [];
    await this.scheduleSet(made);
    if (made.length > 0) this.logger.log(`a set of ${made.length} free boards is open`);
    return { made: made.length, ticks, finished, started };
  }
}
