import type { AddCustomFieldRequest, CustomField, CustomFieldsResponse } from '@furlong/contracts';
import type { CustomFieldEntity } from '@furlong/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/api-client';

/** The one cache key of an entity's custom field definitions. */
export const customFieldsKey = (table: CustomFieldEntity) => ['custom-fields', 'fields', table] as const;

/** GET /api/admin/custom-fields?table= (admins only). */
export function useCustomFields(table: CustomFieldEntity | null, enabled = true) {
  return useQuery({
    queryKey: customFieldsKey(table ?? 'horses'),
    queryFn: ({ signal }) => getJson<CustomFieldsResponse>('/admin/custom-fields', { table }, signal),
    enabled: enabled && table !== null,
  });
}

/** After a field is added or dropped: the lists and every record's fields of the entity. */
function invalidate(client: ReturnType<typeof useQueryClient>, table: CustomFieldEntity) {
  void client.invalidateQueries({ queryKey: customFieldsKey(table) });
  void client.invalidateQueries({ queryKey: ['custom-fields', 'record', table] });
  void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
}

/** POST /api/admin/tables/{table}/addColumn */
export function useAddCustomField() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ table, body }: { table: CustomFieldEntity; body: AddCustomFieldRequest }) =>
      sendJson<CustomField>('POST', `/admin/tables/${table}/addColumn`, body),
    onSuccess: (field) => invalidate(client, field.table),
  });
}

/** DELETE /api/admin/custom-fields/{id}: the field and every value of it. */
export function useDeleteCustomField() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (field: CustomField) => sendJson<void>('DELETE', `/admin/custom-fields/${field.id}`),
    onSuccess: (_none, field) => invalidate(client, field.table),
  });
}
