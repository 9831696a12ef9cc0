import { betTypeRule, scratchedInterests, ticketScratchRefund } from '@furlong/domain';
import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { HOUSE, LedgerService } from '../accounts/ledger.service';
import { ScratchHooks, type ScratchMade, type ScratchMoney } from '../racing/scratch-hooks';
import { PoolRepository } from './pool.repository';
import { ScratchRefundRepository } from './scratch-refund.repository';

/**
 * The money of a scratch, in the scratch's transaction (ScratchHooks): in every single-race pool of
 * the race, each pending ticket gets back its base amount for every combination naming a scratched
 * runner (domain ticketScratchRefund; a ledger entry per bettor and pool, reason scratch_refund) and
 * keeps the rest in play; the money on those combinations leaves the pool (the house's seed and
 * crowd money there goes back to the house). Daily Double and Pick N pools are left as they are:
 * their tickets are settled on the leg's post-time favourite. A race cancelled by the scratch is
 * refunded whole by the settlement's cancel path instead.
 */
@Injectable()
export class ScratchRefundService implements OnModuleInit {
  private readonly logger = new Logger('ScratchRefunds');

  constructor(
    @Inject(ScratchHooks) private readonly hooks: ScratchHooks,
    @Inject(ScratchRefundRepository) private readonly repository: ScratchRefundRepository,
    @Inject(PoolRepository) private readonly pools: PoolRepository,
    @Inject(LedgerService) private readonly ledger: LedgerService,
  ) {}

  onModuleInit(): void {
    this.hooks.handle((manager, scratch) => this.refund(manager, scratch));
  }

  async refund(manager: EntityManager, scratch: ScratchMade): Promise<ScratchMoney> {
    const money: ScratchMoney = { refunded_bets: 0, refunded_cents: 0 };
    if (scratch.cancelled) return money;
    for (const pool of await this.repository.lockSingleRacePools(manager, scratch.race_id)) {
      const interests = (await this.pools.interests(manager, [pool.id])).get(pool.id) ?? {};
      const keys = scratchedInterests(pool.bet_type, interests, scratch.scratched);
      const bets = await this.repository.pendingBetsNaming(manager, pool, scratch.scratched);
      const rule = betTypeRule(pool.bet_type);
      // Against every runner scratched so far, less what earlier scratches gave back already.
      const refunds = bets
        .map((b) => ({
          bet: b,
          cents:
            ticketScratchRefund(
              { bet_type: rule.name, selections: b.selections, box: b.box, amount_cents: b.amount_cents },
              scratch.scratched,
            ).refund_cents - b.refunded_cents,
        }))
        .filter((r) => r.cents > 0);
      const removed = await this.repository.removeInterests(manager, pool.id, keys);
      if (removed.amount_cents === 0 && refunds.length === 0) continue;
      const toBettors = refunds.reduce((s, r) => s + r.cents, 0);
      const toHouse = removed.amount_cents - toBettors;
      if (toHouse !== removed.house_cents) {
        // The pool's interests and its tickets disagree: refund the tickets, return the rest to the house.
        this.logger.warn(
          `pool ${pool.id}: ${removed.amount_cents - removed.house_cents} of bettors' money on runner ${scratch.post_position}, tickets hold ${toBettors}`,
        );
      }
      await this.repository.reduceGross(manager, pool.id, Math.max(removed.amount_cents, toBettors));
      await this.repository.recordRefunds(
        manager,
        refunds.map((r) => ({ id: r.bet.id, cents: r.cents })),
        scratch.at,
      );
      const byUser = new Map<number, number>();
      for (const r of refunds) byUser.set(r.bet.user_id, (byUser.get(r.bet.user_id) ?? 0) + r.cents);
      await this.ledger.openSystemAccount(manager, pool.account_code);
      // The house first: every transaction locks the house account before others it moves with.
      if (toHouse > 0) {
        await this.ledger.transfer(manager, {
          from: { system: pool.account_code },
          to: HOUSE,
          amount_cents: toHouse,
          reason: 'scratch_refund',
          reference: `pool:${pool.id}`,
        });
      } else if (toHouse < 0) {
        await this.ledger.transfer(manager, {
          from: HOUSE,
          to: { system: pool.account_code },
          amount_cents: -toHouse,
          reason: 'pool_cover',
          reference: `pool:${pool.id}`,
        });
      }
      // Every bettor's refund in one statement (one transfer each).
      await this.ledger.transferMany(
        manager,
        [...byUser]
          .sort((a, b) => a[0] - b[0])
          .map(([userId, cents]) => ({
            from: { system: pool.account_code },
            to: { userId },
            amount_cents: cents,
            reason: 'scratch_refund',
            reference: `pool:${pool.id}`,
          })),
      );
      money.refunded_bets += refunds.length;
      money.refunded_cents += toBettors;
    }
    return money;
  }
}
