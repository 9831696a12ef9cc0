import type { CatalogKindName } from '@furlong/contracts';

/** Page sizes of the list tables (spec §9). */
export const PAGE_SIZES = [5, 25, 50, 100, 250, 500, 1000, 5000] as const;
export const OWNER_PAGE_SIZES = [5, 10, 15] as const;
/** The API's largest page: the spec's "1,000,000" default for tracks means "all of them". */
export const MAX_PAGE_SIZE = 5000;
export const LOAD_MORE_ROWS = 5000;
export const PAGE_BUTTON_WINDOW = 10;
/** Name pickers fetch this many suggestions at a time. */
export const PICKER_PAGE = 20;

export const PROGRAM_TRACK_COUNTS = [5, 10, 25, 50, 100] as const;
export const PROGRAM_TRACK_COUNT_DEFAULT = 25;
export const RACE_CARD_REFRESH_MS = 3000;

/** The singular used in routes: /page-horse/1, /horse/1. */
export const KIND_SINGULAR: Partial<Record<CatalogKindName, string>> = {
  horses: 'horse',
  jockeys: 'jockey',
  trainers: 'trainer',
  owners: 'owner',
  tracks: 'track',
  races: 'race',
};

export const SINGULAR_KIND: Record<string, CatalogKindName> = Object.fromEntries(
  Object.entries(KIND_SINGULAR).map(([kind, singular]) => [singular, kind as CatalogKindName]),
);

/** Detail sheets: fields shown by default, and leading fields skipped (spec §2.3, §9). */
export const SHEET_DEFAULTS: Record<string, { fields: number; skip: number }> = {
  horses: { fields: 14, skip: 0 },
  races: { fields: 14, skip: 0 },
  tracks: { fields: 12, skip: 2 },
  owners: { fields: 8, skip: 0 },
  jockeys: { fields: 8, skip: 0 },
  trainers: { fields: 8, skip: 0 },
};
export const SHEET_COLUMNS_DEFAULT = 2;
