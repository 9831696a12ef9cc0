import type { RaceVerification } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** GET /api/current_races/{id}/verify: the server re-runs the race from its revealed seed. */
export function getRaceVerification(currentRaceId: number, signal?: AbortSignal): Promise<RaceVerification> {
  return getJson<RaceVerification>(`/current_races/${currentRaceId}/verify`, undefined, signal);
}

export function raceVerificationQuery(currentRaceId: number) {
  return queryOptions({
    queryKey: ['racing', 'verify', currentRaceId],
    queryFn: ({ signal }) => getRaceVerification(currentRaceId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Fetched only once asked for (the Verify button). */
export function useRaceVerification(currentRaceId: number, requested: boolean) {
  return useQuery({ ...raceVerificationQuery(currentRaceId), enabled: requested });
}
