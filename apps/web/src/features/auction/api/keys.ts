/** Every auction query sits under this key: a bid or a hammer invalidates them together. */
export const AUCTION_QUERY_KEY = ['auction'] as const;
