import type { StableDashboard } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** Every stable query sits under this key: a change to the stable invalidates them all at once. */
export const STABLE_QUERY_KEY = ['stable'] as const;

/** The dashboard looks again this often, so notices and entries move on while it is open. */
export const STABLE_REFRESH_MS = 15_000;

/** GET /api/stable: the user's horses, entries, money spent and won, and notices. */
export function stableDashboardQuery() {
  return queryOptions({
    queryKey: [...STABLE_QUERY_KEY, 'dashboard'],
    queryFn: ({ signal }) => getJson<StableDashboard>('/stable', undefined, signal),
    staleTime: 5_000,
  });
}

/** The user's stable; `refetchInterval` for a page that should keep it fresh (the dashboard). */
export function useStableDashboard({ refetchInterval }: { refetchInterval?: number } = {}) {
  return useQuery({ ...stableDashboardQuery(), refetchInterval });
}
