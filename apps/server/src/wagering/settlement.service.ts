import { findBetType, type LegFinishes, poolSettleable, substituteScratchedSelections } from '@furlong/domain';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { HOUSE, LedgerService } from '../accounts/ledger.service';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Metrics } from '../metrics/metrics';
import { PayoffRepository } from './payoff.repository';
import { PoolRepository } from './pool.repository';
import { type LegSubstitution, SettlementRepository, type UserPayout } from './settlement.repository';
import { carryoverAccountCode, majorShareFor } from './wagering-rules';

export interface PoolOutcome {
  pool_id: number;
  bet_type: string;
  state: 'settled' | 'refunded' | 'skipped';
  winners: number;
  paid_cents: number;
}

/**
 * Pays a race's pools once its result is written (and sequences at their last leg): the settle
 * function of the pool's bet type (the domain's bet-type table) over the frozen pool, the bets
 * updated set-wise, one ledger transfer per winning user per pool, the rest of the pool (takeout,
 * breakage, the house's own tickets) back to the house. A pool whose type carries over (Pick N) that
 * no ticket has a race of, or that is refunded, moves its carryover to the ledger account
 * `carryover:{track}:{type}`, which the next such pool at the track takes in when it opens. Each
 * pool is claimed by a conditional UPDATE, so it pays once; the price of each winning combination
 * is kept (pool_payoffs) in the same transaction, so a result's payoffs never change afterwards.
 */
@Injectable()
export class SettlementService {
  private readonly logger = new Logger('Settlement');

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(SettlementRepository) private readonly repository: SettlementRepository,
    @Inject(PoolRepository) private readonly pools: PoolRepository,
    @Inject(PayoffRepository) private readonly payoffs: PayoffRepository,
    @Inject(LedgerService) private readonly ledger: LedgerService,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(Metrics) private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Settles every pool whose last race is `raceId` (and any of them holding a cancelled race). */
  async settleRace(raceId: number): Promise<PoolOutcome[]> {
    const started = performance.now();
    const outcomes: PoolOutcome[] = [];
    for (const poolId of await this.repository.poolsOf(raceId)) {
      outcomes.push(await this.dataSource.transaction((m) => this.settlePool(m, poolId)));
    }
    const paid = outcomes.filter((o) => o.state !== 'skipped');
    if (paid.length > 0) {
      // Timed when pools were settled: a repeated settle that finds nothing to do is not one.
      this.metrics.settled((performance.now() - started) / 1000);
      this.logger.log(
        `race ${raceId}: ${paid.length} pools settled, ${paid.reduce((s, o) => s + o.winners, 0)} winning accounts`,
      );
    }
    return outcomes;
  }

  /** The net of pools due (finished or cancelled races) in case a settle job was lost. */
  async settleDue(): Promise<number> {
    let settled = 0;
    for (const raceId of await this.pools.poolsDue(50)) {
      settled += (await this.settleRace(raceId)).filter((o) => o.state !== 'skipped').length;
    }
    return settled;
  }

  private async settlePool(manager: EntityManager, poolId: number): Promise<PoolOutcome> {
    const skipped = (bet_type = ''): PoolOutcome => ({
      pool_id: poolId,
      bet_type,
      state: 'skipped',
      winners: 0,
      paid_cents: 0,
    });
    const locked = await this.repository.lockPool(manager, poolId);
    if (!locked || !['open', 'frozen'].includes(locked.pool.state)) return skipped();
    const { pool, statuses } = locked;
    const rule = findBetType(pool.bet_type);
    if (!rule) {
      // Left open rather than paid by a guess: bet_types holds a name the domain's table does not.
      this.logger.error(`pool ${pool.id}: unknown bet type '${pool.bet_type}', not settled`);
      return skipped(pool.bet_type);
    }
    if (!poolSettleable(rule.name, statuses)) return skipped(pool.bet_type);

    const now = this.clock.now();
    let money = (await this.pools.interests(manager, [pool.id])).get(pool.id) ?? {};
    const carries = rule.carriesOver;
    // Daily Double and Pick N: a scratched selection stands for its leg's post-time favourite.
    let substitutions: LegSubstitution[] = [];
    if (rule.legs > 1) {
      ({ money, substitutions } = substituteScratchedSelections(
        money,
        await this.repository.legScratches(manager, pool.race_ids),
      ));
    }
    // Each leg's official finish (dead heats share a place), null for a race that was cancelled.
    const finishes = await this.repository.officialFinishes(manager, pool.race_ids);
    const legs = pool.race_ids.map((id, i) => (statuses[i] === 'cancelled' ? null : finishes.get(id)));
    if (legs.some((l) => l === undefined)) return skipped(pool.bet_type);
    const settlement = rule.settle(
      {
        takeout: pool.takeout,
        money,
        carryover_cents: carries ? pool.carryover_cents : 0,
        rules: this.config.wagering.priceRules,
      },
      legs as LegFinishes,
      { majorShare: majorShareFor(this.config.wagering, rule.name) },
    );
    const refund = settlement.refunded;
    // A refunded Pick N passes its carryover in on; one with no all-correct ticket its jackpot share too.
    const carryOut = carries ? settlement.carryover_cents : 0;
    const claimed = await this.repository.claim(manager, pool.id, refund ? 'refunded' : 'settled', now);
    if (!claimed) return skipped(pool.bet_type);

    let payouts: UserPayout[];
    if (refund) {
      payouts = await this.repository.refundBets(manager, pool, now);
    } else {
      payouts = await this.repository.settleBets(
        manager,
        pool,
        settlement.prices.map((p) => ({ interest: p.interest, price_per_dollar_cents: p.price_per_dollar_cents })),
        now,
        substitutions,
      );
      // Kept with the payment, in its transaction: a result's payoffs are what its tickets were paid.
      await this.payoffs.keep(manager, pool.id, settlement.prices, settlement.races_correct ?? null);
    }
    const owed = payouts.reduce((s, p) => s + p.cents, 0);
    await this.ledger.openSystemAccount(manager, pool.account_code);
    const balance = await this.ledger.balanceOf(pool.account_code, manager);
    const available = balance - carryOut;
    // A minus pool (the $2.10 minimum): the house covers the difference.
    if (owed > available) {
      await this.ledger.transfer(manager, {
        from: HOUSE,
        to: { system: pool.account_code },
        amount_cents: owed - available,
        reason: 'pool_cover',
        reference: `pool:${pool.id}`,
      });
    }
    // Every winner's payment in one statement (one transfer each, as before).
    await this.ledger.transferMany(
      manager,
      payouts.map((p) => ({
        from: { system: pool.account_code },
        to: { userId: p.user_id },
        amount_cents: p.cents,
        reason: refund ? 'refund' : 'payout',
        reference: `pool:${pool.id}`,
      })),
    );
    const rest = Math.max(available - owed, 0);
    if (rest > 0) {
      await this.ledger.transfer(manager, {
        from: { system: pool.account_code },
        to: HOUSE,
        amount_cents: rest,
        reason: 'pool_close',
        reference: `pool:${pool.id}`,
      });
    }
    // Last, after the house account: every transaction locks the house before a carryover account.
    if (carryOut > 0) {
      const code = carryoverAccountCode(locked.track_id, pool.bet_type);
      await this.ledger.openSystemAccount(manager, code);
      await this.ledger.transfer(manager, {
        from: { system: pool.account_code },
        to: { system: code },
        amount_cents: carryOut,
        reason: 'carryover_out',
        reference: `pool:${pool.id}`,
      });
      await this.repository.recordCarriedOver(manager, pool.id, carryOut);
    }
    await this.repository.recordPaid(manager, pool.id, owed);
    return {
      pool_id: pool.id,
      bet_type: pool.bet_type,
      state: refund ? 'refunded' : 'settled',
      winners: payouts.length,
      paid_cents: owed,
    };
  }
}
