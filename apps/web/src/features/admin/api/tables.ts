import type { SchemaCheck, TableRow, TableRows, TablesResponse } from '@furlong/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/api-client';

const TABLES_KEY = ['admin', 'tables'] as const;

/** GET /api/admin/tables (admins only). */
export function useTables(enabled: boolean) {
  return useQuery({
    queryKey: TABLES_KEY,
    queryFn: ({ signal }) => getJson<TablesResponse>('/admin/tables', undefined, signal),
    enabled,
  });
}

/** GET /api/admin/tables/{table}/rows: a page of one table, the last page shown while the next loads. */
export function useTableRows(table: string | null, limit: number, offset: number) {
  return useQuery({
    queryKey: [...TABLES_KEY, table, limit, offset],
    queryFn: ({ signal }) =>
      getJson<TableRows>(`/admin/tables/${encodeURIComponent(table ?? '')}/rows`, { limit, offset }, signal),
    enabled: table !== null,
    placeholderData: keepPreviousData,
  });
}

/** After a write: the tables (counts, rows) and the audit log are read again. */
function useAfterWrite() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: TABLES_KEY });
    void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
}

const rowsPath = (table: string) => `/admin/tables/${encodeURIComponent(table)}/rows`;

/** POST /api/admin/tables/{table}/rows, or PATCH …/rows/{id} when an id is given. */
export function useSaveRow() {
  const done = useAfterWrite();
  return useMutation({
    mutationFn: ({ table, id, values }: { table: string; id: number | null; values: Record<string, unknown> }) =>
      id === null
        ? sendJson<TableRow>('POST', rowsPath(table), { values })
        : sendJson<TableRow>('PATCH', `${rowsPath(table)}/${id}`, { values }),
    onSettled: done,
  });
}

/** DELETE /api/admin/tables/{table}/rows/{id} */
export function useDeleteRow() {
  const done = useAfterWrite();
  return useMutation({
    mutationFn: ({ table, id }: { table: string; id: number }) =>
      sendJson<undefined>('DELETE', `${rowsPath(table)}/${id}`),
    onSettled: done,
  });
}

/** GET /api/admin/schema-check: the compare-columns report. */
export function useSchemaCheck(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'schema-check'],
    queryFn: ({ signal }) => getJson<SchemaCheck>('/admin/schema-check', undefined, signal),
    enabled,
  });
}
