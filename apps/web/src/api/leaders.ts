import type { LeadersResponse, StatsLeaderKind, StatsLeaderSort } from '@furlong/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../lib/api-client';

export interface LeadersParams {
  kind: StatsLeaderKind;
  sort: StatsLeaderSort;
  limit: number;
  /** The server's default when absent (1, or 10 for a win-rate board). */
  minStarts?: number;
}

/** GET /api/stats/leaders: the best jockeys, trainers, horses or owners by one figure. */
export function leadersQuery({ kind, sort, limit, minStarts }: LeadersParams) {
  return queryOptions({
    queryKey: ['stats', 'leaders', { kind, sort, limit, minStarts }],
    queryFn: ({ signal }) =>
      getJson<LeadersResponse>('/stats/leaders', { kind, sort, limit, min_starts: minStarts }, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useLeaders(params: LeadersParams) {
  return useQuery(leadersQuery(params));
}
