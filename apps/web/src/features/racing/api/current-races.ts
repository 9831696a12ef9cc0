import type { CurrentRaceListResponse, CurrentRaceStatus, CurrentRaceSummary } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { useServerClock } from '../../../lib/server-clock';

/** The live lists refresh this often. */
export const CURRENT_RACES_REFRESH_MS = 3000;
/** Races shown per list. */
export const CURRENT_RACES_SHOWN = 20;

export type CurrentRacesOrder = 'next' | 'latest';

/**
 * GET /api/current_races?status=…: the server lists newest post time first. 'latest' keeps that
 * (recent results); 'next' wants the earliest posts (next to post, longest running), so it reads
 * the list's last page and turns it round.
 */
export async function getCurrentRaces(
  status: CurrentRaceStatus,
  order: CurrentRacesOrder,
  signal?: AbortSignal,
): Promise<{ items: CurrentRaceSummary[]; total: number }> {
  const limit = CURRENT_RACES_SHOWN;
  const first = await getJson<CurrentRaceListResponse>('/current_races', { status, limit }, signal);
  useServerClock.getState().observe(first.server_time, first.time_scale);
  if (order === 'latest') return { items: first.items, total: first.total };
  const tail =
    first.total > limit
      ? await getJson<CurrentRaceListResponse>('/current_races', { status, limit, offset: first.total - limit }, signal)
      : first;
  const items = [...tail.items].sort((a, b) => Date.parse(a.post_time) - Date.parse(b.post_time) || a.id - b.id);
  return { items, total: tail.total };
}

export function currentRacesQuery(status: CurrentRaceStatus, order: CurrentRacesOrder) {
  return queryOptions({
    queryKey: ['racing', 'current-races', status, order],
    queryFn: ({ signal }) => getCurrentRaces(status, order, signal),
    refetchInterval: CURRENT_RACES_REFRESH_MS,
  });
}

export function useCurrentRaces(status: CurrentRaceStatus, order: CurrentRacesOrder) {
  return useQuery(currentRacesQuery(status, order));
}
