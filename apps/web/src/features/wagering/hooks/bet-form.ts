import type { BetRequest, BetTypeName } from '@furlong/contracts';
import { canAddBet, isBoxable, isOrdered, requiredHorses, validateBet } from '@furlong/domain';

/** What the bets screen's form holds. Horses are program (post) numbers. */
export interface BetFormValues {
  betType: BetTypeName;
  /** Dollars as typed. */
  amount: string;
  horses: number[];
  /** Finishing position typed for each horse (ordered types). */
  orders: Record<number, string>;
  box: boolean;
}

/** The amount typed, in cents, or null when it is not a number. */
export function amountCents(amount: string): number | null {
  if (amount.trim() === '') return null;
  const n = Number(amount);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

/** The form as the API's bet: ordered types one slot per position unless boxed, else one list. */
export function toBetRequest(values: BetFormValues, raceId: number): BetRequest {
  const boxed = values.box && isBoxable(values.betType);
  let selections: number[][];
  if (isOrdered(values.betType) && !boxed) {
    const n = requiredHorses(values.betType);
    selections = Array.from({ length: n }, (_, i) => values.horses.filter((h) => Number(values.orders[h]) === i + 1));
  } else {
    selections = [[...values.horses]];
  }
  return {
    bet_type: values.betType,
    race_ids: [raceId],
    amount_cents: amountCents(values.amount) ?? 0,
    selections,
    box: boxed,
  };
}

export type AddBetCheck =
  | { enabled: true; request: BetRequest; combinations: number; totalCents: number }
  | { enabled: false; problem: string | null };

/**
 * Whether Add Bet is enabled: the domain's Add Bet rule (spec §5) and then the domain's full
 * validation of the bet, so the slip never holds a bet the server would refuse for its shape.
 * A boxed bet needs no order values (every order is covered).
 */
export function checkAddBet(values: BetFormValues, raceId: number, fieldSize: number): AddBetCheck {
  const boxed = values.box && isBoxable(values.betType);
  const dollars = values.amount.trim() === '' ? null : Number(values.amount);
  const ready = canAddBet({
    betType: values.betType,
    selectedHorses: values.horses,
    amount: dollars,
    orders: boxed ? values.horses.map((_, i) => i + 1) : values.horses.map((h) => Number(values.orders[h]) || null),
  });
  if (!ready) return { enabled: false, problem: null };
  const request = toBetRequest(values, raceId);
  const result = validateBet({ ...request }, { fieldSizes: [fieldSize] });
  if (!result.ok) return { enabled: false, problem: result.problems[0]?.reason ?? null };
  return { enabled: true, request, combinations: result.combinations, totalCents: result.total_cents };
}
