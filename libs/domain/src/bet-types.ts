/** Every bet type's name, in display order. */
export const BET_TYPE_NAMES = [
  'Win',
  'Place',
  'Show',
  'Exacta',
  'Quinella',
  'Trifecta',
  'Superfecta',
  'Daily Double',
  'Pick 3',
  'Pick 4',
  'Pick 5',
  'Pick 6',
  'Pick 7',
  'Pick 8',
  'Pick 9',
  'Pick 10',
] as const;

/** A bet type's name as stored in bet_types. */
export type BetTypeName = (typeof BET_TYPE_NAMES)[number];

/** A kind of wager, as offered on the bet-type select and stored in bet_types. */
export interface BetTypeRule {
  name: BetTypeName;
  /** Races the ticket spans. */
  legs: number;
  /** Horses a straight ticket names: one per finishing slot, or one per race for multi-race types. */
  horsesRequired: number;
  /** Whether the named horses must finish in the named order. */
  ordered: boolean;
  description: string;
}

const PICK_NS = [3, 4, 5, 6, 7, 8, 9, 10] as const;

/** Every bet type of spec §1, with the counts of spec §5 and §9, in display order. */
export const BET_TYPES: readonly BetTypeRule[] = [
  {
    name: 'Win',
    legs: 1,
    horsesRequired: 1,
    ordered: false,
    description: 'Pick the horse that finishes first.',
  },
  {
    name: 'Place',
    legs: 1,
    horsesRequired: 1,
    ordered: false,
    description: 'Pick a horse that finishes first or second.',
  },
  {
    name: 'Show',
    legs: 1,
    horsesRequired: 1,
    ordered: false,
    description: 'Pick a horse that finishes first, second or third.',
  },
  {
    name: 'Exacta',
    legs: 1,
    horsesRequired: 2,
    ordered: true,
    description: 'Pick the first two finishers in exact order.',
  },
  {
    name: 'Quinella',
    legs: 1,
    horsesRequired: 2,
    ordered: false,
    description: 'Pick the first two finishers in either order.',
  },
  {
    name: 'Trifecta',
    legs: 1,
    horsesRequired: 3,
    ordered: true,
    description: 'Pick the first three finishers in exact order.',
  },
  {
    name: 'Superfecta',
    legs: 1,
    horsesRequired: 4,
    ordered: true,
    description: 'Pick the first four finishers in exact order.',
  },
  {
    name: 'Daily Double',
    legs: 2,
    horsesRequired: 2,
    ordered: false,
    description: 'Pick the winners of two consecutive races, chosen before the first of them.',
  },
  ...PICK_NS.map((n) => ({
    name: `Pick ${n}` as const,
    legs: n,
    horsesRequired: n,
    ordered: false,
    description: `Pick the winners of ${n} races in a row, all chosen before the first of them.`,
  })),
];

/** The rule for a bet type name, or undefined when there is no such type. */
export function findBetType(name: string): BetTypeRule | undefined {
  return BET_TYPES.find((t) => t.name === name);
}
