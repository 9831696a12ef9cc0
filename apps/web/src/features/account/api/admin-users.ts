import type { AdminUserRow, ListResponse } from '@furlong/contracts';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** GET /api/admin/users (admins only). */
export function useAdminUsers(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'users'],
    queryFn: ({ signal }) => getJson<ListResponse<AdminUserRow>>('/admin/users', { limit: 500 }, signal),
    enabled,
  });
}
