import type { CatalogKindName } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import type { CatalogRow } from './catalog-list';

export function catalogRecordQuery(kind: CatalogKindName, id: number) {
  return queryOptions({
    queryKey: ['catalog', kind, 'record', id],
    queryFn: ({ signal }) => getJson<CatalogRow>(`/${kind}/${id}`, undefined, signal),
    staleTime: 60_000,
  });
}

export function useCatalogRecord(kind: CatalogKindName, id: number) {
  return useQuery({ ...catalogRecordQuery(kind, id), enabled: Number.isInteger(id) && id > 0 });
}
