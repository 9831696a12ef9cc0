import type { TrackCardResponse } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { useServerClock } from '../../../lib/server-clock';

/** A day card's statuses move on through the day: look again this often while it is shown. */
export const TRACK_CARD_REFRESH_MS = 30_000;

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
    queryKey: ['program', 'track-card', trackId, date ?? 'today'],
    queryFn: ({ signal }) => getTrackCard(trackId, date, signal),
    refetchInterval: TRACK_CARD_REFRESH_MS,
  });
}

/** A track's card; idle until `trackId` is a positive integer (or while `enabled` is false). */
export function useTrackCard(trackId: number, { date, enabled = true }: { date?: string; enabled?: boolean } = {}) {
  return useQuery({ ...trackCardQuery(trackId, date), enabled: enabled && Number.isInteger(trackId) && trackId > 0 });
}
