/**
 * The rules of an online horse sale: bid increments, proxy (maximum) bids, the reserve, the soft
 * close, the hammer and the commission. Pure functions of the lot's terms and its bids, so the
 * server decides with them under its lock and anyone can replay a lot's bids to its price.
 */

/** The spec's bid form message (§5), shown for an amount that is not a positive whole number of cents. */
export const INVALID_BID_MESSAGE = 'Please enter a valid bid amount.';

/** The largest bid the sale takes, $100,000,000 (a guard against typing slips, not a market rule). */
export const MAX_BID_CENTS = 10_000_000_000;

/**
 * The increment bands (Inglis Digital / Ardex "bidding increments", in cents): below each `below`
 * price the next bid is at least `step` higher.
 */
export const BID_INCREMENT_BANDS: readonly { below: number; step: number }[] = [
  { below: 100_000, step: 10_000 }, // to $999: +$100
  { below: 500_000, step: 25_000 }, // to $4,999: +$250
  { below: 1_000_000, step: 50_000 }, // to $9,999: +$500
  { below: 2_000_000, step: 100_000 }, // to $19,999: +$1,000
  { below: Number.POSITIVE_INFINITY, step: 200_000 }, // above: +$2,000
];

/** Fasig-Tipton Digital: a bid in a lot's last two minutes resets its clock to two minutes. */
export const SOFT_CLOSE_MS = 2 * 60_000;
/** Fasig-Tipton Digital: lots close two minutes apart, in catalogue order. */
export const LOT_SPACING_MS = 2 * 60_000;
/** Keeneland's conditions of sale: 5 % of the price from the seller (basis points). */
export const DEFAULT_COMMISSION_BPS = 500;

export interface LotTerms {
  starting_bid_cents: number;
  /** Secret to everyone but the seller; null: no reserve. */
  reserve_cents: number | null;
}

/** A bidder's standing maximum and when it was made (its order of arrival). */
export interface ProxyMax {
  bidder: number;
  max_cents: number;
  /** Arrival order of this maximum: lower is earlier; equal maxima go to the earlier. */
  seq: number;
}

export interface LotPrice {
  /** The current price; null before the first bid. */
  price_cents: number | null;
  leader: number | null;
  /** The leader's maximum: what the leader's wallet holds for this lot. */
  leader_max_cents: number | null;
  reserve_met: boolean;
}

/** The increment above a price (Inglis/Ardex bands). */
export function bidIncrement(priceCents: number): number {
  return (BID_INCREMENT_BANDS.find((b) => priceCents < b.below) as { step: number }).step;
}

/** The least a new bid may be: the starting bid before any bid, else the price plus its band's increment. */
export function minimumNextBid(terms: LotTerms, price: LotPrice): number {
  return price.price_cents === null ? terms.starting_bid_cents : price.price_cents + bidIncrement(price.price_cents);
}

/** Bidders' best maxima, highest first; equal maxima with the earlier first (eBay, Fasig-Tipton). */
export function rankMaxima(maxima: readonly ProxyMax[]): ProxyMax[] {
  const best = new Map<number, ProxyMax>();
  for (const m of maxima) {
    const had = best.get(m.bidder);
    if (!had || m.max_cents > had.max_cents) best.set(m.bidder, m);
  }
  return [...best.values()].sort((a, b) => b.max_cents - a.max_cents || a.seq - b.seq);
}

/**
 * The price the maxima make (eBay proxy bidding, Fasig-Tipton Digital's maximum bids): the system
 * bids for the leader one increment over the next-highest maximum, never over the leader's own,
 * and up to the reserve when the leader's maximum reaches it; equal maxima: the earlier leads at
 * that amount. Never below the starting bid.
 */
export function priceOf(terms: LotTerms, maxima: readonly ProxyMax[]): LotPrice {
  const [leader, second] = rankMaxima(maxima);
  if (!leader) return { price_cents: null, leader: null, leader_max_cents: null, reserve_met: false };
  const top = leader.max_cents;
  const overSecond = second ? Math.min(top, second.max_cents + bidIncrement(second.max_cents)) : 0;
  const towardReserve = Math.min(top, terms.reserve_cents ?? 0);
  const price = Math.max(terms.starting_bid_cents, overSecond, towardReserve);
  return {
    price_cents: price,
    leader: leader.bidder,
    leader_max_cents: top,
    reserve_met: terms.reserve_cents === null || price >= terms.reserve_cents,
  };
}

/** The soft close: a bid at `nowMs` inside the last `windowMs` moves the close to `nowMs + windowMs`. */
export function closeAfterBid(closesAtMs: number, nowMs: number, windowMs = SOFT_CLOSE_MS): number {
  return closesAtMs - nowMs < windowMs ? nowMs + windowMs : closesAtMs;
}

/** When each of `count` lots closes: the first at `firstCloseMs`, then `spacingMs` apart. */
export function lotCloseTimes(firstCloseMs: number, count: number, spacingMs = LOT_SPACING_MS): number[] {
  return Array.from({ length: count }, (_, i) => firstCloseMs + i * spacingMs);
}

export interface BidAttempt {
  bidder: number;
  /** The bid, or the maximum for a proxy bid (cents). */
  max_cents: number;
  /** The price the bidder saw when bidding (null: no bid yet); a different price now is stale. */
  seen_price_cents: number | null;
  /** The bidder's wallet balance now (its own hold for this lot not included). */
  balance_cents: number;
  seq: number;
  nowMs: number;
}

export interface LotForBid {
  terms: LotTerms;
  maxima: readonly ProxyMax[];
  closesAtMs: number;
  /** The consigning user, or null for a house lot. */
  seller: number | null;
  softCloseMs?: number;
}

export type BidRefusal =
  | { reason: 'invalid_amount' }
  | { reason: 'closed' }
  | { reason: 'own_lot' }
  | { reason: 'stale_price'; price_cents: number | null; minimum_cents: number }
  | { reason: 'too_low'; price_cents: number | null; minimum_cents: number }
  | { reason: 'not_above_own_max'; leader_max_cents: number }
  | { reason: 'insufficient_funds'; balance_cents: number; needed_cents: number };

/** The wallet holds a decided bid moves: what goes back to an outbid leader, and what the leader now holds more. */
export interface HoldChange {
  release: { bidder: number; cents: number } | null;
  take: { bidder: number; cents: number } | null;
}

export interface BidDecision {
  accepted: true;
  maxima: ProxyMax[];
  before: LotPrice;
  after: LotPrice;
  closesAtMs: number;
  extended: boolean;
  holds: HoldChange;
}

/**
 * Decides one bid against a lot as it stands (the caller holds the lot's lock, so bids are decided
 * one at a time in arrival order). Refused: past the close (server clock), on one's own lot, an
 * invalid amount, a stale price, below the minimum next bid, not above one's own standing maximum,
 * or more than the wallet holds. Accepted: the new price, the soft-closed close and the holds.
 */
export function decideBid(lot: LotForBid, bid: BidAttempt): BidDecision | BidRefusal {
  if (!Number.isSafeInteger(bid.max_cents) || bid.max_cents <= 0 || bid.max_cents > MAX_BID_CENTS) {
    return { reason: 'invalid_amount' };
  }
  if (bid.nowMs >= lot.closesAtMs) return { reason: 'closed' };
  if (lot.seller !== null && bid.bidder === lot.seller) return { reason: 'own_lot' };
  const before = priceOf(lot.terms, lot.maxima);
  const minimum = minimumNextBid(lot.terms, before);
  if (bid.seen_price_cents !== before.price_cents) {
    return { reason: 'stale_price', price_cents: before.price_cents, minimum_cents: minimum };
  }
  if (bid.max_cents < minimum) return { reason: 'too_low', price_cents: before.price_cents, minimum_cents: minimum };
  const leading = before.leader === bid.bidder;
  const ownHold = leading ? (before.leader_max_cents as number) : 0;
  if (leading && bid.max_cents <= ownHold) return { reason: 'not_above_own_max', leader_max_cents: ownHold };
  if (bid.max_cents > bid.balance_cents + ownHold) {
    return { reason: 'insufficient_funds', balance_cents: bid.balance_cents + ownHold, needed_cents: bid.max_cents };
  }
  const maxima = [...lot.maxima, { bidder: bid.bidder, max_cents: bid.max_cents, seq: bid.seq }];
  const after = priceOf(lot.terms, maxima);
  const closesAtMs = closeAfterBid(lot.closesAtMs, bid.nowMs, lot.softCloseMs);
  return {
    accepted: true,
    maxima,
    before,
    after,
    closesAtMs,
    extended: closesAtMs !== lot.closesAtMs,
    holds: holdChange(before, after),
  };
}

/** Only the leader's maximum is held: an outbid leader gets theirs back at once. */
export function holdChange(before: LotPrice, after: LotPrice): HoldChange {
  if (after.leader === null) return { release: null, take: null };
  const newMax = after.leader_max_cents as number;
  if (before.leader === after.leader) {
    const more = newMax - (before.leader_max_cents as number);
    return { release: null, take: more > 0 ? { bidder: after.leader, cents: more } : null };
  }
  return {
    release: before.leader === null ? null : { bidder: before.leader, cents: before.leader_max_cents as number },
    take: { bidder: after.leader, cents: newMax },
  };
}

export type HammerOutcome =
  | { outcome: 'no_bids' }
  /** Reserve not attained: no sale, the leader's hold goes back. */
  | { outcome: 'rna'; price_cents: number; leader: number; held_cents: number }
  | {
      outcome: 'sold';
      buyer: number;
      price_cents: number;
      /** The buyer's hold beyond the price, returned. */
      change_cents: number;
      commission_cents: number;
      seller_cents: number;
    };

/** The sale's commission on a price: `bps` basis points, rounded half up to the cent. */
export function commissionOf(priceCents: number, bps = DEFAULT_COMMISSION_BPS): number {
  return Math.floor((priceCents * bps + 5_000) / 10_000);
}

/** The fall of the hammer: sold to the leader at the price, or RNA below the reserve, or no bids. */
export function hammer(terms: LotTerms, maxima: readonly ProxyMax[], commissionBps = DEFAULT_COMMISSION_BPS) {
  const price = priceOf(terms, maxima);
  if (price.leader === null || price.price_cents === null) return { outcome: 'no_bids' } as HammerOutcome;
  const held = price.leader_max_cents as number;
  if (!price.reserve_met) {
    return { outcome: 'rna', price_cents: price.price_cents, leader: price.leader, held_cents: held } as HammerOutcome;
  }
  const commission = commissionOf(price.price_cents, commissionBps);
  return {
    outcome: 'sold',
    buyer: price.leader,
    price_cents: price.price_cents,
    change_cents: held - price.price_cents,
    commission_cents: commission,
    seller_cents: price.price_cents - commission,
  } as HammerOutcome;
}

/**
 * Replays accepted bids in their order to the lot's price: what the server's last state must
 * equal (the bench and the tests check it). A replayed bid the rules refuse is an error.
 */
export function replayBids(
  terms: LotTerms,
  bids: readonly { bidder: number; max_cents: number; seq: number }[],
): LotPrice {
  const maxima: ProxyMax[] = [];
  for (const bid of [...bids].sort((a, b) => a.seq - b.seq)) {
    const before = priceOf(terms, maxima);
    const ownMax = before.leader === bid.bidder ? (before.leader_max_cents as number) : 0;
    if (bid.max_cents < minimumNextBid(terms, before) || bid.max_cents <= ownMax) {
      throw new RangeError(`bid ${bid.seq} of ${bid.max_cents} could not have been accepted`);
    }
    maxima.push(bid);
  }
  return priceOf(terms, maxima);
}
