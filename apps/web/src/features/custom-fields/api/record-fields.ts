import type { CustomFieldValueJson, RecordCustomFields } from '@furlong/contracts';
import type { CustomFieldEntity } from '@furlong/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/api-client';

/** The one cache key of GET /api/custom-fields/{table}/{id}. */
export const recordFieldsKey = (table: CustomFieldEntity, id: number) =>
  ['custom-fields', 'record', table, id] as const;

export function recordFieldsQuery(table: CustomFieldEntity, id: number) {
  return queryOptions({
    queryKey: recordFieldsKey(table, id),
    queryFn: ({ signal }) => getJson<RecordCustomFields>(`/custom-fields/${table}/${id}`, undefined, signal),
    staleTime: 30_000,
  });
}

/** GET /api/custom-fields/{table}/{id}: a record's custom fields and values (anyone may read them). */
export function useRecordFields(table: CustomFieldEntity, id: number) {
  return useQuery({ ...recordFieldsQuery(table, id), enabled: Number.isInteger(id) && id > 0 });
}

/** PUT /api/admin/custom-fields/{table}/{id}: sets (null clears) the named fields of one record. */
export function useSetRecordFields(table: CustomFieldEntity, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, CustomFieldValueJson | null>) =>
      sendJson<RecordCustomFields>('PUT', `/admin/custom-fields/${table}/${id}`, { values }),
    onSuccess: (record) => {
      client.setQueryData(recordFieldsKey(table, id), record);
      // The insert-columns pages show the record's values too.
      void client.invalidateQueries({ queryKey: ['custom-fields', 'values'] });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
