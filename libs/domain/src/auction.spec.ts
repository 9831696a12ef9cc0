import fc from 'fast-check';
import {
  type BidAttempt,
  bidIncrement,
  closeAfterBid,
  commissionOf,
  decideBid,
  hammer,
  type LotForBid,
  type LotTerms,
  lotCloseTimes,
  minimumNextBid,
  type ProxyMax,
  priceOf,
  replayBids,
  SOFT_CLOSE_MS,
} from './auction';

const terms: LotTerms = { starting_bid_cents: 50_000, reserve_cents: null };
const max = (bidder: number, max_cents: number, seq: number): ProxyMax => ({ bidder, max_cents, seq });

describe(bidIncrement.name, () => {
  // Inglis Digital / Ardex bands: +$100 to $999, +$250 to $4,999, +$500 to $9,999, +$1,000 to $19,999, +$2,000 above.
  it.each([
    [0, 10_000],
    [99_900, 10_000],
    [100_000, 25_000],
    [499_900, 25_000],
    [500_000, 50_000],
    [999_900, 50_000],
    [1_000_000, 100_000],
    [1_999_900, 100_000],
    [2_000_000, 200_000],
    [50_000_000, 200_000],
  ])('should step a price of %i cents by %i', (price, step) => {
    expect(bidIncrement(price)).toBe(step);
  });
});

describe(minimumNextBid.name, () => {
  it('should ask the starting bid before any bid, then the price plus its increment', () => {
    expect(minimumNextBid(terms, priceOf(terms, []))).toBe(50_000);
    expect(minimumNextBid(terms, { price_cents: 95_000, leader: 1, leader_max_cents: 95_000, reserve_met: true })).toBe(
      105_000,
    );
    expect(minimumNextBid(terms, { price_cents: 480_000, leader: 1, leader_max_cents: 9e5, reserve_met: true })).toBe(
      505_000,
    );
  });
});

describe(priceOf.name, () => {
  // eBay's automatic bidding: the leader pays one increment over the next-highest maximum.
  it('should hold a lone maximum at the starting bid', () => {
    expect(priceOf(terms, [max(1, 200_000, 1)])).toEqual({
      price_cents: 50_000,
      leader: 1,
      leader_max_cents: 200_000,
      reserve_met: true,
    });
  });

  it('should bid the leader one increment over the next-highest maximum', () => {
    const sut = priceOf(terms, [max(1, 200_000, 1), max(2, 150_000, 2)]);
    expect(sut).toMatchObject({ price_cents: 175_000, leader: 1 });
  });

  it('should never bid the leader over the leader’s own maximum', () => {
    expect(priceOf(terms, [max(1, 200_000, 1), max(2, 190_000, 2)])).toMatchObject({ price_cents: 200_000, leader: 1 });
  });

  it('should give equal maxima to the earlier bid (eBay, Fasig-Tipton)', () => {
    expect(priceOf(terms, [max(1, 200_000, 1), max(2, 200_000, 2)])).toMatchObject({ price_cents: 200_000, leader: 1 });
    expect(priceOf(terms, [max(2, 200_000, 2), max(1, 200_000, 1)])).toMatchObject({ leader: 1 });
  });

  it('should count a raised maximum from when it was raised', () => {
    // 1 raises to 300k at seq 3; 2 had 300k since seq 2, so 2 leads at 300k.
    const sut = priceOf(terms, [max(1, 200_000, 1), max(2, 300_000, 2), max(1, 300_000, 3)]);
    expect(sut).toMatchObject({ price_cents: 300_000, leader: 2 });
  });

  it('should bid up to the reserve for a maximum that reaches it, and show the reserve met', () => {
    const reserved = { starting_bid_cents: 50_000, reserve_cents: 300_000 };
    expect(priceOf(reserved, [max(1, 500_000, 1)])).toMatchObject({ price_cents: 300_000, reserve_met: true });
    expect(priceOf(reserved, [max(1, 250_000, 1)])).toMatchObject({ price_cents: 250_000, reserve_met: false });
    expect(priceOf(reserved, [max(1, 500_000, 1), max(2, 400_000, 2)])).toMatchObject({ price_cents: 425_000 });
  });
});

describe(closeAfterBid.name, () => {
  // Fasig-Tipton Digital: a bid in the last two minutes resets that lot's clock to two minutes.
  it('should move the close to two minutes after a bid in the last two minutes, and leave it otherwise', () => {
    const close = 1_000_000;
    expect(closeAfterBid(close, close - SOFT_CLOSE_MS - 1)).toBe(close);
    expect(closeAfterBid(close, close - SOFT_CLOSE_MS)).toBe(close);
    expect(closeAfterBid(close, close - 30_000)).toBe(close - 30_000 + SOFT_CLOSE_MS);
    expect(closeAfterBid(close, close - 1_000, 10_000)).toBe(close + 9_000);
  });

  it('should close lots two minutes apart', () => {
    expect(lotCloseTimes(0, 3)).toEqual([0, 120_000, 240_000]);
  });
});

describe(decideBid.name, () => {
  const lot = (over: Partial<LotForBid> = {}): LotForBid => ({
    terms,
    maxima: [],
    closesAtMs: 1_000_000,
    seller: 9,
    ...over,
  });
  const bid = (over: Partial<BidAttempt> = {}): BidAttempt => ({
    bidder: 1,
    max_cents: 50_000,
    seen_price_cents: null,
    balance_cents: 1_000_000,
    seq: 1,
    nowMs: 0,
    ...over,
  });

  it('should accept a first bid at the starting price and hold it', () => {
    const sut = decideBid(lot(), bid());
    expect(sut).toMatchObject({
      accepted: true,
      after: { price_cents: 50_000, leader: 1 },
      extended: false,
      holds: { release: null, take: { bidder: 1, cents: 50_000 } },
    });
  });

  it('should refuse a bid at or after the close, decided by the server’s clock', () => {
    expect(decideBid(lot(), bid({ nowMs: 1_000_000 }))).toEqual({ reason: 'closed' });
    expect(decideBid(lot(), bid({ nowMs: 999_999 }))).toMatchObject({ accepted: true });
  });

  it('should refuse the seller’s own bid', () => {
    expect(decideBid(lot(), bid({ bidder: 9 }))).toEqual({ reason: 'own_lot' });
  });

  it.each([0, -100, 1.5, Number.NaN, 10_000_000_001])('should refuse an amount of %s as invalid', (amount) => {
    expect(decideBid(lot(), bid({ max_cents: amount }))).toEqual({ reason: 'invalid_amount' });
  });

  it('should refuse a bid made on a price that has since moved, naming the price now', () => {
    const open = lot({ maxima: [max(2, 60_000, 1)] });
    expect(decideBid(open, bid({ seen_price_cents: null, max_cents: 70_000, seq: 2 }))).toEqual({
      reason: 'stale_price',
      price_cents: 50_000,
      minimum_cents: 60_000,
    });
  });

  it('should refuse a bid under the minimum next bid', () => {
    const open = lot({ maxima: [max(2, 60_000, 1)] });
    expect(decideBid(open, bid({ seen_price_cents: 50_000, max_cents: 59_999, seq: 2 }))).toMatchObject({
      reason: 'too_low',
      minimum_cents: 60_000,
    });
  });

  it('should let a bid that the leader’s maximum covers raise the price and keep the leader', () => {
    const open = lot({ maxima: [max(2, 200_000, 1)] });
    const sut = decideBid(open, bid({ seen_price_cents: 50_000, max_cents: 100_000, seq: 2 }));
    expect(sut).toMatchObject({ after: { price_cents: 125_000, leader: 2 }, holds: { release: null, take: null } });
  });

  it('should release the outbid leader’s hold at once and hold the new leader’s maximum', () => {
    const open = lot({ maxima: [max(2, 60_000, 1)] });
    const sut = decideBid(open, bid({ seen_price_cents: 50_000, max_cents: 300_000, seq: 2 }));
    expect(sut).toMatchObject({
      after: { price_cents: 70_000, leader: 1, leader_max_cents: 300_000 },
      holds: { release: { bidder: 2, cents: 60_000 }, take: { bidder: 1, cents: 300_000 } },
    });
  });

  it('should hold only the raise when the leader raises the maximum, and refuse a maximum not above it', () => {
    const open = lot({ maxima: [max(1, 100_000, 1)] });
    expect(decideBid(open, bid({ seen_price_cents: 50_000, max_cents: 150_000, seq: 2 }))).toMatchObject({
      after: { price_cents: 50_000, leader: 1 },
      holds: { release: null, take: { bidder: 1, cents: 50_000 } },
    });
    expect(decideBid(open, bid({ seen_price_cents: 50_000, max_cents: 100_000, seq: 2 }))).toEqual({
      reason: 'not_above_own_max',
      leader_max_cents: 100_000,
    });
  });

  it('should refuse a maximum above the wallet (counting the leader’s own hold)', () => {
    expect(decideBid(lot(), bid({ max_cents: 60_000, balance_cents: 59_999 }))).toEqual({
      reason: 'insufficient_funds',
      balance_cents: 59_999,
      needed_cents: 60_000,
    });
    const leading = lot({ maxima: [max(1, 100_000, 1)] });
    expect(
      decideBid(leading, bid({ seen_price_cents: 50_000, max_cents: 150_000, balance_cents: 50_000, seq: 2 })),
    ).toMatchObject({ accepted: true });
  });

  it('should extend only a bid in the last two minutes', () => {
    expect(decideBid(lot(), bid({ nowMs: 1_000_000 - 60_000 }))).toMatchObject({
      closesAtMs: 1_000_000 + 60_000,
      extended: true,
    });
    expect(decideBid(lot({ softCloseMs: 10_000 }), bid({ nowMs: 1_000_000 - 60_000 }))).toMatchObject({
      closesAtMs: 1_000_000,
      extended: false,
    });
  });

  // The law the bench checks too: decided bids in order leave the price a replay gives, and the
  // holds they move add up to the leader's maximum (every other bidder's back to zero).
  it('should leave the price a replay of the accepted bids gives, with only the leader’s maximum held', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ bidder: fc.integer({ min: 1, max: 5 }), raise: fc.integer({ min: 0, max: 400_000 }) }), {
          maxLength: 40,
        }),
        (attempts) => {
          let maxima: ProxyMax[] = [];
          const held = new Map<number, number>();
          const accepted: ProxyMax[] = [];
          attempts.forEach((a, i) => {
            const now = priceOf(terms, maxima);
            const amount = minimumNextBid(terms, now) + a.raise;
            const sut = decideBid(
              { terms, maxima, closesAtMs: 1e9, seller: null },
              {
                bidder: a.bidder,
                max_cents: amount,
                seen_price_cents: now.price_cents,
                balance_cents: 5_000_000,
                seq: i,
                nowMs: 0,
              },
            );
            if (!('accepted' in sut)) return;
            maxima = sut.maxima;
            accepted.push({ bidder: a.bidder, max_cents: amount, seq: i });
            if (sut.holds.release)
              held.set(sut.holds.release.bidder, (held.get(sut.holds.release.bidder) ?? 0) - sut.holds.release.cents);
            if (sut.holds.take)
              held.set(sut.holds.take.bidder, (held.get(sut.holds.take.bidder) ?? 0) + sut.holds.take.cents);
          });
          const final = priceOf(terms, maxima);
          expect(replayBids(terms, accepted)).toEqual(final);
          for (const [bidder, cents] of held) {
            expect(cents).toBe(bidder === final.leader ? final.leader_max_cents : 0);
          }
        },
      ),
    );
  });
});

describe(hammer.name, () => {
  it('should pass a lot with no bids', () => {
    expect(hammer(terms, [])).toEqual({ outcome: 'no_bids' });
  });

  it('should not sell below the reserve (RNA) and give the hold back', () => {
    const reserved = { starting_bid_cents: 50_000, reserve_cents: 300_000 };
    expect(hammer(reserved, [max(1, 250_000, 1)])).toEqual({
      outcome: 'rna',
      price_cents: 250_000,
      leader: 1,
      held_cents: 250_000,
    });
  });

  it('should sell to the leader at the price, less 5 % commission to the seller (Keeneland)', () => {
    const sut = hammer(terms, [max(1, 2_000_000, 1), max(2, 1_134_500, 2)]);
    expect(sut).toEqual({
      outcome: 'sold',
      buyer: 1,
      price_cents: 1_234_500,
      change_cents: 765_500,
      commission_cents: 61_725,
      seller_cents: 1_172_775,
    });
  });

  it('should round the commission half up to the cent', () => {
    expect(commissionOf(999)).toBe(50); // 49.95 cents
    expect(commissionOf(990)).toBe(50); // 49.5 cents
    expect(commissionOf(989)).toBe(49); // 49.45 cents
    expect(commissionOf(100_000, 0)).toBe(0);
  });
});

describe(replayBids.name, () => {
  it('should refuse a replayed bid the rules would not have accepted', () => {
    expect(() => replayBids(terms, [max(1, 60_000, 1), max(2, 55_000, 2)])).toThrow(RangeError);
  });
});
