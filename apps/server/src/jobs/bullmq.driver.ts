import { Logger } from '@nestjs/common';
import { type Job, Queue, QueueEvents, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { createRedisClient } from '../redis/redis.module';
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
import { SchedulerRegistry, type SchedulerSpec, type SchedulerState } from './job-schedulers';

const QUEUE_NAME = 'jobs';
/** BullMQ's priority for BACKGROUND_JOBS (1 is the highest; jobs without one go first). */
const BACKGROUND_PRIORITY = 10;
/** The check that re-creates lost schedulers runs at the shortest `every`, within these bounds. */
const CHECK_MIN_MS = 1000;
const CHECK_MAX_MS = 30_000;
/** The report reads at most this many jobs per state (Redis keeps 1000 completed and 1000 failed). */
const REPORT_JOBS_PER_STATE = 1000;
const REPORT_STATES = ['waiting', 'active', 'delayed', 'completed', 'failed'] as const;

/** Jobs in Redis through BullMQ: any number of server instances share the work. */
export class BullMqDriver implements JobQueueDriver {
  readonly kind = 'bullmq' as const;
  private readonly logger = new Logger('Jobs');
  private readonly connections: Redis[] = [];
  private readonly queue: Queue;
  private worker?: Worker;
  private events?: QueueEvents;
  private readonly registry = new SchedulerRegistry();
  private readonly queueClient: Redis;
  private checkTimer?: NodeJS.Timeout;
  private asserting?: Promise<void>;
  private closed = false;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly concurrency = 4,
  ) {
    this.queueClient = this.connect('queue');
    // Redis that restarts without its data (no persistence, a failover to an empty replica) has lost
    // every job scheduler: put them back as soon as the connection is ready again.
    this.queueClient.on('ready', () => void this.reassert('connection ready'));
    this.queue = new Queue(QUEUE_NAME, {
      connection: this.queueClient,
      prefix,
      defaultJobOptions: {
        attempts: 3,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: { count: 1000 },
        removeOnFail: { count: 1000 },
      },
    });
    this.queue.on('error', (err) => this.logger.warn(`queue: ${err.message}`));
  }

  private connect(name: string): Redis {
    const client = createRedisClient(this.redisUrl, `jobs-${name}`);
    this.connections.push(client);
    return client;
  }

  async start(handlers: ReadonlyMap<JobName, JobHandlerFn>): Promise<void> {
    this.worker = new Worker(
      QUEUE_NAME,
      async (job: Job) => {
        this.recordRun(job.name as JobName);
        const handler = handlers.get(job.name as JobName);
        if (!handler) throw new Error(`No handler for job '${job.name}'`);
        return handler(job.data);
      },
      { connection: this.connect('worker'), prefix: this.prefix, concurrency: this.concurrency },
    );
    this.worker.on('failed', (job, err) => {
      this.logger.error(`Job ${job?.name} (${job?.id}) failed: ${err.message}`);
    });
    // Without a listener an 'error' (e.g. a job whose key Redis lost mid-run) is thrown as unhandled.
    this.worker.on('error', (err) => this.logger.warn(`worker: ${err.message}`));
    await this.worker.waitUntilReady();
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<string> {
    // Background jobs wait behind every other job (BullMQ runs prioritized jobs after the others).
    const priority = BACKGROUND_JOBS.has(name) ? BACKGROUND_PRIORITY : undefined;
    const job = await this.queue.add(name, payload, { jobId: options.jobId, delay: options.delayMs, priority });
    return String(job.id);
  }

  async run<N extends JobName>(name: N, payload: JobPayloads[N], timeoutMs = 60_000): Promise<void> {
    if (!this.events) {
      this.events = new QueueEvents(QUEUE_NAME, { connection: this.connect('events'), prefix: this.prefix });
      await this.events.waitUntilReady();
    }
    const job = await this.queue.add(name, payload);
    await job.waitUntilFinished(this.events, timeoutMs);
  }

  async schedule<N extends JobName>(id: string, pattern: string, name: N, payload: JobPayloads[N]): Promise<void> {
    await this.upsert(this.registry.register({ id, kind: 'cron', pattern, name, payload }));
    this.armCheck();
  }

  async repeat<N extends JobName>(id: string, everyMs: number, name: N, payload: JobPayloads[N]): Promise<void> {
    await this.upsert(this.registry.register({ id, kind: 'every', everyMs, name, payload }));
    this.armCheck();
  }

  async schedulers(): Promise<SchedulerState[]> {
    // Runs are recorded in Redis too: with several instances, another one may be running the jobs.
    const shared = new Map<string, number>();
    if (this.queueClient.status === 'ready') {
      try {
        const all = await withTimeout(this.queueClient.hgetall(this.runsKey), 1000);
        for (const [name, at] of Object.entries(all)) shared.set(name, Number(at));
      } catch {
        // Redis is slow or gone: this instance's own runs still tell something.
      }
    }
    return this.registry.states(shared);
  }

  /** The queues of the product, for the queue board at /admin/queues. */
  boardQueues(): Queue[] {
    return [this.queue];
  }

  async report(): Promise<JobReport[]> {
    const reports = new Map(JOB_NAMES.map((name) => [name, emptyReport(name)]));
    const at = (name: string) => reports.get(name as JobName) ?? emptyReport(name as JobName);
    const [byState, schedulers, runs] = await Promise.all([
      Promise.all(REPORT_STATES.map((state) => this.queue.getJobs([state], 0, REPORT_JOBS_PER_STATE - 1))),
      this.queue.getJobSchedulers(),
      this.queueClient.hgetall(this.runsKey),
    ]);
    REPORT_STATES.forEach((state, i) => {
      for (const job of byState[i] ?? []) {
        if (!job) continue;
        const report = at(job.name);
        report.counts[state]++;
        const failedAt = job.finishedOn ?? job.processedOn ?? job.timestamp;
        if (state === 'failed' && (report.lastFailure === null || failedAt > report.lastFailure.atMs)) {
          report.lastFailure = { atMs: failedAt, message: job.failedReason ?? '' };
        }
      }
    });
    const lastRuns = new Map<string, number>(Object.entries(runs).map(([name, ms]) => [name, Number(ms)]));
    for (const [name, ms] of this.registry.lastRuns()) lastRuns.set(name, Math.max(ms, lastRuns.get(name) ?? 0));
    for (const [name, ms] of lastRuns) if (reports.has(name as JobName)) at(name).lastRunAtMs = ms;
    for (const scheduler of schedulers) {
      if (!scheduler.next || !reports.has(scheduler.name as JobName)) continue;
      const report = at(scheduler.name);
      report.nextRunAtMs = Math.min(report.nextRunAtMs ?? scheduler.next, scheduler.next);
    }
    return [...reports.values()];
  }

  /** Re-creates every registered scheduler that Redis no longer has (idempotent; one pass at a time). */
  reassert(reason: string): Promise<void> {
    if (this.closed || this.registry.all().length === 0) return Promise.resolve();
    this.asserting ??= (async () => {
      try {
        for (const spec of this.registry.all()) {
          if (await this.queue.getJobScheduler(spec.id)) continue;
          await this.upsert(spec);
          this.logger.warn(`job scheduler '${spec.id}' was missing from Redis and is re-created (${reason})`);
        }
      } catch (err) {
        // Redis went away again: the next 'ready' or the next check tries again.
        this.logger.debug(`job schedulers not checked (${reason}): ${(err as Error).message}`);
      } finally {
        this.asserting = undefined;
      }
    })();
    return this.asserting;
  }

  private upsert(spec: SchedulerSpec): Promise<unknown> {
    if (spec.kind === 'cron') {
      return this.queue.upsertJobScheduler(spec.id, { pattern: spec.pattern }, { name: spec.name, data: spec.payload });
    }
    // One scheduler in Redis for all instances: each run goes to exactly one worker.
    return this.queue.upsertJobScheduler(
      spec.id,
      { every: spec.everyMs },
      { name: spec.name, data: spec.payload, opts: { attempts: 1 } },
    );
  }

  /** The periodic net under the 'ready' event (a data loss without a reconnect, a FLUSHALL). */
  private armCheck(): void {
    if (this.closed) return;
    const everyMs = Math.min(Math.max(this.registry.shortestEveryMs() ?? CHECK_MAX_MS, CHECK_MIN_MS), CHECK_MAX_MS);
    if (this.checkTimer) clearInterval(this.checkTimer);
    this.checkTimer = setInterval(() => void this.reassert('periodic check'), everyMs);
    this.checkTimer.unref();
  }

  private get runsKey(): string {
    return `${this.prefix}:furlong:job-last-run`;
  }

  private recordRun(name: JobName): void {
    const now = Date.now();
    this.registry.ran(name, now);
    this.queueClient.hset(this.runsKey, name, String(now)).catch(() => undefined);
  }

  async counts(): Promise<JobCounts> {
    const c = await this.queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'failed');
    return {
      waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
      delayed: c.delayed ?? 0,
      active: c.active ?? 0,
      failed: c.failed ?? 0,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.checkTimer) clearInterval(this.checkTimer);
    await this.worker?.close();
    await this.events?.close();
    await this.queue.close();
    await Promise.all(this.connections.map((c) => c.quit().catch(() => undefined)));
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);
}
