import type { ListResponse } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '../../../config/ui';
import { getJson } from '../../../lib/api-client';

export interface BreedOption {
  id: number;
  breed_name: string;
}

const params = { limit: MAX_PAGE_SIZE, offset: 0, sort: 'breed_name' } as const;

/** GET /api/breeds: every breed, A to Z, for the create-horse select (the catalog list's cache key). */
export function breedsQuery() {
  return queryOptions({
    queryKey: ['catalog', 'breeds', 'list', params],
    queryFn: ({ signal }) => getJson<ListResponse<BreedOption>>('/breeds', params, signal),
    staleTime: 10 * 60_000,
  });
}

export function useBreeds() {
  return useQuery(breedsQuery());
}
