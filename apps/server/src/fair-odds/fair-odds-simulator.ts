import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EngineInput, FairOdds } from '@furlong/domain';
import { Logger, type OnModuleDestroy } from '@nestjs/common';

/** A race to simulate: its field and conditions (never its seed), how many runs, on which seed. */
export interface FairOddsRequest {
  race: Omit<EngineInput, 'seed'>;
  runs: number;
  seed: string;
}

/** The tally of the runs: each runner's chances and fair odds (domain FairOddsTally.result()). */
export interface FairOddsOutcome {
  runs: number;
  odds: FairOdds[];
  /** How long the simulation took in its thread (ms). */
  ms: number;
}

/**
 * Where fair odds are simulated: anywhere but the event loop, which serves requests and ticks the
 * live races every 50 ms (5,000 runs of a race take a few tenths of a second of one core).
 */
export abstract class FairOddsSimulator {
  abstract simulate(request: FairOddsRequest): Promise<FairOddsOutcome>;
}

type WorkerReply =
  | { id: number; ok: true; runs: number; odds: FairOdds[]; ms: number }
  | { id: number; ok: false; message: string };

interface Waiting {
  resolve: (outcome: FairOddsOutcome) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/** A simulation this long (wall) is taken for a hung thread: it is ended, and the next request starts another. */
export const SIMULATION_TIMEOUT_MS = 120_000;

/** The thread's script: plain CommonJS beside this file, in the sources and in the build alike. */
const WORKER_SCRIPT = join(__dirname, 'fair-odds.worker.js');

/**
 * A thread with nothing to do for this long is ended: races open a few at a time, minutes apart, and
 * an idle thread keeps its own V8 isolate and heap resident on a server meant to idle in 300 MB
 * (issue 16 §3). Starting one again costs a few tens of milliseconds.
 */
export const THREAD_IDLE_MS = 30_000;

/**
 * One worker thread (node:worker_threads), started by the first request and ended when it has been
 * idle for idleMs, or with the module. Requests queue in the thread and run one after another; a
 * thread that fails or exits rejects what it held, and the next request starts a new one. It holds
 * the process open only while a request is out.
 */
export class WorkerFairOddsSimulator extends FairOddsSimulator implements OnModuleDestroy {
  private readonly logger = new Logger('FairOdds');
  private worker?: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private closed = false;
  private idleTimer?: NodeJS.Timeout;

  constructor(
    private readonly script: string = WORKER_SCRIPT,
    private readonly idleMs: number = THREAD_IDLE_MS,
  ) {
    super();
  }

  simulate(request: FairOddsRequest): Promise<FairOddsOutcome> {
    if (this.closed) return Promise.reject(new Error('the fair-odds simulator is closed'));
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise<FairOddsOutcome>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(worker, new Error(`fair-odds simulation ${id} took over ${SIMULATION_TIMEOUT_MS} ms`));
      }, SIMULATION_TIMEOUT_MS);
      timer.unref();
      this.waiting.set(id, { resolve, reject, timer });
      clearTimeout(this.idleTimer);
      worker.ref();
      worker.postMessage({ id, ...request });
    });
  }

  /** Whether a thread is running now (for tests and the bench). */
  get started(): boolean {
    return this.worker !== undefined;
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (worker) this.fail(worker, new Error('the fair-odds simulator is closed'));
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script);
    worker.unref();
    worker.on('message', (reply: WorkerReply) => this.answer(reply));
    worker.on('error', (err) => {
      this.logger.error(`fair-odds thread failed: ${err.message}`);
      this.fail(worker, err);
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.fail(worker, new Error(`the fair-odds thread exited (${code})`));
    });
    this.worker = worker;
    return worker;
  }

  private answer(reply: WorkerReply): void {
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    this.waiting.delete(reply.id);
    clearTimeout(waiting.timer);
    if (this.waiting.size === 0) this.idle();
    if (reply.ok) waiting.resolve({ runs: reply.runs, odds: reply.odds, ms: reply.ms });
    else waiting.reject(new Error(reply.message));
  }

  /**
   * Nothing is out: the thread no longer holds the process open, and ends if nothing comes in idleMs
   * (a request or a failure clears the timer, so when it fires the thread is this one and idle).
   */
  private idle(): void {
    const worker = this.worker;
    if (!worker) return;
    worker.unref();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.worker = undefined;
      void worker.terminate().catch(() => undefined);
    }, this.idleMs);
    this.idleTimer.unref();
  }

  /** Rejects everything the thread held and ends it; the next request starts another. */
  private fail(worker: Worker, err: Error): void {
    clearTimeout(this.idleTimer);
    if (this.worker === worker) this.worker = undefined;
    for (const [id, waiting] of this.waiting) {
      clearTimeout(waiting.timer);
      waiting.reject(err);
      this.waiting.delete(id);
    }
    void worker.terminate().catch(() => undefined);
  }
}
