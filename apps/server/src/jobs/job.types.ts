/** Every job the system runs, keyed by name, with its payload. Add a job here first. */
export interface JobPayloads {
  /** Recompute past-performance rows, earnings and ages from the race results. */
  'past-performance.refresh': { reason: 'schedule' | 'manual' | 'seed' };
  /** Live racing: make today's cards and move races through their phases (every ~30 s). */
  'racing.schedule': { reason: 'schedule' | 'start' | 'manual' };
  /** Wagering: seed the pools of races that just opened with house liquidity. */
  'wagering.open-pools': { race_ids: number[] };
  /** Wagering: the tote tick (every few seconds): crowd money, boards broadcast, frozen at the close, settle what is due. */
  'wagering.tote': { reason: 'schedule' | 'manual' };
  /** Wagering: pay the pools of a race whose result has been written (sequences at their last leg). */
  'wagering.settle': { current_race_id: number };
}

export type JobName = keyof JobPayloads;

/** Runtime list of the job names, checked against the registered handlers at start-up. */
export const JOB_NAMES: readonly JobName[] = [
  'past-performance.refresh',
  'racing.schedule',
  'wagering.open-pools',
  'wagering.tote',
  'wagering.settle',
];

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
  /** Jobs of the queue by state (for the metrics). */
  counts(): Promise<JobCounts>;
  close(): Promise<void>;
}

export interface JobCounts {
  waiting: number;
  delayed: number;
  active: number;
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
