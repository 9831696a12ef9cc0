import { type ToteView, toteRoom } from '@furlong/contracts';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Metrics } from '../metrics/metrics';
import { SocketEmitter } from '../realtime/socket-emitter';
import { PoolService } from './pool.service';

/**
 * At most one board per race this often (wall ms): the first bet after a quiet spell moves the
 * board at once, the bets within the next 500 ms share the following board.
 */
export const TOTE_COALESCE_MS = 500;
/** A board computed this recently (and no bet since) answers a join: a crowd of joins costs one board. */
const BOARD_REUSE_MS = 1000;

/**
 * The live tote boards to `tote:{id}`: a bet marks its race dirty and, per race, one timer computes
 * the board once for all the bets since (at once after a quiet spell, else TOTE_COALESCE_MS after
 * the last board; never a board per bet), and only if someone watches it, on any instance (the
 * Redis adapter carries the emit to them).
 */
@Injectable()
export class ToteFeed implements OnApplicationShutdown {
  private readonly logger = new Logger('Tote');
  private readonly timers = new Map<number, NodeJS.Timeout>();
  /** Races whose board is being computed, and those dirtied meanwhile (computed again after). */
  private readonly running = new Set<number>();
  private readonly again = new Set<number>();
  /** The last board of each race (or the one being computed), for joins. */
  private readonly boards = new Map<number, { at: number; board: Promise<ToteView> }>();
  /** When each race's last board was started (wall ms). */
  private readonly lastAt = new Map<number, number>();

  constructor(
    @Inject(PoolService) private readonly pools: PoolService,
    @Inject(SocketEmitter) private readonly emitter: SocketEmitter,
    @Inject(Metrics) private readonly metrics: Metrics,
  ) {}

  /** Bets on pools starting at these races committed: their boards moved. */
  betsPlaced(raceIds: Iterable<number>): void {
    for (const id of new Set(raceIds)) {
      this.boards.delete(id);
      this.dirty(id);
    }
  }

  /**
   * The board for a viewer joining: the last one computed within a second with no bet since, or
   * one being computed (shared), else a new one (the crowd's money due first).
   */
  board(raceId: number): Promise<ToteView> {
    const last = this.boards.get(raceId);
    if (last && Date.now() - last.at < BOARD_REUSE_MS) return last.board;
    return this.compute(raceId);
  }

  /** A board now, with the crowd's money due first. */
  private compute(raceId: number): Promise<ToteView> {
    const board = this.pools.liveTote(raceId);
    if (this.boards.size > 1000) this.boards.clear();
    if (this.lastAt.size > 1000) this.lastAt.clear();
    this.lastAt.set(raceId, Date.now());
    const entry = { at: Date.now(), board };
    this.boards.set(raceId, entry);
    board.catch(() => {
      if (this.boards.get(raceId) === entry) this.boards.delete(raceId);
    });
    return board;
  }

  private dirty(raceId: number): void {
    if (this.timers.has(raceId)) return;
    if (this.running.has(raceId)) {
      this.again.add(raceId);
      return;
    }
    const wait = Math.max(0, (this.lastAt.get(raceId) ?? 0) + TOTE_COALESCE_MS - Date.now());
    const timer = setTimeout(() => {
      this.timers.delete(raceId);
      void this.refresh(raceId);
    }, wait);
    timer.unref();
    this.timers.set(raceId, timer);
  }

  private async refresh(raceId: number): Promise<void> {
    if (!this.watched(raceId)) return;
    this.running.add(raceId);
    try {
      // Reads only: the crowd's money waits for the tick or the close, off the bet's path. The
      // light part (pools and odds) goes out: a whole board to thousands of viewers per bet burst
      // is what the fan-out cannot keep up with; the tick's board brings the probables.
      await this.broadcastOdds(raceId);
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
      this.emitter.toRoom(toteRoom(raceId), 'tote:update', await this.compute(raceId));
      this.metrics.toteBroadcast();
    } catch (err) {
      this.logger.warn(`tote of race ${raceId} not broadcast: ${(err as Error).message}`);
    }
  }

  /**
   * The pools and odds as they stand (no crowd write; not the exotics' probables, which the tick's
   * board brings) to the race's tote room; failures are logged.
   */
  private async broadcastOdds(raceId: number): Promise<void> {
    this.lastAt.set(raceId, Date.now());
    try {
      this.emitter.toRoom(toteRoom(raceId), 'tote:odds', await this.pools.toteOdds(raceId));
      this.metrics.toteBroadcast();
    } catch (err) {
      this.logger.warn(`tote odds of race ${raceId} not broadcast: ${(err as Error).message}`);
    }
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
