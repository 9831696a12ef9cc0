import { z } from 'zod';
import { defineOperation, idParams, isoDate, isoDateTime } from './api';
import { runnerConnectionsShape, scratchedRunnerSchema } from './program';

/**
 * Live racing over REST: a finished race's official result, its verification from the revealed
 * seed, and the race runner's figures. The race itself goes out over Socket.IO (race-events.ts);
 * its `race:result` event carries the same LiveRaceResult.
 */

/** One finisher of a live race's official result. */
export const liveFinisherSchema = z
  .object({
    finish_position: z.int(),
    post_position: z.int(),
    horse_id: z.int(),
    horse_name: z.string(),
    ...runnerConnectionsShape,
    /** To the hundredth of a second: runners with equal recorded times dead-heat. */
    finish_time_ms: z.int(),
    speed_figure: z.int(),
    earnings_cents: z.int(),
    /** Shares its finish position with another runner (equal recorded times): boards show "DH". */
    dead_heat: z.boolean().describe('shares its finish position with another runner (a dead heat)'),
  })
  .meta({ id: 'LiveFinisher' });
export type LiveFinisher = z.infer<typeof liveFinisherSchema>;

/**
 * One runner as the engine ran it (the same shape as the domain's EngineRunner): fixed when betting
 * opened, published with the result so anyone can re-run the race from the revealed seed.
 */
export const liveEngineRunnerSchema = z
  .object({
    post_position: z.int(),
    horse_id: z.int(),
    speed_figure: z.number(),
    stamina: z.number(),
    jockey_skill: z.number(),
    early_speed: z.number(),
  })
  .meta({ id: 'LiveEngineRunner' });
export type LiveEngineRunner = z.infer<typeof liveEngineRunnerSchema>;

/** GET /api/current_races/{id}/result, GET /api/race_results/{id}, and the `race:result` event. */
export const liveRaceResultSchema = z
  .object({
    /** race_results.id */
    result_id: z.int(),
    current_race_id: z.int(),
    /** The catalog race written for this run (it joins the history and the statistics). */
    race_id: z.int().describe('the catalog race written for this run'),
    race_name: z.string(),
    track_id: z.int(),
    track_name: z.string(),
    race_date: isoDate(),
    furlongs: z.number(),
    surface_type: z.string(),
    track_condition: z.string(),
    finished_at: isoDateTime().describe('racing clock'),
    /** Winner's time. */
    race_duration_ms: z.int().describe("the winner's time"),
    wire_position: z.number(),
    /** The secret seed, revealed after the finish, and its SHA-256 published before the off. */
    seed: z.string().describe('the secret seed, revealed at the finish (hex)'),
    seed_hash: z.string().describe('SHA-256 of the seed, published when betting opened (hex)'),
    /** Winner first. */
    finishers: z.array(liveFinisherSchema).describe('winner first'),
    /**
     * The engine's runners in post-position order: with `seed` and the conditions (`furlongs`,
     * `surface_type` as the surface, `track_condition`) they are the whole input of simulateRace.
     */
    engine_runners: z
      .array(liveEngineRunnerSchema)
      .describe('the engine input (with seed, furlongs, surface_type, track_condition): re-run the race anywhere'),
    /** The runners scratched before the off (they did not start), in post-position order. */
    scratched: z.array(scratchedRunnerSchema).describe('runners scratched before the off, by post position'),
  })
  .meta({ id: 'LiveRaceResult' });
export type LiveRaceResult = z.infer<typeof liveRaceResultSchema>;

/** GET /api/current_races/{id}/verify: the server re-runs the engine from the revealed seed. */
export const raceVerificationSchema = z
  .object({
    current_race_id: z.int(),
    seed: z.string(),
    seed_hash: z.string(),
    /** SHA-256 of the seed equals the hash published before the off. */
    hash_matches: z.boolean(),
    /** The re-run's finish (order and times to the hundredth) equals the official one. */
    result_matches: z.boolean(),
    official_order: z.array(z.int()).describe('post positions, winner first'),
    rerun_order: z
      .array(z.int())
      .describe(
        "the re-run's post positions, winner first, as the official result lists them (a dead heat by program number)",
      ),
  })
  .meta({ id: 'RaceVerification' });
export type RaceVerification = z.infer<typeof raceVerificationSchema>;

/** GET /api/racing/runner: this instance's race runner. */
export const runnerStatsSchema = z
  .object({
    instance: z.string(),
    races_held: z.int(),
    races_running: z.int(),
    /** Lateness (ms) of the shared timer loop: how long after its due instant each frame or countdown went out. */
    tick_lateness_ms: z
      .object({ count: z.int(), p50: z.number(), p99: z.number(), max: z.number() })
      .describe('how long after its due instant each frame or countdown went out (ms, one decimal)'),
  })
  .meta({ id: 'RunnerStats' });
export type RunnerStats = z.infer<typeof runnerStatsSchema>;

/** POST /api/admin/current_races/{id}/scratches: an admin scratches a runner before the off. */
export const scratchRequestSchema = z
  .object({
    post_position: z.int().min(1).max(12).describe('the program number of the runner to scratch'),
    reason: z
      .string()
      .trim()
      .min(1, 'give a reason')
      .max(200)
      .describe("why, as the card shows it (e.g. 'Vet scratch')"),
  })
  .strict()
  .meta({ id: 'ScratchRequest' });
export type ScratchRequest = z.infer<typeof scratchRequestSchema>;

/** What a scratch did: the runner, the starters left, the refunds, and whether the race was cancelled. */
export const scratchResultSchema = z
  .object({
    current_race_id: z.int(),
    scratched: scratchedRunnerSchema,
    /** Runners still to start. */
    starters: z.int().describe('runners still to start'),
    /** Bets given money back (their combinations naming the runner, single-race pools). */
    refunded_bets: z.int().describe('bets given money back for their combinations naming the runner'),
    /** What the bettors got back in all (the house's own pool money on those combinations aside). */
    refunded_cents: z.int().describe("what the bettors got back (the house's own money on those combinations aside)"),
    /** Fewer than the minimum starters were left: the race is cancelled and its pools refunded. */
    cancelled: z.boolean().describe('fewer than six starters were left: the race is cancelled and every pool refunded'),
  })
  .meta({ id: 'ScratchResult' });
export type ScratchResult = z.infer<typeof scratchResultSchema>;

export const racingApi = {
  scratchRunner: defineOperation({
    method: 'post',
    path: '/admin/current_races/{id}/scratches',
    tags: ['admin', 'racing'],
    access: 'admin',
    summary: 'Scratch a runner before the off (admins only)',
    description:
      'Single-race pools refund every combination naming the runner (a ledger entry per bettor, reason scratch_refund); Daily Double and Pick N tickets holding it are settled on the post-time favourite of its leg. A race left with fewer than six starters is cancelled and refunded.',
    params: idParams(),
    body: scratchRequestSchema,
    status: 201,
    response: scratchResultSchema,
    errors: {
      400: 'a bad id, post_position or reason (each is named in `errors`)',
      401: 'not logged in, or the session ran out (reason `not_logged_in` or `session_expired`)',
      403: 'you are not an admin (reason `forbidden`)',
      404: 'no such race, or no runner with that post_position',
      409: 'the runner is already scratched (reason `already_scratched`), or betting has closed (reason `betting_closed`)',
    },
  }),

  currentRaceResult: defineOperation({
    method: 'get',
    path: '/current_races/{id}/result',
    tags: ['racing'],
    access: 'public',
    summary: "A finished live race's official result (404 until it has finished)",
    params: idParams(),
    status: 200,
    response: liveRaceResultSchema,
    errors: { 400: 'a bad id', 404: 'no such race, or it has not finished' },
  }),
  verify: defineOperation({
    method: 'get',
    path: '/current_races/{id}/verify',
    tags: ['racing'],
    access: 'public',
    summary: 'Re-run a finished race from its revealed seed and compare it with the official result',
    description:
      'hash_matches: SHA-256 of the seed equals the hash published before the off; result_matches: the re-run finishes as officially recorded.',
    params: idParams(),
    status: 200,
    response: raceVerificationSchema,
    errors: { 400: 'a bad id', 404: 'no such race', 409: 'the race has not finished: its seed is still secret' },
  }),
  raceResult: defineOperation({
    method: 'get',
    path: '/race_results/{id}',
    tags: ['racing'],
    access: 'public',
    summary: 'A live race result by its result id',
    params: idParams(),
    status: 200,
    response: liveRaceResultSchema,
    errors: { 400: 'a bad id', 404: 'no such result' },
  }),
  runnerStats: defineOperation({
    method: 'get',
    path: '/racing/runner',
    tags: ['racing'],
    access: 'public',
    summary: "This instance's race runner: races held and the lateness of its timer loop",
    status: 200,
    response: runnerStatsSchema,
  }),
};
