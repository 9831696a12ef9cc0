import { hostname } from 'node:os';
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** How often (wall ms) the viewers of each race and tote room are sampled into their histogram. */
export const ROOM_SAMPLE_MS = 10_000;

/** The rooms a sample covers: `race:{id}`, `tote:{id}` and `lot:{id}` (the id is never a label). */
export type RoomKind = 'race' | 'tote' | 'lot';

/** How an auction bid ended: accepted, or the reason it was refused. */
export const AUCTION_BID_OUTCOMES = [
  'accepted',
  'replayed',
  'stale_price',
  'too_low',
  'closed',
  'not_open',
  'own_lot',
  'not_above_own_max',
  'insufficient_funds',
  'invalid_amount',
  'other',
] as const;
export type AuctionBidOutcome = (typeof AUCTION_BID_OUTCOMES)[number];

/** What the socket gauges read on a scrape and the room sampler reads on its timer. */
export interface SocketSource {
  connected(): number;
  /** Every room with its number of sockets (the adapter's rooms include each socket's own room). */
  rooms(): Iterable<[string, { size: number }]>;
}

/** A database pool's state on a scrape. */
export interface PoolSource {
  inUse(): number;
  idle(): number;
  waiting(): number;
}

/** A job queue's jobs by state on a scrape. */
export type QueueSource = () => Promise<{ waiting: number; delayed: number; active: number; failed: number }>;

/** The names of the series other modules read back (the operations page), once. */
export const METRIC = {
  framesSent: 'furlong_race_frames_sent_total',
  toteBroadcasts: 'furlong_tote_broadcasts_total',
  tickLateness: 'furlong_tick_lateness_seconds',
  ticksMissed: 'furlong_ticks_missed_total',
  betsAccepted: 'furlong_bets_accepted_total',
  slipsRefused: 'furlong_bet_slips_refused_total',
  toteCycle: 'furlong_tote_cycle_duration_seconds',
  jobFailures: 'furlong_job_failures_total',
  httpRequests: 'furlong_http_requests_total',
  sockets: 'furlong_sockets_connected',
  dbPool: 'furlong_db_pool_connections',
  dbPoolWaiting: 'furlong_db_pool_waiting',
  settlementBacklog: 'furlong_settlement_backlog_seconds',
  queueJobs: 'furlong_queue_jobs',
  auctionBids: 'furlong_auction_bids_total',
  auctionBidDuration: 'furlong_auction_bid_duration_seconds',
  heapUsed: 'furlong_nodejs_heap_size_used_bytes',
  /** prom-client sets the heap figures when this one is collected. */
  heapTotal: 'furlong_nodejs_heap_size_total_bytes',
} as const;

// Buckets in base units (seconds), each fitting its figure.
const TICK_LATENESS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
const BROADCAST_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25];
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const JOB_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const VIEWER_BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 25_000, 50_000];

/**
 * This app's Prometheus metrics: one registry per app (tests run several apps in one process), the
 * process defaults prefixed `furlong_`, and an `instance` label on every series. Hot paths (the
 * tick, the broadcast, the bet) call the small methods below: label children are made once, so a
 * call is a number added, with no label object built per call. No race or user id is ever a label.
 */
@Injectable()
export class Metrics implements OnApplicationShutdown {
  readonly registry = new Registry();
  private sockets?: SocketSource;
  private roomTimer?: NodeJS.Timeout;

  private readonly framesSent: Counter;
  private readonly toteBroadcasts: Counter;
  private readonly broadcastLatency: Histogram;
  private readonly tickLateness: Histogram;
  private readonly ticksMissed: Counter;
  private readonly slipsAccepted: Counter;
  private readonly betsAccepted: Counter;
  private readonly slipsRefused: Counter<'reason'>;
  private readonly refusedBy = new Map<string, Counter.Internal>();
  private readonly betDuration: Histogram;
  private readonly slipGroups: Histogram;
  private readonly settlementDuration: Histogram;
  private readonly toteCycleDuration: Histogram;
  private readonly jobDuration: Histogram<'queue' | 'job'>;
  private readonly jobFailures: Counter<'queue' | 'job'>;
  private readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  private readonly httpDuration: Histogram<'method' | 'route'>;
  /** Label children by `method route status`, made on a route's first request. */
  private readonly httpChildren = new Map<
    string,
    { count: Counter.Internal; time: Histogram.Internal<'method' | 'route'> }
  >();
  private readonly auctionBids: Counter<'outcome'>;
  private readonly auctionBidsBy = new Map<string, Counter.Internal>();
  private readonly auctionBidDuration: Histogram;
  private readonly auctionHammers: Counter<'outcome'>;
  private readonly roomViewers: Histogram<'room'>;
  private readonly viewersOf: Record<RoomKind, Histogram.Internal<'room'>>;

  constructor(processDefaults = true) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ instance: `${hostname()}:${process.pid}` });
    if (processDefaults) collectDefaultMetrics({ register: this.registry, prefix: 'furlong_' });

    const self = this;
    new Gauge({
      name: METRIC.sockets,
      help: 'Socket.IO connections open on this instance',
      registers,
      collect() {
        this.set(self.sockets?.connected() ?? 0);
      },
    });
    this.roomViewers = new Histogram({
      name: 'furlong_room_viewers',
      help: `Sockets in each watched race, tote or auction lot room, sampled every ${ROOM_SAMPLE_MS / 1000} s`,
      labelNames: ['room'],
      buckets: VIEWER_BUCKETS,
      registers,
    });
    this.viewersOf = {
      race: this.roomViewers.labels('race'),
      tote: this.roomViewers.labels('tote'),
      lot: this.roomViewers.labels('lot'),
    };
    this.auctionBids = new Counter({
      name: METRIC.auctionBids,
      help: 'Auction bids decided, by outcome: accepted, replayed (a retry of a decided bid) or the reason refused',
      labelNames: ['outcome'],
      registers,
    });
    for (const outcome of AUCTION_BID_OUTCOMES) this.auctionBidsBy.set(outcome, this.auctionBids.labels(outcome));
    this.auctionBidDuration = new Histogram({
      name: METRIC.auctionBidDuration,
      help: "Time to decide an auction bid (the lot's lock, the holds, the answer), accepted or refused",
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.auctionHammers = new Counter({
      name: 'furlong_auction_hammers_total',
      help: 'Auction lots closed by the hammer, by outcome (sold, rna, no_bids)',
      labelNames: ['outcome'],
      registers,
    });

    this.framesSent = new Counter({ name: METRIC.framesSent, help: 'Race frames broadcast', registers });
    this.toteBroadcasts = new Counter({
      name: METRIC.toteBroadcasts,
      help: 'Tote boards broadcast',
      registers,
    });
    this.broadcastLatency = new Histogram({
      name: 'furlong_broadcast_latency_seconds',
      help: "From a race frame's ts to the end of the loop writing it to the room's sockets",
      buckets: BROADCAST_BUCKETS,
      registers,
    });
    this.tickLateness = new Histogram({
      name: METRIC.tickLateness,
      help: 'How late the race timer sent a due frame or countdown',
      buckets: TICK_LATENESS_BUCKETS,
      registers,
    });
    this.ticksMissed = new Counter({
      name: METRIC.ticksMissed,
      help: 'Race frames skipped because the timer was behind by more than a sample',
      registers,
    });

    this.slipsAccepted = new Counter({
      name: 'furlong_bet_slips_accepted_total',
      help: 'Bet slips accepted (replays of an accepted slip not counted)',
      registers,
    });
    this.betsAccepted = new Counter({
      name: METRIC.betsAccepted,
      help: 'Bets in the accepted slips',
      registers,
    });
    this.slipsRefused = new Counter({
      name: METRIC.slipsRefused,
      help: 'Bet slips refused by the bet service, by reason',
      labelNames: ['reason'],
      registers,
    });
    for (const reason of BET_REFUSALS) this.refusedBy.set(reason, this.slipsRefused.labels(reason));
    this.betDuration = new Histogram({
      name: 'furlong_bet_duration_seconds',
      help: 'Time to place a slip (checks, transaction, answer), accepted or refused',
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.slipGroups = new Histogram({
      name: 'furlong_bet_slip_group_size',
      help: 'Bet slips written together in one transaction (group commit)',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128],
      registers,
    });
    this.settlementDuration = new Histogram({
      name: 'furlong_settlement_duration_seconds',
      help: "Time to settle a race's pools",
      buckets: JOB_BUCKETS,
      registers,
    });
    this.toteCycleDuration = new Histogram({
      name: METRIC.toteCycle,
      help: 'Time of one tote tick (crowd money, boards, freezes, settlement due)',
      buckets: JOB_BUCKETS,
      registers,
    });

    this.jobDuration = new Histogram({
      name: 'furlong_job_duration_seconds',
      help: 'Time a job handler ran on this instance (every attempt), by queue and job',
      labelNames: ['queue', 'job'],
      buckets: JOB_BUCKETS,
      registers,
    });
    this.jobFailures = new Counter({
      name: METRIC.jobFailures,
      help: 'Job attempts that threw, by queue and job',
      labelNames: ['queue', 'job'],
      registers,
    });

    this.httpRequests = new Counter({
      name: METRIC.httpRequests,
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'furlong_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route template',
      labelNames: ['method', 'route'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
  }

  /** Names this instance on every series (the race runner's instance id). */
  nameInstance(instance: string): void {
    this.registry.setDefaultLabels({ instance });
  }

  /** The Socket.IO server: connections read on a scrape, rooms sampled on a timer. */
  watchSockets(source: SocketSource): void {
    this.sockets = source;
    if (this.roomTimer) return;
    this.roomTimer = setInterval(() => this.sampleRooms(), ROOM_SAMPLE_MS);
    this.roomTimer.unref();
  }

  /** One sample of every race and tote room's viewers. */
  sampleRooms(): void {
    if (!this.sockets) return;
    for (const [room, sockets] of this.sockets.rooms()) {
      if (room.startsWith('race:')) this.viewersOf.race.observe(sockets.size);
      else if (room.startsWith('tote:')) this.viewersOf.tote.observe(sockets.size);
      else if (room.startsWith('lot:')) this.viewersOf.lot.observe(sockets.size);
    }
  }

  /** Sockets in each race room of this instance now, by race id (for the operations page: ids are never labels). */
  raceViewers(): Map<number, number> {
    const viewers = new Map<number, number>();
    if (!this.sockets) return viewers;
    for (const [room, sockets] of this.sockets.rooms()) {
      if (!room.startsWith('race:')) continue;
      const id = Number(room.slice('race:'.length));
      if (Number.isInteger(id)) viewers.set(id, sockets.size);
    }
    return viewers;
  }

  /** The database pool, read on a scrape. */
  watchPool(source: PoolSource): void {
    new Gauge({
      name: METRIC.dbPool,
      help: 'Database connections of this instance, by state (in_use, idle)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        this.labels('in_use').set(source.inUse());
        this.labels('idle').set(source.idle());
      },
    });
    new Gauge({
      name: METRIC.dbPoolWaiting,
      help: 'Queries waiting for a database connection',
      registers: [this.registry],
      collect() {
        this.set(source.waiting());
      },
    });
  }

  /**
   * The settlement backlog, read on a scrape: how long the oldest official result still waiting for
   * its pools to be paid has waited (0 when none waits). A failed read leaves the last value.
   */
  watchSettlementBacklog(oldestUnsettledResult: () => Promise<Date | null>, nowMs: () => number): void {
    new Gauge({
      name: METRIC.settlementBacklog,
      help: 'Age of the oldest race result whose pools are not all paid yet (0 when none)',
      registers: [this.registry],
      async collect() {
        try {
          const oldest = await oldestUnsettledResult();
          this.set(oldest ? Math.max(0, (nowMs() - oldest.getTime()) / 1000) : 0);
        } catch {
          // The database away: the scrape still answers.
        }
      },
    });
  }

  /** A job queue's depth, read on a scrape (a failed read leaves the last values). */
  watchQueue(queue: string, source: QueueSource): void {
    new Gauge({
      name: METRIC.queueJobs,
      help: 'Jobs in a queue by state (waiting, delayed, active, failed for good)',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        try {
          const counts = await source();
          this.labels(queue, 'waiting').set(counts.waiting);
          this.labels(queue, 'delayed').set(counts.delayed);
          this.labels(queue, 'active').set(counts.active);
          this.labels(queue, 'failed').set(counts.failed);
        } catch {
          // Redis away: the scrape still answers.
        }
      },
    });
  }

  /** A frame written to its room; `frameTs` is the frame's wall ts, `nowMs` the wall time after the write loop. */
  frameWritten(frameTs: number, nowMs: number): void {
    this.framesSent.inc();
    this.broadcastLatency.observe((nowMs - frameTs) / 1000);
  }

  toteBroadcast(): void {
    this.toteBroadcasts.inc();
  }

  tickLate(lateMs: number): void {
    this.tickLateness.observe(lateMs > 0 ? lateMs / 1000 : 0);
  }

  ticksSkipped(count: number): void {
    this.ticksMissed.inc(count);
  }

  slipAccepted(bets: number, seconds: number): void {
    this.slipsAccepted.inc();
    this.betsAccepted.inc(bets);
    this.betDuration.observe(seconds);
  }

  slipGroupWritten(size: number): void {
    this.slipGroups.observe(size);
  }

  slipRefused(reason: BetRefusal, seconds: number): void {
    (this.refusedBy.get(reason) as Counter.Internal).inc();
    this.betDuration.observe(seconds);
  }

  auctionBid(outcome: AuctionBidOutcome, seconds: number): void {
    (this.auctionBidsBy.get(outcome) as Counter.Internal).inc();
    this.auctionBidDuration.observe(seconds);
  }

  auctionHammer(outcome: 'sold' | 'rna' | 'no_bids'): void {
    this.auctionHammers.labels(outcome).inc();
  }

  settled(seconds: number): void {
    this.settlementDuration.observe(seconds);
  }

  toteCycle(seconds: number): void {
    this.toteCycleDuration.observe(seconds);
  }

  jobRan(queue: string, job: string, seconds: number, failed: boolean): void {
    this.jobDuration.labels(queue, job).observe(seconds);
    if (failed) this.jobFailures.labels(queue, job).inc();
  }

  httpRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${route} ${status}`;
    let children = this.httpChildren.get(key);
    if (!children) {
      children = {
        count: this.httpRequests.labels(method, route, String(status)),
        time: this.httpDuration.labels(method, route),
      };
      this.httpChildren.set(key, children);
    }
    children.count.inc();
    children.time.observe(seconds);
  }

  /** The Prometheus text of this instance. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  onApplicationShutdown(): void {
    if (this.roomTimer) clearInterval(this.roomTimer);
  }
}

/** Why the bet service refused a slip: the `reason` its error answers with, or the kind of error. */
export const BET_REFUSALS = [
  'invalid',
  'betting_closed',
  'insufficient_funds',
  'idempotency_key_reused',
  'conflict',
  'forbidden',
  'other',
] as const;
export type BetRefusal = (typeof BET_REFUSALS)[number];

/**
 * Metrics turned off (METRICS_ENABLED=false): the same series, never moved. Nothing is counted or
 * timed on the hot paths, no process defaults are collected, and bootstrap serves no /metrics.
 * What the metrics cost is measured against this (`npm run bench:metrics-cost`).
 */
export class SilentMetrics extends Metrics {
  constructor() {
    super(false);
  }
  override frameWritten(): void {}
  override toteBroadcast(): void {}
  override tickLate(): void {}
  override ticksSkipped(): void {}
  override slipAccepted(): void {}
  override slipRefused(): void {}
  override slipGroupWritten(): void {}
  override settled(): void {}
  override toteCycle(): void {}
  override jobRan(): void {}
  override httpRequest(): void {}
  override sampleRooms(): void {}
}
