import type { CatalogKind, ColumnDef } from './catalog-kinds';

/**
 * The catalog's list query (GET /api/{kind}): limit, offset (alias start), sort, order, free text,
 * the name multi-select, ids and exact-column filters, read into a ListQuery whose every part is
 * safe to put into SQL (columns are whitelisted). The operations in catalog.ts validate with it.
 */

/** One thing wrong with a list query. */
interface QueryProblem {
  field: string;
  reason: string;
}

export const MAX_LIMIT = 5000;
export const DEFAULT_LIMIT = 25;
const MAX_TEXT = 200;
const MAX_VALUES = 500;

export type FilterValue = string | number | boolean;

export interface ColumnFilter {
  column: string;
  def: ColumnDef;
  /** One value means equality (or "contains" for a list column); several mean any of them. */
  values: FilterValue[];
}

/** A validated list request: everything in it is safe to put into SQL (columns are whitelisted). */
export interface ListQuery {
  limit: number;
  offset: number;
  sort: string;
  order: 'asc' | 'desc';
  q?: string;
  names: string[];
  ids: number[];
  filters: ColumnFilter[];
}

export class ListQueryError extends Error {
  constructor(readonly problems: QueryProblem[]) {
    super(problems.map((p) => `${p.field}: ${p.reason}`).join('; '));
    this.name = 'ListQueryError';
  }
}

const RESERVED = new Set(['limit', 'offset', 'start', 'sort', 'order', 'q', 'name', 'ids']);

type RawQuery = Record<string, unknown>;

/** Query values as a list of strings (repeated parameters arrive as arrays). */
function asStrings(value: unknown): string[] | null {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  return null;
}

function single(query: RawQuery, field: string, problems: QueryProblem[]): string | undefined {
  const value = query[field];
  if (value === undefined) return undefined;
  const list = asStrings(value);
  if (!list) {
    problems.push({ field, reason: 'must be a plain value' });
    return undefined;
  }
  if (list.length !== 1) {
    problems.push({ field, reason: 'must be given once' });
    return undefined;
  }
  return list[0];
}

function parseInteger(text: string, min: number, max: number): number | null {
  if (!/^-?\d{1,16}$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

const INT_MAX = 2_147_483_647;

/** Parses one filter value for a column; returns a reason string when it does not fit. */
export function parseColumnValue(def: ColumnDef, text: string): FilterValue | { reason: string } {
  switch (def.type) {
    case 'int': {
      const n = parseInteger(text, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
      return n === null ? { reason: `must be a whole number, got '${text}'` } : n;
    }
    case 'number':
    case 'number[]': {
      const n = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
      return Number.isFinite(n) ? n : { reason: `must be a number, got '${text}'` };
    }
    case 'date':
    case 'date[]': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
      const d = m ? new Date(`${text}T00:00:00Z`) : null;
      // PostgreSQL has no year 0 (1 BC is followed by AD 1): '0000-…' is not a date there.
      return m && m[1] !== '0000' && d && !Number.isNaN(d.getTime()) && d.toISOString().startsWith(text)
        ? text
        : { reason: `must be a date YYYY-MM-DD, got '${text}'` };
    }
    case 'time': {
      const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
      return m && Number(m[1]) < 24 && Number(m[2]) < 60 && Number(m[3] ?? 0) < 60
        ? text
        : { reason: `must be a time hh:mm:ss, got '${text}'` };
    }
    case 'bool':
      return text === 'true' ? true : text === 'false' ? false : { reason: `must be true or false, got '${text}'` };
    case 'text':
    case 'text[]':
      if (text.length > MAX_TEXT) return { reason: `must be at most ${MAX_TEXT} characters` };
      if (def.values && !def.values.includes(text)) {
        return { reason: `must be one of ${def.values.join(', ')}, got '${text}'` };
      }
      return text;
    default: {
      const unreachable: never = def.type;
      throw new Error(`unknown column type ${unreachable}`);
    }
  }
}

/**
 * Turns a list request's query string into a ListQuery, or throws a ListQueryError naming every
 * bad parameter: limit 1–5000, offset (alias start) ≥ 0, sort on any column, order asc|desc,
 * q free text over the name columns, repeated name= for the multi-select, ids=1,2,3, and
 * ?column=value exact filters (repeat a column for "any of").
 */
export function parseListQuery(kind: CatalogKind, query: RawQuery): ListQuery {
  const problems: QueryProblem[] = [];

  let limit = DEFAULT_LIMIT;
  const limitText = single(query, 'limit', problems);
  if (limitText !== undefined) {
    const n = parseInteger(limitText, 1, MAX_LIMIT);
    if (n === null) problems.push({ field: 'limit', reason: `must be a whole number from 1 to ${MAX_LIMIT}` });
    else limit = n;
  }

  let offset = 0;
  if (query.offset !== undefined && query.start !== undefined) {
    problems.push({ field: 'offset', reason: 'give offset or start, not both' });
  } else {
    const field = query.start !== undefined ? 'start' : 'offset';
    const offsetText = single(query, field, problems);
    if (offsetText !== undefined) {
      const n = parseInteger(offsetText, 0, INT_MAX);
      if (n === null) problems.push({ field, reason: 'must be a whole number ≥ 0' });
      else offset = n;
    }
  }

  let sort = kind.defaultSort;
  const sortText = single(query, 'sort', problems);
  if (sortText !== undefined) {
    if (Object.hasOwn(kind.columns, sortText)) sort = sortText;
    else
      problems.push({
        field: 'sort',
        reason: `unknown column '${sortText}'; one of ${Object.keys(kind.columns).join(', ')}`,
      });
  }

  let order: 'asc' | 'desc' = 'asc';
  const orderText = single(query, 'order', problems);
  if (orderText !== undefined) {
    const lower = orderText.toLowerCase();
    if (lower === 'asc' || lower === 'desc') order = lower;
    else problems.push({ field: 'order', reason: `must be asc or desc, got '${orderText}'` });
  }

  let q: string | undefined;
  const qText = single(query, 'q', problems);
  if (qText !== undefined) {
    const trimmed = qText.trim();
    if (trimmed.length > MAX_TEXT) problems.push({ field: 'q', reason: `must be at most ${MAX_TEXT} characters` });
    else if (trimmed.length > 0) q = trimmed;
  }

  const names: string[] = [];
  if (query.name !== undefined) {
    const list = asStrings(query.name);
    if (!list) problems.push({ field: 'name', reason: 'must be plain values' });
    else if (list.length > MAX_VALUES) problems.push({ field: 'name', reason: `at most ${MAX_VALUES} names` });
    else if (list.some((n) => n.length > MAX_TEXT))
      problems.push({ field: 'name', reason: `each at most ${MAX_TEXT} characters` });
    else names.push(...list.filter((n) => n.length > 0));
  }

  const ids: number[] = [];
  if (query.ids !== undefined) {
    const list = asStrings(query.ids);
    const parts = list ? list.flatMap((s) => s.split(',')).filter((s) => s.trim() !== '') : null;
    const parsed = parts?.map((s) => parseInteger(s.trim(), 1, INT_MAX)) ?? null;
    if (!parsed || parsed.length === 0 || parsed.some((n) => n === null)) {
      problems.push({ field: 'ids', reason: 'must be a comma-separated list of positive whole numbers' });
    } else if (parsed.length > MAX_VALUES) {
      problems.push({ field: 'ids', reason: `at most ${MAX_VALUES} ids` });
    } else ids.push(...(parsed as number[]));
  }

  const filters: ColumnFilter[] = [];
  for (const [key, raw] of Object.entries(query)) {
    if (RESERVED.has(key)) continue;
    const def = Object.hasOwn(kind.columns, key) ? kind.columns[key] : undefined;
    if (!def) {
      problems.push({
        field: key,
        reason: `unknown filter column; one of ${Object.keys(kind.columns).join(', ')}`,
      });
      continue;
    }
    const list = asStrings(raw);
    if (!list) {
      problems.push({ field: key, reason: 'must be plain values' });
      continue;
    }
    if (list.length > MAX_VALUES) {
      problems.push({ field: key, reason: `at most ${MAX_VALUES} values` });
      continue;
    }
    const values: FilterValue[] = [];
    for (const text of list) {
      const parsed = parseColumnValue(def, text);
      if (typeof parsed === 'object') problems.push({ field: key, reason: parsed.reason });
      else values.push(parsed);
    }
    if (values.length === list.length) filters.push({ column: key, def, values });
  }

  if (problems.length > 0) throw new ListQueryError(problems);
  return { limit, offset, sort, order, q, names, ids, filters };
}
