import { z } from 'zod';
import { defineOperation, isoDateTime } from './api';

// The home page's featured bonus (spec §2, issue 20): a horse, a jockey, a trainer and an owner
// from today's runners, rotated every hour; a winning Win bet on a horse with one of them earns a bonus.

export const featuredRunSchema = z
  .object({
    current_race_id: z.int(),
    race_number: z.int(),
    track_name: z.string(),
    post_time: isoDateTime(),
    post_position: z.int(),
    horse_name: z.string(),
  })
  .meta({ id: 'FeaturedRun' });
export type FeaturedRun = z.infer<typeof featuredRunSchema>;

export const featuredPerformerSchema = z
  .object({
    role: z.enum(['horse', 'jockey', 'trainer', 'owner']),
    id: z.int(),
    name: z.string(),
    runs: z.array(featuredRunSchema).describe("today's races still to run with this performer, by post time"),
  })
  .meta({ id: 'FeaturedPerformer' });
export type FeaturedPerformer = z.infer<typeof featuredPerformerSchema>;

export const featuredSchema = z
  .object({
    since: isoDateTime().describe('when this hour began'),
    until: isoDateTime().describe('when the next rotation comes'),
    server_time: isoDateTime().describe("the server's clock now (the countdown's reference)"),
    performers: z
      .array(featuredPerformerSchema)
      .describe('the featured horse, jockey, trainer and owner (empty when nobody runs today)'),
    bonus: z
      .object({
        share: z.number().min(0).max(1).describe('the share of a winning Win bet’s payout paid as a bonus'),
        cap_cents: z.int().min(0).describe('the most one bet earns'),
      })
      .describe('paid once per winning Win bet placed while its horse, jockey, trainer or owner was featured'),
  })
  .meta({ id: 'Featured' });
export type Featured = z.infer<typeof featuredSchema>;

export const featuredApi = {
  featured: defineOperation({
    method: 'get',
    path: '/featured',
    tags: ['wagering'],
    access: 'public',
    summary: "The hour's featured horse, jockey, trainer and owner, their runs today and the bonus terms",
    status: 200,
    response: featuredSchema,
  }),
};
