import type { StableDashboard } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

// The stable feature's keys for the same endpoints: one cache entry for GET /api/stable and
// /api/stable/breedings however many features read them, and the stable's mutations refresh these too.
export const STABLE_KEY = ['stable'] as const;

/** GET /api/stable: the user's horses, to choose one to consign. */
export function stableHorsesQuery() {
  return queryOptions({
    queryKey: [...STABLE_KEY, 'dashboard'],
    queryFn: ({ signal }) => getJson<StableDashboard>('/stable', undefined, signal),
    staleTime: 5_000,
  });
}

export function useStableHorses(enabled = true) {
  return useQuery({ ...stableHorsesQuery(), enabled });
}
