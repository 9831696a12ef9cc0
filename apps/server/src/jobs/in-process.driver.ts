import { Logger } from '@nestjs/common';
import { CronExpressionParser } from 'cron-parser';
import {
  BACKGROUND_JOBS,
  type EnqueueOptions,
  emptyReport,
  JOB_NAMES,
  type JobCounts,
  type JobHandlerFn,
  type JobName,
  type JobPayloads,
  type JobQueueDriver,
  type JobReport,
} from './job.types';
import { SchedulerRegistry, type SchedulerState } from './job-schedulers';

interface QueuedJob {
  id: string;
  name: JobName;
  payload: unknown;
  attempt: number;
  done: { resolve: () => void; reject: (err: unknown) => void }[];
}

const MAX_ATTEMPTS = 3;

type Lane = 'main' | 'background';
const laneOf = (name: JobName): Lane => (BACKGROUND_JOBS.has(name) ? 'background' : 'main');

/**
 * Jobs in this process, for the embedded default (no Redis): one at a time, retried up to three
 * times like the BullMQ driver; schedules are cron patterns driven by timers. Background jobs
 * (BACKGROUND_JOBS: long work on another thread) run one at a time in a lane of their own, beside
 * the others, so a burst of them never delays the scheduler's jobs.
 */
export class InProcessDriver implements JobQueueDriver {
  readonly kind = 'in-process' as const;
  private readonly logger = new Logger('Jobs');
  private handlers: ReadonlyMap<JobName, JobHandlerFn> = new Map();
  private readonly pending: QueuedJob[] = [];
  private readonly byId = new Map<string, QueuedJob>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly schedules = new Map<string, NodeJS.Timeout>();
  private readonly repeats = new Map<string, NodeJS.Timeout>();
  private readonly registry = new SchedulerRegistry();
  private started = false;
  private closed = false;
  private nextId = 1;
  // For the ops page: jobs waiting out a delay or a retry's backoff, the running one, outcomes since start.
  private readonly delayed = new Set<QueuedJob>();
  private readonly active = new Map<Lane, QueuedJob>();
  private readonly outcomes = new Map<
    JobName,
    Pick<JobReport, 'lastFailure'> & { completed: number; failed: number }
  >();
  private readonly nextRuns = new Map<string, { name: JobName; atMs: number }>();

  async start(handlers: ReadonlyMap<JobName, JobHandlerFn>): Promise<void> {
    this.handlers = handlers;
    this.started = true;
    this.drain();
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<string> {
    return this.add(name, payload, options).id;
  }

  run<N extends JobName>(name: N, payload: JobPayloads[N], timeoutMs = 60_000): Promise<void> {
    const job = this.add(name, payload, {});
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Job ${name} did not finish in ${timeoutMs} ms`)), timeoutMs);
      timer.unref();
      job.done.push({
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      });
    });
  }

  async schedule<N extends JobName>(id: string, pattern: string, name: N, payload: JobPayloads[N]): Promise<void> {
    // Validate now so a bad pattern fails at start-up, not at midnight.
    CronExpressionParser.parse(pattern);
    this.registry.register({ id, kind: 'cron', pattern, name, payload });
    const existing = this.schedules.get(id);
    if (existing) clearTimeout(existing);
    const arm = () => {
      if (this.closed) return;
      const next = CronExpressionParser.parse(pattern).next().getTime();
      // setTimeout holds at most ~24.8 days; re-arm in steps for longer gaps.
      const wait = Math.min(next - Date.now(), 2 ** 31 - 1);
      this.nextRuns.set(id, { name, atMs: next });
      const timer = setTimeout(
        () => {
          if (Date.now() >= next - 5) this.add(name, payload, { jobId: `${id}:${next}` });
          arm();
        },
        Math.max(0, wait),
      );
      timer.unref();
      this.schedules.set(id, timer);
    };
    arm();
  }

  async repeat<N extends JobName>(id: string, everyMs: number, name: N, payload: JobPayloads[N]): Promise<void> {
    this.registry.register({ id, kind: 'every', everyMs, name, payload });
    const existing = this.repeats.get(id);
    if (existing) clearInterval(existing);
    this.nextRuns.set(id, { name, atMs: Date.now() + everyMs });
    // The schedule's id is the job id: a run still queued or running is not queued again.
    const timer = setInterval(() => {
      this.nextRuns.set(id, { name, atMs: Date.now() + everyMs });
      if (!this.closed) this.add(name, payload, { jobId: id });
    }, everyMs);
    timer.unref();
    this.repeats.set(id, timer);
  }

  // Timers in this process cannot be lost the way Redis can lose a scheduler: nothing to re-assert.
  async schedulers(): Promise<SchedulerState[]> {
    return this.registry.states();
  }

  async report(): Promise<JobReport[]> {
    const reports = new Map(JOB_NAMES.map((name) => [name, emptyReport(name)]));
    const at = (name: JobName) => reports.get(name) ?? emptyReport(name);
    for (const job of this.pending) at(job.name).counts.waiting++;
    for (const job of this.delayed) at(job.name).counts.delayed++;
    for (const job of this.active.values()) at(job.name).counts.active++;
    for (const [name, outcome] of this.outcomes) {
      const report = at(name);
      report.counts.completed = outcome.completed;
      report.counts.failed = outcome.failed;
      report.lastFailure = outcome.lastFailure;
    }
    for (const [name, atMs] of this.registry.lastRuns()) at(name).lastRunAtMs = atMs;
    for (const { name, atMs } of this.nextRuns.values()) {
      const report = at(name);
      report.nextRunAtMs = Math.min(report.nextRunAtMs ?? atMs, atMs);
    }
    return [...reports.values()];
  }

  async counts(): Promise<JobCounts> {
    let failed = 0;
    for (const outcome of this.outcomes.values()) failed += outcome.failed;
    return { waiting: this.pending.length, delayed: this.delayed.size, active: this.active.size, failed };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.repeats.values()) clearInterval(timer);
    for (const timer of [...this.timers, ...this.schedules.values()]) clearTimeout(timer);
    this.delayed.clear();
    for (const job of this.pending.splice(0)) {
      for (const waiter of job.done) waiter.reject(new Error('Job queue closed'));
    }
  }

  private add(name: JobName, payload: unknown, options: EnqueueOptions): QueuedJob {
    if (this.closed) throw new Error('Job queue closed');
    const id = options.jobId ?? String(this.nextId++);
    const existing = this.byId.get(id);
    if (existing) return existing;
    const job: QueuedJob = { id, name, payload, attempt: 0, done: [] };
    this.byId.set(id, job);
    if (options.delayMs && options.delayMs > 0) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.delayed.delete(job);
        this.pending.push(job);
        this.drain();
      }, options.delayMs);
      timer.unref();
      this.timers.add(timer);
      this.delayed.add(job);
    } else {
      this.pending.push(job);
      this.drain();
    }
    return job;
  }

  /**
   * Starts the first waiting job of each lane that is free. A background job starts only while the
   * main lane is idle (nothing running, nothing waiting), so the two run side by side only when a
   * main job arrives during a background one: a main job waits for no background job, and a burst of
   * background jobs takes the other core only between the main lane's jobs.
   */
  private drain(): void {
    if (!this.started || this.closed) return;
    for (const lane of ['main', 'background'] as const) {
      if (this.active.has(lane)) continue;
      const index = this.pending.findIndex((j) => laneOf(j.name) === lane);
      if (index < 0) continue;
      if (lane === 'background' && (this.active.has('main') || this.pending.some((j) => laneOf(j.name) === 'main'))) {
        continue;
      }
      const [job] = this.pending.splice(index, 1) as [QueuedJob];
      this.active.set(lane, job);
      setImmediate(() => void this.execute(job));
    }
  }

  private async execute(job: QueuedJob): Promise<void> {
    job.attempt++;
    this.registry.ran(job.name);
    try {
      const handler = this.handlers.get(job.name);
      if (!handler) throw new Error(`No handler for job '${job.name}'`);
      await handler(job.payload as never);
      this.finish(job, null);
    } catch (err) {
      if (job.attempt < MAX_ATTEMPTS && !this.closed) {
        this.logger.warn(`Job ${job.name} (${job.id}) failed, attempt ${job.attempt}: ${(err as Error).message}`);
        const timer = setTimeout(
          () => {
            this.timers.delete(timer);
            this.delayed.delete(job);
            this.pending.push(job);
            this.drain();
          },
          1000 * 2 ** (job.attempt - 1),
        );
        timer.unref();
        this.timers.add(timer);
        this.delayed.add(job);
      } else {
        this.logger.error(`Job ${job.name} (${job.id}) failed: ${(err as Error).message}`);
        this.finish(job, err);
      }
    } finally {
      this.active.delete(laneOf(job.name));
      this.drain();
    }
  }

  private finish(job: QueuedJob, err: unknown): void {
    this.byId.delete(job.id);
    const outcome = this.outcomes.get(job.name) ?? { completed: 0, failed: 0, lastFailure: null };
    if (err) {
      outcome.failed++;
      outcome.lastFailure = { atMs: Date.now(), message: err instanceof Error ? err.message : String(err) };
    } else {
      outcome.completed++;
    }
    this.outcomes.set(job.name, outcome);
    for (const waiter of job.done) {
      if (err) waiter.reject(err);
      else waiter.resolve();
    }
  }
}
