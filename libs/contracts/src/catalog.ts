import { z } from 'zod';
import { type ApiOperation, defineOperation, idParams, listResponseSchema, queryInteger } from './api';
import {
  CATALOG_KIND_NAMES,
  CATALOG_KINDS,
  type CatalogKind,
  type CatalogKindName,
  type ColumnType,
  isCatalogKindName,
} from './catalog-kinds';
import { DEFAULT_LIMIT, ListQueryError, MAX_LIMIT, parseListQuery } from './catalog-query';
import { pastPerformanceResponseSchema } from './past-performance';

/**
 * The catalog over REST: GET /api/{kind} (a page of a kind's records), GET /api/{kind}/{id} (one
 * record), a random sample, and a horse's past performance. The row schemas follow the columns of
 * CATALOG_KINDS; a column may be null unless it is the id.
 */

const COLUMN_SCHEMAS: Record<ColumnType, () => z.ZodType> = {
  int: () => z.int(),
  number: () => z.number(),
  text: () => z.string(),
  date: () => z.string().meta({ format: 'date' }),
  time: () => z.string().regex(/^\d{2}:\d{2}:\d{2}$/),
  bool: () => z.boolean(),
  'text[]': () => z.array(z.string()),
  'date[]': () => z.array(z.string().meta({ format: 'date' })),
  'number[]': () => z.array(z.number()),
};

function pascal(name: string): string {
  return name.replace(/(^|_)(\w)/g, (_, __, c: string) => c.toUpperCase());
}

function rowShape(kind: CatalogKind): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(kind.columns).map(([name, def]) => {
      const schema = def.values ? z.enum(def.values as [string, ...string[]]) : COLUMN_SCHEMAS[def.type]();
      return [name, name === 'id' ? schema : schema.nullable()];
    }),
  );
}

const ROW_SCHEMAS = new Map<CatalogKindName, z.ZodObject>();

/** One record of a kind, as its list shows it (one schema per kind: the document names it once). */
export function catalogRowSchema(kind: CatalogKind): z.ZodObject {
  let schema = ROW_SCHEMAS.get(kind.name);
  if (!schema) {
    schema = z.object(rowShape(kind)).meta({ id: `${pascal(kind.name)}Row` });
    ROW_SCHEMAS.set(kind.name, schema);
  }
  return schema;
}

const raceEntryRowSchema = z
  .object({
    post_position: z.int(),
    horse_id: z.int(),
    horse_name: z.string(),
    jockey_id: z.int(),
    jockey_name: z.string(),
    trainer_id: z.int(),
    trainer_name: z.string(),
    owner_id: z.int(),
    owner_name: z.string(),
  })
  .meta({ id: 'CatalogRaceEntry' });

const raceResultRowSchema = z
  .object({
    id: z.int(),
    race_id: z.int(),
    num_horses: z.int(),
    winner_horse_id: z.int(),
    winner_post_position: z.int(),
    race_duration_ms: z.int(),
    wire_position: z.number().nullable(),
    finished_at: z.string().meta({ format: 'date-time' }),
    finishers: z.array(
      z.object({
        finish_position: z.int(),
        post_position: z.int(),
        horse_id: z.int(),
        horse_name: z.string(),
        jockey_id: z.int(),
        finish_time_ms: z.int(),
        speed_figure: z.int().nullable(),
        earnings_cents: z.int(),
      }),
    ),
  })
  .meta({ id: 'CatalogRaceResult' });

/** One record by id: a horse with the names of its connections, a race with its entries and result. */
export function catalogRecordSchema(kind: CatalogKind) {
  const id = `${pascal(kind.name)}Record`;
  switch (kind.name) {
    case 'horses':
      return z
        .object({
          ...rowShape(kind),
          breed_name: z.string().nullable(),
          jockey_name: z.string().nullable(),
          trainer_name: z.string().nullable(),
          owner_name: z.string().nullable(),
        })
        .meta({ id });
    case 'races':
      return z
        .object({ ...rowShape(kind), entries: z.array(raceEntryRowSchema), result: raceResultRowSchema.nullable() })
        .meta({ id });
    default:
      return catalogRowSchema(kind);
  }
}

const queryValue = (doc: Record<string, unknown>) => z.unknown().optional().meta({ override: doc });

/**
 * GET /api/{kind}'s query: the documented fields, read as one by parseListQuery (which names every
 * unknown column), so a bad query is one 400 naming each bad parameter.
 */
export function catalogListQuerySchema(kind: CatalogKind) {
  const columns = Object.keys(kind.columns);
  return z
    .looseObject({
      limit: queryValue({ type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT }),
      offset: queryValue({ type: 'integer', minimum: 0, default: 0 }),
      start: queryValue({ type: 'integer', minimum: 0, description: 'Alias of offset' }),
      sort: queryValue({ type: 'string', enum: columns, default: kind.defaultSort }),
      order: queryValue({ type: 'string', enum: ['asc', 'desc'], default: 'asc' }),
      q: queryValue({ type: 'string', description: `Free text over ${kind.searchColumns.join(', ')}` }),
      name: queryValue({
        type: 'array',
        items: { type: 'string' },
        description: `Exact ${kind.nameColumn}; repeat for several`,
      }),
      ids: queryValue({ type: 'string', description: 'Comma-separated ids, e.g. 1,2,3' }),
    })
    .transform((query, ctx) => {
      try {
        return parseListQuery(kind, query);
      } catch (err) {
        if (!(err instanceof ListQueryError)) throw err;
        for (const problem of err.problems) {
          ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.reason });
        }
        return z.NEVER;
      }
    });
}

const kindParam = z
  .string()
  .transform((value, ctx): CatalogKindName => {
    if (isCatalogKindName(value)) return value;
    ctx.addIssue({
      code: 'custom',
      message: `unknown kind '${value.slice(0, 100)}'; one of ${CATALOG_KIND_NAMES.join(', ')}`,
    });
    return z.NEVER;
  })
  .meta({ override: { type: 'string', enum: [...CATALOG_KIND_NAMES] } });

function kindOperations(name: CatalogKindName) {
  const kind = CATALOG_KINDS[name];
  return {
    [`${name}.list`]: defineOperation({
      method: 'get',
      path: `/${name}`,
      tags: ['catalog'],
      access: 'public',
      summary: `List ${name}`,
      description: `Any column is an exact filter (?column=value; repeat it for "any of"). Columns: ${Object.keys(kind.columns).join(', ')}.`,
      query: catalogListQuerySchema(kind),
      status: 200,
      response: listResponseSchema(catalogRowSchema(kind)),
    }),
    [`${name}.get`]: defineOperation({
      method: 'get',
      path: `/${name}/{id}`,
      tags: ['catalog'],
      access: 'public',
      summary: `One ${kind.label.toLowerCase()} by id`,
      params: idParams(),
      status: 200,
      response: catalogRecordSchema(kind),
      errors: { 404: `no ${kind.label.toLowerCase()} has that id` },
    }),
  } satisfies Record<string, ApiOperation>;
}

export const catalogApi = {
  ...Object.assign({}, ...CATALOG_KIND_NAMES.map(kindOperations)),
  random: defineOperation({
    method: 'get',
    path: '/random-records/{kind}/{count}',
    tags: ['catalog'],
    access: 'public',
    summary: 'A random sample of records of one kind (a list)',
    params: z.object({ kind: kindParam, count: queryInteger(1, 100) }),
    status: 200,
    response: z.array(z.record(z.string(), z.unknown())),
  }),
  pastPerformance: defineOperation({
    method: 'get',
    path: '/past_performance/horse_id/{id}',
    tags: ['catalog'],
    access: 'public',
    summary: "A horse's form figures and its most recent starts",
    params: idParams(),
    status: 200,
    response: pastPerformanceResponseSchema,
    errors: { 404: 'no horse has that id' },
  }),
} as const;

/** The list and record operations of one kind. */
export function catalogOperations(name: CatalogKindName): { list: ApiOperation; get: ApiOperation } {
  const ops = catalogApi as Record<string, ApiOperation>;
  return { list: ops[`${name}.list`] as ApiOperation, get: ops[`${name}.get`] as ApiOperation };
}
