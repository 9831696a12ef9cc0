import type { AuctionLot, AuctionLotsQuery, ListResponse } from '@furlong/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { AUCTION_QUERY_KEY } from './keys';

/** The filters of GET /api/auction-horses the pages use (all optional; the server has the defaults). */
export type LotsFilter = Partial<Omit<AuctionLotsQuery, 'breed' | 'q'>> & { breed?: string; q?: string };

/** How often a list reads again: the rows beyond the live rooms (12 a socket) move on with it. */
export const LOTS_REFRESH_MS = 20_000;

/** GET /api/auction-horses: lots by sale, kind, status, breed, age and price. */
export function lotsQuery(filter: LotsFilter) {
  return queryOptions({
    queryKey: [...AUCTION_QUERY_KEY, 'lots', filter],
    queryFn: ({ signal }) => getJson<ListResponse<AuctionLot>>('/auction-horses', { ...filter }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: LOTS_REFRESH_MS,
  });
}

export function useAuctionLots(filter: LotsFilter) {
  return useQuery(lotsQuery(filter));
}
