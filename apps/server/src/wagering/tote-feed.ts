import { toteRoom } from '@furlong/contracts';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Metrics } from '../metrics/metrics';
import { SocketEmitter } from '../realtime/socket-emitter';
import { PoolService } from './pool.service';

/** How long a race's board waits after a bet for more bets before it is computed once (wall ms). */
export const TOTE_COALESCE_MS = 200;

/**
 * The live tote boards to `tote:{id}`: a bet marks its race dirty and, per race, one timer a few
 * hundred ms later computes the board once for all the bets since (never a board per bet), and
 * only if someone watches it, on any instance (the Redis adapter carries the emit to them).
 */
@Injectable()
export class ToteFeed implements OnApplicationShutdown {
  private readonly logger = new Logger('Tote');
  private readonly timers = new Map<number, NodeJS.Timeout>();
  /** Races whose board is being computed, and those dirtied meanwhile (computed again after). */
  private readonly running = new Set<number>();
  private readonly again = new Set<number>();

  constructor(
    @Inject(PoolService) private readonly pools: PoolService,
    @Inject(SocketEmitter) private readonly emitter: SocketEmitter,
    @Inject(Metrics) private readonly metrics: Metrics,
  ) {}

  /** Bets on pools starting at these races committed: their boards moved. */
  betsPlaced(raceIds: Iterable<number>): void {
    for (const id of new Set(raceIds)) this.dirty(id);
  }

  private dirty(raceId: number): void {
    if (this.timers.has(raceId)) return;
    if (this.running.has(raceId)) {
      this.again.add(raceId);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(raceId);
      void this.refresh(raceId);
    }, TOTE_COALESCE_MS);
    timer.unref();
    this.timers.set(raceId, timer);
  }

  private async refresh(raceId: number): Promise<void> {
    if (!this.watched(raceId)) return;
    this.running.add(raceId);
    try {
      await this.broadcast(raceId);
    } finally {
      this.running.delete(raceId);
      if (this.again.delete(raceId)) this.dirty(raceId);
    }
  }

  watched(raceId: number): boolean {
    return this.emitter.watched(toteRoom(raceId));
  }

  /** The board now (the crowd's money due first) to the race's tote room; failures are logged. */
  async broadcast(raceId: number): Promise<void> {
    try {
      this.emitter.toRoom(toteRoom(raceId), 'tote:update', await this.pools.liveTote(raceId));
      this.metrics.toteBroadcast();
    } catch (err) {
      this.logger.warn(`tote of race ${raceId} not broadcast: ${(err as Error).message}`);
    }
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
