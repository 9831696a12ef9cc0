import type { AuditPage } from '@furlong/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export interface AuditView {
  table_name?: string;
  limit: number;
  offset: number;
}

/** GET /api/admin/audit (admins only), newest first. */
export function useAuditLog(view: AuditView, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'audit', view],
    queryFn: ({ signal }) => getJson<AuditPage>('/admin/audit', { ...view }, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
