import type { MyBids } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { AUCTION_QUERY_KEY } from './keys';

export const MY_BIDS_QUERY_KEY = [...AUCTION_QUERY_KEY, 'bidding'] as const;

/** GET /api/auction/bidding: the user's lots, their maximum, whether they lead, holds and wins. */
export function myBidsQuery() {
  return queryOptions({
    queryKey: MY_BIDS_QUERY_KEY,
    queryFn: ({ signal }) => getJson<MyBids>('/auction/bidding', undefined, signal),
    // Whether the user still leads changes with others' bids: read again now and then.
    refetchInterval: 15_000,
  });
}

export function useMyBids() {
  return useQuery(myBidsQuery());
}
