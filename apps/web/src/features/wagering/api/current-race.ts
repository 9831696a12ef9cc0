import type { CurrentRaceDetail } from '@furlong/contracts';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { useServerClock } from '../../../lib/server-clock';

/** A race's status moves on (open → closed) while a bettor looks at it: look again this often. */
const CURRENT_RACE_REFRESH_MS = 10_000;

/** GET /api/current_races/{id}: the race with its entries; its server_time sets the shared server clock. */
export async function getCurrentRace(id: number, signal?: AbortSignal): Promise<CurrentRaceDetail> {
  const race = await getJson<CurrentRaceDetail>(`/current_races/${id}`, undefined, signal);
  useServerClock.getState().observe(race.server_time, race.time_scale);
  return race;
}

export function currentRaceQuery(id: number) {
  return queryOptions({
    queryKey: ['wagering', 'current-race', id],
    queryFn: ({ signal }) => getCurrentRace(id, signal),
    refetchInterval: CURRENT_RACE_REFRESH_MS,
  });
}

/** One current race; idle until `id` is a positive integer. */
export function useCurrentRace(id: number | null) {
  return useQuery({ ...currentRaceQuery(id ?? 0), enabled: id !== null && Number.isInteger(id) && id > 0 });
}

/** Several current races at once (the legs of a multi-race ticket), in the order given. */
export function useCurrentRaces(ids: readonly number[]) {
  return useQueries({ queries: ids.map((id) => currentRaceQuery(id)) });
}
