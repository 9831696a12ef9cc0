import type { LotState } from '@furlong/contracts';
import { formatMoney } from '@furlong/domain';

/** The auction's fixed lines (the spec's §8 messages among them). */
export const AUCTION_TEXT = {
  noWinningBids: 'No winning bids yet.',
  noBidsForHorse: 'No bids yet for this horse.',
  noLots: 'No lots match these filters.',
  noLiveLots: 'No lots are taking bids right now.',
  noSales: 'No sales to show.',
  priceMoved: 'The price moved while you were bidding.',
} as const;

/** Paddle = user id: how a leader is named to the viewer. */
export function leaderText(state: LotState, myId: number | undefined): string {
  if (state.leader_paddle === null) return 'No bids yet';
  return state.leader_paddle === myId ? 'You lead' : `Paddle ${state.leader_paddle}`;
}

/** The fall of the hammer in words; null while the lot is still up. */
export function hammerText(state: LotState): string | null {
  switch (state.status) {
    case 'sold':
      return `Sold for ${formatMoney(state.hammer_price_cents ?? state.price_cents ?? 0)}`;
    case 'rna':
      return `Not sold: reserve not met at ${formatMoney(state.hammer_price_cents ?? state.price_cents ?? 0)}`;
    case 'no_bids':
      return 'Passed in: no bids';
    case 'upcoming':
    case 'open':
      return null;
  }
}

export function reserveText(state: LotState): string {
  switch (state.reserve) {
    case 'no_reserve':
      return 'No reserve';
    case 'met':
      return 'Reserve met';
    case 'not_met':
      return 'Reserve not met';
  }
}

export const priceText = (state: LotState) =>
  state.price_cents === null ? 'No bids yet' : formatMoney(state.price_cents);

/** The 409 reasons of a bid, in the bidder's words (the server's own message follows them). */
export const BID_REFUSALS: Record<string, string> = {
  stale_price: AUCTION_TEXT.priceMoved,
  too_low: 'Your bid is below the next bid.',
  closed: 'Bidding on this lot has closed.',
  not_open: 'Bidding on this lot has not opened yet.',
  own_lot: 'You cannot bid on your own horse.',
  not_above_own_max: 'You already lead with a higher maximum.',
  insufficient_funds: 'Your balance is too low for this bid.',
};
