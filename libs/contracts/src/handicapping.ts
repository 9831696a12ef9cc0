import { z } from 'zod';
import { defineOperation, idParams, isoDate, isoDateTime } from './api';

// The race predictor (spec §2.3, §5, §9): the morning line's five factors under weights the user
// chooses, each 0 to 1 in steps of 0.01; the field ranked on the client with the domain's rankField,
// the weights remembered per account, and a back-test of any weights over the finished races.

const WEIGHT_FIELDS = ['win_rate', 'average_speed', 'earnings', 'last_race_time', 'jockey_win_rate'] as const;
export type PredictorWeightField = (typeof WEIGHT_FIELDS)[number];

const WEIGHT_MESSAGE = 'must be a number from 0 to 1 in steps of 0.01';

/** A weight from JSON: a number 0..1 with at most two decimals. */
const weight = () =>
  z
    .number({ error: WEIGHT_MESSAGE })
    .min(0, { error: WEIGHT_MESSAGE })
    .max(1, { error: WEIGHT_MESSAGE })
    .refine((w) => Math.abs(w * 100 - Math.round(w * 100)) < 1e-9, { error: WEIGHT_MESSAGE })
    .meta({ override: { type: 'number', minimum: 0, maximum: 1, multipleOf: 0.01 } });

/** A weight from a query string ('0.25'); the spec's weight when absent. */
const queryWeight = (fallback: number) =>
  z
    .unknown()
    .transform((value, ctx) => {
      const text = typeof value === 'string' ? value : undefined;
      const w = text !== undefined && /^(0(\.\d{1,2})?|1(\.0{1,2})?|\.\d{1,2})$/.test(text) ? Number(text) : Number.NaN;
      if (!(w >= 0 && w <= 1)) {
        ctx.addIssue({ code: 'custom', message: `${WEIGHT_MESSAGE}, got '${String(value).slice(0, 40)}'` });
        return z.NEVER;
      }
      return w;
    })
    .meta({ override: { type: 'number', minimum: 0, maximum: 1, multipleOf: 0.01, default: fallback } })
    .default(fallback);

/** The spec §9 weights in the API's field names (the domain's DEFAULT_PREDICTOR_WEIGHTS, renamed). */
export const SPEC_PREDICTOR_WEIGHTS: Readonly<Record<PredictorWeightField, number>> = {
  win_rate: 0.2,
  average_speed: 0.3,
  earnings: 0.1,
  last_race_time: 0.3,
  jockey_win_rate: 0.1,
};

const notAllZero = (w: Record<PredictorWeightField, number>) => WEIGHT_FIELDS.some((f) => w[f] > 0);
const ALL_ZERO = { error: 'at least one weight must be above 0', path: ['weights'] };

export const predictorWeightsSchema = z
  .object({
    win_rate: weight(),
    average_speed: weight(),
    earnings: weight(),
    last_race_time: weight(),
    jockey_win_rate: weight(),
  })
  .refine(notAllZero, ALL_ZERO)
  .meta({ id: 'PredictorWeights' });
export type PredictorWeights = z.infer<typeof predictorWeightsSchema>;

export const predictorWeightsResponseSchema = z
  .object({
    weights: predictorWeightsSchema,
    saved: z.boolean().describe("false: the account has not saved any, these are the spec's"),
  })
  .meta({ id: 'PredictorWeightsResponse' });
export type PredictorWeightsResponse = z.infer<typeof predictorWeightsResponseSchema>;

export const backtestQuerySchema = z
  .object({
    win_rate: queryWeight(SPEC_PREDICTOR_WEIGHTS.win_rate),
    average_speed: queryWeight(SPEC_PREDICTOR_WEIGHTS.average_speed),
    earnings: queryWeight(SPEC_PREDICTOR_WEIGHTS.earnings),
    last_race_time: queryWeight(SPEC_PREDICTOR_WEIGHTS.last_race_time),
    jockey_win_rate: queryWeight(SPEC_PREDICTOR_WEIGHTS.jockey_win_rate),
  })
  .refine(notAllZero, ALL_ZERO);
export type BacktestQuery = z.infer<typeof backtestQuerySchema>;

export const calibrationBinSchema = z
  .object({
    from: z.number(),
    to: z.number(),
    count: z.int().describe('runners whose predicted probability fell in [from, to)'),
    mean_predicted: z.number().nullable(),
    observed: z.number().nullable().describe('the share of them that won (a dead heat counts 1/k)'),
  })
  .meta({ id: 'CalibrationBin' });
export type CalibrationBin = z.infer<typeof calibrationBinSchema>;

export const forecastScoreSchema = z
  .object({
    name: z.enum(['yours', 'spec', 'tote']),
    label: z.string(),
    races: z.int(),
    hit_rate: z.number().nullable().describe('the top pick won (a dead heat counts 1/k)'),
    log_loss: z.number().nullable().describe('mean −ln(probability given to the winner); lower is better'),
    brier: z.number().nullable().describe('mean multi-category Brier score; lower is better'),
    flat_bet: z
      .object({
        races: z.int().describe('races with a win price'),
        staked_cents: z.int(),
        returned_cents: z.int(),
        net_cents: z.int(),
        return_per_dollar: z.number(),
      })
      .nullable()
      .describe('a $2 win bet on the top pick of every race that has a win price (races run live)'),
    calibration: z.array(calibrationBinSchema),
    mean_absolute_calibration_error: z.number().nullable(),
  })
  .meta({ id: 'ForecastScore' });
export type ForecastScore = z.infer<typeof forecastScoreSchema>;

export const backtestResponseSchema = z
  .object({
    races: z.int().describe('finished races scored (the seeded history and every race run since)'),
    priced_races: z.int().describe('of them, races run live with a win pool (the tote and the flat bet)'),
    first_day: isoDate().nullable(),
    last_day: isoDate().nullable(),
    weights: predictorWeightsSchema,
    scores: z.array(forecastScoreSchema).describe("yours, the spec's weights, and the tote's final odds"),
    compute_ms: z.int().describe('server time spent on this back-test'),
  })
  .meta({ id: 'BacktestResponse' });
export type BacktestResponse = z.infer<typeof backtestResponseSchema>;

export const predictorRunnerSchema = z
  .object({
    post_position: z.int(),
    horse_id: z.int(),
    horse_name: z.string(),
    jockey_name: z.string().nullable(),
    win_rate: z.number().nullable().describe('wins ÷ starts, 0..1'),
    average_speed: z.number().nullable().describe('average speed figure'),
    earnings_cents: z.int().nullable(),
    last_race_time_seconds: z.number().nullable(),
    jockey_win_rate: z.number().nullable().describe("the jockey's wins ÷ rides, 0..1"),
    morning_line: z.string().nullable().describe('as the card fixed it'),
  })
  .meta({ id: 'PredictorRunner' });
export type PredictorRunner = z.infer<typeof predictorRunnerSchema>;

export const predictorFieldResponseSchema = z
  .object({
    race_id: z.int(),
    race_name: z.string(),
    race_title: z.string(),
    track_name: z.string(),
    post_time: isoDateTime(),
    status: z.string(),
    runners: z.array(predictorRunnerSchema).describe('starters in post-position order (scratched runners left out)'),
  })
  .meta({ id: 'PredictorFieldResponse' });
export type PredictorFieldResponse = z.infer<typeof predictorFieldResponseSchema>;

const BAD_WEIGHTS_400 =
  'a weight is not a number from 0 to 1 in steps of 0.01, or every weight is 0 (named in `errors`)';

export const handicappingApi = {
  predictorField: defineOperation({
    method: 'get',
    path: '/current_races/{id}/predictor',
    tags: ['handicapping'],
    access: 'public',
    summary: "A race's field with each runner's form as the predictor reads it",
    description:
      "The five factors of spec §9 for every starter, from the runners' form now; rank them with any weights (the domain's rankField). At the spec's weights the order is the morning line's, unless form has changed since the card was made.",
    params: idParams(),
    status: 200,
    response: predictorFieldResponseSchema,
    errors: { 400: 'a bad race id', 404: 'no such race' },
  }),
  backtest: defineOperation({
    method: 'get',
    path: '/handicapping/backtest',
    tags: ['handicapping'],
    access: 'public',
    summary: 'Back-test predictor weights over every finished race',
    description:
      "Each race is scored with the runners' form as it stood before that race (no look-ahead): top-pick hit rate, log-loss, Brier score, calibration, and a flat $2 win bet where a win price exists; beside the spec's weights and the tote's final odds (races run live).",
    query: backtestQuerySchema,
    status: 200,
    response: backtestResponseSchema,
    errors: { 400: BAD_WEIGHTS_400 },
  }),
  myPredictorWeights: defineOperation({
    method: 'get',
    path: '/me/predictor_weights',
    tags: ['handicapping'],
    access: 'session',
    summary: "The predictor weights the account saved (the spec's until it saves some)",
    status: 200,
    response: predictorWeightsResponseSchema,
    errors: { 401: 'not logged in, or the session ran out' },
  }),
  savePredictorWeights: defineOperation({
    method: 'put',
    path: '/me/predictor_weights',
    tags: ['handicapping'],
    access: 'session',
    summary: 'Remember predictor weights for the account',
    body: predictorWeightsSchema,
    status: 200,
    response: predictorWeightsResponseSchema,
    errors: {
      400: BAD_WEIGHTS_400,
      401: 'not logged in, or the session ran out',
      403: 'missing or invalid CSRF header, or a cross-site request',
    },
  }),
};
