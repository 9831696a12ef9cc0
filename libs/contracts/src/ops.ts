import { z } from 'zod';
import { defineOperation, isoDateTime } from './api';
import { CURRENT_RACE_STATUSES } from './program';

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

/** The Socket.IO room of the live operations page (operators and admins only). */
export const OPS_ROOM = 'ops';
/** How often (wall ms) every instance reports its figures and the ops room gets a snapshot. */
export const OPS_REPORT_MS = 1000;
/** The window (wall ms) over which rates and the tick lateness p99 are taken. */
export const OPS_WINDOW_MS = 10_000;
/** An instance whose last report is older than this (wall ms) is shown as not reporting. */
export const OPS_SILENT_AFTER_MS = 3000;

const rate = () => z.number().min(0).describe('per second over the last 10 s');

/** One job name's failed attempts on an instance (or all together) in the last 15 minutes. */
export const opsJobFailureSchema = z
  .object({
    job: z.string(),
    recent: z.int().min(0).describe('failed attempts in the last 15 minutes'),
    since: isoDateTime().describe('the first failure of this run of failures (none 15 minutes before it)'),
    last_at: isoDateTime(),
  })
  .meta({ id: 'OpsJobFailure' });
export type OpsJobFailure = z.infer<typeof opsJobFailureSchema>;

/** What one server instance reports each second, read from its own metrics (`/metrics`). */
export const opsInstanceSchema = z
  .object({
    id: z.string().describe('the instance id: the race leases and the metrics `instance` label name it'),
    status: z
      .enum(['up', 'silent', 'stopped'])
      .describe('up: reported within 3 s; silent: stopped reporting without saying so; stopped: shut down'),
    started_at: isoDateTime(),
    reported_at: isoDateTime().describe('its last report (wall clock)'),
    leases: z.array(z.int()).describe('the races whose lease it holds (it runs them)'),
    sockets: z.int().min(0).describe('Socket.IO connections open on it'),
    viewers: z.array(z.object({ race_id: z.int(), viewers: z.int().min(0) })).describe('sockets per race room'),
    frames_per_second: rate(),
    tote_broadcasts_per_second: rate(),
    bets_per_second: rate().describe('bets accepted per second'),
    refusals_per_second: rate().describe('bet slips refused per second'),
    refusals: z.record(z.string(), z.int().min(0)).describe('bet slips refused since it started, by reason'),
    tick_lateness_p99_ms: z.number().min(0).nullable().describe('null when no tick was due in the window'),
    ticks_missed: z.int().min(0).describe('frames skipped since it started'),
    late_since: isoDateTime().nullable().describe('since when its tick lateness p99 is over 50 ms; null when not'),
    tote_cycle_ms: z.number().min(0).nullable().describe('mean tote cycle in the window; null when none ran'),
    http_requests_per_second: rate(),
    http_error_rate: z.number().min(0).max(1).describe('share of HTTP answers that were 5xx in the window'),
    event_loop_lag_p99_ms: z.number().min(0),
    heap_used_bytes: z.int().min(0),
    db_pool: z.object({ in_use: z.int().min(0), idle: z.int().min(0), waiting: z.int().min(0) }),
    job_failures: z.array(opsJobFailureSchema),
  })
  .meta({ id: 'OpsInstance' });
export type OpsInstance = z.infer<typeof opsInstanceSchema>;

/** Something shown in red on the operations page, with when it started. */
export const opsAlertSchema = z
  .object({
    kind: z.enum(['job_failing', 'tick_late', 'instance_silent', 'settlement_late']),
    subject: z.string().describe('the job name or the instance id'),
    since: isoDateTime(),
    message: z.string(),
  })
  .meta({ id: 'OpsAlert' });
export type OpsAlert = z.infer<typeof opsAlertSchema>;

/** The live operations page's view of the whole deployment (every instance), sent each second. */
export const opsSnapshotSchema = z
  .object({
    at: isoDateTime().describe('when it was made (wall clock of the instance that made it)'),
    races: z.object({
      by_state: z
        .record(z.enum(CURRENT_RACE_STATUSES), z.int().min(0))
        .describe(
          'races posting within 12 hours either side of now (racing clock), and any closed or running, by state',
        ),
      next_off: z
        .object({
          race_id: z.int(),
          race_name: z.string(),
          track_name: z.string(),
          post_time: isoDateTime(),
          seconds_to_off: z.int().describe('on the racing clock'),
        })
        .nullable()
        .describe('the next race to go off; null when none is scheduled'),
    }),
    totals: z.object({
      viewers: z.int().min(0).describe('sockets in race rooms, every instance'),
      sockets: z.int().min(0),
      frames_per_second: rate(),
      bets_per_second: rate(),
      refusals_per_second: rate(),
      http_requests_per_second: rate(),
      http_error_rate: z.number().min(0).max(1),
      tick_lateness_p99_ms: z.number().min(0).nullable().describe('the worst instance'),
      event_loop_lag_p99_ms: z.number().min(0).describe('the worst instance'),
      tote_cycle_ms: z.number().min(0).nullable().describe('the slowest instance'),
    }),
    viewers: z.array(z.object({ race_id: z.int(), viewers: z.int().min(0) })).describe('per race, every instance'),
    queues: z.object({
      driver: z.enum(['bullmq', 'in-process']),
      board_path: z.string().nullable(),
      jobs: z.object({
        waiting: z.int().min(0),
        delayed: z.int().min(0),
        active: z.int().min(0),
        failed: z.int().min(0).describe('failed for good'),
      }),
      failures: z.array(opsJobFailureSchema).describe('every instance together'),
    }),
    settlement_backlog_seconds: z.number().min(0),
    instances: z.array(opsInstanceSchema),
    alerts: z.array(opsAlertSchema),
  })
  .meta({ id: 'OpsSnapshot' });
export type OpsSnapshot = z.infer<typeof opsSnapshotSchema>;

/** The reply to `ops:join`: the snapshot now, or why not. */
export type OpsJoinReply =
  | { ok: true; snapshot: OpsSnapshot }
  | { ok: false; error: string; reason: 'unauthenticated' | 'forbidden' | 'unavailable' };

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
  live: defineOperation({
    method: 'get',
    path: '/ops/live',
    tags: ['ops'],
    access: 'operator',
    summary: 'The live operations view now: races, viewers, rates, queues, every instance, what is red',
    description:
      'For operators and admins. The same snapshot the Socket.IO room `ops` receives each second ' +
      '(`ops:join`, then `ops:snapshot`), made from the figures of `/metrics`; with Redis every instance reports.',
    status: 200,
    response: opsSnapshotSchema,
    errors: { 401: 'not logged in', 403: 'not an operator or admin', 503: 'the figures could not be read now' },
  }),
};
