import type { FieldProblem } from './api-error';

/** A request's query string as Express hands it over (repeated parameters arrive as arrays). */
export type RawQuery = Record<string, unknown>;

/**
 * Reads the query parameters of a small endpoint into problems rather than exceptions, so one 400
 * can name every bad field.
 */
export class QueryReader {
  readonly problems: FieldProblem[] = [];

  constructor(
    private readonly query: RawQuery,
    known: readonly string[],
  ) {
    for (const key of Object.keys(query)) {
      if (!known.includes(key))
        this.problems.push({ field: key, reason: `unknown parameter; one of ${known.join(', ')}` });
    }
  }

  /** The parameter's one value, or undefined when absent (a repeated or nested value is a problem). */
  text(field: string): string | undefined {
    const value = this.query[field];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') {
      this.problems.push({ field, reason: Array.isArray(value) ? 'must be given once' : 'must be a plain value' });
      return undefined;
    }
    return value;
  }

  /** A whole number in [min, max], or the fallback when absent. */
  integer(field: string, min: number, max: number, fallback: number): number {
    const text = this.text(field);
    if (text === undefined) return fallback;
    const n = /^-?\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
    if (!(n >= min && n <= max)) {
      this.problems.push({ field, reason: `must be a whole number from ${min} to ${max}, got '${text}'` });
      return fallback;
    }
    return n;
  }

  /** One of a fixed list of values, or the fallback when absent. */
  oneOf<T extends string>(field: string, values: readonly T[], fallback: T): T;
  oneOf<T extends string>(field: string, values: readonly T[], fallback?: undefined): T | undefined;
  oneOf<T extends string>(field: string, values: readonly T[], fallback?: T): T | undefined {
    const text = this.text(field);
    if (text === undefined) return fallback;
    if ((values as readonly string[]).includes(text)) return text as T;
    this.problems.push({ field, reason: `must be one of ${values.join(', ')}, got '${text.slice(0, 100)}'` });
    return fallback;
  }
}
