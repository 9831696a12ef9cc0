import type { BulkCustomValuesRequest, BulkCustomValuesResponse } from '@furlong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { fieldValuesKey } from './field-values';

/** POST /api/admin/custom-fields/{id}/values: one field on many records, all or nothing. */
export function useBulkValues() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fieldId, values }: { fieldId: number; values: BulkCustomValuesRequest['values'] }) =>
      sendJson<BulkCustomValuesResponse>('POST', `/admin/custom-fields/${fieldId}/values`, { values }),
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: fieldValuesKey(result.field.id) });
      void client.invalidateQueries({ queryKey: ['custom-fields', 'record', result.field.table] });
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
