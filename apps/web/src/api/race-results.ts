import type { RaceResultListResponse } from '@furlong/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../lib/api-client';

/** New results come in all day: look again this often while the list is shown. */
export const RACE_RESULTS_REFRESH_MS = 30_000;

export interface RaceResultsFilter {
  trackId?: number;
  /** The card's day at the track, YYYY-MM-DD. */
  date?: string;
  limit: number;
  offset: number;
}

/** The one cache key of GET /api/race_results. */
export const raceResultsKey = (filter: RaceResultsFilter) => ['race-results', filter] as const;

/** GET /api/race_results: recent live results, newest first, with each winner's $2 win price. */
export function getRaceResults(filter: RaceResultsFilter, signal?: AbortSignal): Promise<RaceResultListResponse> {
  return getJson<RaceResultListResponse>(
    '/race_results',
    { track_id: filter.trackId, date: filter.date, limit: filter.limit, offset: filter.offset },
    signal,
  );
}

export function raceResultsQuery(filter: RaceResultsFilter) {
  return queryOptions({
    queryKey: raceResultsKey(filter),
    queryFn: ({ signal }) => getRaceResults(filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: RACE_RESULTS_REFRESH_MS,
  });
}

export function useRaceResults(filter: RaceResultsFilter) {
  return useQuery(raceResultsQuery(filter));
}
