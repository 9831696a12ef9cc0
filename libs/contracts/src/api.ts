import { z } from 'zod';

/**
 * The shape of the HTTP API, once: every operation names its method, path, the schemas of its
 * parameters, query, headers, body and response, and the errors it answers. The server binds its
 * handlers to these operations (and validates every request with their schemas before a handler
 * runs); the OpenAPI document is generated from them; the web client takes its types from them.
 * Paths are under /api and name their parameters in braces, as OpenAPI does: `/races/{id}/result`.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call an operation: anyone, a signed-in user, an operator (or admin), or an administrator. */
export type ApiAccess = 'public' | 'session' | 'operator' | 'admin';

/** The error statuses an operation may document, with when it answers each. */
export type ApiErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429 | 503;

/**
 * An object schema of request fields (path parameters, query, headers), or such an object piped
 * into a transform that reads the fields as one (the document then shows the object's fields).
 */
// biome-ignore lint/suspicious/noExplicitAny: any object shape of fields
type AnyObject = z.ZodObject<any, any>;
export type FieldsSchema = AnyObject | z.ZodPipe<AnyObject, z.ZodType>;

export interface ApiOperation {
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  tags: readonly string[];
  access: ApiAccess;
  params?: FieldsSchema;
  query?: FieldsSchema;
  headers?: FieldsSchema;
  body?: z.ZodType;
  /** The success status: 200 with a body, 201 created, 204 without a body. */
  status: 200 | 201 | 204;
  /** The success body's schema; null for 204, or for a file (see `file`). */
  response: z.ZodType | null;
  /** A file as the success body instead of JSON: its media type, e.g. `application/pdf`. */
  file?: string;
  errors?: Partial<Record<ApiErrorStatus, string>>;
}

/** Declares an operation, keeping its literal schemas for inference. */
export function defineOperation<const O extends ApiOperation>(operation: O): O {
  return operation;
}

/** The parsed request of an operation, as a handler receives it. */
export type OperationParams<O extends ApiOperation> = O['params'] extends z.ZodType ? z.output<O['params']> : never;
export type OperationQuery<O extends ApiOperation> = O['query'] extends z.ZodType ? z.output<O['query']> : never;
export type OperationBody<O extends ApiOperation> = O['body'] extends z.ZodType ? z.output<O['body']> : never;
/** The body a client sends (before the server's defaults and trimming). */
export type OperationRequestBody<O extends ApiOperation> = O['body'] extends z.ZodType ? z.input<O['body']> : never;
export type OperationResponse<O extends ApiOperation> = O['response'] extends z.ZodType
  ? z.output<O['response']>
  : undefined;

/** One thing wrong with a request: which field, and why. */
export const fieldProblemSchema = z.object({ field: z.string(), reason: z.string() }).meta({ id: 'FieldProblem' });
export type FieldProblem = z.infer<typeof fieldProblemSchema>;

/** Every error body: the status, its name, a readable message and, for 400s, each bad field. */
export const apiErrorResponseSchema = z
  .object({
    statusCode: z.int(),
    error: z.string(),
    message: z.string(),
    errors: z.array(fieldProblemSchema).optional(),
    /** A machine-readable cause where the client acts on it (e.g. `session_expired`). */
    reason: z
      .string()
      .optional()
      .describe('A machine-readable cause where the client acts on it (e.g. session_expired)'),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorResponse = z.infer<typeof apiErrorResponseSchema>;

/** A page of a list endpoint. */
export interface ListResponse<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

/** The schema of a page of `item`s. */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.int().min(0),
    limit: z.int().min(0),
    offset: z.int().min(0),
  });
}

/** An instant as JSON carries it: an ISO 8601 string. */
export const isoDateTime = () => z.string().meta({ format: 'date-time' });
/** A calendar day: YYYY-MM-DD. */
export const isoDate = () => z.string().meta({ format: 'date' });

// ---------------------------------------------------------------------------------------------
// Request fields. A query string arrives as text (a repeated parameter as an array); these read
// it into values with the same messages for every endpoint.

function single(value: unknown, ctx: z.RefinementCtx): string | undefined {
  if (typeof value === 'string') return value;
  ctx.addIssue({ code: 'custom', message: Array.isArray(value) ? 'must be given once' : 'must be a plain value' });
  return undefined;
}

/** A whole number in [min, max] from a query string or path segment; `fallback` when absent. */
export function queryInteger(min: number, max: number): z.ZodType<number | undefined, unknown>;
export function queryInteger(min: number, max: number, fallback: number): z.ZodType<number, unknown>;
export function queryInteger(min: number, max: number, fallback?: number): z.ZodType<number | undefined, unknown> {
  const read = z
    .unknown()
    .transform((value, ctx) => {
      const text = single(value, ctx);
      if (text === undefined) return z.NEVER;
      const n = /^-?\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
      if (!(n >= min && n <= max)) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}, got '${text}'` });
        return z.NEVER;
      }
      return n;
    })
    .meta({ override: { type: 'integer', minimum: min, maximum: max, default: fallback } });
  return fallback === undefined ? read.optional() : read.default(fallback);
}

/** One of a fixed list of values from a query string; `fallback` when absent. */
export function queryEnum<const T extends string>(values: readonly T[]): z.ZodType<T | undefined, unknown>;
export function queryEnum<const T extends string>(values: readonly T[], fallback: T): z.ZodType<T, unknown>;
export function queryEnum<const T extends string>(
  values: readonly T[],
  fallback?: T,
): z.ZodType<T | undefined, unknown> {
  const read = z
    .unknown()
    .transform((value, ctx) => {
      const text = single(value, ctx);
      if (text === undefined) return z.NEVER;
      if ((values as readonly string[]).includes(text)) return text as T;
      ctx.addIssue({ code: 'custom', message: `must be one of ${values.join(', ')}, got '${text.slice(0, 100)}'` });
      return z.NEVER;
    })
    .meta({ override: { type: 'string', enum: [...values], default: fallback } });
  return fallback === undefined ? read.optional() : read.default(fallback as never);
}

/** Free text from a query string, at most `max` characters when given; undefined when absent. */
export function queryText(max?: number): z.ZodType<string | undefined, unknown> {
  return z
    .unknown()
    .transform((value, ctx) => {
      const text = single(value, ctx);
      if (text === undefined) return z.NEVER;
      if (max !== undefined && text.length > max) {
        ctx.addIssue({ code: 'custom', message: `must be at most ${max} characters` });
        return z.NEVER;
      }
      return text;
    })
    .meta({ override: max === undefined ? { type: 'string' } : { type: 'string', maxLength: max } })
    .optional();
}

/**
 * A calendar day from a query string, read as text and documented as a date; whether it is one is
 * the caller's check (its message quotes the text).
 */
export function queryDate(): z.ZodType<string | undefined, unknown> {
  return queryText().meta({ override: { type: 'string', format: 'date' } });
}

/** A positive integer id in a path segment. */
export const idParam = () =>
  z
    .string()
    .transform((value, ctx) => {
      if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2_147_483_647) {
        ctx.addIssue({ code: 'custom', message: `must be a positive integer, got '${value}'` });
        return z.NEVER;
      }
      return Number(value);
    })
    .meta({ override: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } });

/** Path parameters `{ id }`: the common case. */
export const idParams = () => z.object({ id: idParam() });
