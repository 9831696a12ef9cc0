import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import type { TrackRecord } from './tracks';

/** GET /api/tracks/{id} */
export function getTrack(id: number, signal?: AbortSignal): Promise<TrackRecord> {
  return getJson<TrackRecord>(`/tracks/${id}`, undefined, signal);
}

export function trackQuery(id: number) {
  return queryOptions({
    queryKey: ['program', 'track', id],
    queryFn: ({ signal }) => getTrack(id, signal),
    staleTime: 5 * 60_000,
  });
}

/** One track; idle until `id` is a positive integer. */
export function useTrack(id: number) {
  return useQuery({ ...trackQuery(id), enabled: Number.isInteger(id) && id > 0 });
}
