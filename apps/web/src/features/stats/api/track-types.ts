import type { TrackTypesResponse } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** GET /api/stats/track-types: the races run on each surface. */
export function trackTypesQuery() {
  return queryOptions({
    queryKey: ['stats', 'track-types'],
    queryFn: ({ signal }) => getJson<TrackTypesResponse>('/stats/track-types', undefined, signal),
    staleTime: 60_000,
  });
}

export function useTrackTypes() {
  return useQuery(trackTypesQuery());
}
