import type { OpsSnapshot } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/**
 * GET /api/ops/live (operators and admins): the live operations snapshot now. The page reads it once,
 * so it is not empty until the socket's first snapshot; it is not cached past the page (gcTime 0),
 * or a later visit would open on minutes-old figures.
 */
export const opsLiveQueryOptions = queryOptions({
  queryKey: ['ops', 'live'],
  queryFn: ({ signal }) => getJson<OpsSnapshot>('/ops/live', undefined, signal),
  gcTime: 0,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
  refetchOnWindowFocus: false,
});

/** The snapshot of GET /api/ops/live, fetched once while `enabled`. */
export function useOpsLiveSnapshot(enabled: boolean) {
  return useQuery({ ...opsLiveQueryOptions, enabled });
}
