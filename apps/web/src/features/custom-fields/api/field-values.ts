import type { CustomFieldValuesPage } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export interface FieldValuesParams {
  limit: number;
  offset: number;
  q?: string;
}

/** The one cache key of GET /api/admin/custom-fields/{id}/values (a field's pages under it). */
export const fieldValuesKey = (fieldId: number, params?: FieldValuesParams) =>
  params ? (['custom-fields', 'values', fieldId, params] as const) : (['custom-fields', 'values', fieldId] as const);

export function fieldValuesQuery(fieldId: number, params: FieldValuesParams) {
  return queryOptions({
    queryKey: fieldValuesKey(fieldId, params),
    queryFn: ({ signal }) =>
      getJson<CustomFieldValuesPage>(`/admin/custom-fields/${fieldId}/values`, { ...params }, signal),
    // The next page of the same field keeps the last one on screen while it loads; another field's
    // values never stand in for this one's.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === fieldId ? previous : undefined),
  });
}

/** GET /api/admin/custom-fields/{id}/values: a page of the field's records with their names and values (admins only). */
export function useFieldValues(fieldId: number | null, params: FieldValuesParams, enabled = true) {
  return useQuery({ ...fieldValuesQuery(fieldId ?? 0, params), enabled: enabled && fieldId !== null });
}
