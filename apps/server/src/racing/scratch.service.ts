import { type ScratchedRunner, type ScratchResult, toteRoom } from '@furlong/contracts';
import { enoughStarters, scratchPlan } from '@furlong/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuditContext } from '../audit/audit-context';
import { AuditLog } from '../audit/audit-log';
import { notFound, refusal } from '../common/api-error';
import { RacingClock } from '../common/racing-clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SocketEmitter } from '../realtime/socket-emitter';
import { RaceEvents } from './race-events';
import { RaceReadModel } from './race-read-model';
import { ScratchRepository } from './scratch.repository';
import { ScratchHooks } from './scratch-hooks';

/** Open races the simulation looks at per sweep. */
const SIMULATION_RACES = 200;

/**
 * Scratching a runner before the off, by an admin or the simulation: in one transaction the race is
 * locked (bets in flight finish first; later ones see the scratch), the entry marked with when, why
 * and by whom, the runner taken out of the engine's input, the race cancelled if it is left with
 * fewer than MIN_RUNNERS starters, and the money side (ScratchHooks: refunds and pool interests)
 * done. Then the rooms of the race and its tote are told. Scratching twice is a 409, never a second
 * refund; so is a scratch once betting has closed by the server's racing clock.
 */
@Injectable()
export class ScratchService {
  private readonly logger = new Logger('Scratches');

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ScratchRepository) private readonly repository: ScratchRepository,
    @Inject(RaceReadModel) private readonly races: RaceReadModel,
    @Inject(ScratchHooks) private readonly hooks: ScratchHooks,
    @Inject(RaceEvents) private readonly events: RaceEvents,
    @Inject(SocketEmitter) private readonly emitter: SocketEmitter,
    @Inject(RacingClock) private readonly clock: RacingClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  /** POST /api/admin/current_races/{id}/scratches (adminUserId), or the simulation (null). */
  async scratch(
    raceId: number,
    postPosition: number,
    reason: string,
    /** The admin's request (audited: the scratch and a refusal), or null for the simulation's own. */
    admin: AuditContext | null,
  ): Promise<ScratchResult> {
    const adminUserId = admin?.actorUserId ?? null;
    const change = {
      action: 'runner.scratch',
      table: 'current_race_entries',
      rowId: `${raceId}:${postPosition}`,
      before: { scratched: false },
    };
    const write = () =>
      this.dataSource.transaction(async (manager) => {
        const race = await this.repository.lockRace(manager, raceId);
        if (!race) throw notFound('Current race', raceId);
        const now = this.clock.now();
        if (!['scheduled', 'open'].includes(race.status) || race.post_time.getTime() <= now.getTime()) {
          throw refusal(
            `Race ${raceId} is ${race.status}: a runner can be scratched only before the off`,
            'betting_closed',
          );
        }
        const entry = await this.repository.entry(manager, raceId, postPosition);
        if (!entry) throw notFound(`Runner ${postPosition} of current race`, raceId);
        if (entry.scratched)
          throw refusal(`Runner ${postPosition} of race ${raceId} is already scratched`, 'already_scratched');
        const made = await this.repository.scratch(manager, {
          id: raceId,
          postPosition,
          at: now,
          reason,
          by: adminUserId,
        });
        if (!made) throw refusal(`Runner ${postPosition} of race ${raceId} is already scratched`, 'already_scratched');
        const cancelled =
          !enoughStarters(made.starters) && (await this.repository.cancelTooFewStarters(manager, raceId));
        const money = await this.hooks.run(manager, {
          race_id: raceId,
          post_position: postPosition,
          scratched: made.scratched,
          cancelled,
          at: now,
        });
        const all = (await this.races.scratched([raceId], manager)).get(raceId) ?? [];
        if (admin) {
          await this.audit.record(manager, admin, {
            ...change,
            after: {
              scratched: true,
              reason,
              starters: made.starters,
              race_cancelled: cancelled,
              refunded_bets: money.refunded_bets,
              refunded_cents: money.refunded_cents,
            },
          });
        }
        return { ...money, starters: made.starters, cancelled, all };
      });
    const outcome = await (admin ? this.audit.refusalsOf(admin, change, write) : write());
    const runner = outcome.all.find((r) => r.post_position === postPosition) as ScratchedRunner;
    this.logger.log(
      `race ${raceId}: runner ${postPosition} scratched (${reason}) by ${adminUserId === null ? 'the simulation' : `admin ${adminUserId}`}; ${outcome.starters} starters${outcome.cancelled ? ', race cancelled' : ''}`,
    );
    this.announce(raceId, outcome.all, outcome.starters, outcome.cancelled);
    await this.events.emit('race.scratched', {
      race_id: raceId,
      post_position: postPosition,
      starters: outcome.starters,
      cancelled: outcome.cancelled,
    });
    if (outcome.cancelled) await this.events.emit('race.cancelled', { race_ids: [raceId] });
    return {
      current_race_id: raceId,
      scratched: runner,
      starters: outcome.starters,
      refunded_bets: outcome.refunded_bets,
      refunded_cents: outcome.refunded_cents,
      cancelled: outcome.cancelled,
    };
  }

  private announce(raceId: number, scratched: ScratchedRunner[], starters: number, cancelled: boolean): void {
    const notice = { race_id: raceId, scratched, starters, cancelled };
    this.emitter.toRace(raceId, 'race:scratch', notice);
    this.emitter.toRoom(toteRoom(raceId), 'race:scratch', notice);
    if (cancelled) {
      this.emitter.toRace(raceId, 'race:phase', {
        race_id: raceId,
        phase: 'cancelled',
        server_time: this.clock.now().toISOString(),
      });
    }
  }

  /**
   * The simulation's scratches (RACING_SCRATCH_RATE per runner; 0 disables): each open race's plan
   * is a function of its seed and drawn field (domain scratchPlan), due at its instant in the
   * betting window (from the opening, fraction 0, to post). Only from fields larger than the
   * minimum, so the simulation never cancels a race. Returns the runners scratched.
   */
  async simulate(racingNow: Date): Promise<number> {
    const rate = this.config.racing.scratchRate;
    if (rate <= 0) return 0;
    const leadMs = this.config.racing.openLeadMinutes * 60_000;
    let made = 0;
    for (const race of await this.repository.openRaceFields(racingNow, SIMULATION_RACES)) {
      // One simulated scratch at most, from the drawn field, and none once an admin scratched: the
      // field stays above the minimum, so the simulation never cancels a race.
      if (race.scratched.length > 0) continue;
      const plan = scratchPlan(race.seed, race.field, rate);
      if (!plan) continue;
      const due = race.post_time.getTime() - leadMs * (1 - plan.at_fraction);
      if (due > racingNow.getTime()) continue;
      try {
        await this.scratch(race.id, plan.post_position, plan.reason, null);
        made++;
      } catch (err) {
        // Another instance made it first (409), or the race closed meanwhile.
        this.logger.debug(`simulated scratch of race ${race.id} not made: ${(err as Error).message}`);
      }
    }
    return made;
  }
}
