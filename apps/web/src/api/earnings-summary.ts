import type { EarningsKind, EarningsSummaryResponse } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../lib/api-client';

/** GET /api/earnings/{kind}/{id}: totals, the running total over time, by year and by track. */
export function earningsSummaryQuery(kind: EarningsKind, id: number) {
  return queryOptions({
    queryKey: ['earnings', kind, id, 'summary'],
    queryFn: ({ signal }) => getJson<EarningsSummaryResponse>(`/earnings/${kind}/${id}`, undefined, signal),
    staleTime: 60_000,
  });
}

export function useEarningsSummary(kind: EarningsKind, id: number | null) {
  return useQuery({ ...earningsSummaryQuery(kind, id ?? 0), enabled: id !== null && id > 0 });
}
