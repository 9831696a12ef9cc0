import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Metrics } from '../metrics/metrics';
import { BullMqDriver } from './bullmq.driver';
import { InProcessDriver } from './in-process.driver';
import {
  type EnqueueOptions,
  JOB_NAMES,
  type JobHandlerFn,
  type JobName,
  type JobPayloads,
  type JobQueueDriver,
} from './job.types';
import { JobHandler } from './job-handler.decorator';
import { type SchedulerState, staleSchedulers } from './job-schedulers';

/** Finds every @JobHandler, checks there is exactly one per job, and starts the queue driver. */
export function collectHandlers(discovery: DiscoveryService, scanner: MetadataScanner): Map<JobName, JobHandlerFn> {
  const found = new Map<JobName, JobHandlerFn[]>();
  for (const wrapper of discovery.getProviders()) {
    const instance = wrapper.instance as Record<string, unknown> | undefined;
    if (!instance || typeof instance !== 'object') continue;
    for (const method of scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
      const fn = instance[method];
      if (typeof fn !== 'function') continue;
      const name = discovery.getMetadataByDecorator(JobHandler, wrapper, method);
      if (!name) continue;
      const list = found.get(name) ?? [];
      list.push((payload) => (fn as (p: unknown) => Promise<unknown>).call(instance, payload));
      found.set(name, list);
    }
  }
  const problems: string[] = [];
  for (const name of JOB_NAMES) {
    const count = found.get(name)?.length ?? 0;
    if (count !== 1) problems.push(`job '${name}' has ${count} handlers (needs exactly 1)`);
  }
  for (const name of found.keys()) {
    if (!JOB_NAMES.includes(name)) problems.push(`handler for unknown job '${name}'`);
  }
  if (problems.length > 0) throw new Error(`Job handlers are wrong: ${problems.join('; ')}`);
  return new Map([...found].map(([name, [fn]]) => [name, fn as JobHandlerFn]));
}

/** The queue every job runs on (BullMQ's queue name; the in-process driver's one line). */
export const QUEUE_LABEL = 'jobs';

/** Each handler timed, its failures counted, whichever driver runs it. */
export function timedHandlers(
  handlers: ReadonlyMap<JobName, JobHandlerFn>,
  metrics: Metrics,
): Map<JobName, JobHandlerFn> {
  return new Map(
    [...handlers].map(([name, handler]) => [
      name,
      async (payload) => {
        const started = performance.now();
        let failed = true;
        try {
          const result = await handler(payload);
          failed = false;
          return result;
        } finally {
          metrics.jobRan(QUEUE_LABEL, name, (performance.now() - started) / 1000, failed);
        }
      },
    ]),
  );
}

@Injectable()
export class JobQueue implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  readonly driver: JobQueueDriver;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DiscoveryService) private readonly discovery: DiscoveryService,
    @Inject(MetadataScanner) private readonly scanner: MetadataScanner,
    @Inject(Metrics) private readonly metrics: Metrics,
  ) {
    this.driver = config.redis.url ? new BullMqDriver(config.redis.url, config.redis.prefix) : new InProcessDriver();
    metrics.watchQueue(QUEUE_LABEL, () => this.driver.counts());
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.driver.start(timedHandlers(collectHandlers(this.discovery, this.scanner), this.metrics));
    await this.driver.schedule(
      'past-performance.nightly',
      this.config.jobs.pastPerformanceCron,
      'past-performance.refresh',
      { reason: 'schedule' },
    );
    this.logger.log(`Job queue started (${this.driver.kind})`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.driver.close();
  }

  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options?: EnqueueOptions): Promise<string> {
    return this.driver.enqueue(name, payload, options);
  }

  run<N extends JobName>(name: N, payload: JobPayloads[N], timeoutMs?: number): Promise<void> {
    return this.driver.run(name, payload, timeoutMs);
  }

  /** The schedulers whose job has not started for two of their intervals (for /api/health). */
  async staleSchedulers(nowMs = Date.now()): Promise<{ stale: string[]; schedulers: SchedulerState[] }> {
    const schedulers = await this.driver.schedulers();
    return { stale: staleSchedulers(schedulers, nowMs), schedulers };
  }
}
