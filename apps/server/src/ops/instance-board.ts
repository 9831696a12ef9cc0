import type { Redis } from 'ioredis';
import type { InstanceReport } from './instance-reporter';

/** A report older than this (wall ms) is forgotten: the instance is long gone. */
export const FORGET_AFTER_MS = 10 * 60_000;

/**
 * Where every instance's latest report is kept for the operations page: this process's memory
 * without Redis (one instance), a Redis hash (instance id → report) shared by all instances with it.
 */
export interface InstanceBoard {
  put(report: InstanceReport): Promise<void>;
  /** Every instance's latest report; reports older than FORGET_AFTER_MS are dropped. */
  all(nowMs: number): Promise<InstanceReport[]>;
}

const reportedAt = (report: InstanceReport) => Date.parse(report.reported_at);

export class MemoryInstanceBoard implements InstanceBoard {
  private readonly reports = new Map<string, InstanceReport>();

  async put(report: InstanceReport): Promise<void> {
    this.reports.set(report.id, report);
  }

  async all(nowMs: number): Promise<InstanceReport[]> {
    for (const [id, report] of this.reports) {
      if (reportedAt(report) < nowMs - FORGET_AFTER_MS) this.reports.delete(id);
    }
    return [...this.reports.values()];
  }
}

export class RedisInstanceBoard implements InstanceBoard {
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
  ) {}

  async put(report: InstanceReport): Promise<void> {
    await this.redis.hset(this.key, report.id, JSON.stringify(report));
  }

  async all(nowMs: number): Promise<InstanceReport[]> {
    const stored = await this.redis.hgetall(this.key);
    const reports: InstanceReport[] = [];
    const forgotten: string[] = [];
    for (const [id, text] of Object.entries(stored)) {
      let report: InstanceReport | undefined;
      try {
        report = JSON.parse(text) as InstanceReport;
      } catch {
        report = undefined;
      }
      if (!report || !(reportedAt(report) >= nowMs - FORGET_AFTER_MS)) forgotten.push(id);
      else reports.push(report);
    }
    if (forgotten.length > 0) await this.redis.hdel(this.key, ...forgotten);
    return reports;
  }
}
