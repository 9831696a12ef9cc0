import type { BetRequest, BetTypeName } from '@furlong/contracts';
import {
  findBetType,
  type GridShape,
  gridPositions,
  gridTicket,
  minimumAmountCents,
  validateBet,
} from '@furlong/domain';

/** What the bets screen's form holds: the amount as typed and the grid's ticks (program numbers). */
export interface BetFormValues {
  betType: BetTypeName;
  /** Dollars as typed. */
  amount: string;
  /** The horses ticked in each position column (one column for a box and single-list types). */
  columns: number[][];
  box: boolean;
}

/** The amount typed, in cents, or null when it is not a number. */
export function amountCents(amount: string): number | null {
  if (amount.trim() === '') return null;
  const n = Number(amount);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

/** Empty columns for the type's grid. */
export function emptyColumns(betType: string, box: boolean): number[][] {
  return Array.from({ length: gridPositions(betType, box) }, () => []);
}

/** Whether a column takes more than one horse (Win, Place and Show name one horse). */
export function columnTakesMany(betType: string): boolean {
  return (findBetType(betType)?.horsesRequired ?? 1) > 1;
}

const QUICK_PICKS_CENTS = [100, 200, 500, 1000, 2000];
const DIME_PICKS_CENTS = [10, 50];

/**
 * The amount buttons of a type: $1, $2, $5, $10, $20, led by 10¢ and 50¢ for the types that take
 * dimes (Trifecta, Superfecta, Pick N), each at least the type's minimum and a multiple of its step.
 */
export function quickPicksCents(betType: string): number[] {
  const min = minimumAmountCents(betType);
  const picks = min < 100 ? [...DIME_PICKS_CENTS, ...QUICK_PICKS_CENTS] : QUICK_PICKS_CENTS;
  return picks.filter((c) => c >= min && c % min === 0);
}

export type AddBetCheck =
  | { enabled: true; request: BetRequest; combinations: number; totalCents: number; shape: GridShape }
  | { enabled: false; problem: string | null; combinations: number };

/**
 * Whether Add Bet is enabled: the grid makes a ticket (domain gridTicket, counted as the server
 * counts) and the domain's full validation passes, so the slip never holds a bet the server would
 * refuse for its shape.
 */
export function checkAddBet(values: BetFormValues, raceId: number, fieldSize: number): AddBetCheck {
  const ticket = gridTicket(values.betType, values.columns, values.box);
  if (ticket.shape === null) return { enabled: false, problem: null, combinations: 0 };
  const cents = amountCents(values.amount);
  const request: BetRequest = {
    bet_type: values.betType,
    race_ids: [raceId],
    amount_cents: cents ?? 0,
    selections: ticket.selections,
    box: ticket.box,
  };
  const result = validateBet({ ...request }, { fieldSizes: [fieldSize] });
  if (!result.ok)
    return { enabled: false, problem: result.problems[0]?.reason ?? null, combinations: ticket.combinations };
  return {
    enabled: true,
    request,
    combinations: result.combinations,
    totalCents: result.total_cents,
    shape: ticket.shape,
  };
}
