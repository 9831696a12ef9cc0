import type { ToteView } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** How often the board is read over REST while no `tote:update` has arrived on the socket. */
export const TOTE_POLL_MS = 5000;

export const toteQueryKey = (raceId: number) => ['wagering', 'tote', raceId] as const;

/** GET /api/current_races/{id}/tote: the race's pools, win odds and exacta probables. */
export const getTote = (raceId: number, signal?: AbortSignal) =>
  getJson<ToteView>(`/current_races/${raceId}/tote`, undefined, signal);

export function toteQuery(raceId: number, poll: boolean) {
  return queryOptions({
    queryKey: toteQueryKey(raceId),
    queryFn: ({ signal }) => getTote(raceId, signal),
    refetchInterval: poll ? TOTE_POLL_MS : false,
  });
}

/** The tote board over REST; polls every 5 s while `poll` (the socket has not delivered yet). */
export function useToteQuery(raceId: number | null, poll: boolean) {
  return useQuery({ ...toteQuery(raceId ?? 0, poll), enabled: raceId !== null && raceId > 0 });
}
