import type { EarningsConnectionKind, EarningsHorsesPage } from '@furlong/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** Whose horses: a jockey's, trainer's or owner's, or every horse (null). */
export type HorsesOf = { kind: EarningsConnectionKind; id: number } | null;

/**
 * GET /api/earnings/{kind}/{id}/horses (the horses under one jockey, trainer or owner) or
 * GET /api/earnings/horses (every horse): a page, highest earnings first.
 */
export function earningsHorsesQuery(of: HorsesOf, limit: number, offset: number) {
  return queryOptions({
    queryKey: of
      ? ['earnings', of.kind, of.id, 'horses', { limit, offset }]
      : ['earnings', 'horses', 'all', { limit, offset }],
    queryFn: ({ signal }) =>
      getJson<EarningsHorsesPage>(
        of ? `/earnings/${of.kind}/${of.id}/horses` : '/earnings/horses',
        { limit, offset },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useEarningsHorses(of: HorsesOf, limit: number, offset: number) {
  return useQuery(earningsHorsesQuery(of, limit, offset));
}
