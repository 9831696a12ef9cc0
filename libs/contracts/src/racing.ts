import { z } from 'zod';
import { defineOperation, idParams, isoDate, isoDateTime } from './api';
import { runnerConnectionsShape } from './program';

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
    /** The re-run's finish order (post positions) equals the official one. */
    result_matches: z.boolean(),
    official_order: z.array(z.int()).describe('post positions, winner first'),
    rerun_order: z.array(z.int()),
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

export const racingApi = {
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
