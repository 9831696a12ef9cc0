import type { breedingsResponseSchema } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client';
import { STABLE_KEY } from './stable-horses';

export type BreedingsResponse = z.infer<typeof breedingsResponseSchema>;

/** GET /api/stable/breedings: the user's breeding contracts (the stable's key: one cache entry). */
export function breedingContractsQuery() {
  return queryOptions({
    queryKey: [...STABLE_KEY, 'breedings'],
    queryFn: ({ signal }) => getJson<BreedingsResponse>('/stable/breedings', undefined, signal),
    refetchInterval: 30_000,
  });
}

export function useBreedingContracts() {
  return useQuery(breedingContractsQuery());
}
