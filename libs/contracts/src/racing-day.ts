import { BET_TYPE_NAMES, parseCalendarDate } from '@furlong/domain';
import { z } from 'zod';
import { defineOperation, isoDate, queryDate } from './api';

/** How many of the day's biggest payouts GET /api/racing_day lists. */
export const RACING_DAY_PAYOUTS = 5;

export const racingDayPayoutSchema = z
  .object({
    current_race_id: z.int(),
    race_name: z.string().meta({ examples: ['Aville Downs Race 3'] }),
    track_name: z.string(),
    bet_type: z.enum(BET_TYPE_NAMES),
    combination: z.string().describe("the winning interest as the pool keys it, e.g. '3' or '3-7'"),
    two_dollar_payout_cents: z.int().describe('what a $2 ticket on it paid'),
  })
  .meta({ id: 'RacingDayPayout' });
export type RacingDayPayout = z.infer<typeof racingDayPayoutSchema>;

/** GET /api/racing_day: the day's money at a glance, for the dashboard. */
export const racingDaySchema = z
  .object({
    date: isoDate().describe("the card's day (YYYY-MM-DD)"),
    races_with_pools: z.int().min(0).describe('races of the day whose pools opened'),
    handle_cents: z
      .int()
      .min(0)
      .describe("the total of the day's pools (every bet, the house's opening money included)"),
    house_seed_cents: z.int().min(0).describe("the house's opening money in them"),
    biggest_payouts: z
      .array(racingDayPayoutSchema)
      .describe(`the ${RACING_DAY_PAYOUTS} biggest prices paid, per $2, biggest first`),
  })
  .meta({ id: 'RacingDay' });
export type RacingDay = z.infer<typeof racingDaySchema>;

export const racingDayQuerySchema = z
  .object({
    date: queryDate()
      .refine((text) => text === undefined || parseCalendarDate(text) !== null, {
        error: (issue) => `must be a date YYYY-MM-DD, got '${String(issue.input).slice(0, 40)}'`,
      })
      .meta({ description: "the card's day (YYYY-MM-DD); default today on the racing clock (UTC)" }),
  })
  .strict();
export type RacingDayQuery = z.output<typeof racingDayQuerySchema>;

export const racingDayApi = {
  racingDay: defineOperation({
    method: 'get',
    path: '/racing_day',
    tags: ['wagering'],
    access: 'public',
    summary: "A day's handle (the pools' total) and its biggest payouts",
    query: racingDayQuerySchema,
    status: 200,
    response: racingDaySchema,
    errors: { 400: 'a bad date' },
  }),
};
