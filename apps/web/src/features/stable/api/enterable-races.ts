import type { EnterableRace } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { STABLE_QUERY_KEY } from './stable-dashboard';

export interface EnterableRaces {
  items: EnterableRace[];
  entry_fee_cents: number;
}

/** GET /api/stable/races?track_id=: races still taking entries (all tracks, or one). */
export function enterableRacesQuery(trackId?: number) {
  return queryOptions({
    queryKey: [...STABLE_QUERY_KEY, 'races', trackId ?? 'all'],
    queryFn: ({ signal }) => getJson<EnterableRaces>('/stable/races', { track_id: trackId }, signal),
    // Free slots and closing times move as others enter: look again now and then.
    refetchInterval: 30_000,
  });
}

export function useEnterableRaces(trackId?: number) {
  return useQuery(enterableRacesQuery(trackId));
}
