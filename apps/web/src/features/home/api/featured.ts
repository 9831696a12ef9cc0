import type { Featured } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** GET /api/featured: the hour's featured horse, jockey, trainer and owner, their runs today and the bonus terms. */
export function featuredQuery() {
  return queryOptions({
    queryKey: ['featured'],
    queryFn: ({ signal }) => getJson<Featured>('/featured', undefined, signal),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}

export function useFeatured() {
  return useQuery(featuredQuery());
}
