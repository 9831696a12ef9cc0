import type { RacePayoffs } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../lib/api-client';

/** Pools settle a moment after the result is written: look again this often until they have. */
export const PAYOFFS_SETTLING_REFRESH_MS = 2_000;

/** The one cache key of GET /api/current_races/{id}/payoffs. */
export const racePayoffsKey = (raceId: number) => ['race-payoffs', raceId] as const;

/** GET /api/current_races/{id}/payoffs: what a finished race paid (404 until it has a result). */
export function getRacePayoffs(raceId: number, signal?: AbortSignal): Promise<RacePayoffs> {
  return getJson<RacePayoffs>(`/current_races/${raceId}/payoffs`, undefined, signal);
}

export function racePayoffsQuery(raceId: number) {
  return queryOptions({
    queryKey: racePayoffsKey(raceId),
    queryFn: ({ signal }) => getRacePayoffs(raceId, signal),
    // Settled payoffs never change; until then the pools are being paid.
    staleTime: (query) => (query.state.data?.settled ? Number.POSITIVE_INFINITY : 0),
    refetchInterval: (query) => (query.state.data?.settled ? false : PAYOFFS_SETTLING_REFRESH_MS),
  });
}

/** A race's payoffs; idle while `raceId` is null. */
export function useRacePayoffs(raceId: number | null) {
  return useQuery({ ...racePayoffsQuery(raceId ?? 0), enabled: raceId !== null });
}
