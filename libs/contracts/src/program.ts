import { parseCalendarDate } from '@furlong/domain';
import { z } from 'zod';
import { defineOperation, idParam, idParams, isoDate, isoDateTime, queryDate, queryEnum, queryInteger } from './api';

/** Phases of a current race, in order (a race may also be cancelled). */
export const CURRENT_RACE_STATUSES = ['scheduled', 'open', 'closed', 'running', 'finished', 'cancelled'] as const;
export type CurrentRaceStatus = (typeof CURRENT_RACE_STATUSES)[number];

/** A public GET makes a track's card on demand only for days near today (UTC): a week back, a month ahead. */
export const CARD_DAYS_BACK = 7;
export const CARD_DAYS_AHEAD = 30;

/** GET /api/current_races: page sizes. */
export const CURRENT_RACES_DEFAULT_LIMIT = 25;
export const CURRENT_RACES_MAX_LIMIT = 500;
const INT_MAX = 2_147_483_647;

/** The track header of a day card. Clock times are hh:mm:ss, the track's local time. */
export const cardTrackSchema = z
  .object({
    id: z.int(),
    track_name: z.string(),
    location: z.string(),
    /** Post time of race 1, local time at the track. */
    start_time: z
      .string()
      .meta({ description: "post time of race 1: hh:mm:ss, the track's local time", examples: ['13:00:00'] }),
    /** The track's local time minus UTC, in minutes: post time (UTC) = date + start_time − offset. */
    utc_offset_minutes: z.int().meta({ description: 'local time minus UTC, minutes', examples: [-300] }),
    daily_races: z.int(),
    /** Minutes between consecutive races. */
    race_intervals: z.int().describe('minutes between races'),
    surface_type: z.string(),
    track_condition: z.string(),
    weather: z.string(),
  })
  .meta({ id: 'CardTrack' });
export type CardTrack = z.infer<typeof cardTrackSchema>;

/** One race of a day's card (a "current race"). */
export const currentRaceSummarySchema = z
  .object({
    id: z.int(),
    track_id: z.int(),
    race_number: z.int(),
    /** "{location} Race {n}" */
    race_name: z.string().meta({ examples: ['Saratoga Springs Race 3'] }),
    /** YYYY-MM-DD */
    race_date: isoDate(),
    /** ISO 8601 instant: race date + track start + (n − 1) × interval. */
    post_time: isoDateTime(),
    location: z.string(),
    miles: z.number(),
    furlongs: z.number(),
    meters: z.int(),
    num_horses: z.int(),
    weather: z.string(),
    surface_type: z.string(),
    track_condition: z.string(),
    purse_cents: z.int(),
    status: z.enum(CURRENT_RACE_STATUSES).describe('the phase of the race'),
    /** SHA-256 of the race's secret seed, once betting opens; null before. */
    seed_hash: z.string().nullable().describe('SHA-256 (hex) of the secret seed, published when betting opens'),
  })
  .meta({ id: 'CurrentRaceSummary' });
export type CurrentRaceSummary = z.infer<typeof currentRaceSummarySchema>;

/** A runner's connections: its jockey, and the horse's own trainer and owner (null when it has none). */
export const runnerConnectionsShape = {
  jockey_id: z.int(),
  jockey_name: z.string(),
  trainer_id: z.int().nullable(),
  trainer_name: z.string().nullable(),
  owner_id: z.int().nullable(),
  owner_name: z.string().nullable(),
};

/** One runner of a current race with its connections (trainer and owner are the horse's own). */
export const currentRaceRunnerSchema = z
  .object({
    post_position: z.int(),
    horse_id: z.int(),
    horse_name: z.string(),
    horse_number: z.int(),
    ...runnerConnectionsShape,
  })
  .meta({ id: 'CurrentRaceRunner' });
export type CurrentRaceRunner = z.infer<typeof currentRaceRunnerSchema>;

/**
 * The racing clock as an answer saw it: countdowns run from `server_time` at `time_scale` racing
 * seconds per wall second (1 in production; more in demos and tests).
 */
const racingClockStampShape = {
  /** The server's racing clock (ISO 8601). */
  server_time: isoDateTime().describe('the racing clock now'),
  time_scale: z.number().describe('racing seconds per wall second (1 in production)'),
};
export const racingClockStampSchema = z.object(racingClockStampShape);
export type RacingClockStamp = z.infer<typeof racingClockStampSchema>;

/** GET /api/current_races/{id} */
export const currentRaceDetailSchema = currentRaceSummarySchema
  .extend({
    track_name: z.string(),
    ...racingClockStampShape,
    /** The secret seed (hex), revealed once the race has finished; null before. */
    seed: z.string().nullable().describe('the secret seed (hex), revealed once finished'),
    /** In post-position order. */
    entries: z.array(currentRaceRunnerSchema).describe('in post-position order'),
  })
  .meta({ id: 'CurrentRaceDetail' });
export type CurrentRaceDetail = z.infer<typeof currentRaceDetailSchema>;

/** GET /api/program/tracks/{trackId}/card?date=YYYY-MM-DD */
export const trackCardResponseSchema = z
  .object({
    track: cardTrackSchema,
    /** YYYY-MM-DD (UTC) */
    date: isoDate(),
    ...racingClockStampShape,
    /** In race-number order. */
    races: z.array(currentRaceSummarySchema).describe('in race-number order'),
  })
  .meta({ id: 'TrackCardResponse' });
export type TrackCardResponse = z.infer<typeof trackCardResponseSchema>;

/** GET /api/current_races?track_id=&date=&status=&limit=&offset= (newest post time first). */
export const currentRaceListResponseSchema = z
  .object({
    items: z.array(currentRaceSummarySchema),
    ...racingClockStampShape,
    total: z.int().min(0),
    limit: z.int().min(0),
    offset: z.int().min(0),
  })
  .meta({ id: 'CurrentRaceListResponse' });
export type CurrentRaceListResponse = z.infer<typeof currentRaceListResponseSchema>;

/** GET /api/current_races: filters and page. */
export const currentRaceListQuerySchema = z
  .object({
    track_id: queryInteger(1, INT_MAX),
    date: queryDate().refine((text) => text === undefined || parseCalendarDate(text) !== null, {
      error: (issue) => `must be a date YYYY-MM-DD, got '${String(issue.input).slice(0, 40)}'`,
    }),
    status: queryEnum(CURRENT_RACE_STATUSES),
    limit: queryInteger(1, CURRENT_RACES_MAX_LIMIT, CURRENT_RACES_DEFAULT_LIMIT),
    offset: queryInteger(0, INT_MAX, 0),
  })
  .strict();
export type CurrentRaceListQuery = z.output<typeof currentRaceListQuerySchema>;

/**
 * GET /api/program/tracks/{trackId}/card: the day. Whether it is a date, and near enough to today
 * on the racing clock, is the server's check (after the unknown parameters, in a 400 of its own).
 */
export const trackCardQuerySchema = z
  .object({
    date: queryDate().meta({
      description: `YYYY-MM-DD (UTC), default the track's own day; from ${CARD_DAYS_BACK} days back to ${CARD_DAYS_AHEAD} days ahead`,
    }),
  })
  .strict();
export type TrackCardQuery = z.output<typeof trackCardQuerySchema>;

export const programApi = {
  trackCard: defineOperation({
    method: 'get',
    path: '/program/tracks/{trackId}/card',
    tags: ['program'],
    access: 'public',
    summary: "A track's card for a day",
    description:
      'The races of the day (made on first request, the same every time): post time = track start + (n − 1) × interval, 6–12 runners each.',
    params: z.object({ trackId: idParam() }),
    query: trackCardQuerySchema,
    status: 200,
    response: trackCardResponseSchema,
    errors: { 400: 'a bad track id or date, or a day too far from today', 404: 'no such track' },
  }),
  listCurrentRaces: defineOperation({
    method: 'get',
    path: '/current_races',
    tags: ['program'],
    access: 'public',
    summary: 'List current races, newest post time first',
    query: currentRaceListQuerySchema,
    status: 200,
    response: currentRaceListResponseSchema,
    errors: { 400: 'a bad filter or page parameter' },
  }),
  currentRace: defineOperation({
    method: 'get',
    path: '/current_races/{id}',
    tags: ['program'],
    access: 'public',
    summary: 'One current race with its runners in post-position order',
    params: idParams(),
    status: 200,
    response: currentRaceDetailSchema,
    errors: { 400: 'a bad id', 404: 'no such race' },
  }),
};
