import type { BetTypeName, CurrentRaceDetail } from '@furlong/contracts';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { newKey } from '../../../lib/unique-key';
import { usePlaceBets } from '../api/place-bets';
import type { BetData } from './advanced-bet-state';
import { buildMultiRaceBet, FINALIZE_OK } from './multi-race-bet';
import { isRefusal } from './place-errors';

/**
 * Finalizes one multi-race ticket (the advanced flow, the multi-race bet): checks it with the shared
 * rules, places it with an Idempotency-Key kept until the server has answered for it (a retry after
 * a lost answer cannot place the ticket twice), then shows the confirmation.
 */
export function useFinalizeBet() {
  const place = usePlaceBets();
  const navigate = useNavigate();
  const key = useRef<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const finalize = (
    betType: BetTypeName,
    races: readonly CurrentRaceDetail[],
    picks: readonly (number | null)[],
    amount: string,
  ) => {
    const bet = buildMultiRaceBet(betType, races, picks, amount);
    if (!bet.ok) {
      setProblem(bet.problem);
      return;
    }
    setProblem(null);
    key.current ??= newKey();
    place.mutate(
      { request: { bets: [bet.request] }, idempotencyKey: key.current },
      {
        onSuccess: (res) => {
          key.current = null;
          const betData: BetData = { ...bet.betData, totalCents: res.total_cents, balanceCents: res.balance_cents };
          void navigate('/confirmation', { state: { betData, notice: FINALIZE_OK } });
        },
        onError: (err) => {
          if (isRefusal(err)) key.current = null;
        },
      },
    );
  };
  return { finalize, problem, isPending: place.isPending, error: place.error };
}
