import type { TrackCardResponse } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { useServerClock } from '../../../lib/server-clock';

/** GET /api/program/tracks/{trackId}/card: the track's races today (by the server's clock). */
export async function getTrackCard(trackId: number, signal?: AbortSignal): Promise<TrackCardResponse> {
  const card = await getJson<TrackCardResponse>(`/program/tracks/${trackId}/card`, undefined, signal);
  useServerClock.getState().observe(card.server_time, card.time_scale);
  return card;
}

export function trackCardQuery(trackId: number) {
  return queryOptions({
    queryKey: ['wagering', 'track-card', trackId],
    queryFn: ({ signal }) => getTrackCard(trackId, signal),
    refetchInterval: 30_000,
  });
}

/** Today's card of a track; idle until `trackId` is a positive integer. */
export function useTrackCard(trackId: number | null) {
  return useQuery({ ...trackCardQuery(trackId ?? 0), enabled: trackId !== null && trackId > 0 });
}
