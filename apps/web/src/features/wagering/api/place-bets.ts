import { IDEMPOTENCY_HEADER, type PlaceBetsRequest, type PlaceBetsResponse } from '@furlong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { MY_BETS_QUERY_KEY } from './my-bets';

export interface PlaceBetsInput {
  request: PlaceBetsRequest;
  /** The same key on a retry, so the server places the slip at most once. */
  idempotencyKey: string;
}

/** POST /api/bets: the whole slip in one request, all or nothing. */
export const placeBets = ({ request, idempotencyKey }: PlaceBetsInput) =>
  sendJson<PlaceBetsResponse>('POST', '/bets', request, { [IDEMPOTENCY_HEADER]: idempotencyKey });

/** Places a slip; the balance (`['me']`) and the betting history are read again afterwards. */
export function usePlaceBets() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: placeBets,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
        client.invalidateQueries({ queryKey: MY_BETS_QUERY_KEY }),
      ]);
    },
  });
}
