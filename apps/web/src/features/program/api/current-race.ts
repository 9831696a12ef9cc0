import type { CurrentRaceDetail } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { RACE_CARD_REFRESH_MS } from '../../../config/ui';
import { getJson } from '../../../lib/api-client';
import { useServerClock } from '../../../lib/server-clock';

/** GET /api/current_races/{id}: the race with its runners; its server_time sets the shared server clock. */
export async function getCurrentRace(id: number, signal?: AbortSignal): Promise<CurrentRaceDetail> {
  const race = await getJson<CurrentRaceDetail>(`/current_races/${id}`, undefined, signal);
  useServerClock.getState().observe(race.server_time, race.time_scale);
  return race;
}

export function currentRaceQuery(id: number) {
  return queryOptions({
    queryKey: ['program', 'current-race', id],
    queryFn: ({ signal }) => getCurrentRace(id, signal),
    // The race card is refreshed every 3 s (spec §4).
    refetchInterval: RACE_CARD_REFRESH_MS,
  });
}

/** One current race, refreshed every 3 s; idle until `id` is a positive integer. */
export function useCurrentRace(id: number) {
  return useQuery({ ...currentRaceQuery(id), enabled: Number.isInteger(id) && id > 0 });
}
