import type { EarningsConnectionKind, EarningsKind } from '@furlong/contracts';

/** The four selections, in the order the page shows them; `param` is their query parameter. */
export const EARNINGS_SELECTIONS: readonly { kind: EarningsKind; param: string; noun: string; title: string }[] = [
  { kind: 'horses', param: 'horse', noun: 'horse', title: 'Horse' },
  { kind: 'jockeys', param: 'jockey', noun: 'jockey', title: 'Jockey' },
  { kind: 'trainers', param: 'trainer', noun: 'trainer', title: 'Trainer' },
  { kind: 'owners', param: 'owner', noun: 'owner', title: 'Owner' },
];

/** What a jockey, trainer or owner did with a horse. */
export const HORSES_VERB: Record<EarningsConnectionKind, string> = {
  jockeys: 'rode',
  trainers: 'trained',
  owners: 'owned',
};

export const isConnection = (kind: EarningsKind): kind is EarningsConnectionKind => kind !== 'horses';

/** The query parameter of "Show All Horses". */
export const ALL_HORSES_PARAM = 'all';

/** Rows per page of the starts and horses tables. */
export const EARNINGS_PAGE = 10;
