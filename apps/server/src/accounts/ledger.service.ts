import { formatMoney } from '@furlong/domain';
import { ConflictException, Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { type LedgerAccountRef, type LedgerMove, LedgerRepository, type LockedAccount } from './ledger.repository';

export type { LedgerAccountRef };

/** The house: funds play-money credits; the only account allowed below zero. */
const HOUSE_CODE = 'house';
export const HOUSE: LedgerAccountRef = { system: HOUSE_CODE };

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
      message: `Insufficient funds: the balance is ${formatMoney(balanceCents)} and this needs ${formatMoney(neededCents)}.`,
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
    return (await this.transferMany(manager, [request]))[0] as TransferResult;
  }

  /**
   * Moves money for several transfers at once, all or nothing, as if made one after another in the
   * order given (each payer's balance checked at its own step). Refuses with the first refusal that
   * order meets (InsufficientFundsException for an overdraft) and then writes nothing.
   */
  async transferMany(manager: EntityManager, requests: readonly TransferRequest[]): Promise<TransferResult[]> {
    if (requests.length === 0) return [];
    const at = this.clock.now();
    const moves = requests.map((request) => ({ ...checkedMove(request), at }));
    let outcome = await this.repository.transferMany(manager, moves, at);
    // The migration makes the house; a full reset (`npm run seed` truncates every table) may not keep it.
    if (
      outcome.moved.length === 0 &&
      moves.some((m) => isHouse(m.from, m.to)) &&
      !outcome.accounts.some((a) => a.code === HOUSE_CODE)
    ) {
      await this.repository.openSystemAccount(manager, HOUSE_CODE, true);
      outcome = await this.repository.transferMany(manager, moves, at);
    }
    if (outcome.moved.length === moves.length) return outcome.moved;
    throw firstRefusal(outcome.accounts, moves);
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

  /** Opens (or finds) several system accounts, e.g. the pools of a race, in one statement (no overdraft). */
  openSystemAccounts(manager: EntityManager, codes: readonly string[]): Promise<void> {
    return this.repository.openSystemAccounts(manager, codes);
  }

  /** A user's wallet balance as last committed; in a transaction, pass its manager to see its own moves. */
  balanceOfUser(userId: number, manager?: EntityManager): Promise<number> {
    return this.repository.balanceOfUser(userId, manager);
  }

  /** A system account's balance as last committed (0 if it has none); in a transaction, pass its manager. */
  balanceOf(code: string, manager?: EntityManager): Promise<number> {
    return this.repository.balanceOf(code, manager);
  }

  /** A system account's balance with its row locked for the rest of the caller's transaction (0 if it has none). */
  lockBalance(manager: EntityManager, code: string): Promise<number> {
    return this.repository.lockBalance(manager, code);
  }
}

/** A transfer request as the repository takes it, after checking its amount, reason and reference. */
function checkedMove(request: TransferRequest): Omit<LedgerMove, 'at'> {
  const { amount_cents: amount, reason } = request;
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`amount_cents must be a positive whole number of cents, got ${amount}`);
  }
  if (!REASON.test(reason)) throw new RangeError(`reason must match ${REASON}, got '${reason}'`);
  const reference = request.reference ?? null;
  if (reference !== null && reference.length > 200) throw new RangeError('reference is longer than 200 characters');
  return { from: request.from, to: request.to, amount, reason, reference };
}

/** Why a statement of several transfers moved nothing: the first move, in order, that could not be made. */
function firstRefusal(accounts: LockedAccount[], moves: readonly LedgerMove[]): Error {
  const balances = new Map(accounts.map((a) => [a.id, Number(a.balance_cents)]));
  const find = (ref: LedgerAccountRef) =>
    accounts.find((a) => ('userId' in ref ? a.user_id === ref.userId : a.code === ref.system));
  for (const move of moves) {
    const payer = find(move.from);
    const payee = find(move.to);
    if (!payer || !payee || payer.id === payee.id) return refusal(accounts, move.from, move.to, move.amount);
    const balance = balances.get(payer.id) as number;
    if (!payer.overdraft_allowed && balance < move.amount) return new InsufficientFundsException(balance, move.amount);
    balances.set(payer.id, balance - move.amount);
    balances.set(payee.id, (balances.get(payee.id) as number) + move.amount);
  }
  return new Error('the transfers were refused for no reason the locked accounts show');
}

const isHouse = (...refs: LedgerAccountRef[]) => refs.some((r) => 'system' in r && r.system === HOUSE_CODE);

/** Why a transfer statement moved nothing: an account missing, one account on both sides, or too little money. */
function refusal(accounts: LockedAccount[], from: LedgerAccountRef, to: LedgerAccountRef, amount: number): Error {
  const find = (ref: LedgerAccountRef) =>
    accounts.find((a) => ('userId' in ref ? a.user_id === ref.userId : a.code === ref.system));
  for (const ref of [from, to]) {
    if (!find(ref))
      return new Error(`no ledger account for ${'userId' in ref ? `user ${ref.userId}` : `'${ref.system}'`}`);
  }
  const payer = find(from) as LockedAccount;
  if (payer.id === (find(to) as LockedAccount).id) return new RangeError('a transfer needs two different accounts');
  return new InsufficientFundsException(Number(payer.balance_cents), amount);
}
