import type { TrackCardResponse } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../lib/api-client';
import { useServerClock } from '../lib/server-clock';

/** A day card's statuses move on through the day: look again this often while it is shown. */
export const TRACK_CARD_REFRESH_MS = 30_000;

/** The one cache key of GET /api/program/tracks/{trackId}/card (today's card without a date). */
export const trackCardKey = (trackId: number, date?: string) => ['track-card', trackId, date ?? 'today'] as const;

/**
 * GET /api/program/tracks/{trackId}/card?date= — the track's races for a day (today by the
 * server's clock when `date` is absent), made by the server on first request. The answer's
 * server_time sets the shared server clock.
 */
export async function getTrackCard(trackId: number, date?: string, signal?: AbortSignal): Promise<TrackCardResponse> {
  const card = await getJson<TrackCardResponse>(`/program/tracks/${trackId}/card`, { date }, signal);
  useServerClock.getState().observe(card.server_time, card.time_scale);
  return card;
}

export function trackCardQuery(trackId: number, date?: string) {
  return queryOptions({
    queryKey: trackCardKey(trackId, date),
    queryFn: ({ signal }) => getTrackCard(trackId, date, signal),
    refetchInterval: TRACK_CARD_REFRESH_MS,
  });
}

/** A track's card; idle until `trackId` is a positive integer (or while `enabled` is false). */
export function useTrackCard(
  trackId: number | null,
  { date, enabled = true }: { date?: string; enabled?: boolean } = {},
) {
  return useQuery({
    ...trackCardQuery(trackId ?? 0, date),
    enabled: enabled && trackId !== null && Number.isInteger(trackId) && trackId > 0,
  });
}
