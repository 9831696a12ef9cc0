import { parseCalendarDate } from '@furlong/domain';
import { z } from 'zod';
import { defineOperation, idParam, idParams, isoDate, isoDateTime, queryDate, queryEnum, queryInteger } from './api';

/** Phases of a current race, in order (a race may also be cancelled). */
export const CURRENT_RACE_STATUSES = ['scheduled', 'open', 'closed', 'running', 'finished', 'cancelled'] as const;
export type CurrentRaceStatus = (typeof CURRENT_RACE_STATUSES)[number];

/**
 * Why a race was cancelled: `missed_post`, it had not started a minute (wall time) after its post
 * time because the server was not running (or not racing) then; `not_recorded`, it ran but its
 * result could not be written; `too_few_starters`, scratches left it fewer starters than the minimum
 * (domain MIN_RUNNERS). Every cancelled race carries one.
 */
export const RACE_CANCEL_REASONS = ['missed_post', 'not_recorded', 'too_few_starters'] as const;
export type RaceCancelReason = (typeof RACE_CANCEL_REASONS)[number];

/** What each cancel reason says to a bettor, after "Cancelled: ". */
export const RACE_CANCEL_REASON_TEXT: Record<RaceCancelReason, string> = {
  missed_post: 'the server was not running at post time',
  not_recorded: 'its result could not be recorded',
  too_few_starters: 'scratches left too few starters',
};

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
    /** Why the race was cancelled; null unless it was. */
    cancel_reason: z
      .enum(RACE_CANCEL_REASONS)
      .nullable()
      .describe(
        'why the race was cancelled (missed_post: the server was not running at post time; not_recorded: its result could not be written; too_few_starters: scratches left fewer than six starters); null unless cancelled',
      ),
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

/** Who scratched a runner: an admin, or the simulation (a day made realistic). */
export const SCRATCHED_BY = ['admin', 'simulation'] as const;

/** A scratch as every read of a race shows it: when, why and by whom (admin or simulation). */
export const scratchShape = {
  reason: z.string().describe('why the runner was scratched, as the card shows it'),
  scratched_at: isoDateTime().describe('racing clock'),
  scratched_by: z.enum(SCRATCHED_BY).describe('an admin, or the simulation'),
};
export const scratchSchema = z.object(scratchShape).meta({ id: 'Scratch' });
export type Scratch = z.infer<typeof scratchSchema>;

/** A scratched runner of a race (race view, tote, results). */
export const scratchedRunnerSchema = z
  .object({
    post_position: z.int(),
    horse_id: z.int(),
    horse_name: z.string(),
    ...scratchShape,
  })
  .meta({ id: 'ScratchedRunner' });
export type ScratchedRunner = z.infer<typeof scratchedRunnerSchema>;

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
    /** The scratch, when the runner was withdrawn (it does not start); null for a starter. */
    scratch: scratchSchema
      .nullable()
      .describe('set when the runner was scratched (it does not start); null for a starter'),
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
    /** The track's local time minus UTC, in minutes (to show the post time as the track's clock reads it). */
    utc_offset_minutes: z.int().meta({ description: "the track's local time minus UTC, minutes", examples: [-300] }),
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

/** GET /api/next_to_post: races listed. */
export const NEXT_TO_POST_DEFAULT_LIMIT = 10;
export const NEXT_TO_POST_MAX_LIMIT = 50;

/** The phases of a race that is not off yet. */
export const NOT_OFF_STATUSES = ['scheduled', 'open', 'closed'] as const;

const mtpSchema = () =>
  z
    .int()
    .min(0)
    .describe(
      'minutes to post on the racing clock at server_time, rounded up (30 s left is 1); 0 from post time until the off',
    );

/** A race about to go off, as the next-to-post list shows it. */
export const nextToPostRaceSchema = z
  .object({
    id: z.int(),
    track_id: z.int(),
    track_name: z.string(),
    location: z.string(),
    race_number: z.int(),
    race_name: z.string(),
    race_date: isoDate(),
    /** ISO 8601 instant on the racing clock. */
    post_time: isoDateTime(),
    status: z.enum(NOT_OFF_STATUSES).describe('scheduled, open (betting) or closed (at post, about to go off)'),
    mtp: mtpSchema(),
    num_horses: z.int().describe('starters: the drawn field less any scratched runner'),
    /** The track's local time minus UTC, in minutes. */
    utc_offset_minutes: z.int().describe("the track's local time minus UTC, minutes"),
  })
  .meta({ id: 'NextToPostRace' });
export type NextToPostRace = z.infer<typeof nextToPostRaceSchema>;

/** A race running now, to watch. */
export const runningRaceSchema = z
  .object({
    id: z.int(),
    track_id: z.int(),
    track_name: z.string(),
    location: z.string(),
    race_number: z.int(),
    race_name: z.string(),
    post_time: isoDateTime(),
    num_horses: z.int(),
  })
  .meta({ id: 'RunningRace' });
export type RunningRace = z.infer<typeof runningRaceSchema>;

/** One track's day as the next-to-post board sees it. */
export const nextToPostTrackSchema = z
  .object({
    track_id: z.int(),
    track_name: z.string(),
    location: z.string(),
    utc_offset_minutes: z.int().describe("the track's local time minus UTC, minutes"),
    /** The track's calendar day on the racing clock. */
    local_date: isoDate().describe("the track's calendar day now (racing clock)"),
    /** Post time of race 1 that day; null when its card is not made yet. */
    first_post_time: isoDateTime().nullable().describe('post time of race 1 of the day; null when no card is made'),
    races_today: z.int().min(0),
    /** Races of the day not off yet (and not cancelled). */
    races_left: z.int().min(0).describe('races of the day not off yet'),
    /** The day's next race to go off; null when there is no racing left today. */
    next_race: z
      .object({
        id: z.int(),
        race_number: z.int(),
        post_time: isoDateTime(),
        status: z.enum(NOT_OFF_STATUSES),
        mtp: mtpSchema(),
      })
      .nullable()
      .describe('the next race to go off today; null when there is no racing left today'),
    /** The race running there now, if one is. */
    running_race: z.object({ id: z.int(), race_number: z.int() }).nullable().describe('the race running now, if any'),
    /** The day's cancelled races, by race number. */
    cancelled_race_numbers: z.array(z.int()).describe("the day's cancelled races, by number"),
    /** Why the day's last cancelled race was cancelled; null with none. */
    cancel_reason: z
      .enum(RACE_CANCEL_REASONS)
      .nullable()
      .describe("why the day's latest cancelled race was cancelled; null with none"),
  })
  .meta({ id: 'NextToPostTrack' });
export type NextToPostTrack = z.infer<typeof nextToPostTrackSchema>;

/** GET /api/next_to_post?limit= */
export const nextToPostResponseSchema = z
  .object({
    ...racingClockStampShape,
    /** Races not off yet across all tracks, soonest post time first. */
    races: z.array(nextToPostRaceSchema).describe('races not off yet across all tracks, soonest first'),
    /** Races running now, earliest post first. */
    running: z.array(runningRaceSchema).describe('races running now, earliest post first'),
    /**
     * Every track: those with racing left by their next race's post time, then those with none
     * left today by location.
     */
    tracks: z
      .array(nextToPostTrackSchema)
      .describe("every track: by its next race's post time, then those with no racing left today by location"),
  })
  .meta({ id: 'NextToPostResponse' });
export type NextToPostResponse = z.infer<typeof nextToPostResponseSchema>;

export const nextToPostQuerySchema = z
  .object({
    limit: queryInteger(1, NEXT_TO_POST_MAX_LIMIT, NEXT_TO_POST_DEFAULT_LIMIT).describe('races listed'),
  })
  .strict();
export type NextToPostQuery = z.output<typeof nextToPostQuerySchema>;

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
  nextToPost: defineOperation({
    method: 'get',
    path: '/next_to_post',
    tags: ['program'],
    access: 'public',
    summary: 'Races about to go off across all tracks, soonest first, with minutes to post',
    description:
      "Races not off yet (soonest post time first, with MTP on the racing clock), the races running now, and every track's day: its next race, races left, and cancelled races with the reason. Count down from post_time with server_time and time_scale.",
    query: nextToPostQuerySchema,
    status: 200,
    response: nextToPostResponseSchema,
    errors: { 400: 'a bad limit' },
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
