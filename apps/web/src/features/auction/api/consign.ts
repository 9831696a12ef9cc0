import type { AuctionLot, ConsignRequest } from '@furlong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { AUCTION_QUERY_KEY } from './keys';
import { STABLE_KEY } from './stable-horses';

export const consign = (body: ConsignRequest) => sendJson<AuctionLot>('POST', '/auction/consignments', body);

/** POST /api/auction/consignments: the horse goes into the next public sale; lists and the stable read again. */
export function useConsign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: consign,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: AUCTION_QUERY_KEY }),
        client.invalidateQueries({ queryKey: STABLE_KEY }),
      ]),
  });
}
