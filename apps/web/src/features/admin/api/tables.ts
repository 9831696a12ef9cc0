import type { TableRows, TablesResponse } from '@furlong/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** GET /api/admin/tables (admins only). */
export function useTables(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'tables'],
    queryFn: ({ signal }) => getJson<TablesResponse>('/admin/tables', undefined, signal),
    enabled,
  });
}

/** GET /api/admin/tables/{table}/rows: a page of one table, the last page shown while the next loads. */
export function useTableRows(table: string | null, limit: number, offset: number) {
  return useQuery({
    queryKey: ['admin', 'tables', table, limit, offset],
    queryFn: ({ signal }) =>
      getJson<TableRows>(`/admin/tables/${encodeURIComponent(table ?? '')}/rows`, { limit, offset }, signal),
    enabled: table !== null,
    placeholderData: keepPreviousData,
  });
}
