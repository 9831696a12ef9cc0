import type { CurrentRaceStatus } from '@furlong/contracts';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { RacingClock } from '../common/racing-clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { JobPayloads } from '../jobs/job.types';
import { JobHandler } from '../jobs/job-handler.decorator';
import { JobQueue } from '../jobs/job-queue.service';
import { SocketEmitter } from '../realtime/socket-emitter';
import { RaceRepository } from './race.repository';
import { RaceCardService, trackLocalDay } from './race-card.service';
import { RaceEvents } from './race-events';
import { lifecycleCutoffs, STALE_AFTER_WALL_MS } from './race-lifecycle';
import { RacingService } from './racing.service';
import { ScratchService } from './scratch.service';

export const RACING_SCHEDULE_ID = 'racing.schedule';
/** Races opened per statement (a first start of the day may open many at once). */
const OPEN_BATCH = 200;
/** Tomorrow's card is made this long (racing time) beyond the opening lead before its first race. */
const CARD_LOOKAHEAD_MS = 60 * 60_000;

export interface ScheduleOutcome {
  cards: number;
  opened: number;
  closed: number;
  cancelled: number;
}

/**
 * The racing scheduler, a repeatable job (every RACING_SCHEDULER_SECONDS of wall time; with Redis
 * one BullMQ job scheduler for all instances): makes every track's card for its local today (and
 * tomorrow near midnight), and moves races on by the racing clock with conditional UPDATEs that
 * concurrent instances cannot apply twice: stale races (never started, a minute of wall time past
 * post) are cancelled, open races at post time close, and scheduled races within the opening lead
 * open with a secret seed. The exact close at the off and the run itself are the runner's; this
 * sweep is the net under it.
 */
@Injectable()
export class RaceSchedulerJob implements OnApplicationBootstrap {
  private readonly logger = new Logger('RaceScheduler');
  private readonly failingTracks = new Set<number>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RacingClock) private readonly clock: RacingClock,
    @Inject(RaceCardService) private readonly dayCards: RaceCardService,
    @Inject(RacingService) private readonly service: RacingService,
    @Inject(RaceRepository) private readonly repository: RaceRepository,
    @Inject(SocketEmitter) private readonly emitter: SocketEmitter,
    @Inject(JobQueue) private readonly jobs: JobQueue,
    @Inject(RaceEvents) private readonly events: RaceEvents,
    @Inject(ScratchService) private readonly scratches: ScratchService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.racing.enabled) return;
    await this.jobs.driver.repeat(RACING_SCHEDULE_ID, this.config.racing.schedulerIntervalMs, 'racing.schedule', {
      reason: 'schedule',
    });
    // At once too, so the cards exist right after start rather than one interval later.
    await this.jobs.enqueue('racing.schedule', { reason: 'start' });
  }

  @JobHandler('racing.schedule')
  async handle(payload: JobPayloads['racing.schedule']): Promise<ScheduleOutcome> {
    if (!this.config.racing.enabled) return { cards: 0, opened: 0, closed: 0, cancelled: 0 };
    const cards = await this.ensureCards(this.clock.nowMs());
    const moved = await this.sweep(this.clock.nowMs());
    const outcome = { cards, ...moved };
    if (moved.opened + moved.closed + moved.cancelled > 0 || payload.reason !== 'schedule') {
      this.logger.log(
        `racing (${payload.reason}): ${cards} cards checked, ${moved.opened} opened, ${moved.closed} closed, ${moved.cancelled} cancelled`,
      );
    }
    return outcome;
  }

  /** Every track's card for its local today, and tomorrow's once its first race may come within reach. */
  async ensureCards(racingNowMs: number): Promise<number> {
    const lookahead = this.config.racing.openLeadMinutes * 60_000 + CARD_LOOKAHEAD_MS;
    let made = 0;
    for (const track of await this.dayCards.tracks()) {
      const days = new Set([
        trackLocalDay(racingNowMs, track.utc_offset_minutes),
        trackLocalDay(racingNowMs + lookahead, track.utc_offset_minutes),
      ]);
      for (const day of days) {
        try {
          await this.dayCards.ensureTrackCard(track, day);
          made++;
          this.failingTracks.delete(track.id);
        } catch (err) {
          // Once per track until it recovers (e.g. a track whose card cannot be filled).
          if (!this.failingTracks.has(track.id)) {
            this.logger.warn(`no card for track ${track.id} on ${day}: ${(err as Error).message}`);
          }
          this.failingTracks.add(track.id);
        }
      }
    }
    return made;
  }

  /** Moves races on by the racing clock; every move is a conditional UPDATE. */
  async sweep(racingNowMs: number): Promise<Omit<ScheduleOutcome, 'cards'>> {
    const cut = lifecycleCutoffs(
      racingNowMs,
      this.config.racing.openLeadMinutes * 60_000,
      STALE_AFTER_WALL_MS * this.clock.scale,
    );
    const cancelled = await this.repository.cancelStale(cut.cancelPostBefore);
    const closed = await this.repository.closeDue(cut.closePostUpTo);
    const opened: number[] = [];
    for (;;) {
      const due = await this.repository.scheduledToOpen(cut.openPostUpTo, cut.cancelPostBefore, OPEN_BATCH);
      opened.push(...(await this.service.open(due)));
      if (due.length < OPEN_BATCH) break;
    }
    this.announce(cancelled, 'cancelled');
    this.announce(closed, 'closed');
    this.announce(opened, 'open');
    // Opened races were announced by RacingService.open.
    if (cancelled.length > 0) await this.events.emit('race.cancelled', { race_ids: cancelled });
    if (closed.length > 0) await this.events.emit('race.closed', { race_ids: closed });
    // The day made realistic: now and then a runner of an open race is scratched (a small configured rate).
    try {
      await this.scratches.simulate(new Date(racingNowMs));
    } catch (err) {
      this.logger.warn(`simulated scratches not made: ${(err as Error).message}`);
    }
    return { opened: opened.length, closed: closed.length, cancelled: cancelled.length };
  }

  private announce(ids: readonly number[], phase: CurrentRaceStatus): void {
    const server_time = this.clock.now().toISOString();
    for (const id of ids) this.emitter.toRace(id, 'race:phase', { race_id: id, phase, server_time });
  }
}
