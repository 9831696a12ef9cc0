/**
 * Payoffs as a result board shows them (the prices a settlement kept, per ticket amount): US tote
 * boards quote Win, Place and Show per $2, and each exotic per its base amount ($1 exacta, 10¢
 * superfecta) as well as per $2. The amounts come from the bet-type table; what a ticket is paid is
 * ticketPayoutCents, exactly as settlement pays it.
 */
import { betTypeRule } from './bet-types';
import { ticketPayoutCents } from './pari-mutuel';

/** The amount US boards quote every payoff at, beside the pool's base amount. */
export const QUOTED_STAKE_CENTS = 200;

/** What winning tickets of the pool's base amount and of $2 are paid, stake included (cents). */
export interface QuotedPayoff {
  /** The pool's base amount: the smallest ticket of the type (its amount step). */
  base_amount_cents: number;
  /** What a winning ticket of the base amount is paid. */
  base_payout_cents: number;
  /** What a winning $2 ticket is paid. */
  two_dollar_payout_cents: number;
}

/** The pool's base amount a payoff is quoted per: the smallest ticket of the type ($1, or 10¢). */
export function baseAmountCents(betType: string): number {
  return betTypeRule(betType).amountStepCents;
}

/**
 * The quoted payoffs of a winning combination from its price per $1 (cents, broken and at least the
 * minimum, as the settlement priced it). Throws for an unknown bet type or a price that is not whole
 * cents ≥ 100.
 */
export function quotedPayoff(betType: string, pricePerDollarCents: number): QuotedPayoff {
  const base = baseAmountCents(betType);
  if (!Number.isSafeInteger(pricePerDollarCents) || pricePerDollarCents < 100) {
    throw new RangeError('A price per $1 is whole cents, at least 100.');
  }
  return {
    base_amount_cents: base,
    base_payout_cents: ticketPayoutCents(base, pricePerDollarCents),
    two_dollar_payout_cents: ticketPayoutCents(QUOTED_STAKE_CENTS, pricePerDollarCents),
  };
}
