import { z } from 'zod';
import { defineOperation } from './api';

/** GET /api/health */
export const healthResponseSchema = z
  .object({
    status: z.enum(['ok', 'degraded', 'draining']),
    database: z.enum(['up', 'down']),
    redis: z.enum(['up', 'down', 'disabled']),
    /** Only when a repeating job has not started for two of its intervals. */
    stale_schedulers: z.array(z.string()).optional(),
  })
  .meta({ id: 'HealthResponse' });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const healthApi = {
  health: defineOperation({
    method: 'get',
    path: '/health',
    tags: ['health'],
    access: 'public',
    summary: 'Whether the server and its database and Redis are up, and its repeating jobs still run',
    description:
      '503 when the database is down, and `draining` (503) once the instance was told to stop (SIGTERM): it still serves ' +
      'requests for SHUTDOWN_DRAIN_SECONDS while load balancers take it out of rotation. `degraded` (200) when Redis is down or a job scheduler (e.g. ' +
      '`racing.schedule`, `wagering.tote`) has not started its job for two of its intervals; ' +
      '`stale_schedulers` then names them (the field is absent when none is stale).',
    status: 200,
    response: healthResponseSchema,
    errors: { 503: 'the database is out of reach, or the instance is draining (the body is still a HealthResponse)' },
  }),
};
