import type { AdminUserRow, ListResponse, SetUserRoleRequest } from '@furlong/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/api-client';

const ADMIN_USERS_KEY = ['admin', 'users'] as const;

/** GET /api/admin/users (admins only). */
export function useAdminUsers(enabled: boolean) {
  return useQuery({
    queryKey: ADMIN_USERS_KEY,
    queryFn: ({ signal }) => getJson<ListResponse<AdminUserRow>>('/admin/users', { limit: 500 }, signal),
    enabled,
  });
}

/** PUT /api/admin/users/{id}/role (admins only); the list is read again after. */
export function useSetUserRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number } & SetUserRoleRequest) =>
      sendJson<AdminUserRow>('PUT', `/admin/users/${id}/role`, { role }),
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_USERS_KEY }),
  });
}
