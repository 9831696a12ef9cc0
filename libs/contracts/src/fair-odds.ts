import { z } from 'zod';
import { defineOperation, idParams, isoDateTime, queryInteger } from './api';
import { CURRENT_RACE_STATUSES } from './program';

/**
 * Fair odds from the engine: when betting opens on a race, the server runs the race thousands of
 * times on seeds of its own (never the race's secret one) over its starters and conditions, and
 * keeps each runner's chance to win, place and show. Fair odds are (1 − p) ÷ p to 1; live odds
 * above them, by at least the overlay margin of expected return, are an overlay.
 */

/**
 * `ready`: the chances of the field that will run; `pending`: being worked out (the race opened or a
 * runner was scratched moments ago); `not_available`: none to give (the race has not opened, or
 * finished or was cancelled without them, or the simulation is turned off).
 */
export const FAIR_ODDS_STATUSES = ['ready', 'pending', 'not_available'] as const;
export type FairOddsStatus = (typeof FAIR_ODDS_STATUSES)[number];

/**
 * Live odds are an overlay when a $1 bet at them returns, at the fair chance, at least this much
 * more than $1 on average: (live + 1) ÷ (fair + 1) − 1 > margin (domain isOverlay).
 */
export const FAIR_ODDS_OVERLAY_MARGIN = 0.1;

const chance = () => z.number().min(0).max(1);
const oddsToOne = () => z.number().min(0).nullable();

/** One starter's simulated chances, their fair odds and standard errors, and the live win odds beside them. */
export const fairOddsRunnerSchema = z
  .object({
    post_position: z.int(),
    horse_name: z.string(),
    win_probability: chance().describe('share of the runs it won (a dead heat for the win counts 1/k)'),
    place_probability: chance().describe('share of the runs it finished first or second'),
    show_probability: chance().describe('share of the runs it finished in the first three'),
    win_standard_error: z.number().min(0).describe('binomial standard error of win_probability over the runs'),
    place_standard_error: z.number().min(0),
    show_standard_error: z.number().min(0),
    win_fair_odds: oddsToOne().describe('(1 − p) ÷ p to 1, two decimals; null when it never won a run'),
    place_fair_odds: oddsToOne(),
    show_fair_odds: oddsToOne(),
    win_fair_odds_display: z
      .string()
      .nullable()
      .meta({ examples: ['5-2'] })
      .describe('win_fair_odds on the tote board ladder (rounded down), as live odds are shown'),
    live_win_odds: oddsToOne().describe('to 1 from the win pool as it stands (null: nothing on the runner yet)'),
    overlay: z.boolean().describe('live_win_odds beat win_fair_odds by more than overlay_margin of expected return'),
  })
  .meta({ id: 'FairOddsRunner' });
export type FairOddsRunner = z.infer<typeof fairOddsRunnerSchema>;

/** GET /api/current_races/{id}/fair_odds */
export const raceFairOddsSchema = z
  .object({
    current_race_id: z.int(),
    race_status: z.enum(CURRENT_RACE_STATUSES),
    status: z.enum(FAIR_ODDS_STATUSES),
    /** Runs simulated (null unless ready). */
    runs: z.int().min(1).nullable().describe('races simulated (null unless ready)'),
    /** The seed the runs were made from: never the race's own. */
    seed: z
      .string()
      .nullable()
      .describe("seed of the runs (each run k uses '{seed}|fair-odds|{k}'): a fresh one, never the race's secret seed"),
    computed_at: isoDateTime().nullable().describe('racing clock'),
    overlay_margin: z.number().describe('expected return over $1 that live odds must beat fair odds by'),
    /** The starters by post position; empty unless ready. */
    runners: z.array(fairOddsRunnerSchema).describe('the starters by post position (empty unless ready)'),
  })
  .meta({ id: 'RaceFairOdds' });
export type RaceFairOdds = z.infer<typeof raceFairOddsSchema>;

/** One bin of the calibration: runners whose fair win chance fell in [from, to). */
export const fairOddsCalibrationBinSchema = z
  .object({
    from: z.number(),
    to: z.number(),
    count: z.int().min(0),
    mean_predicted: z.number().nullable().describe('mean fair win chance of the runners in the bin'),
    observed: z.number().nullable().describe('share of them that won (a dead-heat winner counts 1/k)'),
  })
  .meta({ id: 'FairOddsCalibrationBin' });
export type FairOddsCalibrationBin = z.infer<typeof fairOddsCalibrationBinSchema>;

/** How many finished races the calibration reads at most (the latest by when their fair odds were made). */
export const FAIR_ODDS_CALIBRATION_MAX_RACES = 5000;

/** GET /api/handicapping/fair_odds_calibration */
export const fairOddsCalibrationQuerySchema = z.strictObject({
  bins: queryInteger(2, 50, 10).describe('equal-width bins over 0..1'),
});
export type FairOddsCalibrationQuery = z.output<typeof fairOddsCalibrationQuerySchema>;

export const fairOddsCalibrationSchema = z
  .object({
    races: z.int().min(0).describe('finished races with fair odds and an official result'),
    runners: z.int().min(0),
    bins: z.array(fairOddsCalibrationBinSchema),
    mean_absolute_error: z
      .number()
      .nullable()
      .describe('count-weighted mean of |observed − mean_predicted| over the bins (null with no races)'),
    brier: z.number().nullable().describe('mean multi-category Brier score of the fair win chances per race'),
    log_loss: z.number().nullable().describe('mean −ln(fair chance of the winner) per race'),
  })
  .meta({ id: 'FairOddsCalibration' });
export type FairOddsCalibration = z.infer<typeof fairOddsCalibrationSchema>;

export const fairOddsApi = {
  raceFairOdds: defineOperation({
    method: 'get',
    path: '/current_races/{id}/fair_odds',
    tags: ['handicapping', 'racing'],
    access: 'public',
    summary: "A race's fair odds from the engine: each starter's simulated win, place and show chances",
    description:
      "Worked out when betting opens (and again after a scratch) by running the race many times on fresh seeds, never the race's own. `status` is `pending` until they are in for the field that will run.",
    params: idParams(),
    status: 200,
    response: raceFairOddsSchema,
    errors: { 400: 'a bad id', 404: 'no such race' },
  }),
  calibration: defineOperation({
    method: 'get',
    path: '/handicapping/fair_odds_calibration',
    tags: ['handicapping'],
    access: 'public',
    summary: "How well the fair win chances matched the finished races' winners",
    description: `Over the latest ${FAIR_ODDS_CALIBRATION_MAX_RACES} finished races that have fair odds and an official result: each runner's fair win chance in a bin, beside how often the runners of the bin won.`,
    query: fairOddsCalibrationQuerySchema,
    status: 200,
    response: fairOddsCalibrationSchema,
    errors: { 400: 'a bad or unknown query parameter (each is named in `errors`)' },
  }),
};
