import { ConflictException, Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { LedgerRepository } from './ledger.repository';
import { formatCents } from './money';

/** An account of the ledger: a user's wallet, or a system account by its code (`house`, `pool:…`). */
export type LedgerAccountRef = { userId: number } | { system: string };

/** The house: funds play-money credits; the only account allowed below zero. */
export const HOUSE: LedgerAccountRef = { system: 'house' };

export interface TransferRequest {
  from: LedgerAccountRef;
  to: LedgerAccountRef;
  /** A positive whole number of cents. */
  amount_cents: number;
  /** What for: `starting_credit`, `bet`, `payout`, `refund`… (1–40 characters: a-z, 0-9, _ and :). */
  reason: string;
  /** What it belongs to, e.g. `bet:123` (up to 200 characters). */
  reference?: string | null;
}

export interface TransferResult {
  transfer_id: number;
  from_balance_cents: number;
  to_balance_cents: number;
}

/** 409 when a wallet holds less than a transfer needs; nothing has been written. */
export class InsufficientFundsException extends ConflictException {
  constructor(
    readonly balanceCents: number,
    readonly neededCents: number,
  ) {
    super({
      statusCode: 409,
      error: 'Conflict',
      message: `Insufficient funds: the balance is ${formatCents(balanceCents)} and this needs ${formatCents(neededCents)}.`,
      reason: 'insufficient_funds',
    });
  }
}

const REASON = /^[a-z0-9_:]{1,40}$/;

/**
 * The double-entry ledger. Every movement is one transfer and two entries (−amount, +amount) in
 * the caller's transaction, and balances change in the same statements, so all balances always
 * sum to zero. Callers pass their transaction's manager: `dataSource.transaction((m) => ledger.transfer(m, …))`.
 */
@Injectable()
export class LedgerService {
  constructor(
    @Inject(LedgerRepository) private readonly repository: LedgerRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * Moves money between two accounts. Locks both rows (in id order), refuses an overdraft of a
   * user's wallet with InsufficientFundsException, and writes the transfer and its two entries.
   */
  async transfer(manager: EntityManager, request: TransferRequest): Promise<TransferResult> {
    const { amount_cents: amount, reason } = request;
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      throw new RangeError(`amount_cents must be a positive whole number of cents, got ${amount}`);
    }
    if (!REASON.test(reason)) throw new RangeError(`reason must match ${REASON}, got '${reason}'`);
    const reference = request.reference ?? null;
    if (reference !== null && reference.length > 200) throw new RangeError('reference is longer than 200 characters');
    const from = await this.resolve(manager, request.from);
    const to = await this.resolve(manager, request.to);
    if (from === to) throw new RangeError('a transfer needs two different accounts');

    const locked = await this.repository.lock(manager, [from, to]);
    const payer = locked.get(from);
    if (!payer || !locked.has(to)) throw new Error('ledger account vanished while locking');
    if (!payer.overdraft_allowed && payer.balance_cents < amount) {
      throw new InsufficientFundsException(payer.balance_cents, amount);
    }
    const fromBalance = await this.repository.addToBalance(manager, from, -amount);
    const toBalance = await this.repository.addToBalance(manager, to, amount);
    const transferId = await this.repository.insertTransfer(
      manager,
      { from, to, amount, reason, reference, at: this.clock.now() },
      { from: fromBalance, to: toBalance },
    );
    return { transfer_id: transferId, from_balance_cents: fromBalance, to_balance_cents: toBalance };
  }

  /** Opens (or finds) a user's wallet at zero. */
  openUserAccount(manager: EntityManager, userId: number): Promise<number> {
    return this.repository.openUserAccount(manager, userId);
  }

  /** Opens (or finds) a system account, e.g. a race's pool; only the house should allow overdraft. */
  openSystemAccount(
    manager: EntityManager,
    code: string,
    options: { overdraftAllowed?: boolean } = {},
  ): Promise<number> {
    return this.repository.openSystemAccount(manager, code, options.overdraftAllowed ?? false);
  }

  balanceOfUser(userId: number): Promise<number> {
    return this.repository.balanceOfUser(userId);
  }

  private async resolve(manager: EntityManager, ref: LedgerAccountRef): Promise<number> {
    let id =
      'userId' in ref
        ? await this.repository.userAccountId(manager, ref.userId)
        : await this.repository.systemAccountId(manager, ref.system);
    // The migration makes the house; a full reset (`npm run seed` truncates every table) may not keep it.
    if (id === undefined && 'system' in ref && ref.system === 'house') {
      id = await this.repository.openSystemAccount(manager, 'house', true);
    }
    if (id === undefined) {
      throw new Error(`no ledger account for ${'userId' in ref ? `user ${ref.userId}` : `'${ref.system}'`}`);
    }
    return id;
  }
}
