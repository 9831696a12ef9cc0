import type { ListResponse } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '../config/ui';
import { getJson } from '../lib/api-client';

/** A track as GET /api/tracks lists it. Clock times are hh:mm:ss, the track's local time. */
export interface TrackRecord {
  id: number;
  track_name: string;
  location: string;
  start_time: string | null;
  /** The track's local time minus UTC, in minutes. */
  utc_offset_minutes: number;
  daily_races: number | null;
  /** Minutes between consecutive races. */
  race_intervals: number | null;
  surface_type: string | null;
  track_condition: string | null;
  weather: string | null;
  miles: number | null;
  furlongs: number | null;
  meters: number | null;
  post_time: string | null;
  purse_cents: number | null;
  /** YYYY-MM-DD */
  race_dates: string[];
  wager_types: string[];
  distances_furlongs: number[];
  purse_sizes_cents: number[];
}

/** GET /api/tracks: every track (there are a few dozen), by location. */
export function getTracks(signal?: AbortSignal): Promise<ListResponse<TrackRecord>> {
  return getJson<ListResponse<TrackRecord>>('/tracks', { limit: MAX_PAGE_SIZE, sort: 'location' }, signal);
}

export function tracksQuery() {
  return queryOptions({
    queryKey: ['program', 'tracks'],
    queryFn: ({ signal }) => getTracks(signal),
    staleTime: 5 * 60_000,
  });
}

export function useTracks() {
  return useQuery(tracksQuery());
}
