import type { FilterValue } from '@furlong/contracts';

/**
 * How PostgreSQL stores a column (TypeORM's normalized type name, no precision): a filter's values
 * are bound as an array of exactly this type, since `&&` on a list column takes only its own type.
 */
export interface StoredColumn {
  sqlType: string;
  array: boolean;
}

const INTEGER_RANGE: Readonly<Record<string, readonly [number, number]>> = {
  smallint: [-32_768, 32_767],
  integer: [-2_147_483_648, 2_147_483_647],
  bigint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/**
 * Whether a parsed filter value can be held by the column's stored type. One that cannot (out of
 * an integer type's range, a fraction for an integer type) matches no row; the filter drops it
 * instead of letting PostgreSQL fail on the cast.
 */
export function fitsStoredColumn(stored: StoredColumn, value: FilterValue): boolean {
  const range = INTEGER_RANGE[stored.sqlType];
  if (range) return typeof value === 'number' && Number.isInteger(value) && value >= range[0] && value <= range[1];
  return true;
}

/** Escapes LIKE wildcards so user text matches literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
