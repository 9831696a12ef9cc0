import { z } from 'zod';
import { defineOperation, isoDateTime } from './api';

/** One job name as the queue driver knows it (GET /api/ops/jobs). */
export const opsJobSchema = z
  .object({
    name: z.string().describe('the job name, e.g. racing.schedule'),
    counts: z
      .object({
        waiting: z.int().min(0),
        active: z.int().min(0),
        delayed: z.int().min(0).describe('waiting out a delay or a retry backoff'),
        completed: z.int().min(0),
        failed: z.int().min(0).describe('failed for good, retries spent'),
      })
      .describe('in-process: since the server started; BullMQ: the jobs Redis keeps (the last 1000 of each outcome)'),
    last_run_at: isoDateTime().nullable(),
    last_failure: z.object({ at: isoDateTime(), message: z.string() }).nullable(),
    next_run_at: isoDateTime().nullable().describe('the soonest run of its schedulers; null when none schedules it'),
  })
  .meta({ id: 'OpsJob' });
export type OpsJob = z.infer<typeof opsJobSchema>;

export const opsJobsResponseSchema = z
  .object({
    driver: z.enum(['bullmq', 'in-process']),
    /** Where the queue board is: bull-board with BullMQ; null in-process (this report is the whole view). */
    board_path: z.string().nullable(),
    jobs: z.array(opsJobSchema),
  })
  .meta({ id: 'OpsJobsResponse' });
export type OpsJobsResponse = z.infer<typeof opsJobsResponseSchema>;

export const opsApi = {
  jobs: defineOperation({
    method: 'get',
    path: '/ops/jobs',
    tags: ['ops'],
    access: 'operator',
    summary: "Every job kind's counts, last run, last failure and next run, from the queue driver",
    description:
      'For operators and admins. With BullMQ (REDIS_URL set) the queue board at `board_path` shows the ' +
      'jobs themselves; in-process (the embedded default) this report is the view.',
    status: 200,
    response: opsJobsResponseSchema,
    errors: { 401: 'not logged in', 403: 'not an operator or admin' },
  }),
};
