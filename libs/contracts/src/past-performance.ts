import { z } from 'zod';

/** GET /api/past_performance/horse_id/{id}: a horse's form figures and its most recent starts. */
export const pastPerformanceResponseSchema = z.looseObject({ horse_id: z.int(), horse_name: z.string() });
export type PastPerformanceResponse = z.infer<typeof pastPerformanceResponseSchema>;
