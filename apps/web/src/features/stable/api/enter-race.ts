import type { EnterRaceBody, StableEntry } from '@furlong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { STABLE_QUERY_KEY } from './stable-dashboard';

export interface EnterRaceResult {
  entry: StableEntry;
  balance_cents: number;
}

export const enterRace = (body: EnterRaceBody) => sendJson<EnterRaceResult>('POST', '/stable/entries', body);

/** POST /api/stable/entries: the fee comes out of the wallet, so the balance and the stable are read again. */
export function useEnterRace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: enterRace,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: STABLE_QUERY_KEY }),
        client.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      ]),
  });
}

/** DELETE /api/stable/entries/{id}: the horse leaves a race that has not opened; the fee comes back. */
export function useWithdrawEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => sendJson<EnterRaceResult>('DELETE', `/stable/entries/${entryId}`),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: STABLE_QUERY_KEY }),
        client.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      ]),
  });
}
