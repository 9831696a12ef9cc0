import { IDEMPOTENCY_HEADER, type PlaceBidRequest, type PlaceBidResponse } from '@furlong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { useLotStore } from '../hooks/lot-store';
import { lotQueryKey } from './lot';
import { MY_BIDS_QUERY_KEY } from './my-bids';

export interface PlaceBidInput {
  lotId: number;
  request: PlaceBidRequest;
  /** The same key on a retry of the same bid, so the server decides it at most once. */
  idempotencyKey: string;
}

/** POST /api/auction-horses/{id}/bids. */
export const placeBid = ({ lotId, request, idempotencyKey }: PlaceBidInput) =>
  sendJson<PlaceBidResponse>('POST', `/auction-horses/${lotId}/bids`, request, {
    [IDEMPOTENCY_HEADER]: idempotencyKey,
  });

/** Bids; the answer's state goes to the live store, and the wallet, my bids and the lot are read again. */
export function usePlaceBid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: placeBid,
    onSuccess: async (res, input) => {
      useLotStore.getState().received(res.state);
      await Promise.all([
        client.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
        client.invalidateQueries({ queryKey: MY_BIDS_QUERY_KEY }),
        client.invalidateQueries({ queryKey: lotQueryKey(input.lotId) }),
      ]);
    },
  });
}
