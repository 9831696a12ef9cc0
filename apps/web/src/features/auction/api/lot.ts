import type { AuctionLotDetail } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { AUCTION_QUERY_KEY } from './keys';

export const lotQueryKey = (lotId: number) => [...AUCTION_QUERY_KEY, 'lot', lotId] as const;

/** GET /api/auction-horses/{id}: the horse, its record, the price, the close and the bid history. */
export function lotQuery(lotId: number) {
  return queryOptions({
    queryKey: lotQueryKey(lotId),
    queryFn: ({ signal }) => getJson<AuctionLotDetail>(`/auction-horses/${lotId}`, undefined, signal),
  });
}

export function useAuctionLot(lotId: number) {
  return useQuery({ ...lotQuery(lotId), enabled: Number.isInteger(lotId) && lotId > 0 });
}
