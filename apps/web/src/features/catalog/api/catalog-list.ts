import type { CatalogKindName, ListResponse } from '@furlong/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogRow } from '../../../api/catalog-record';
import { getJson, type QueryValue } from '../../../lib/api-client';

export interface CatalogListParams {
  limit: number;
  offset: number;
  sort?: string;
  order?: 'asc' | 'desc';
  q?: string;
  name?: string[];
  /** Exact-column filters: column → value. */
  filters?: Record<string, string>;
}

export function catalogListQuery(kind: CatalogKindName, params: CatalogListParams) {
  const { filters, ...rest } = params;
  const query: Record<string, QueryValue> = { ...filters, ...rest };
  return queryOptions({
    queryKey: ['catalog', kind, 'list', params],
    queryFn: ({ signal }) => getJson<ListResponse<CatalogRow>>(`/${kind}`, query, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useCatalogList(kind: CatalogKindName, params: CatalogListParams, enabled = true) {
  return useQuery({ ...catalogListQuery(kind, params), enabled });
}
