import type { CurrentRaceDetail } from '@furlong/contracts';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { getJson } from '../lib/api-client';
import { useServerClock } from '../lib/server-clock';

/** A race's status moves on (open → closed) while a bettor looks at it: look again this often. */
export const CURRENT_RACE_REFRESH_MS = 10_000;

export interface CurrentRaceOptions {
  /** How often to look again while shown (the race card polls faster); false: never. */
  refetchInterval?: number | false;
}

/** The one cache key of GET /api/current_races/{id}. */
export const currentRaceKey = (id: number) => ['current-race', id] as const;

/** GET /api/current_races/{id}: the race with its runners; its server_time sets the shared server clock. */
export async function getCurrentRace(id: number, signal?: AbortSignal): Promise<CurrentRaceDetail> {
  const race = await getJson<CurrentRaceDetail>(`/current_races/${id}`, undefined, signal);
  useServerClock.getState().observe(race.server_time, race.time_scale);
  return race;
}

export function currentRaceQuery(id: number, { refetchInterval = CURRENT_RACE_REFRESH_MS }: CurrentRaceOptions = {}) {
  return queryOptions({
    queryKey: currentRaceKey(id),
    queryFn: ({ signal }) => getCurrentRace(id, signal),
    refetchInterval,
  });
}

const isRaceId = (id: number | null): id is number => id !== null && Number.isInteger(id) && id > 0;

/** One current race; idle until `id` is a positive integer. */
export function useCurrentRace(id: number | null, options?: CurrentRaceOptions) {
  return useQuery({ ...currentRaceQuery(id ?? 0, options), enabled: isRaceId(id) });
}

/** Several current races at once (the legs of a multi-race ticket), in the order given. */
export function useCurrentRaces(ids: readonly number[], options?: CurrentRaceOptions) {
  return useQueries({ queries: ids.map((id) => currentRaceQuery(id, options)) });
}
