import type { JobName, JobPayloads, SchedulerState } from './job.types';

export type { SchedulerState };

/** One repeating job as asked for: on a cron pattern or every `everyMs` of wall time. */
export type SchedulerRequest = {
  id: string;
  name: JobName;
  payload: JobPayloads[JobName];
} & ({ kind: 'cron'; pattern: string } | { kind: 'every'; everyMs: number });

export type SchedulerSpec = SchedulerRequest & { registeredAtMs: number };

/**
 * A scheduler is stale when its job has not started for two of its intervals (counted from its
 * registration if it never ran). Never less than `floorMs`: at the sub-second intervals of the
 * tests a busy machine's event loop would otherwise make it flap.
 */
export function staleSchedulers(states: readonly SchedulerState[], nowMs: number, floorMs = 5000): string[] {
  return states
    .filter((s) => {
      if (s.everyMs === null) return false;
      const since = Math.max(s.lastRunAtMs ?? 0, s.registeredAtMs);
      return nowMs - since > Math.max(2 * s.everyMs, floorMs);
    })
    .map((s) => s.id);
}

/**
 * The schedulers a driver was asked for (so that it can assert them again after Redis lost them)
 * and when each job last started in this process.
 */
export class SchedulerRegistry {
  private readonly specs = new Map<string, SchedulerSpec>();
  private readonly lastRun = new Map<JobName, number>();

  constructor(private readonly now: () => number = Date.now) {}

  register(spec: SchedulerRequest): SchedulerSpec {
    const full: SchedulerSpec = { ...spec, registeredAtMs: this.now() };
    this.specs.set(spec.id, full);
    return full;
  }

  all(): SchedulerSpec[] {
    return [...this.specs.values()];
  }

  /** The shortest `every` interval, or undefined when nothing repeats by interval. */
  shortestEveryMs(): number | undefined {
    const every = this.all().flatMap((s) => (s.kind === 'every' ? [s.everyMs] : []));
    return every.length > 0 ? Math.min(...every) : undefined;
  }

  ran(name: JobName, atMs = this.now()): void {
    this.lastRun.set(name, Math.max(atMs, this.lastRun.get(name) ?? 0));
  }

  /** When each job name last started in this process. */
  lastRuns(): ReadonlyMap<JobName, number> {
    return this.lastRun;
  }

  /** States, with the last runs seen elsewhere (e.g. by other instances, through Redis) merged in. */
  states(elsewhere: ReadonlyMap<string, number> = new Map()): SchedulerState[] {
    return this.all().map((s) => {
      const runs = [this.lastRun.get(s.name), elsewhere.get(s.name)].filter((t): t is number => t !== undefined);
      return {
        id: s.id,
        job: s.name,
        everyMs: s.kind === 'every' ? s.everyMs : null,
        registeredAtMs: s.registeredAtMs,
        lastRunAtMs: runs.length > 0 ? Math.max(...runs) : null,
      };
    });
  }
}
