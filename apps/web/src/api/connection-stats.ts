import type { ConnectionStatsResponse } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../lib/api-client';

/** Whose figures a jockey or trainer page shows. */
export type ConnectionKind = 'jockeys' | 'trainers';

/** GET /api/stats/jockeys/{id} or /api/stats/trainers/{id}: one person's figures from the results. */
export function connectionStatsQuery(kind: ConnectionKind, id: number) {
  return queryOptions({
    queryKey: ['stats', kind, id],
    queryFn: ({ signal }) => getJson<ConnectionStatsResponse>(`/stats/${kind}/${id}`, undefined, signal),
    staleTime: 60_000,
  });
}

export function useConnectionStats(kind: ConnectionKind, id: number | null) {
  return useQuery({ ...connectionStatsQuery(kind, id ?? 0), enabled: id !== null && id > 0 });
}
