/** Every job the system runs, keyed by name, with its payload. Add a job here first. */
export interface JobPayloads {
  /** Recompute past-performance rows, earnings and ages from the race results. */
  'past-performance.refresh': { reason: 'schedule' | 'manual' | 'seed' };
  /** Live racing: make today's cards and move races through their phases (every ~30 s). */
  'racing.schedule': { reason: 'schedule' | 'start' | 'manual' };
  /** Wagering: seed the pools of races that just opened with house liquidity. */
  'wagering.open-pools': { race_ids: number[] };
  /** Wagering: the tote tick (every few seconds): watched boards refreshed, missed closes frozen, settle what is due. */
  'wagering.tote': { reason: 'schedule' | 'manual' };
  /** Wagering: pay the pools of a race whose result has been written (sequences at their last leg). */
  'wagering.settle': { current_race_id: number };
  /** Wagering: the featured bonus on a settled race's winning Win bets placed while their runner was featured (once per bet). */
  'wagering.featured-bonus': { current_race_id: number };
  /** Fair odds: simulate an opened race's field (again after a scratch) and keep each runner's chances. */
  'fair-odds.compute': { current_race_id: number; reason: 'opened' | 'scratched' | 'sweep' };
  /** Fair odds: queue the computation of open races that have none (missed while no instance ran, or failed). */
  'fair-odds.sweep': { reason: 'schedule' | 'start' };
  /** The stable: its entries' races looked at (notices, purses, refunds) and foals due born. */
  'stable.sweep': { reason: 'schedule' | 'start' | 'race' };
  /** The auction: the fall of the hammer on a lot whose close has come (a later close after a late bid: nothing yet). */
  'auction.hammer': { lot_id: number };
  /** The auction: every lot past its close hammered, and the house's next sale made when none is running. */
  'auction.sweep': { reason: 'schedule' | 'start' };
  /** Forms: the outbox's due mails sent, each once (its row locked), failures retried with backoff. */
  'content.outbox': { reason: 'schedule' | 'written' | 'manual' };
  /** News: items written from the latest settled results (big payouts, carryovers), each once by its guid. */
  'content.news': { reason: 'schedule' | 'resulted' };
  /** News: the configured RSS/Atom feed read, its new items stored once each by their guid. */
  'content.feed': { reason: 'schedule' | 'start' };
  /** Administration: the scan and insert, run for an admin (who is recorded in the audit log with its report). */
  'admin.scan-insert': { actor_user_id: number | null; actor_username: string; ip: string; request_id: string };
  /** Free races: a horse's odds refresh due at `due_at_ms` (applied only while that is still its next one). */
  'free.odds': { board_id: number; post: number; due_at_ms: number };
  /** Free races: a board's race finished: the result, the seed revealed, the picks scored (once). */
  'free.finish': { board_id: number };
  /** Free races: a new set when the last has finished, lost refreshes and finishes run, idle boards started. */
  'free.sweep': { reason: 'schedule' | 'start' };
}

export type JobName = keyof JobPayloads;

/** Runtime list of the job names, checked against the registered handlers at start-up. */
export const JOB_NAMES: readonly JobName[] = [
  'past-performance.refresh',
  'racing.schedule',
  'wagering.open-pools',
  'wagering.tote',
  'wagering.settle',
  'wagering.featured-bonus',
  'fair-odds.compute',
  'fair-odds.sweep',
  'stable.sweep',
  'auction.hammer',
  'auction.sweep',
  'content.outbox',
  'content.news',
  'content.feed',
  'admin.scan-insert',
  'free.odds',
  'free.finish',
  'free.sweep',
];

/**
 * Jobs whose work is long and runs off the event loop (a worker thread): a race's fair odds take
 * ~0.5 s of another thread each, and a first start opens dozens of races at once. They must never
 * hold up the jobs that keep racing on time (the scheduler, the tote, settlement): the in-process
 * queue runs them in a lane of their own, BullMQ after every other waiting job (a lower priority).
 */
export const BACKGROUND_JOBS: ReadonlySet<JobName> = new Set<JobName>(['fair-odds.compute']);

export type JobHandlerFn<N extends JobName = JobName> = (payload: JobPayloads[N]) => Promise<unknown>;

export interface EnqueueOptions {
  /** A job with the same id is not added twice while it exists. */
  jobId?: string;
  delayMs?: number;
}

/**
 * The queue port. Drivers: BullMQ on Redis when REDIS_URL is set, an in-process runner otherwise.
 * Handlers are registered once at start-up, before `start()`.
 */
export interface JobQueueDriver {
  readonly kind: 'bullmq' | 'in-process';
  start(handlers: ReadonlyMap<JobName, JobHandlerFn>): Promise<void>;
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options?: EnqueueOptions): Promise<string>;
  /** Enqueues and resolves when a worker has finished the job (rejects if it failed). */
  run<N extends JobName>(name: N, payload: JobPayloads[N], timeoutMs?: number): Promise<void>;
  /** Repeats a job on a cron pattern; upserting the same id replaces the old schedule. */
  schedule<N extends JobName>(id: string, pattern: string, name: N, payload: JobPayloads[N]): Promise<void>;
  /** Repeats a job every `everyMs` of wall time; upserting the same id replaces the old schedule. */
  repeat<N extends JobName>(id: string, everyMs: number, name: N, payload: JobPayloads[N]): Promise<void>;
  /** Every schedule registered through this driver, with when its job last started. */
  schedulers(): Promise<SchedulerState[]>;
  /** Per job name, what the ops page shows (GET /api/ops/jobs): counts, last run and failure, next run. */
  report(): Promise<JobReport[]>;
  /** Jobs of the queue by state, all names together: cheap enough for every metrics scrape. */
  counts(): Promise<JobCounts>;
  close(): Promise<void>;
}

export interface JobCounts {
  waiting: number;
  delayed: number;
  active: number;
  /** Failed for good (retries spent): in-process since start; BullMQ the ones Redis keeps. */
  failed: number;
}

/** One job name as its driver knows it. In-process counts are since start; BullMQ's are the jobs Redis keeps. */
export interface JobReport {
  name: JobName;
  counts: { waiting: number; active: number; delayed: number; completed: number; failed: number };
  lastRunAtMs: number | null;
  /** The last job of this name that failed for good (its retries spent). */
  lastFailure: { atMs: number; message: string } | null;
  /** The soonest next run of its schedulers; null when nothing schedules it. */
  nextRunAtMs: number | null;
}

export function emptyReport(name: JobName): JobReport {
  return {
    name,
    counts: { waiting: 0, active: 0, delayed: 0, completed: 0, failed: 0 },
    lastRunAtMs: null,
    lastFailure: null,
    nextRunAtMs: null,
  };
}

/** What health needs to know of a scheduler: its interval and when its job last started. */
export interface SchedulerState {
  id: string;
  job: JobName;
  /** null for a cron schedule (its gaps vary; a nightly job is not watched). */
  everyMs: number | null;
  registeredAtMs: number;
  /** When a run of its job last started, on this instance or (with Redis) any instance; null if never. */
  lastRunAtMs: number | null;
}
