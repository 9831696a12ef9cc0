import { z } from 'zod';
import { defineOperation, idParams, isoDate, queryEnum, queryInteger } from './api';

/** Whose figures a leader board ranks. */
export const STATS_LEADER_KINDS = ['jockeys', 'trainers', 'horses', 'owners'] as const;
export type StatsLeaderKind = (typeof STATS_LEADER_KINDS)[number];

/** What a leader board ranks by (always highest first). */
export const STATS_LEADER_SORTS = ['wins', 'win_pct', 'earnings', 'starts'] as const;
export type StatsLeaderSort = (typeof STATS_LEADER_SORTS)[number];

/** Distance buckets of the by_distance breakdown. */
export const SPRINT_KEY = 'Sprint (< 8 f)';
export const ROUTE_KEY = 'Route (≥ 8 f)';

/** How much the stats endpoints show. */
export const STATS_LIMITS = {
  /** Starts listed on a jockey's or trainer's page. */
  recentStarts: 20,
  leadersDefaultLimit: 10,
  leadersMaxLimit: 100,
  minStartsMax: 100_000,
  /** Without min_starts, a win-rate board counts only this many starts and up (one lucky win is not a rate). */
  winPctDefaultMinStarts: 5,
} as const;

const percent = () => z.number().describe('percent, 0–100, two decimals');

/**
 * Starts and wins of one group. Percentages are 0–100 with two decimals (win_pct = 100 × wins / starts,
 * 0 with no starts).
 */
export const winBreakdownSchema = z
  .object({ key: z.string(), starts: z.int(), wins: z.int(), win_pct: percent() })
  .meta({ id: 'WinBreakdown' });
export type WinBreakdown = z.infer<typeof winBreakdownSchema>;

/** A short reading of how a jockey or trainer wins, with the figures behind it. */
export const connectionStyleSchema = z
  .object({ label: z.string(), description: z.string() })
  .meta({ id: 'ConnectionStyle' });
export type ConnectionStyle = z.infer<typeof connectionStyleSchema>;

/** One start of a jockey or trainer, newest first. */
export const recentStartSchema = z
  .object({
    race_id: z.int(),
    race_name: z.string(),
    race_date: isoDate(),
    track_name: z.string(),
    furlongs: z.number(),
    surface_type: z.string(),
    track_condition: z.string(),
    horse_id: z.int(),
    horse_name: z.string(),
    post_position: z.int(),
    finish_position: z.int(),
    num_horses: z.int(),
    finish_time_ms: z.int(),
    speed_figure: z.int(),
    earnings_cents: z.int(),
  })
  .meta({ id: 'RecentStart' });
export type RecentStart = z.infer<typeof recentStartSchema>;

/** GET /api/stats/jockeys/{id} and GET /api/stats/trainers/{id} */
export const connectionStatsResponseSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    starts: z.int(),
    wins: z.int(),
    /** Second places. */
    places: z.int().describe('second places'),
    /** Third places. */
    shows: z.int().describe('third places'),
    win_pct: percent(),
    /** In the money: top three, percent. */
    itm_pct: percent().describe('in the money (top three), percent, 0–100, two decimals'),
    earnings_cents: z.int(),
    /** Null with no starts. */
    avg_speed_figure: z.number().nullable().describe('null with no starts'),
    avg_finish_position: z.number().nullable().describe('null with no starts'),
    /** Most starts first. */
    by_surface: z.array(winBreakdownSchema).describe('most starts first'),
    by_condition: z.array(winBreakdownSchema).describe('most starts first'),
    /** Always both buckets: SPRINT_KEY then ROUTE_KEY. */
    by_distance: z.array(winBreakdownSchema).describe(`always both buckets: '${SPRINT_KEY}' then '${ROUTE_KEY}'`),
    /** Always posts '1' … '12'. */
    by_post_position: z.array(winBreakdownSchema).describe("always posts '1' … '12'"),
    style: connectionStyleSchema,
    /** The last 20 starts, newest first. */
    recent: z.array(recentStartSchema).describe(`the last ${STATS_LIMITS.recentStarts} starts, newest first`),
  })
  .meta({ id: 'ConnectionStatsResponse' });
export type ConnectionStatsResponse = z.infer<typeof connectionStatsResponseSchema>;

export const leaderRowSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    starts: z.int(),
    wins: z.int(),
    places: z.int(),
    shows: z.int(),
    win_pct: percent(),
    earnings_cents: z.int(),
  })
  .meta({ id: 'LeaderRow' });
export type LeaderRow = z.infer<typeof leaderRowSchema>;

/** GET /api/stats/leaders?kind=&sort=&limit=&min_starts= */
export const leadersResponseSchema = z
  .object({
    kind: z.enum(STATS_LEADER_KINDS),
    sort: z.enum(STATS_LEADER_SORTS),
    limit: z.int(),
    min_starts: z.int(),
    items: z.array(leaderRowSchema),
  })
  .meta({ id: 'LeadersResponse' });
export type LeadersResponse = z.infer<typeof leadersResponseSchema>;

/** Races of one field size. */
export const fieldSizeFigureSchema = z
  .object({
    /** Runners, '1' … '12'. */
    key: z.string().describe("runners, '1' … '12'"),
    races: z.int(),
    /** Share of all races, percent. */
    pct_of_races: percent().describe('share of all races, percent, 0–100, two decimals'),
    avg_winning_time_per_furlong_ms: z.number(),
  })
  .meta({ id: 'FieldSizeFigure' });
export type FieldSizeFigure = z.infer<typeof fieldSizeFigureSchema>;

/** GET /api/stats/overview */
export const statsOverviewResponseSchema = z
  .object({
    races: z.int(),
    starters: z.int(),
    avg_field_size: z.number(),
    avg_winning_time_per_furlong_ms: z.number().nullable(),
    /** First and last race day with a result (null with none). */
    first_date: isoDate().nullable().describe('the first race day with a result (null with none)'),
    last_date: isoDate().nullable().describe('the last race day with a result (null with none)'),
    by_post_position: z.array(winBreakdownSchema),
    by_field_size: z.array(fieldSizeFigureSchema),
    top_horses: z.array(leaderRowSchema),
    top_jockeys: z.array(leaderRowSchema),
    top_trainers: z.array(leaderRowSchema),
  })
  .meta({ id: 'StatsOverviewResponse' });
export type StatsOverviewResponse = z.infer<typeof statsOverviewResponseSchema>;

/** Figures of the races run under one track condition or on one surface. */
export const goingFigureSchema = z
  .object({
    key: z.string(),
    races: z.int(),
    /** Null when no race with a result was run under it. */
    avg_winning_time_per_furlong_ms: z.number().nullable().describe('null when no race with a result was run under it'),
    /** Mean speed figure of every starter. */
    avg_speed_figure: z.number().nullable().describe('mean speed figure of every starter'),
    avg_field_size: z.number().nullable(),
  })
  .meta({ id: 'GoingFigure' });
export type GoingFigure = z.infer<typeof goingFigureSchema>;

export const trackConditionFigureSchema = goingFigureSchema
  .extend({
    /** Tracks whose current condition is this one. */
    tracks_now: z.int().describe('tracks whose current condition is this one'),
  })
  .meta({ id: 'TrackConditionFigure' });
export type TrackConditionFigure = z.infer<typeof trackConditionFigureSchema>;

export const trackTypeFigureSchema = goingFigureSchema
  .extend({
    /** Tracks with this surface. */
    tracks: z.int().describe('tracks with this surface'),
  })
  .meta({ id: 'TrackTypeFigure' });
export type TrackTypeFigure = z.infer<typeof trackTypeFigureSchema>;

/** GET /api/stats/track-conditions (most races first) */
export const trackConditionsResponseSchema = z
  .object({ items: z.array(trackConditionFigureSchema).describe('most races first') })
  .meta({ id: 'TrackConditionsResponse' });
export type TrackConditionsResponse = z.infer<typeof trackConditionsResponseSchema>;

/** GET /api/stats/track-types (most races first) */
export const trackTypesResponseSchema = z
  .object({ items: z.array(trackTypeFigureSchema).describe('most races first') })
  .meta({ id: 'TrackTypesResponse' });
export type TrackTypesResponse = z.infer<typeof trackTypesResponseSchema>;

/** GET /api/stats/leaders: every parameter has a default. */
export const leadersQuerySchema = z.strictObject({
  kind: queryEnum(STATS_LEADER_KINDS, 'jockeys'),
  sort: queryEnum(STATS_LEADER_SORTS, 'wins'),
  limit: queryInteger(1, STATS_LIMITS.leadersMaxLimit, STATS_LIMITS.leadersDefaultLimit),
  /** Absent: 1, or STATS_LIMITS.winPctDefaultMinStarts when sort=win_pct. */
  min_starts: queryInteger(1, STATS_LIMITS.minStartsMax).describe(
    `Only those with at least this many starts; default 1 (${STATS_LIMITS.winPctDefaultMinStarts} when sort=win_pct)`,
  ),
});
export type LeadersQuery = z.output<typeof leadersQuerySchema>;

const CONNECTION_DESCRIPTION = `Record, win and in-the-money rates, earnings, breakdowns by surface, condition, distance and post, a style reading, and the last ${STATS_LIMITS.recentStarts} starts.`;

export const statsApi = {
  jockey: defineOperation({
    method: 'get',
    path: '/stats/jockeys/{id}',
    tags: ['stats'],
    access: 'public',
    summary: "A jockey's figures from the race results",
    description: CONNECTION_DESCRIPTION,
    params: idParams(),
    status: 200,
    response: connectionStatsResponseSchema,
    errors: { 400: 'the id is not a positive integer', 404: 'no such jockey' },
  }),
  trainer: defineOperation({
    method: 'get',
    path: '/stats/trainers/{id}',
    tags: ['stats'],
    access: 'public',
    summary: "A trainer's figures from the race results",
    description: CONNECTION_DESCRIPTION,
    params: idParams(),
    status: 200,
    response: connectionStatsResponseSchema,
    errors: { 400: 'the id is not a positive integer', 404: 'no such trainer' },
  }),
  leaders: defineOperation({
    method: 'get',
    path: '/stats/leaders',
    tags: ['stats'],
    access: 'public',
    summary: 'A leader board of jockeys, trainers, horses or owners (highest first)',
    query: leadersQuerySchema,
    status: 200,
    response: leadersResponseSchema,
    errors: { 400: 'a bad or unknown query parameter (each is named in `errors`)' },
  }),
  overview: defineOperation({
    method: 'get',
    path: '/stats/overview',
    tags: ['stats'],
    access: 'public',
    summary: 'Figures over every race result: size, field sizes, post positions, top five',
    status: 200,
    response: statsOverviewResponseSchema,
  }),
  trackConditions: defineOperation({
    method: 'get',
    path: '/stats/track-conditions',
    tags: ['stats'],
    access: 'public',
    summary: 'Race figures per track condition, and how many tracks list each condition now',
    status: 200,
    response: trackConditionsResponseSchema,
  }),
  trackTypes: defineOperation({
    method: 'get',
    path: '/stats/track-types',
    tags: ['stats'],
    access: 'public',
    summary: 'Race figures per surface, and how many tracks have each surface',
    status: 200,
    response: trackTypesResponseSchema,
  }),
};
