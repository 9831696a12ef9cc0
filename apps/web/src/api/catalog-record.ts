import type { CatalogKindName } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../lib/api-client';

/** A record of any catalog kind, as GET /api/{kind} and /api/{kind}/{id} answer it. */
export type CatalogRow = Record<string, unknown> & { id: number };

/** The one cache key of GET /api/{kind}/{id}. */
export const catalogRecordKey = (kind: CatalogKindName, id: number) => ['catalog', kind, 'record', id] as const;

/** GET /api/{kind}/{id}: one record (a track, horse, race…); `T` is the shape a caller knows it has. */
export function catalogRecordQuery<T extends { id: number } = CatalogRow>(kind: CatalogKindName, id: number) {
  return queryOptions({
    queryKey: catalogRecordKey(kind, id),
    queryFn: ({ signal }) => getJson<T>(`/${kind}/${id}`, undefined, signal),
    staleTime: 60_000,
  });
}

/** One record; idle until `id` is a positive integer. `staleTime` for records that rarely change. */
export function useCatalogRecord<T extends { id: number } = CatalogRow>(
  kind: CatalogKindName,
  id: number,
  { staleTime }: { staleTime?: number } = {},
) {
  const query = catalogRecordQuery<T>(kind, id);
  return useQuery({
    ...query,
    staleTime: staleTime ?? query.staleTime,
    enabled: Number.isInteger(id) && id > 0,
  });
}
