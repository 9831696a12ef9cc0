import { z } from 'zod';
import { defineOperation, idParam, isoDate, listResponseSchema, queryInteger } from './api';

/** Whose earnings the earnings pages show. */
export const EARNINGS_KINDS = ['horses', 'jockeys', 'trainers', 'owners'] as const;
export type EarningsKind = (typeof EARNINGS_KINDS)[number];

/** The kinds that have horses of their own: the horses a jockey rode, a trainer trained, an owner owned. */
export const EARNINGS_CONNECTION_KINDS = ['jockeys', 'trainers', 'owners'] as const;
export type EarningsConnectionKind = (typeof EARNINGS_CONNECTION_KINDS)[number];

/** How the timeline groups race days; the server picks the finest that keeps it short. */
export const EARNINGS_BUCKETS = ['day', 'week', 'month', 'year'] as const;
export type EarningsBucket = (typeof EARNINGS_BUCKETS)[number];

/** How much the earnings endpoints answer at most. */
export const EARNINGS_LIMITS = {
  /** Points of a timeline: race days, else weeks, months or years, whichever first fits. */
  timelinePoints: 400,
  /** Rows of by_track (highest earnings first); tracks_total counts them all. */
  byTrack: 100,
  pageDefault: 25,
  pageMax: 100,
} as const;

/** A path segment that must be one of `values`: a 400 naming it otherwise. */
function pathEnum<const T extends string>(values: readonly T[]) {
  return z
    .string()
    .transform((value, ctx): T => {
      if ((values as readonly string[]).includes(value)) return value as T;
      ctx.addIssue({ code: 'custom', message: `must be one of ${values.join(', ')}, got '${value.slice(0, 100)}'` });
      return z.NEVER;
    })
    .meta({ override: { type: 'string', enum: [...values] } });
}

const cents = () => z.int().describe('integer cents');

/** One point of the timeline: the starts of a bucket (a race day, week, month or year). */
export const earningsPointSchema = z
  .object({
    /** The first day of the bucket. */
    date: isoDate().describe('the first day of the bucket'),
    starts: z.int(),
    earnings_cents: cents(),
    /** Everything earned up to and including this bucket. */
    cumulative_cents: cents().describe('everything earned up to and including this bucket'),
  })
  .meta({ id: 'EarningsPoint' });
export type EarningsPoint = z.infer<typeof earningsPointSchema>;

export const earningsYearSchema = z
  .object({ year: z.int(), starts: z.int(), wins: z.int(), earnings_cents: cents() })
  .meta({ id: 'EarningsYear' });
export type EarningsYear = z.infer<typeof earningsYearSchema>;

export const earningsTrackSchema = z
  .object({ track_id: z.int(), track_name: z.string(), starts: z.int(), wins: z.int(), earnings_cents: cents() })
  .meta({ id: 'EarningsTrack' });
export type EarningsTrack = z.infer<typeof earningsTrackSchema>;

/** GET /api/earnings/{kind}/{id} */
export const earningsSummaryResponseSchema = z
  .object({
    kind: z.enum(EARNINGS_KINDS),
    id: z.int(),
    name: z.string(),
    starts: z.int(),
    wins: z.int(),
    /** Starts that earned anything. */
    paid_starts: z.int().describe('starts that earned anything'),
    earnings_cents: cents(),
    /** First and last race day with a start (null with none). */
    first_date: isoDate().nullable().describe('the first race day with a start (null with none)'),
    last_date: isoDate().nullable().describe('the last race day with a start (null with none)'),
    bucket: z.enum(EARNINGS_BUCKETS),
    /** Oldest first; only buckets with a start. */
    timeline: z.array(earningsPointSchema).describe('oldest first; only buckets with a start'),
    /** Oldest first. */
    by_year: z.array(earningsYearSchema).describe('oldest first'),
    /** Highest earnings first, at most EARNINGS_LIMITS.byTrack rows. */
    by_track: z
      .array(earningsTrackSchema)
      .describe(`highest earnings first, at most ${EARNINGS_LIMITS.byTrack} rows (tracks_total counts them all)`),
    tracks_total: z.int(),
  })
  .meta({ id: 'EarningsSummaryResponse' });
export type EarningsSummaryResponse = z.infer<typeof earningsSummaryResponseSchema>;

/** One start and what it earned. */
export const earningsStartSchema = z
  .object({
    race_id: z.int(),
    race_name: z.string(),
    race_date: isoDate(),
    track_id: z.int(),
    track_name: z.string(),
    horse_id: z.int(),
    horse_name: z.string(),
    finish_position: z.int(),
    num_horses: z.int(),
    earnings_cents: cents(),
    /** Everything earned up to and including this start. */
    cumulative_cents: cents().describe('everything earned up to and including this start'),
  })
  .meta({ id: 'EarningsStart' });
export type EarningsStart = z.infer<typeof earningsStartSchema>;

export const earningsStartsPageSchema = listResponseSchema(earningsStartSchema).meta({ id: 'EarningsStartsPage' });
export type EarningsStartsPage = z.infer<typeof earningsStartsPageSchema>;

/** One horse's earnings (under a jockey, trainer or owner, or in all). */
export const earningsHorseSchema = z
  .object({
    horse_id: z.int(),
    horse_name: z.string(),
    starts: z.int(),
    wins: z.int(),
    earnings_cents: cents(),
    first_date: isoDate(),
    last_date: isoDate(),
  })
  .meta({ id: 'EarningsHorse' });
export type EarningsHorse = z.infer<typeof earningsHorseSchema>;

export const earningsHorsesPageSchema = listResponseSchema(earningsHorseSchema).meta({ id: 'EarningsHorsesPage' });
export type EarningsHorsesPage = z.infer<typeof earningsHorsesPageSchema>;

/** A page of a list: `limit` rows from `offset`. */
export const earningsPageQuerySchema = z.strictObject({
  limit: queryInteger(1, EARNINGS_LIMITS.pageMax, EARNINGS_LIMITS.pageDefault),
  offset: queryInteger(0, 2_147_483_647, 0),
});
export type EarningsPageQuery = z.output<typeof earningsPageQuerySchema>;

const SOURCE =
  'Counted from the official results: the seeded history and every race run here since (earnings_cents of each finisher).';

export const earningsApi = {
  summary: defineOperation({
    method: 'get',
    path: '/earnings/{kind}/{id}',
    tags: ['earnings'],
    access: 'public',
    summary: "A horse's, jockey's, trainer's or owner's earnings: totals, over time, by year and by track",
    description: `${SOURCE} The timeline has one point per race day, or per week, month or year when there would be more than ${EARNINGS_LIMITS.timelinePoints}.`,
    params: z.object({ kind: pathEnum(EARNINGS_KINDS), id: idParam() }),
    status: 200,
    response: earningsSummaryResponseSchema,
    errors: {
      400: 'the kind or the id is bad (each is named in `errors`)',
      404: 'no such horse, jockey, trainer or owner',
    },
  }),
  starts: defineOperation({
    method: 'get',
    path: '/earnings/{kind}/{id}/starts',
    tags: ['earnings'],
    access: 'public',
    summary: 'The starts of a horse, jockey, trainer or owner with what each earned, newest first (a page)',
    description: SOURCE,
    params: z.object({ kind: pathEnum(EARNINGS_KINDS), id: idParam() }),
    query: earningsPageQuerySchema,
    status: 200,
    response: earningsStartsPageSchema,
    errors: {
      400: 'the kind, the id or a query parameter is bad or unknown (each is named in `errors`)',
      404: 'no such horse, jockey, trainer or owner',
    },
  }),
  horses: defineOperation({
    method: 'get',
    path: '/earnings/{kind}/{id}/horses',
    tags: ['earnings'],
    access: 'public',
    summary: 'The horses a jockey rode, a trainer trained or an owner owned, with what each earned under them (a page)',
    description: `${SOURCE} Highest earnings first.`,
    params: z.object({ kind: pathEnum(EARNINGS_CONNECTION_KINDS), id: idParam() }),
    query: earningsPageQuerySchema,
    status: 200,
    response: earningsHorsesPageSchema,
    errors: {
      400: 'the kind, the id or a query parameter is bad or unknown (each is named in `errors`)',
      404: 'no such jockey, trainer or owner',
    },
  }),
  allHorses: defineOperation({
    method: 'get',
    path: '/earnings/horses',
    tags: ['earnings'],
    access: 'public',
    summary: 'Every horse with a start, by what it earned, highest first (a page)',
    description: SOURCE,
    query: earningsPageQuerySchema,
    status: 200,
    response: earningsHorsesPageSchema,
    errors: { 400: 'a bad or unknown query parameter (each is named in `errors`)' },
  }),
};
