import { Logger } from '@nestjs/common';
import { type Job, Queue, QueueEvents, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { createRedisClient } from '../redis/redis.module';
import type { EnqueueOptions, JobHandlerFn, JobName, JobPayloads, JobQueueDriver } from './job.types';

const QUEUE_NAME = 'jobs';

/** Jobs in Redis through BullMQ: any number of server instances share the work. */
export class BullMqDriver implements JobQueueDriver {
  readonly kind = 'bullmq' as const;
  private readonly logger = new Logger('Jobs');
  private readonly connections: Redis[] = [];
  private readonly queue: Queue;
  private worker?: Worker;
  private events?: QueueEvents;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly concurrency = 4,
  ) {
    this.queue = new Queue(QUEUE_NAME, {
      connection: this.connect('queue'),
      prefix,
      defaultJobOptions: {
        attempts: 3,
        backoff: { type: 'exponential', delay: 1000 },
        removeOnComplete: { count: 1000 },
        removeOnFail: { count: 1000 },
      },
    });
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
        const handler = handlers.get(job.name as JobName);
        if (!handler) throw new Error(`No handler for job '${job.name}'`);
        return handler(job.data);
      },
      { connection: this.connect('worker'), prefix: this.prefix, concurrency: this.concurrency },
    );
    this.worker.on('failed', (job, err) => {
      this.logger.error(`Job ${job?.name} (${job?.id}) failed: ${err.message}`);
    });
    await this.worker.waitUntilReady();
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<string> {
    const job = await this.queue.add(name, payload, { jobId: options.jobId, delay: options.delayMs });
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
    await this.queue.upsertJobScheduler(id, { pattern }, { name, data: payload });
  }

  async repeat<N extends JobName>(id: string, everyMs: number, name: N, payload: JobPayloads[N]): Promise<void> {
    // One scheduler in Redis for all instances: each run goes to exactly one worker.
    await this.queue.upsertJobScheduler(id, { every: everyMs }, { name, data: payload, opts: { attempts: 1 } });
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.events?.close();
    await this.queue.close();
    await Promise.all(this.connections.map((c) => c.quit().catch(() => undefined)));
  }
}
