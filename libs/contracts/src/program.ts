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
    race_class: z.string().meta({
      description:
        'the class, decided with the card from the purse: Claiming, Allowance Optional Claiming, Allowance, Stakes, Graded Stakes',
      examples: ['Claiming'],
    }),
    race_title: z.string().meta({
      description: "the race's own name, as a program prints it (race_name is its place on the card)",
      examples: ['Claiming $12,500', 'The Lexington Stakes (G2)'],
    }),
    conditions: z.string().meta({
      description: 'who may run, the trip and surface, and the purse',
      examples: ['For horses entered to be claimed for $12,500. Six Furlongs on the dirt. Purse $17,000.'],
    }),
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

/** A runner's sex as the program gives it: colt or filly up to four, horse or mare from five. */
export const RUNNER_SEXES = ['colt', 'filly', 'horse', 'mare'] as const;

/** One runner of a current race with its connections (trainer and owner are the horse's own). */
export const currentRaceRunnerSchema = z
  .object({
    /** The program number, which is the post position here (saddle cloth of that number). */
    post_position: z.int().describe('program number and post position: the saddle cloth carries it'),
    horse_id: z.int(),
    horse_name: z.string(),
    /** The horse's 7-digit registration number (not its program number). */
    horse_number: z.int().describe("the horse's registration number, not its program number"),
    ...runnerConnectionsShape,
    age: z.int().describe('years, counted from 1 January of the year of birth to the race day'),
    sex: z.enum(RUNNER_SEXES),
    weight_lbs: z.int().describe('weight carried (lb), fixed when the card was made'),
    morning_line: z
      .string()
      .nullable()
      .meta({
        description:
          'the morning line as the tote shows odds, fixed when the card was made; null for a race finished before lines were kept',
        examples: ['5-2'],
      }),
    last_finishes: z
      .array(z.int())
      .describe('finishing positions of its last three races before this one, the latest first'),
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

/** One runner's morning line (GET /api/current_races/{id}/morning_line). */
export const morningLineRunnerSchema = z
  .object({
    post_position: z.int().describe('program number'),
    horse_id: z.int(),
    horse_name: z.string(),
    jockey_id: z.int(),
    jockey_name: z.string(),
    score: z.number().nullable().describe('the weighted score of spec §9; null without a stored line'),
    odds: z.number().nullable().describe('odds to 1, two decimals (spec §9); null without a stored line'),
    morning_line: z
      .string()
      .nullable()
      .meta({ description: 'the odds as the tote shows them', examples: ['5-2'] }),
  })
  .meta({ id: 'MorningLineRunner' });
export type MorningLineRunner = z.infer<typeof morningLineRunnerSchema>;

/** GET /api/current_races/{id}/morning_line */
export const morningLineResponseSchema = z
  .object({
    race_id: z.int(),
    race_name: z.string(),
    race_title: z.string(),
    /** In post-position order. */
    runners: z.array(morningLineRunnerSchema).describe('in post-position order'),
    top: z.array(z.int()).describe('program numbers of the Top 3 by score, best first'),
  })
  .meta({ id: 'MorningLineResponse' });
export type MorningLineResponse = z.infer<typeof morningLineResponseSchema>;

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
  morningLine: defineOperation({
    method: 'get',
    path: '/current_races/{id}/morning_line',
    tags: ['program'],
    access: 'public',
    summary: "A race's morning line: per runner the score and odds, and the Top 3",
    description:
      "Made once when the race's card was made (spec §9 weights, from the runners' form then) and never again, so the race's own result does not move it.",
    params: idParams(),
    status: 200,
    response: morningLineResponseSchema,
    errors: { 400: 'a bad id', 404: 'no such race' },
  }),
};
