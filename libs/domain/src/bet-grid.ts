/**
 * The bet slip's position grid: a checkbox per runner per finishing position (or one column for a
 * box, a quinella and Win/Place/Show), turned into the API's ticket. The count is the same
 * `combinations` the server charges by, so the slip's cost is the server's cost.
 */
import { findBetType } from './bet-types';
import { combinations } from './wagering-rules';

/** What the ticked grid makes: a straight ticket, a box, a key (one horse on top of the others) or a wheel. */
export type GridShape = 'straight' | 'box' | 'key' | 'wheel';

export interface GridTicket {
  /** As the place-bets body takes them: one list per position, or one list for a box or a single list. */
  selections: number[][];
  box: boolean;
  /** Combinations the ticket holds (0 when the grid makes no ticket yet). */
  combinations: number;
  /** Null while the grid makes no ticket. */
  shape: GridShape | null;
}

/** The finishing positions the grid shows for a bet type: one per position of an ordered type, else one. */
export function gridPositions(betType: string, box: boolean): number {
  const rule = findBetType(betType);
  if (!rule || rule.legs > 1) return 0;
  return rule.ordered && !box ? rule.horsesRequired : 1;
}

const sorted = (list: readonly number[]) => [...new Set(list)].sort((a, b) => a - b);

/**
 * The ticket the ticked grid makes. `columns` holds the program numbers ticked in each position
 * column (one column for a box or an unordered type). Ordered types: every position one horse is a
 * straight ticket; one position with a single horse and every other position the same horses a key;
 * anything else a wheel. A quinella of more than two horses is sent as a box.
 */
export function gridTicket(betType: string, columns: readonly (readonly number[])[], box: boolean): GridTicket {
  const rule = findBetType(betType);
  const none: GridTicket = { selections: [], box: false, combinations: 0, shape: null };
  const positions = gridPositions(betType, box);
  if (!rule || positions === 0 || columns.length < positions) return none;
  const lists = columns.slice(0, positions).map(sorted);

  if (rule.ordered && !box) {
    const count = combinations({ bet_type: betType, selections: lists, box: false });
    if (count === 0) return { ...none, selections: lists };
    return { selections: lists, box: false, combinations: count, shape: orderedShape(lists) };
  }
  const horses = lists[0] ?? [];
  const boxed = rule.boxable && (box || (rule.kind === 'unordered' && horses.length > 2));
  const count = combinations({ bet_type: betType, selections: [horses], box: boxed });
  return {
    selections: [horses],
    box: boxed,
    combinations: count,
    shape: count === 0 ? null : boxed ? 'box' : 'straight',
  };
}

function orderedShape(lists: readonly (readonly number[])[]): GridShape {
  if (lists.every((l) => l.length === 1)) return 'straight';
  const singles = lists.filter((l) => l.length === 1);
  if (singles.length === 1) {
    const key = singles[0]?.[0];
    const others = lists.filter((l) => l.length !== 1).map((l) => l.filter((h) => h !== key).join(','));
    if (others.every((o) => o === others[0])) return 'key';
  }
  return 'wheel';
}
