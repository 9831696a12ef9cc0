import type { LiveRaceResult } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** Which record: a current race's result (`?id=`), or a race result by its own id (`?resultId=`). */
export type ResultKey = { by: 'race'; id: number } | { by: 'result'; id: number };

/** GET /api/current_races/{id}/result or GET /api/race_results/{id} (404 until the race has finished). */
export function getRaceResult(key: ResultKey, signal?: AbortSignal): Promise<LiveRaceResult> {
  const path = key.by === 'race' ? `/current_races/${key.id}/result` : `/race_results/${key.id}`;
  return getJson<LiveRaceResult>(path, undefined, signal);
}

export function raceResultQuery(key: ResultKey) {
  return queryOptions({
    queryKey: ['racing', 'result', key.by, key.id],
    queryFn: ({ signal }) => getRaceResult(key, signal),
    // A result never changes once written.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRaceResult(key: ResultKey | null) {
  return useQuery({
    ...raceResultQuery(key ?? { by: 'race', id: 0 }),
    enabled: key !== null,
  });
}
