import type { AuctionSale, ListResponse, SaleKind } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { AUCTION_QUERY_KEY } from './keys';

export interface SalesFilter {
  kind?: SaleKind;
  status?: 'upcoming' | 'live' | 'closed';
}

/** GET /api/auction/sales: public sales, and private ones the session is invited to. */
export function salesQuery(filter: SalesFilter = {}) {
  return queryOptions({
    queryKey: [...AUCTION_QUERY_KEY, 'sales', filter],
    queryFn: ({ signal }) => getJson<ListResponse<AuctionSale>>('/auction/sales', { ...filter, limit: 200 }, signal),
    // A sale's counts (lots sold, gross) move with each hammer.
    refetchInterval: 30_000,
  });
}

export function useAuctionSales(filter: SalesFilter = {}) {
  return useQuery(salesQuery(filter));
}
