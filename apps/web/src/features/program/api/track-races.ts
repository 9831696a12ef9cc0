import type { ListResponse } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** A past race of the catalog, as GET /api/races lists it. */
export interface PastRace {
  id: number;
  race_name: string;
  /** YYYY-MM-DD */
  race_date: string;
  race_number: number;
  /** hh:mm:ss */
  starting_time: string | null;
  race_class: string | null;
  num_horses: number | null;
  track_id: number;
  location: string;
}

/** A track holds at most 13 races a day (spec §9): one page is the whole day. */
const DAY_LIMIT = 100;

/** GET /api/races?track_id=&race_date=&sort=race_number: one track's races on one day. */
export function getTrackRaces(trackId: number, date: string, signal?: AbortSignal): Promise<ListResponse<PastRace>> {
  return getJson<ListResponse<PastRace>>(
    '/races',
    { track_id: trackId, race_date: date, sort: 'race_number', limit: DAY_LIMIT },
    signal,
  );
}

export function trackRacesQuery(trackId: number, date: string) {
  return queryOptions({
    queryKey: ['program', 'track-races', trackId, date],
    queryFn: ({ signal }) => getTrackRaces(trackId, date, signal),
    staleTime: 5 * 60_000,
  });
}

/** Idle until there is a track and a date. */
export function useTrackRaces(trackId: number, date: string | undefined) {
  return useQuery({
    ...trackRacesQuery(trackId, date ?? ''),
    enabled: Number.isInteger(trackId) && trackId > 0 && Boolean(date),
  });
}
