import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** A scratch as racing made it, inside its transaction. */
export interface ScratchMade {
  race_id: number;
  post_position: number;
  /** Every runner of the race scratched so far, this one included. */
  scratched: number[];
  /** The scratch left too few starters: the race is cancelled (its pools are refunded by settlement). */
  cancelled: boolean;
  at: Date;
}

/** What the money side did for a scratch. */
export interface ScratchMoney {
  refunded_bets: number;
  refunded_cents: number;
}

export type ScratchListener = (manager: EntityManager, scratch: ScratchMade) => Promise<ScratchMoney>;

/**
 * The seam between a scratch (racing: the entry, the field, the cancel) and its money (wagering:
 * refunds, pool interests, the ledger), inside one transaction: the listener's failure rolls the
 * scratch back. Unlike RaceEvents, one listener and no swallowed errors: a scratch without its
 * refunds must not happen.
 */
@Injectable()
export class ScratchHooks {
  private listener?: ScratchListener;

  /** Sets the one listener (wagering's refunds). */
  handle(listener: ScratchListener): void {
    if (this.listener) throw new Error('a scratch listener is already set');
    this.listener = listener;
  }

  run(manager: EntityManager, scratch: ScratchMade): Promise<ScratchMoney> {
    return this.listener ? this.listener(manager, scratch) : Promise.resolve({ refunded_bets: 0, refunded_cents: 0 });
  }
}
