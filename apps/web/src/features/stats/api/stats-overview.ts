import type { StatsOverviewResponse } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** GET /api/stats/overview: figures over every race with a result. */
export function statsOverviewQuery() {
  return queryOptions({
    queryKey: ['stats', 'overview'],
    queryFn: ({ signal }) => getJson<StatsOverviewResponse>('/stats/overview', undefined, signal),
    staleTime: 60_000,
  });
}

export function useStatsOverview() {
  return useQuery(statsOverviewQuery());
}
