import { lotRoom } from '@furlong/contracts';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { LedgerDescriptions, type ReferenceName } from '../accounts/ledger-descriptions';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { JobPayloads } from '../jobs/job.types';
import { JobHandler } from '../jobs/job-handler.decorator';
import { JobQueue } from '../jobs/job-queue.service';
import { SocketEmitter } from '../realtime/socket-emitter';
import { AuctionRepository } from './auction.repository';
import { AuctionService } from './auction.service';
import { type LotChange, LotWriter } from './lot-writer.service';

export const AUCTION_SWEEP_ID = 'auction.sweep';
const AUCTION_SWEEP_MS = 15_000;

/**
 * The auction's clockwork: a hammer job queued for each lot's close (again after each extension;
 * one that finds the close moved does nothing), and a sweep every 15 s that hammers any lot past
 * its close (a job lost with a worker) and keeps a house sale running. The hammer is LotWriter's,
 * which does a closed lot's work once however often it runs. Every change goes to the room `lot:{id}`.
 */
@Injectable()
export class AuctionJobs implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Auction');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JobQueue) private readonly jobs: JobQueue,
    @Inject(LotWriter) private readonly writer: LotWriter,
    @Inject(AuctionService) private readonly auction: AuctionService,
    @Inject(AuctionRepository) private readonly repository: AuctionRepository,
    @Inject(SocketEmitter) private readonly emitter: SocketEmitter,
    @Inject(LedgerDescriptions) private readonly descriptions: LedgerDescriptions,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    // "Auction hold: Lot 3, Zenith — Furlong Sales digital sale" in the wallet.
    this.descriptions.register('auction_lot', (keys) => this.nameLots(keys));
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.driver.repeat(AUCTION_SWEEP_ID, AUCTION_SWEEP_MS, 'auction.sweep', { reason: 'schedule' });
  }

  /** Sends a lot's change to its room, and queues the hammer for its (new) close. */
  async announce(change: LotChange | undefined): Promise<void> {
    if (!change) return;
    this.emitter.toRoom(lotRoom(change.state.lot_id), 'lot:update', change.state);
    if (change.closesAtMs !== null) await this.scheduleHammer(change.state.lot_id, change.closesAtMs);
  }

  async scheduleHammer(lotId: number, closesAtMs: number): Promise<void> {
    await this.jobs.enqueue(
      'auction.hammer',
      { lot_id: lotId },
      { jobId: `auction-hammer-${lotId}-${closesAtMs}`, delayMs: Math.max(0, closesAtMs - this.clock.now().getTime()) },
    );
  }

  async scheduleAll(closes: ReadonlyMap<number, number>): Promise<void> {
    for (const [lotId, at] of closes) await this.scheduleHammer(lotId, at);
  }

  @JobHandler('auction.hammer')
  async hammer(payload: JobPayloads['auction.hammer']): Promise<{ closed: boolean }> {
    const change = await this.writer.hammer(payload.lot_id);
    // A close moved later by a late bid has its own job queued already.
    if (change && change.closesAtMs !== null) return { closed: false };
    if (change) this.emitter.toRoom(lotRoom(change.state.lot_id), 'lot:update', change.state);
    return { closed: change !== undefined };
  }

  @JobHandler('auction.sweep')
  async sweep(_payload: JobPayloads['auction.sweep']): Promise<{ hammered: number; listed: number }> {
    let hammered = 0;
    for (const lotId of await this.repository.dueLots(this.clock.now())) {
      const change = await this.writer.hammer(lotId);
      if (change && change.closesAtMs === null) {
        hammered++;
        this.emitter.toRoom(lotRoom(lotId), 'lot:update', change.state);
      }
    }
    let listed = 0;
    if (this.config.auction.houseSales) {
      const closes = await this.auction.makeHouseSale();
      await this.scheduleAll(closes);
      listed = closes.size;
      if (listed > 0) this.logger.log(`a house sale of ${listed} lots is open`);
    }
    return { hammered, listed };
  }

  private async nameLots(keys: readonly string[]): Promise<Map<string, ReferenceName>> {
    const lots = await this.repository.lotsById(keys.map(Number).filter(Number.isSafeInteger));
    return new Map(
      lots.map((l) => [
        String(l.id),
        { what: `Lot ${l.lot_no ?? l.id}, ${l.name}`, where: l.sale_name ?? 'the auction' },
      ]),
    );
  }
}
