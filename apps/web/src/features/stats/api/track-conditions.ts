import type { TrackConditionsResponse } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** GET /api/stats/track-conditions: the races run under each track condition. */
export function trackConditionsQuery() {
  return queryOptions({
    queryKey: ['stats', 'track-conditions'],
    queryFn: ({ signal }) => getJson<TrackConditionsResponse>('/stats/track-conditions', undefined, signal),
    staleTime: 60_000,
  });
}

export function useTrackConditions() {
  return useQuery(trackConditionsQuery());
}
