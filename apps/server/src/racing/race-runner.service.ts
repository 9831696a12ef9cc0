import { hostname } from 'node:os';
import { type CurrentRaceStatus, type RunnerStats, raceRoom } from '@furlong/contracts';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RacingClock } from '../common/racing-clock';
import { Randomness } from '../common/randomness';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Metrics } from '../metrics/metrics';
import { SocketEmitter } from '../realtime/socket-emitter';
import { REDIS } from '../redis/redis.module';
import { LatenessHistogram } from './lateness-histogram';
import { RaceRepository } from './race.repository';
import { RaceEvents } from './race-events';
import { MemoryLeaseStore, RaceLeases, RedisLeaseStore } from './race-lease';
import { STALE_AFTER_WALL_MS } from './race-lifecycle';
import { RacingService, type RunnableRace } from './racing.service';
import { nextCountdownWall, sampleDueAt, sampleDueTime, toFrame } from './sample-timetable';

/** How often (wall) a runner renews its leases and looks for races to take. */
export const RUNNER_POLL_MS = 1000;
/** A lease lives this long (wall) unless renewed: the longest a dead runner's race waits for another. */
export const LEASE_TTL_MS = 5000;
/** After this many failed attempts to record a result, the race is cancelled. */
const MAX_RECORD_ATTEMPTS = 3;

/** `starting`: at the off, while betting closes and the field that runs is read (scratches end at the close). */
type HeldState = 'pre' | 'starting' | 'running' | 'finishing';

interface HeldRace {
  id: number;
  runnable: RunnableRace;
  /** Post time on the racing clock (epoch ms). */
  offMs: number;
  state: HeldState;
  /** The next sample to send. */
  nextSample: number;
  /** The next countdown (wall ms), while before the off. */
  nextCountdown: number | null;
  /** Database work of this race, one step after another. */
  work: Promise<void>;
  /** Wall instant from which this runner timed the race: events due earlier are catch-up, not lateness. */
  timedFrom: number;
}

/**
 * Runs the races this instance holds the lease of. One shared timer serves all of them: it is
 * armed for the earliest due event (a countdown second, the off, the next 500 ms sample) and on
 * firing sends everything that is due, by the racing clock. A poll every second renews the leases
 * and takes free races that are open, closed or running. A race is simulated once when taken; a
 * runner that takes a race mid-way (after a restart, or when another instance died) re-simulates it
 * (the same race: the result is a function of seed and runners) and carries on from the sample due
 * now. At the last sample the result is written (once, whoever writes it) and broadcast.
 */
@Injectable()
export class RaceRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('RaceRunner');
  readonly instanceId: string;
  readonly leases: RaceLeases;
  private readonly held = new Map<number, HeldRace>();
  private readonly adopting = new Set<number>();
  private readonly failures = new Map<number, number>();
  private readonly lateness = new LatenessHistogram();
  private timer?: NodeJS.Timeout;
  private armedFor = Number.POSITIVE_INFINITY;
  private poller?: NodeJS.Timeout;
  private polling = false;
  /** Wall ms of the last renewal of the held leases. */
  private renewedAt = 0;
  private stopped = true;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RacingClock) private readonly clock: RacingClock,
    @Inject(REDIS) redis: Redis | null,
    @Inject(RacingService) private readonly service: RacingService,
    @Inject(RaceRepository) private readonly repository: RaceRepository,
    @Inject(SocketEmitter) private readonly emitter: SocketEmitter,
    @Inject(RaceEvents) private readonly events: RaceEvents,
    @Inject(Randomness) random: Randomness,
    @Inject(Metrics) private readonly metrics: Metrics,
  ) {
    this.instanceId = `${hostname()}:${process.pid}:${random.hex(3)}`;
    // The metrics name this instance as the leases do.
    metrics.nameInstance(this.instanceId);
    const store = redis ? new RedisLeaseStore(redis) : new MemoryLeaseStore();
    this.leases = new RaceLeases(store, this.instanceId, LEASE_TTL_MS, config.redis.prefix);
  }

  onApplicationBootstrap(): void {
    if (this.config.racing.enabled) this.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.poller = setInterval(() => void this.poll(), RUNNER_POLL_MS);
    this.poller.unref();
    void this.poll();
  }

  /** Stops running and hands every held race back (another instance, or the next start, resumes it). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.poller) clearInterval(this.poller);
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = Number.POSITIVE_INFINITY;
    const ids = [...this.held.keys()];
    this.held.clear();
    await Promise.all(ids.map((id) => this.leases.release(id).catch(() => undefined)));
  }

  stats(): RunnerStats {
    let running = 0;
    for (const race of this.held.values()) if (race.state !== 'pre') running++;
    return {
      instance: this.instanceId,
      races_held: this.held.size,
      races_running: running,
      tick_lateness_ms: this.lateness.summary(),
    };
  }

  /** The races this instance holds the lease of now (it runs them). */
  heldRaceIds(): number[] {
    return [...this.held.keys()];
  }

  resetStats(): void {
    this.lateness.reset();
  }

  /** Renews the leases of held races, drops the lost ones, and takes free races that are due soon. */
  async poll(): Promise<void> {
    if (this.polling || this.stopped) return;
    this.polling = true;
    try {
      await this.renewHeld();
      const racingNow = this.clock.nowMs();
      const leadMs = this.config.racing.openLeadMinutes * 60_000;
      const staleMs = STALE_AFTER_WALL_MS * this.clock.scale;
      const active = await this.repository.activeUpTo(new Date(racingNow + leadMs), new Date(racingNow - staleMs));
      // A race let go before its off (cancelled: too few starters after scratches) is no longer active.
      const activeIds = new Set(active.map((r) => r.id));
      for (const race of [...this.held.values()]) {
        if (race.state === 'pre' && !activeIds.has(race.id) && this.held.get(race.id) === race) {
          this.held.delete(race.id);
          await this.leases.release(race.id).catch(() => undefined);
        }
      }
      for (const row of active) {
        if (this.stopped) break;
        const race = this.held.get(row.id);
        if (race) {
          this.followPostTime(race, row.post_time.getTime());
          continue;
        }
        if (this.adopting.has(row.id)) continue;
        // Taking many races (a first start opens dozens, each read and simulated) can outlast a
        // lease: the held ones are renewed on time meanwhile, not lost to nobody.
        if (this.clock.wallNow() - this.renewedAt >= RUNNER_POLL_MS) await this.renewHeld();
        if (await this.leases.acquire(row.id)) await this.adopt(row.id);
      }
    } catch (err) {
      this.logger.warn(`poll failed: ${(err as Error).message}`);
    } finally {
      this.polling = false;
    }
  }

  /** A held race whose post time was moved before its off (moved up the card) goes off at the new one. */
  private followPostTime(race: HeldRace, offMs: number): void {
    if (race.state !== 'pre' || offMs === race.offMs) return;
    race.offMs = offMs;
    race.nextCountdown = nextCountdownWall(this.clock.toWall(offMs), this.clock.wallNow());
    this.arm();
  }

  /** Renews the lease of every held race and lets go of the races whose lease another runner took. */
  private async renewHeld(): Promise<void> {
    this.renewedAt = this.clock.wallNow();
    const ids = [...this.held.keys()];
    const kept = await Promise.all(ids.map((id) => this.leases.renew(id).catch(() => false)));
    ids.forEach((id, i) => {
      if (!kept[i] && this.held.delete(id)) this.logger.warn(`lost the lease of race ${id}: another runner has it`);
    });
  }

  private async adopt(id: number): Promise<void> {
    this.adopting.add(id);
    try {
      const runnable = await this.service.runnable(id);
      const status = runnable?.spec.status;
      if (!runnable || this.stopped || !(status === 'open' || status === 'closed' || status === 'running')) {
        await this.leases.release(id);
        return;
      }
      const offMs = runnable.spec.post_time.getTime();
      const race: HeldRace = {
        id,
        runnable,
        offMs,
        state: 'pre',
        nextSample: 0,
        nextCountdown: null,
        work: Promise.resolve(),
        timedFrom: this.clock.wallNow(),
      };
      const racingNow = this.clock.nowMs();
      if (status === 'running' || racingNow >= offMs) {
        this.goOff(race, racingNow);
        if (status === 'running') this.logger.log(`resuming race ${id} at sample ${race.nextSample}`);
      } else {
        race.nextCountdown = nextCountdownWall(this.clock.toWall(offMs), this.clock.wallNow());
      }
      this.held.set(id, race);
      this.arm();
    } catch (err) {
      this.logger.warn(`could not take race ${id}: ${(err as Error).message}`);
      await this.leases.release(id).catch(() => undefined);
    } finally {
      this.adopting.delete(id);
    }
  }

  /** The shared timer: fires at the earliest due event of any held race. */
  private arm(): void {
    if (this.stopped) return;
    let due = Number.POSITIVE_INFINITY;
    for (const race of this.held.values()) {
      if (race.state === 'pre') {
        due = Math.min(due, race.nextCountdown ?? Number.POSITIVE_INFINITY, this.clock.toWall(race.offMs));
      } else if (race.state === 'running') {
        due = Math.min(due, this.clock.toWall(sampleDueTime(race.offMs, race.nextSample)));
      }
    }
    if (due === Number.POSITIVE_INFINITY) return;
    if (this.timer && this.armedFor <= due) return;
    if (this.timer) clearTimeout(this.timer);
    this.armedFor = due;
    // Never early: a timer that fired before its due instant would find nothing to do.
    this.timer = setTimeout(() => this.tick(), Math.max(0, Math.ceil(due - this.clock.wallNow())));
  }

  /** How late the timer sent a due frame or countdown second: the runner's own summary and the metrics. */
  private late(ms: number): void {
    this.lateness.record(ms);
    this.metrics.tickLate(ms);
  }

  private tick(): void {
    this.timer = undefined;
    this.armedFor = Number.POSITIVE_INFINITY;
    if (this.stopped) return;
    const wallNow = this.clock.wallNow();
    const racingNow = this.clock.toRacing(wallNow);
    for (const race of this.held.values()) {
      try {
        this.step(race, wallNow, racingNow);
      } catch (err) {
        this.logger.error(`race ${race.id}: ${(err as Error).message}`);
      }
    }
    this.arm();
  }

  private step(race: HeldRace, wallNow: number, racingNow: number): void {
    if (race.state === 'pre') {
      if (racingNow >= race.offMs) {
        this.goOff(race, racingNow);
      } else if (race.nextCountdown !== null && race.nextCountdown <= wallNow) {
        this.late(wallNow - race.nextCountdown);
        // Only to a watched room: with the Redis adapter every broadcast reaches every instance.
        if (this.emitter.watched(raceRoom(race.id))) {
          this.emitter.toRace(race.id, 'race:countdown', {
            race_id: race.id,
            server_time: new Date(racingNow).toISOString(),
            post_time: new Date(race.offMs).toISOString(),
            seconds_to_post: Math.max(0, Math.round((race.offMs - racingNow) / 1000)),
          });
        }
        race.nextCountdown = nextCountdownWall(this.clock.toWall(race.offMs), wallNow);
      }
    }
    if (race.state !== 'running') return;
    const samples = race.runnable.race.samples;
    const k = sampleDueAt(race.offMs, racingNow, samples.length);
    const sample = samples[k];
    if (k < race.nextSample || !sample) return;
    // Behind by more than a sample (a long pause): send only the latest; frames stay in order.
    const dueWall = this.clock.toWall(sampleDueTime(race.offMs, k));
    if (dueWall >= race.timedFrom) {
      this.late(wallNow - dueWall);
      if (k > race.nextSample) this.metrics.ticksSkipped(k - race.nextSample);
    }
    this.emitter.toRace(race.id, 'race:frame', toFrame(race.id, k, race.runnable.race, wallNow));
    // The emit returns once every local viewer's copy is written: the frame's ts to here.
    this.metrics.frameWritten(wallNow, this.clock.wallNow());
    race.nextSample = k + 1;
    if (k >= samples.length - 1) this.finish(race);
  }

  /**
   * At the off: betting closes (if the scheduler has not closed it yet), the field is read again
   * (a runner scratched since the race was taken does not start; a race cancelled for too few
   * starters is let go) and the race runs.
   */
  private goOff(race: HeldRace, racingNow: number): void {
    if (race.runnable.spec.status === 'running') {
      this.run(race, racingNow);
      return;
    }
    race.state = 'starting';
    this.chain(race, async () => {
      let cancelled = false;
      try {
        if (await this.repository.close(race.id, new Date(this.clock.nowMs()))) {
          this.phase(race.id, 'closed');
          await this.events.emit('race.closed', { race_ids: [race.id] });
        }
        if (await this.repository.start(race.id)) this.phase(race.id, 'running');
        const fresh = await this.service.runnable(race.id);
        if (fresh?.spec.status === 'running') race.runnable = fresh;
        cancelled = fresh === undefined || fresh.spec.status === 'cancelled';
      } finally {
        if (cancelled) {
          if (this.held.get(race.id) === race) this.held.delete(race.id);
          await this.leases.release(race.id).catch(() => undefined);
        } else {
          this.run(race, this.clock.nowMs());
          this.arm();
        }
      }
    });
  }

  private run(race: HeldRace, racingNow: number): void {
    race.state = 'running';
    race.nextSample = Math.max(0, sampleDueAt(race.offMs, racingNow, race.runnable.race.samples.length));
  }

  private finish(race: HeldRace): void {
    race.state = 'finishing';
    this.chain(race, async () => {
      try {
        const recorded = await this.service.record(race.runnable);
        if (recorded?.written) {
          this.emitter.toRace(race.id, 'race:result', recorded.result);
          this.phase(race.id, 'finished');
        }
        this.failures.delete(race.id);
      } catch (err) {
        const attempts = (this.failures.get(race.id) ?? 0) + 1;
        this.failures.set(race.id, attempts);
        this.logger.error(`race ${race.id}: result not written (attempt ${attempts}): ${(err as Error).message}`);
        if (attempts >= MAX_RECORD_ATTEMPTS && (await this.repository.abandon(race.id))) {
          this.failures.delete(race.id);
          this.phase(race.id, 'cancelled');
          await this.events.emit('race.cancelled', { race_ids: [race.id] });
        }
      } finally {
        // Released either way: if the write failed, the next poll takes the race again and retries.
        if (this.held.get(race.id) === race) this.held.delete(race.id);
        await this.leases.release(race.id).catch(() => undefined);
      }
    });
  }

  private phase(raceId: number, phase: CurrentRaceStatus): void {
    this.emitter.toRace(raceId, 'race:phase', {
      race_id: raceId,
      phase,
      server_time: this.clock.now().toISOString(),
    });
  }

  private chain(race: HeldRace, work: () => Promise<void>): void {
    race.work = race.work.then(work).catch((err: unknown) => {
      this.logger.warn(`race ${race.id}: ${(err as Error).message}`);
    });
  }
}
