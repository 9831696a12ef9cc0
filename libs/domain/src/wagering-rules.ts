/**
 * Bet rules shared by the server (placing, settling) and the browser (bet slip): counts per type,
 * validation with the spec §5 messages, combinations and their expansion, and winning checks. What
 * each type allows (legs, horses, order, box, amount step) is its row of the table in bet-types.ts.
 */
import { type BetTypeRule, combinationKey, findBetType } from './bet-types';

/** A bet as the API takes it. `selections` hold program (post) numbers. */
export interface BetRequest {
  bet_type: string;
  /** One race id per leg. */
  race_ids: number[];
  /** Base amount per combination, in cents. */
  amount_cents: number;
  /**
   * Win/Place/Show/Quinella: one list. Exacta/Trifecta/Superfecta: one list per finishing position
   * (several numbers in a position make a key/wheel), or a single list when `box`. Daily Double and
   * Pick N: one list per leg.
   */
  selections: number[][];
  /** Box a single list (Exacta/Trifecta/Superfecta: ≥ n horses; Quinella: ≥ 2 horses). */
  box: boolean;
}

export type BetField = 'bet_type' | 'race_ids' | 'amount_cents' | 'selections' | 'box';

export interface BetProblem {
  field: BetField;
  reason: string;
}

export type BetValidation =
  | { ok: true; combinations: number; total_cents: number }
  | { ok: false; problems: BetProblem[] };

/** What the caller knows about the races, leg by leg (aligned with `race_ids`). */
export interface BetContext {
  /** Horses in each leg's field; program numbers run 1..size. */
  fieldSizes?: readonly number[];
}

/** Spec §9: default bet amount ($2). */
export const DEFAULT_BET_AMOUNT = 2;
export const DEFAULT_BET_AMOUNT_CENTS = 200;
/** The most combinations one ticket may hold (so settlement can expand it). */
export const MAX_COMBINATIONS = 5000;

export const MSG_ONE_HORSE_PER_RACE = 'Please select one horse per race.';
export const MSG_ENTER_AMOUNT = 'Please enter a bet amount.';
/** Spec §5: 'Please select exactly {n} races for the {bet} bet type.' */
export function raceCountMessage(n: number, betType: string): string {
  return `Please select exactly ${n} ${n === 1 ? 'race' : 'races'} for the ${betType} bet type.`;
}

function rule(betType: string): BetTypeRule | undefined {
  return findBetType(betType);
}

/** Horses a straight ticket names (spec §5); multi-race types: one per leg. 0 for an unknown type. */
export function requiredHorses(betType: string): number {
  return rule(betType)?.horsesRequired ?? 0;
}

/** Races the type spans (Daily Double 2, Pick N N, others 1). 0 for an unknown type. */
export function legsFor(betType: string): number {
  return rule(betType)?.legs ?? 0;
}

/** Exacta, Trifecta and Superfecta (spec §9). */
export function isOrdered(betType: string): boolean {
  return rule(betType)?.ordered ?? false;
}

/** Daily Double and Pick 3–10. */
export function isMultiRace(betType: string): boolean {
  return legsFor(betType) > 1;
}

/** Advanced Bet is offered for Daily Double and Pick 3 to Pick 10 (spec §9). */
export function offersAdvancedBet(betType: string): boolean {
  return isMultiRace(betType);
}

export function isBoxable(betType: string): boolean {
  return rule(betType)?.boxable ?? false;
}

/** Smallest base amount, in cents: $1, or $0.10 for Trifecta, Superfecta and Pick N ($1 for an unknown type). */
export function minimumAmountCents(betType: string): number {
  return rule(betType)?.amountStepCents ?? 100;
}

/** Amounts go in steps of this many cents (equal to the minimum). */
export function amountStepCents(betType: string): number {
  return minimumAmountCents(betType);
}

function aOrAn(word: string): string {
  return /^[AEIOU]/i.test(word) ? 'An' : 'A';
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** A finishing position in words: 1 → 1st, 2 → 2nd, 3 → 3rd, 11 → 11th, 22 → 22nd. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** Money shown with two decimals and thousands separators (spec §9), e.g. 123456 → '$1,234.56'. */
export function formatMoney(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  return `${sign}$${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Spec §9: Advanced total = amount × races picked (amount in any unit, returned in that unit). */
export function advancedTotal(amount: number, racesPicked: number): number {
  return amount * racesPicked;
}

function factorialRatio(k: number, n: number): number {
  let r = 1;
  for (let i = 0; i < n; i++) r *= k - i;
  return r;
}

/** Count (or collect) ordered tuples taking one horse per position, no horse twice. */
function walkTuples(lists: readonly (readonly number[])[], limit: number, out?: number[][]): number {
  let count = 0;
  const current: number[] = [];
  const used = new Set<number>();
  const step = (pos: number): boolean => {
    if (pos === lists.length) {
      count++;
      out?.push([...current]);
      return count <= limit;
    }
    for (const h of new Set(lists[pos])) {
      if (used.has(h)) continue;
      used.add(h);
      current.push(h);
      const go = step(pos + 1);
      current.pop();
      used.delete(h);
      if (!go) return false;
    }
    return true;
  };
  step(0);
  return count;
}

/**
 * Combinations the ticket holds: straight 1; box of k for n slots k!/(k−n)!; quinella box
 * k(k−1)/2; key/wheel the distinct ordered tuples with no horse repeated; multi-race the product of
 * horses per leg. 0 when the shape does not fit the type. Assumes no duplicates inside one list
 * (validateBet reports those); duplicates are counted once.
 */
export function combinations(bet: Pick<BetRequest, 'bet_type' | 'selections' | 'box'>): number {
  const r = rule(bet.bet_type);
  if (!r) return 0;
  const sel = bet.selections.map((l) => [...new Set(l)]);
  if (r.legs > 1) {
    if (sel.length !== r.legs) return 0;
    return sel.reduce((p, l) => p * l.length, 1);
  }
  const n = r.horsesRequired;
  if (n === 1) return sel.length === 1 && sel[0].length === 1 ? 1 : 0;
  if (r.kind === 'unordered') {
    if (sel.length !== 1) return 0;
    const k = sel[0].length;
    return k >= 2 ? (k * (k - 1)) / 2 : 0;
  }
  if (bet.box) {
    if (sel.length !== 1 || sel[0].length < n) return 0;
    return factorialRatio(sel[0].length, n);
  }
  if (sel.length !== n) return 0;
  return walkTuples(sel, Number.POSITIVE_INFINITY);
}

/** Cost of the ticket: combinations × base amount. */
export function totalCents(bet: Pick<BetRequest, 'bet_type' | 'selections' | 'box' | 'amount_cents'>): number {
  return combinations(bet) * bet.amount_cents;
}

export type Expansion = { ok: true; tuples: number[][] } | { ok: false; reason: string };

/**
 * The concrete combinations: ordered tuples for Exacta/Trifecta/Superfecta, ascending pairs for
 * Quinella, one horse per leg for multi-race types, [horse] for Win/Place/Show. Refuses more than
 * `limit` (default MAX_COMBINATIONS).
 */
export function expandCombinations(
  bet: Pick<BetRequest, 'bet_type' | 'selections' | 'box'>,
  limit: number = MAX_COMBINATIONS,
): Expansion {
  const count = combinations(bet);
  if (count === 0) return { ok: false, reason: 'The selections do not make a ticket for this bet type.' };
  if (count > limit) return { ok: false, reason: tooManyMessage(count, limit) };
  const r = rule(bet.bet_type) as BetTypeRule;
  const sel = bet.selections.map((l) => [...new Set(l)]);
  const tuples: number[][] = [];
  if (r.legs > 1) {
    let acc: number[][] = [[]];
    for (const leg of sel) acc = acc.flatMap((t) => leg.map((h) => [...t, h]));
    return { ok: true, tuples: acc };
  }
  if (r.horsesRequired === 1) return { ok: true, tuples: [[sel[0][0]]] };
  if (r.kind === 'unordered') {
    const hs = [...sel[0]].sort((a, b) => a - b);
    for (let i = 0; i < hs.length; i++) for (let j = i + 1; j < hs.length; j++) tuples.push([hs[i], hs[j]]);
    return { ok: true, tuples };
  }
  const lists = bet.box ? Array.from({ length: r.horsesRequired }, () => sel[0]) : sel;
  walkTuples(lists, limit, tuples);
  return { ok: true, tuples };
}

function tooManyMessage(count: number, limit: number): string {
  return `This ticket has ${count.toLocaleString('en-US')} combinations; at most ${limit.toLocaleString('en-US')} are allowed.`;
}

function isProgramNumber(h: number): boolean {
  return Number.isInteger(h) && h >= 1;
}

/** Every problem with the bet, with the spec §5 messages where the spec has one. */
export function validateBet(bet: BetRequest, context: BetContext = {}): BetValidation {
  const problems: BetProblem[] = [];
  const r = rule(bet.bet_type);
  if (!r) return { ok: false, problems: [{ field: 'bet_type', reason: `Unknown bet type '${bet.bet_type}'.` }] };

  // Races.
  if (!Array.isArray(bet.race_ids) || bet.race_ids.length !== r.legs) {
    problems.push({ field: 'race_ids', reason: raceCountMessage(r.legs, r.name) });
  } else if (new Set(bet.race_ids).size !== bet.race_ids.length) {
    problems.push({ field: 'race_ids', reason: 'The same race is selected twice.' });
  } else if (!bet.race_ids.every((id) => Number.isInteger(id) && id > 0)) {
    problems.push({ field: 'race_ids', reason: 'Race ids must be positive whole numbers.' });
  }

  // Amount.
  const min = minimumAmountCents(r.name);
  const amt = bet.amount_cents;
  if (typeof amt !== 'number' || !Number.isFinite(amt) || amt <= 0) {
    problems.push({ field: 'amount_cents', reason: MSG_ENTER_AMOUNT });
  } else if (!Number.isInteger(amt)) {
    problems.push({ field: 'amount_cents', reason: 'The bet amount must be a whole number of cents.' });
  } else if (amt < min) {
    problems.push({ field: 'amount_cents', reason: `The minimum ${r.name} bet is ${dollars(min)}.` });
  } else if (amt % min !== 0) {
    problems.push({
      field: 'amount_cents',
      reason: `${aOrAn(r.name)} ${r.name} bet amount must be a multiple of ${dollars(min)}.`,
    });
  }

  // Box.
  if (bet.box && !isBoxable(r.name)) {
    problems.push({ field: 'box', reason: `${aOrAn(r.name)} ${r.name} bet cannot be boxed.` });
  }

  // Selections: shape.
  const sel = Array.isArray(bet.selections) ? bet.selections : [];
  const shapeProblems = selectionShapeProblems(r, sel, bet.box);
  problems.push(...shapeProblems);

  // Selections: each number.
  sel.forEach((list, i) => {
    if (!Array.isArray(list)) return;
    const bad = list.filter((h) => !isProgramNumber(h));
    if (bad.length > 0) {
      problems.push({
        field: 'selections',
        reason: `Program numbers must be whole numbers from 1 (got ${bad.join(', ')}).`,
      });
    }
    const seen = new Set<number>();
    for (const h of list) {
      if (seen.has(h)) {
        problems.push({ field: 'selections', reason: `Horse ${h} is selected twice in ${slotName(r, i, bet.box)}.` });
      }
      seen.add(h);
    }
    const legIndex = r.legs > 1 ? i : 0;
    const size = context.fieldSizes?.[legIndex];
    if (size !== undefined) {
      for (const h of new Set(list)) {
        if (isProgramNumber(h) && h > size) {
          const where = r.legs > 1 ? `race ${legIndex + 1} of the ticket` : 'the race';
          problems.push({
            field: 'selections',
            reason: `Horse ${h} is not in ${where} (program numbers 1 to ${size}).`,
          });
        }
      }
    }
  });

  // Straight ordered bet: one horse per position, none twice.
  if (shapeProblems.length === 0 && r.ordered && !bet.box && sel.every((l) => l.length === 1)) {
    const flat = sel.map((l) => l[0]);
    if (new Set(flat).size !== flat.length) {
      problems.push({
        field: 'selections',
        reason: `The same horse cannot finish in two positions of ${aOrAn(r.name).toLowerCase()} ${r.name}.`,
      });
    }
  }

  if (problems.length > 0) return { ok: false, problems };
  const count = combinations(bet);
  if (count === 0) {
    return {
      ok: false,
      problems: [
        { field: 'selections', reason: 'The selections make no combination with a different horse in each position.' },
      ],
    };
  }
  if (count > MAX_COMBINATIONS) {
    return { ok: false, problems: [{ field: 'selections', reason: tooManyMessage(count, MAX_COMBINATIONS) }] };
  }
  return { ok: true, combinations: count, total_cents: count * amt };
}

function slotName(r: BetTypeRule, i: number, box: boolean): string {
  if (r.legs > 1) return `race ${i + 1} of the ticket`;
  if (r.ordered && !box) return `position ${i + 1}`;
  return 'the selection';
}

function selectionShapeProblems(r: BetTypeRule, sel: readonly (readonly number[])[], box: boolean): BetProblem[] {
  const p = (reason: string): BetProblem[] => [{ field: 'selections', reason }];
  if (!sel.every((l) => Array.isArray(l))) return p('Each selection must be a list of program numbers.');
  if (r.legs > 1) {
    if (sel.length !== r.legs || sel.some((l) => l.length === 0)) return p(MSG_ONE_HORSE_PER_RACE);
    return [];
  }
  const n = r.horsesRequired;
  if (n === 1) {
    if (sel.length !== 1 || sel[0].length !== 1) return p(`${aOrAn(r.name)} ${r.name} bet names exactly 1 horse.`);
    return [];
  }
  if (r.kind === 'unordered') {
    if (sel.length !== 1 || sel[0].length < n)
      return p(`${aOrAn(r.name)} ${r.name} bet names at least ${n} horses in one list.`);
    return [];
  }
  if (box) {
    if (sel.length !== 1 || sel[0].length < n)
      return p(`${aOrAn(r.name)} ${r.name} box names at least ${n} horses in one list.`);
    return [];
  }
  if (sel.length !== n || sel.some((l) => l.length === 0)) {
    return p(`${aOrAn(r.name)} ${r.name} bet needs a horse for each of its ${n} finishing positions.`);
  }
  return [];
}

/**
 * Whether a single-race combination wins. `tuple` is one combination from expandCombinations
 * ([horse] for Win/Place/Show); `officialOrder` holds program numbers, winner first.
 * Place: the horse is in the top 2; Show: top 3; Quinella: the top two in either order; Exacta,
 * Trifecta, Superfecta: the first n in exact order. Multi-race types: use isWinningSequence.
 */
export function isWinningCombination(
  betType: string,
  tuple: readonly number[],
  officialOrder: readonly number[],
): boolean {
  const r = rule(betType);
  if (!r || r.legs > 1) return false;
  return r.winningInterests([officialOrder.map((h) => [h])]).includes(combinationKey(r, tuple));
}

/** Races a multi-race combination got right: `winners` holds each leg's winner, in ticket order. */
export function racesCorrect(tuple: readonly number[], winners: readonly number[]): number {
  return tuple.reduce((n, h, i) => (winners[i] === h ? n + 1 : n), 0);
}

/** A Daily Double / Pick N combination wins when it names every leg's winner. */
export function isWinningSequence(tuple: readonly number[], winners: readonly number[]): boolean {
  return tuple.length === winners.length && racesCorrect(tuple, winners) === tuple.length;
}

/** What the bet slip knows when deciding whether Add Bet is enabled (spec §5). */
export interface AddBetState {
  betType: string | null | undefined;
  /** Program numbers picked on the slip. */
  selectedHorses: readonly number[];
  /** Amount in dollars, as typed. */
  amount: number | null | undefined;
  /** Order value per selected horse (same index), for Exacta/Trifecta/Superfecta. */
  orders?: readonly (number | null | undefined)[];
}

/**
 * Spec §5: Add Bet is enabled only when a bet type is chosen, the selected horse count equals the
 * required count, amount > 0, and for Trifecta, Exacta, Superfecta every horse has an order value
 * (1 to the required count).
 */
export function canAddBet(state: AddBetState): boolean {
  if (!state.betType || !rule(state.betType)) return false;
  const n = requiredHorses(state.betType);
  if (state.selectedHorses.length !== n) return false;
  if (typeof state.amount !== 'number' || !Number.isFinite(state.amount) || state.amount <= 0) return false;
  if (isOrdered(state.betType)) {
    const orders = state.orders ?? [];
    for (let i = 0; i < n; i++) {
      const o = orders[i];
      if (typeof o !== 'number' || !Number.isInteger(o) || o < 1 || o > n) return false;
    }
  }
  return true;
}

/** Spec §5: the horse multi-select is capped at the required count. */
export function canSelectMoreHorses(betType: string | null | undefined, selectedCount: number): boolean {
  return !!betType && selectedCount < requiredHorses(betType);
}

/** Spec §5: the advanced track step moves on only with exactly the pick count; else the message. */
export function advancedRaceCountProblem(betType: string, selectedRaces: number): string | null {
  const legs = legsFor(betType);
  return selectedRaces === legs ? null : raceCountMessage(legs, betType);
}

/** Spec §5 advanced finalize: race count, one horse per race, amount; the first problem or null. */
export function advancedFinalizeProblem(
  betType: string,
  horsesPerRace: readonly (number | null | undefined)[],
  amount: number | null | undefined,
): string | null {
  const countProblem = advancedRaceCountProblem(betType, horsesPerRace.length);
  if (countProblem) return countProblem;
  if (horsesPerRace.some((h) => typeof h !== 'number')) return MSG_ONE_HORSE_PER_RACE;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return MSG_ENTER_AMOUNT;
  return null;
}
