import type { AuctionLot, LotBid, LotState } from '@furlong/contracts';
import { type LotPrice, type LotTerms, minimumNextBid, type ProxyMax } from '@furlong/domain';
import type { BidRow, LotRow } from './auction.repository';

/** The name a house lot's consignor shows. */
export const HOUSE_CONSIGNOR = 'Furlong Sales (house)';

export const termsOf = (lot: LotRow): LotTerms => ({
  starting_bid_cents: lot.starting_bid_cents,
  reserve_cents: lot.reserve_cents,
});

/** The standing price kept on the lot row, as the domain reads it. */
export function standingOf(lot: LotRow): LotPrice {
  return {
    price_cents: lot.price_cents,
    leader: lot.leader_user_id,
    leader_max_cents: lot.leader_max_cents,
    reserve_met: lot.reserve_cents === null || (lot.price_cents ?? -1) >= lot.reserve_cents,
  };
}

/** Bids as the domain's maxima: the bidder, the maximum, and the order decided (the row id). */
export const maximaOf = (bids: readonly BidRow[]): ProxyMax[] =>
  bids.map((b) => ({ bidder: b.user_id, max_cents: b.max_cents, seq: b.id }));

/** What the room `lot:{id}` and GET …/currentbid show. */
export function lotState(lot: LotRow, now: Date): LotState {
  const standing = standingOf(lot);
  const opensAt = lot.opens_at ?? now;
  const status = lot.status === 'open' && opensAt.getTime() > now.getTime() ? 'upcoming' : lot.status;
  return {
    lot_id: lot.id,
    status,
    price_cents: lot.price_cents,
    minimum_bid_cents: minimumNextBid(termsOf(lot), standing),
    leader_paddle: lot.leader_user_id,
    bids: lot.bids_count,
    reserve: lot.reserve_cents === null ? 'no_reserve' : standing.reserve_met ? 'met' : 'not_met',
    opens_at: opensAt.toISOString(),
    closes_at: (lot.closes_at ?? now).toISOString(),
    extensions: lot.extensions,
    hammer_price_cents: lot.hammer_price_cents,
    server_time: now.toISOString(),
  };
}

export interface HorseFacts {
  gender: string | null;
  color: string | null;
  sire: string | null;
  dam: string | null;
}

export function lotView(lot: LotRow, now: Date, facts: HorseFacts | undefined, consignor: string): AuctionLot {
  return {
    id: lot.id,
    sale_id: lot.sale_id ?? 0,
    sale_name: lot.sale_name ?? '',
    sale_kind: lot.sale_kind ?? 'public',
    lot_no: lot.lot_no ?? 0,
    horse_id: lot.horse_id,
    name: lot.name,
    breed: lot.breed,
    age: lot.age,
    gender: facts?.gender ?? null,
    color: facts?.color ?? null,
    sire: facts?.sire ?? null,
    dam: facts?.dam ?? null,
    image: lot.image,
    description: lot.description,
    consignor,
    starting_bid_cents: lot.starting_bid_cents,
    state: lotState(lot, now),
  };
}

export const bidView = (b: BidRow): LotBid => ({
  seq: b.id,
  at: b.created_at.toISOString(),
  paddle: b.user_id,
  price_cents: b.price_after_cents,
  leader_paddle: b.leader_after,
});
