import { CATALOG_KINDS, type CatalogKindName } from '@furlong/contracts';

/** The column of the kinds whose free text spans several columns: a stored, lower-cased haystack. */
export const SEARCH_TEXT_COLUMN = 'search_text';

/**
 * The generated column's SQL: the kind's search columns lower-cased and joined by a newline (which
 * no one types into a search box, so a match never spans two columns). One LIKE over this column,
 * behind one trigram index, replaces an ILIKE per column.
 */
export function searchTextExpression(kind: CatalogKindName): string {
  return `lower(${CATALOG_KINDS[kind].searchColumns.map((c) => `coalesce("${c}", '')`).join(" || E'\\n' || ")})`;
}

/** The kinds whose table has the search_text column (the SearchText migration adds it). */
export const KINDS_WITH_SEARCH_TEXT: ReadonlySet<CatalogKindName> = new Set(['horses', 'tracks', 'races']);
