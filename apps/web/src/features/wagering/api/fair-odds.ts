import type { RaceFairOdds } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** While the fair odds are being worked out (seconds after a race opens or a scratch): look again this often. */
export const FAIR_ODDS_PENDING_POLL_MS = 3000;
/** Once in, they change only after a scratch (which asks again at once): look again now and then. */
export const FAIR_ODDS_READY_POLL_MS = 60_000;

export const fairOddsQueryKey = (raceId: number) => ['wagering', 'fair-odds', raceId] as const;

/** GET /api/current_races/{id}/fair_odds: each starter's simulated chances, fair odds and the overlay flag. */
export const getFairOdds = (raceId: number, signal?: AbortSignal) =>
  getJson<RaceFairOdds>(`/current_races/${raceId}/fair_odds`, undefined, signal);

export function fairOddsQuery(raceId: number) {
  return queryOptions({
    queryKey: fairOddsQueryKey(raceId),
    queryFn: ({ signal }) => getFairOdds(raceId, signal),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' ? FAIR_ODDS_PENDING_POLL_MS : FAIR_ODDS_READY_POLL_MS,
  });
}

/** A race's fair odds; idle until `raceId` is a race id. */
export function useFairOdds(raceId: number | null) {
  return useQuery({ ...fairOddsQuery(raceId ?? 0), enabled: raceId !== null && raceId > 0 });
}
