import type { CreatedRaceView, ListResponse } from '@furlong/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '../../../config/ui';
import { getJson, sendJson } from '../../../lib/api-client';

export const CREATED_RACES_QUERY_KEY = ['created-races'] as const;

/** GET /api/created_races: races made by the random race generator, newest first. */
export function createdRacesQuery() {
  return queryOptions({
    queryKey: CREATED_RACES_QUERY_KEY,
    queryFn: ({ signal }) => getJson<{ items: CreatedRaceView[] }>('/created_races', undefined, signal),
  });
}

export function useCreatedRaces() {
  return useQuery(createdRacesQuery());
}

export const generateRace = () => sendJson<CreatedRaceView>('POST', '/created_races');

/** POST /api/created_races (201: the new race); the list is read again. */
export function useGenerateRace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateRace,
    onSuccess: () => client.invalidateQueries({ queryKey: CREATED_RACES_QUERY_KEY }),
  });
}

/** POST /api/admin/created_races/{id}/schedule (admins): the created race onto a track's day at a post time. */
export function useScheduleCreatedRace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; post_time: string; track_id?: number }) =>
      sendJson<CreatedRaceView>('POST', `/admin/created_races/${input.id}/schedule`, {
        post_time: input.post_time,
        ...(input.track_id ? { track_id: input.track_id } : {}),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: CREATED_RACES_QUERY_KEY }),
  });
}

const trackParams = { limit: MAX_PAGE_SIZE, offset: 0, sort: 'track_name' } as const;

/** GET /api/tracks: the tracks, A to Z, for the admin's choice of card (the catalog list's cache key). */
export function useTrackOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['catalog', 'tracks', 'list', trackParams],
    queryFn: ({ signal }) =>
      getJson<ListResponse<{ id: number; track_name: string; daily_races: number }>>('/tracks', trackParams, signal),
    staleTime: 10 * 60_000,
    enabled,
  });
}
