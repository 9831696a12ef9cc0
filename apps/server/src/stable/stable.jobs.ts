import {
  afterRace,
  type EngineRunner,
  effectiveRating,
  fitToRace,
  formatMoney,
  type GearItem,
  ordinal,
  type ShoeType,
} from '@furlong/domain';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { HOUSE, LedgerService } from '../accounts/ledger.service';
import { LedgerDescriptions, type ReferenceName } from '../accounts/ledger-descriptions';
import { HorseRegistry } from '../catalog/horse-registry';
import { RacingClock } from '../common/racing-clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { JobPayloads } from '../jobs/job.types';
import { JobHandler } from '../jobs/job-handler.decorator';
import { JobQueue } from '../jobs/job-queue.service';
import { RaceEntries } from '../racing/race-entries.service';
import { RaceEvents } from '../racing/race-events';
import { RacingService } from '../racing/racing.service';
import { type RaceToRate, RunnerRatings } from '../racing/runner-ratings';
import { type EntryRow, StableRepository } from './stable.repository';
import { StableService } from './stable.service';

export const STABLE_SWEEP_ID = 'stable.sweep';
const STABLE_SWEEP_MS = 60_000;
/** Race announcements within this long of each other make one sweep. */
const SWEEP_COALESCE_MS = 250;
/** The vet looks at an entered horse this long (racing clock) before its race opens. */
const VET_CHECK_BEFORE_OPENING_MS = 5 * 60_000;

/**
 * The stable's part in racing: its horses rated on their ability and condition when betting opens
 * (RunnerRatings), and a sweep over the active entries — a notice when betting opens (next to post),
 * the purse paid and the condition changed when the result is in, the fee refunded for a cancelled
 * race or a scratch — and the foals due. Racing's announcements start a sweep; one runs every
 * minute too, so a missed announcement is made good. Each entry ends once (`active` cleared in the
 * transaction that pays), so a sweep run twice, or on two instances, pays once.
 */
@Injectable()
export class StableJobs implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Stable');
  private sweepTimer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(JobQueue) private readonly jobs: JobQueue,
    @Inject(RaceEvents) private readonly raceEvents: RaceEvents,
    @Inject(RunnerRatings) private readonly ratings: RunnerRatings,
    @Inject(RaceEntries) private readonly races: RaceEntries,
    @Inject(RacingService) private readonly racing: RacingService,
    @Inject(StableRepository) private readonly repository: StableRepository,
    @Inject(StableService) private readonly service: StableService,
    @Inject(HorseRegistry) private readonly registry: HorseRegistry,
    @Inject(LedgerService) private readonly ledger: LedgerService,
    @Inject(RacingClock) private readonly clock: RacingClock,
    @Inject(LedgerDescriptions) private readonly descriptions: LedgerDescriptions,
  ) {}

  onModuleInit(): void {
    this.ratings.handle((races) => this.rate(races));
    // "Stable purse: Furlong Flyer, Race 3 at Aville Downs" in the wallet.
    this.descriptions.register('stable_entry', (keys) => this.nameEntries(keys));
    this.descriptions.register('stable_horse', async (keys) => {
      const names = await this.registry.names('horses', keys.map(Number).filter(Number.isSafeInteger));
      return new Map([...names].map(([id, name]) => [String(id), { what: name, where: 'the stable' }]));
    });
    // A burst of announcements (a first start opens dozens of races) makes one sweep, queued a
    // moment after the last of them; the sweep reads the state then, so nothing is missed.
    const sweep = () => this.requestSweep();
    this.raceEvents.on('race.opened', sweep);
    this.raceEvents.on('race.resulted', sweep);
    this.raceEvents.on('race.cancelled', sweep);
    this.raceEvents.on('race.scratched', sweep);
  }

  onModuleDestroy(): void {
    clearTimeout(this.sweepTimer);
    this.sweepTimer = undefined;
  }

  private requestSweep(): void {
    if (this.sweepTimer) return;
    this.sweepTimer = setTimeout(() => {
      this.sweepTimer = undefined;
      this.jobs.enqueue('stable.sweep', { reason: 'race' }).catch((err: Error) => {
        this.logger.warn(`stable sweep not queued: ${err.message}`);
      });
    }, SWEEP_COALESCE_MS);
    this.sweepTimer.unref();
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.racing.enabled) return;
    await this.jobs.driver.repeat(STABLE_SWEEP_ID, STABLE_SWEEP_MS, 'stable.sweep', { reason: 'schedule' });
  }

  private async nameEntries(keys: readonly string[]): Promise<Map<string, ReferenceName>> {
    const rows = await this.repository.entriesById(keys.map(Number).filter(Number.isSafeInteger));
    const [races, horses] = await Promise.all([
      this.races.briefs(rows.map((r) => r.current_race_id)),
      this.registry.names(
        'horses',
        rows.map((r) => r.horse_id),
      ),
    ]);
    const out = new Map<string, ReferenceName>();
    for (const r of rows) {
      const race = races.get(r.current_race_id);
      out.set(String(r.id), {
        what: horses.get(r.horse_id) ?? `Horse ${r.horse_id}`,
        where: race ? `Race ${race.race_number} at ${race.track_name}` : `race ${r.current_race_id}`,
      });
    }
    return out;
  }

  /** The stable's runners of races being opened, on their ability and condition now. */
  async rate(races: readonly RaceToRate[]): Promise<Map<number, EngineRunner[]>> {
    const horseIds = races.flatMap((r) => r.runners.map((x) => x.horse_id));
    const states = new Map((await this.repository.horses(horseIds)).map((s) => [s.horse_id, s]));
    const out = new Map<number, EngineRunner[]>();
    if (states.size === 0) return out;
    const nowMs = this.clock.nowMs();
    for (const race of races) {
      const rated = race.runners.flatMap((runner) => {
        const s = states.get(runner.horse_id);
        if (!s) return [];
        const r = effectiveRating({
          ability: s.ability,
          condition: this.service.conditionNow(s, nowMs),
          shoe: s.shoe as ShoeType,
          gear: s.gear as GearItem[],
          surface: race.surface,
          condition_name: race.condition,
        });
        return [{ ...runner, speed_figure: r.speed_figure, stamina: r.stamina, early_speed: r.early_speed }];
      });
      if (rated.length > 0) out.set(race.race_id, rated);
    }
    return out;
  }

  @JobHandler('stable.sweep')
  async sweep(_payload: JobPayloads['stable.sweep']): Promise<{ ended: number; born: number }> {
    const active = await this.repository.activeEntries();
    let ended = 0;
    if (active.length > 0) {
      const raceIds = active.map((e) => e.current_race_id);
      const [briefs, scratched, names] = await Promise.all([
        this.races.briefs(raceIds),
        this.races.scratchedHorses(raceIds),
        this.registry.names(
          'horses',
          active.map((e) => e.horse_id),
        ),
      ]);
      for (const entry of active) {
        const race = briefs.get(entry.current_race_id);
        if (!race) continue;
        const name = names.get(entry.horse_id) ?? `Horse ${entry.horse_id}`;
        const where = `race ${race.race_number} at ${race.track_name}`;
        try {
          if (scratched.get(entry.current_race_id)?.has(entry.horse_id) || race.status === 'cancelled') {
            const why = race.status === 'cancelled' ? `${where} was cancelled` : `${name} was scratched from ${where}`;
            if (await this.refund(entry, `${why}: the entry fee of ${formatMoney(entry.fee_cents)} is refunded.`))
              ended++;
          } else if (race.status === 'finished') {
            if (await this.settle(entry, name, where, race.furlongs)) ended++;
          } else if (race.status === 'scheduled') {
            if (await this.vetCheck(entry, name, race.post_time)) ended++;
          } else {
            await this.repository.notify(this.dataSource, {
              user_id: entry.user_id,
              kind: 'next_to_post',
              message: `${name} goes to post in ${where} at ${race.post_time.toISOString().slice(11, 16)} UTC: betting is open.`,
              current_race_id: entry.current_race_id,
              dedupe_key: `next_to_post:${entry.id}`,
            });
          }
        } catch (err) {
          this.logger.warn(`stable entry ${entry.id} not settled: ${(err as Error).message}`);
        }
      }
    }
    const born = await this.service.birthsDue();
    return { ended, born };
  }

  /**
   * The vet's look before betting opens (within five minutes of the opening): a horse too tired to
   * race is scratched from its race and its fee refunded, instead of running on a penalty.
   */
  private async vetCheck(entry: EntryRow, name: string, postTime: Date): Promise<boolean> {
    const opensAt = postTime.getTime() - this.config.racing.openLeadMinutes * 60_000;
    if (opensAt - this.clock.nowMs() > VET_CHECK_BEFORE_OPENING_MS) return false;
    const [state] = await this.repository.horses([entry.horse_id]);
    if (!state) return false;
    const fit = fitToRace(this.service.conditionNow(state));
    if (fit.ok) return false;
    return this.dataSource.transaction(async (m) => {
      const locked = await this.repository.lockEntry(m, entry.id, entry.user_id);
      if (!locked?.active) return false;
      return this.service.withdrawIn(m, locked, `${name} was scratched by the vet (${fit.reason})`);
    });
  }

  private refund(entry: EntryRow, message: string): Promise<boolean> {
    return this.dataSource.transaction((m) => this.service.refundEntry(m, entry, message));
  }

  private async settle(entry: EntryRow, name: string, where: string, furlongs: number): Promise<boolean> {
    const result = await this.racing.resultOfRace(entry.current_race_id).catch(() => undefined);
    if (!result) return false;
    const finisher = result.finishers.find((f) => f.horse_id === entry.horse_id);
    const position = finisher?.finish_position ?? null;
    const purse = finisher?.earnings_cents ?? 0;
    return this.dataSource.transaction(async (m) => {
      if (
        !(await this.repository.endEntry(m, entry.id, {
          finish_position: position,
          purse_cents: purse,
          refunded_at: null,
        }))
      ) {
        return false;
      }
      if (purse > 0) {
        await this.ledger.transfer(m, {
          from: HOUSE,
          to: { userId: entry.user_id },
          amount_cents: purse,
          reason: 'stable_purse',
          reference: `stable_entry:${entry.id}`,
        });
      }
      const state = await this.repository.lockHorse(m, entry.horse_id, entry.user_id);
      if (state) {
        const now = this.clock.now();
        await this.repository.saveCondition(
          m,
          entry.horse_id,
          afterRace(this.service.conditionNow(state, now.getTime()), furlongs),
          now,
        );
      }
      await this.repository.notify(m, {
        user_id: entry.user_id,
        kind: 'result',
        message:
          position === null
            ? `${name} ran in ${where}.`
            : `${name} finished ${ordinal(position)} in ${where}${purse > 0 ? ` and earned ${formatMoney(purse)}` : ''}.`,
        current_race_id: entry.current_race_id,
        dedupe_key: `result:${entry.id}`,
      });
      return true;
    });
  }
}
