import type { BetRequest, PlaceBetsResponse } from '@furlong/contracts';
import { useRef } from 'react';
import { usePlaceBets } from '../api/place-bets';
import { newKey } from './bet-slip-store';
import { isRefusal } from './place-errors';

/**
 * Places one ticket (the advanced flow, the multi-race bet) with an Idempotency-Key kept until the
 * server has answered for it: a retry after a lost answer cannot place the ticket twice.
 */
export function useFinalizeBet() {
  const place = usePlaceBets();
  const key = useRef<string | null>(null);
  const finalize = (request: BetRequest, onPlaced: (res: PlaceBetsResponse) => void) => {
    key.current ??= newKey();
    place.mutate(
      { request: { bets: [request] }, idempotencyKey: key.current },
      {
        onSuccess: (res) => {
          key.current = null;
          onPlaced(res);
        },
        onError: (err) => {
          if (isRefusal(err)) key.current = null;
        },
      },
    );
  };
  return { finalize, isPending: place.isPending, error: place.error, reset: place.reset };
}
