import type { LotState } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { AUCTION_QUERY_KEY } from './keys';

/** GET /api/auction-horses/{id}/currentbid: what the room `lot:{id}` sends, read over REST. */
export const getCurrentBid = (lotId: number, signal?: AbortSignal) =>
  getJson<LotState>(`/auction-horses/${lotId}/currentbid`, undefined, signal);

export function currentBidQuery(lotId: number) {
  return queryOptions({
    queryKey: [...AUCTION_QUERY_KEY, 'current-bid', lotId],
    queryFn: ({ signal }) => getCurrentBid(lotId, signal),
  });
}

export function useCurrentBid(lotId: number) {
  return useQuery({ ...currentBidQuery(lotId), enabled: Number.isInteger(lotId) && lotId > 0 });
}
