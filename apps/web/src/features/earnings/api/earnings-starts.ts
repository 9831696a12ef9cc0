import type { EarningsKind, EarningsStartsPage } from '@furlong/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** GET /api/earnings/{kind}/{id}/starts: a page of starts, newest first, each with the running total. */
export function earningsStartsQuery(kind: EarningsKind, id: number, limit: number, offset: number) {
  return queryOptions({
    queryKey: ['earnings', kind, id, 'starts', { limit, offset }],
    queryFn: ({ signal }) => getJson<EarningsStartsPage>(`/earnings/${kind}/${id}/starts`, { limit, offset }, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useEarningsStarts(kind: EarningsKind, id: number, limit: number, offset: number) {
  return useQuery(earningsStartsQuery(kind, id, limit, offset));
}
