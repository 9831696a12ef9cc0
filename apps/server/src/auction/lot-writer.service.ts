import type { LotState, PlaceBidBody, PlaceBidResponse } from '@furlong/contracts';
import {
  type BidRefusal,
  decideBid,
  formatMoney,
  hammer,
  INVALID_BID_MESSAGE,
  minimumNextBid,
  type ProxyMax,
} from '@furlong/domain';
import { HttpException, Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { HOUSE, InsufficientFundsException, LedgerService, type TransferRequest } from '../accounts/ledger.service';
import type { AuthenticatedUser } from '../accounts/session-auth';
import { UserDirectory } from '../accounts/user-directory';
import { InvalidRequestException, notFound, refusal } from '../common/api-error';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AUCTION_BID_OUTCOMES, type AuctionBidOutcome, Metrics } from '../metrics/metrics';
import { StableService } from '../stable/stable.service';
import { AuctionRepository, type LotRow } from './auction.repository';
import { HOUSE_CONSIGNOR, lotState, maximaOf, standingOf, termsOf } from './lot-views';
import { SalesContracts } from './sales-contracts.service';

/** The ledger account that holds a lot's leading maximum until the hammer. */
export const escrowOf = (lotId: number) => ({ system: `auction_lot:${lotId}` });
export const lotReference = (lotId: number) => `auction_lot:${lotId}`;

/** What a decided bid or hammer leaves for the room: the lot's state, and a close to hammer at. */
export interface LotChange {
  state: LotState;
  closesAtMs: number | null;
}

export interface Viewer {
  userId: number | null;
  all: boolean;
}

/**
 * The one writer of a lot: every bid and the hammer lock the lot's row first, so they are decided
 * one at a time in arrival order; the holds, the price and the close change in that transaction.
 * A bid after the close (server clock, read under the lock) is refused; the hammer runs once,
 * however often it is called (a closed lot is left alone).
 */
@Injectable()
export class LotWriter {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AuctionRepository) private readonly repository: AuctionRepository,
    @Inject(LedgerService) private readonly ledger: LedgerService,
    @Inject(StableService) private readonly stable: StableService,
    @Inject(SalesContracts) private readonly contracts: SalesContracts,
    @Inject(UserDirectory) private readonly users: UserDirectory,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(Metrics) private readonly metrics: Metrics,
  ) {}

  /** Decides a bid (see the class), counted and timed in the metrics by its outcome. */
  async bid(
    user: AuthenticatedUser,
    lotId: number,
    body: PlaceBidBody,
    key: string,
    visible: (lot: LotRow, m: EntityManager) => Promise<boolean>,
  ): Promise<{ response: PlaceBidResponse; change: LotChange | null }> {
    const started = performance.now();
    try {
      const decided = await this.decide(user, lotId, body, key, visible);
      this.metrics.auctionBid(
        decided.response.replayed ? 'replayed' : 'accepted',
        (performance.now() - started) / 1000,
      );
      return decided;
    } catch (err) {
      this.metrics.auctionBid(outcomeOf(err), (performance.now() - started) / 1000);
      throw err;
    }
  }

  private async decide(
    user: AuthenticatedUser,
    lotId: number,
    body: PlaceBidBody,
    key: string,
    visible: (lot: LotRow, m: EntityManager) => Promise<boolean>,
  ): Promise<{ response: PlaceBidResponse; change: LotChange | null }> {
    // A price only rises: a bid on a price already gone is refused without queueing for the lot's
    // lock (in a busy last minute most refusals are these) — unless it is the retry of a bid decided.
    const peek = await this.repository.lot(lotId);
    if (
      peek?.status === 'open' &&
      peek.sale_id !== null &&
      peek.price_cents !== body.seen_price_cents &&
      (await visible(peek, this.dataSource.manager)) &&
      !(await this.repository.bidByKey(this.dataSource, user.userId, key))
    ) {
      throw refused({
        reason: 'stale_price',
        price_cents: peek.price_cents,
        minimum_cents: minimumNextBid(termsOf(peek), standingOf(peek)),
      });
    }
    return this.dataSource.transaction(async (m) => {
      const lot = await this.repository.lockLot(m, lotId);
      if (!lot || lot.sale_id === null || !(await visible(lot, m))) throw notFound('Lot', lotId);
      const now = this.clock.now();
      const earlier = await this.repository.bidByKey(m, user.userId, key);
      if (earlier) {
        if (earlier.lot_id !== lotId) {
          throw refusal('This Idempotency-Key was used for a bid on another lot.', 'key_reused');
        }
        return {
          response: {
            bid_id: earlier.id,
            leading: lot.leader_user_id === user.userId,
            max_cents: earlier.max_cents,
            state: lotState(lot, now),
            balance_cents: await this.ledger.balanceOfUser(user.userId, m),
            replayed: true,
          },
          change: null,
        };
      }
      if (lot.status !== 'open') throw refusal('Bidding on this lot has closed.', 'closed');
      if (lot.opens_at && lot.opens_at.getTime() > now.getTime()) {
        throw refusal(`Bidding on this lot opens at ${lot.opens_at.toISOString()}.`, 'not_open');
      }
      const top = await this.repository.topMaxima(m, lotId);
      const decision = decideBid(
        {
          terms: termsOf(lot),
          maxima: maximaOf(top),
          closesAtMs: (lot.closes_at as Date).getTime(),
          seller: lot.seller_user_id,
          softCloseMs: this.config.auction.softCloseMs,
        },
        {
          bidder: user.userId,
          max_cents: body.amount_cents,
          seen_price_cents: body.seen_price_cents,
          balance_cents: await this.ledger.balanceOfUser(user.userId, m),
          seq: Number.MAX_SAFE_INTEGER,
          nowMs: now.getTime(),
        },
      );
      if (!('accepted' in decision)) throw refused(decision);

      const moves: TransferRequest[] = [];
      const reference = lotReference(lotId);
      if (decision.holds.release) {
        const { bidder, cents } = decision.holds.release;
        moves.push({
          from: escrowOf(lotId),
          to: { userId: bidder },
          amount_cents: cents,
          reason: 'auction_release',
          reference,
        });
      }
      if (decision.holds.take) {
        const { bidder, cents } = decision.holds.take;
        moves.push({
          from: { userId: bidder },
          to: escrowOf(lotId),
          amount_cents: cents,
          reason: 'auction_hold',
          reference,
        });
      }
      await this.ledger.openSystemAccount(m, escrowOf(lotId).system);
      await this.ledger.transferMany(m, moves);

      const after = decision.after;
      const bidId = await this.repository.insertBid(m, {
        lot_id: lotId,
        user_id: user.userId,
        kind: body.kind,
        max_cents: body.amount_cents,
        price_after_cents: after.price_cents as number,
        leader_after: after.leader as number,
        idempotency_key: key,
        created_at: now,
      });
      const closesAt = new Date(decision.closesAtMs);
      await this.repository.saveStanding(m, lotId, {
        price_cents: after.price_cents as number,
        leader_user_id: after.leader as number,
        leader_max_cents: after.leader_max_cents as number,
        closes_at: closesAt,
        extended: decision.extended,
      });
      const state = lotState(
        {
          ...lot,
          price_cents: after.price_cents,
          leader_user_id: after.leader,
          leader_max_cents: after.leader_max_cents,
          closes_at: closesAt,
          bids_count: lot.bids_count + 1,
          extensions: lot.extensions + (decision.extended ? 1 : 0),
        },
        now,
      );
      return {
        response: {
          bid_id: bidId,
          leading: after.leader === user.userId,
          max_cents: body.amount_cents,
          state,
          balance_cents: await this.ledger.balanceOfUser(user.userId, m),
          replayed: false,
        },
        change: { state, closesAtMs: decision.extended ? decision.closesAtMs : null },
      };
    });
  }

  /**
   * The fall of the hammer on a lot whose close has come, in one transaction: no bids → passed;
   * below the reserve → RNA, the hold goes back; else the buyer's hold pays the price (the seller
   * gets it less commission, the house keeps a house lot's), the rest of the hold goes back, the
   * horse moves to the buyer's stable and the sales contract is written. Undefined when there was
   * nothing to do (closed already, or its close moved later).
   */
  async hammer(lotId: number): Promise<LotChange | undefined> {
    return this.dataSource.transaction(async (m) => {
      const lot = await this.repository.lockLot(m, lotId);
      const now = this.clock.now();
      if (lot?.status !== 'open' || lot.closes_at === null) return undefined;
      if (lot.closes_at.getTime() > now.getTime())
        return { state: lotState(lot, now), closesAtMs: lot.closes_at.getTime() };
      const maxima: ProxyMax[] = maximaOf(await this.repository.topMaxima(m, lotId));
      const outcome = hammer(termsOf(lot), maxima, this.config.auction.commissionBps);
      const escrow = escrowOf(lotId);
      const reference = lotReference(lotId);
      let closed: Pick<LotRow, 'status' | 'hammer_price_cents' | 'buyer_user_id'>;
      // A user's horse not sold may race again (the consignment marked it on sale).
      const unsold = async () => {
        if (lot.seller_user_id !== null && lot.horse_id !== null) await this.stable.endSale(m, lot.horse_id);
      };
      switch (outcome.outcome) {
        case 'no_bids':
          await unsold();
          closed = { status: 'no_bids', hammer_price_cents: null, buyer_user_id: null };
          break;
        case 'rna':
          await this.ledger.transfer(m, {
            from: escrow,
            to: { userId: outcome.leader },
            amount_cents: outcome.held_cents,
            reason: 'auction_release',
            reference,
          });
          await unsold();
          closed = { status: 'rna', hammer_price_cents: outcome.price_cents, buyer_user_id: null };
          break;
        case 'sold': {
          await this.settleSale(m, lot, outcome, now);
          closed = { status: 'sold', hammer_price_cents: outcome.price_cents, buyer_user_id: outcome.buyer };
          break;
        }
      }
      await this.repository.closeLot(m, lotId, { ...closed, at: now });
      this.metrics.auctionHammer(closed.status as 'sold' | 'rna' | 'no_bids');
      return { state: lotState({ ...lot, ...closed, hammered_at: now }, now), closesAtMs: null };
    });
  }

  private async settleSale(
    m: EntityManager,
    lot: LotRow,
    sold: { buyer: number; price_cents: number; change_cents: number; commission_cents: number; seller_cents: number },
    now: Date,
  ): Promise<void> {
    const escrow = escrowOf(lot.id);
    const reference = lotReference(lot.id);
    const moves: TransferRequest[] = [];
    const pay = (to: TransferRequest['to'], amount: number, reason: string) => {
      if (amount > 0) moves.push({ from: escrow, to, amount_cents: amount, reason, reference });
    };
    if (lot.seller_user_id === null) {
      pay(HOUSE, sold.price_cents, 'auction_sale');
    } else {
      pay({ userId: lot.seller_user_id }, sold.seller_cents, 'auction_sale');
      pay(HOUSE, sold.commission_cents, 'auction_commission');
    }
    pay({ userId: sold.buyer }, sold.change_cents, 'auction_release');
    await this.ledger.transferMany(m, moves);

    const names = await this.users.usernames([sold.buyer, ...(lot.seller_user_id ? [lot.seller_user_id] : [])], m);
    const buyer = { userId: sold.buyer, username: names.get(sold.buyer) ?? `user ${sold.buyer}` };
    if (lot.horse_id !== null) await this.stable.transferOwnership(m, lot.horse_id, buyer);
    await this.contracts.writeForLot(m, {
      lot_id: lot.id,
      horse_name: lot.name,
      price_cents: sold.price_cents,
      seller:
        lot.seller_user_id === null ? null : { userId: lot.seller_user_id, name: names.get(lot.seller_user_id) ?? '' },
      sellerName: lot.seller_user_id === null ? HOUSE_CONSIGNOR : (names.get(lot.seller_user_id) ?? ''),
      buyer: { userId: buyer.userId, name: buyer.username },
      at: now,
    });
  }
}

/** A refused bid's outcome for the metrics: its 409's reason, or invalid_amount for a 400. */
function outcomeOf(err: unknown): AuctionBidOutcome {
  if (err instanceof InvalidRequestException) return 'invalid_amount';
  if (err instanceof HttpException) {
    const body = err.getResponse();
    const reason = typeof body === 'object' && body !== null ? (body as { reason?: unknown }).reason : undefined;
    if ((AUCTION_BID_OUTCOMES as readonly unknown[]).includes(reason)) return reason as AuctionBidOutcome;
  }
  return 'other';
}

/** A refused bid as the client hears it: 400 for an amount that is not one, 409 with the reason otherwise. */
function refused(r: BidRefusal): Error {
  switch (r.reason) {
    case 'invalid_amount':
      return new InvalidRequestException([{ field: 'amount_cents', reason: INVALID_BID_MESSAGE }]);
    case 'closed':
      return refusal('Bidding on this lot has closed.', 'closed');
    case 'own_lot':
      return refusal('You cannot bid on a lot you consigned.', 'own_lot');
    case 'stale_price':
      return refusal(
        `The price has moved to ${r.price_cents === null ? 'no bid yet' : formatMoney(r.price_cents)}: the next bid is at least ${formatMoney(r.minimum_cents)}.`,
        'stale_price',
      );
    case 'too_low':
      return refusal(`The next bid must be at least ${formatMoney(r.minimum_cents)}.`, 'too_low');
    case 'not_above_own_max':
      return refusal(
        `You lead with a maximum of ${formatMoney(r.leader_max_cents)}: a new maximum must be higher.`,
        'not_above_own_max',
      );
    case 'insufficient_funds':
      return new InsufficientFundsException(r.balance_cents, r.needed_cents);
  }
}
