import type { BetListResponse } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../lib/api-client';

/** Bets settle a moment after the result: look again this often while one the race settles is pending. */
export const RACE_BETS_SETTLING_REFRESH_MS = 2_000;
/** More bets than anyone places on one race. */
const RACE_BETS_LIMIT = 200;

/**
 * The one cache key of GET /api/me/bets?race_id=: under the betting history's key
 * (['wagering', 'bets']), so whatever refreshes the history (a placed slip) refreshes it too.
 */
export const myRaceBetsKey = (raceId: number) => ['wagering', 'bets', 'race', raceId] as const;

/** GET /api/me/bets?race_id=: the signed-in user's bets with a leg in the race, newest first. */
export function getMyRaceBets(raceId: number, signal?: AbortSignal): Promise<BetListResponse> {
  return getJson<BetListResponse>('/me/bets', { race_id: raceId, limit: RACE_BETS_LIMIT }, signal);
}

export function myRaceBetsQuery(raceId: number) {
  return queryOptions({
    queryKey: myRaceBetsKey(raceId),
    queryFn: ({ signal }) => getMyRaceBets(raceId, signal),
    // Only the bets this race settles (their last leg): a double it starts waits for the next race.
    refetchInterval: (query) =>
      query.state.data?.items.some((b) => b.status === 'pending' && b.legs.at(-1)?.current_race_id === raceId)
        ? RACE_BETS_SETTLING_REFRESH_MS
        : false,
  });
}

/** Your bets on a race; idle while `raceId` is null (or nobody is signed in). */
export function useMyRaceBets(raceId: number | null, enabled = true) {
  return useQuery({ ...myRaceBetsQuery(raceId ?? 0), enabled: enabled && raceId !== null });
}
