import type { MorningLineResponse } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export const morningLineQueryKey = (raceId: number) => ['wagering', 'morning-line', raceId] as const;

/** GET /api/current_races/{id}/morning_line: the line the race's card fixed (it never changes). */
export const getMorningLine = (raceId: number, signal?: AbortSignal) =>
  getJson<MorningLineResponse>(`/current_races/${raceId}/morning_line`, undefined, signal);

export function morningLineQuery(raceId: number) {
  // Fixed with the card: read once, never stale.
  return queryOptions({
    queryKey: morningLineQueryKey(raceId),
    queryFn: ({ signal }) => getMorningLine(raceId, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A race's morning line; idle until `raceId` is a race id. */
export function useMorningLine(raceId: number | null) {
  return useQuery({ ...morningLineQuery(raceId ?? 0), enabled: raceId !== null && raceId > 0 });
}
