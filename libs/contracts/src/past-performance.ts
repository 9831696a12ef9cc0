import { z } from 'zod';

// The server reads these through pg with int8 and numeric parsed as numbers and DATE kept as
// 'YYYY-MM-DD' text (apps/server/src/database/data-source.ts), so every figure arrives as a number.

/** One of a horse's most recent official starts, newest first. */
export const pastPerformanceStartSchema = z
  .object({
    race_id: z.number().int(),
    race_name: z.string(),
    race_date: z.string().describe('YYYY-MM-DD'),
    track_id: z.number().int(),
    location: z.string(),
    furlongs: z.number(),
    surface_type: z.string(),
    track_condition: z.string(),
    race_class: z.string(),
    num_horses: z.number().int(),
    finish_position: z.number().int(),
    post_position: z.number().int(),
    jockey_id: z.number().int(),
    finish_time_ms: z.number().int().describe('Finishing time in milliseconds'),
    speed_figure: z.number().int(),
    earnings_cents: z.number().int().describe('Purse money won in this start, in cents'),
    odds: z
      .number()
      .nullable()
      .describe('Final win odds to 1, as the tote stood at the off; null for starts from before they were kept'),
  })
  .meta({ id: 'PastPerformanceStart' });

/** A horse's record over a span (its career, or one calendar year): starts, wins, seconds, thirds, earnings. */
export const pastPerformanceRecordSchema = z
  .object({
    year: z.number().int().nullable().describe('The calendar year; null for the whole career'),
    starts: z.number().int(),
    wins: z.number().int(),
    places: z.number().int().describe('Second places'),
    shows: z.number().int().describe('Third places'),
    earnings_cents: z.number().int(),
  })
  .meta({ id: 'PastPerformanceRecord' });

/**
 * GET /api/past_performance/horse_id/{id}: a horse's form figures and its most recent starts. A
 * horse that has never started has zeros, nulls and no starts.
 */
export const pastPerformanceResponseSchema = z
  .object({
    horse_id: z.number().int(),
    horse_name: z.string(),
    jockey_id: z.number().int().nullable().describe('The jockey of the most recent start'),
    starts: z.number().int(),
    wins: z.number().int(),
    win_pct_horse: z.number().describe('Wins per start, as a percentage with two decimals'),
    avg_speed_figure_horse: z.number().nullable().describe('Average speed figure; null before the first start'),
    earnings_cents: z.number().int().describe('Career earnings, in cents'),
    last_race_time_ms: z.number().int().nullable().describe('Finishing time of the most recent start, in milliseconds'),
    last_race_date: z.string().nullable().describe('YYYY-MM-DD of the most recent start'),
    win_percentage_jockey: z.number().describe("The last jockey's wins per ride, as a percentage"),
    refreshed_at: z.string().nullable().describe('ISO 8601; null before the first start'),
    recent_starts: z.array(pastPerformanceStartSchema).describe('Up to 10, newest first'),
    career: pastPerformanceRecordSchema.describe('Every official start (year is null)'),
    by_year: z.array(pastPerformanceRecordSchema).describe('One line per year raced, newest first'),
  })
  .meta({ id: 'PastPerformanceResponse' });

export type PastPerformanceStart = z.infer<typeof pastPerformanceStartSchema>;
export type PastPerformanceRecord = z.infer<typeof pastPerformanceRecordSchema>;
export type PastPerformanceResponse = z.infer<typeof pastPerformanceResponseSchema>;
