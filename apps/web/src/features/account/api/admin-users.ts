import type {
  AdminUpdateUserRequest,
  AdminUserRow,
  AdminUserSort,
  ListResponse,
  WalletAdjustmentRequest,
  WalletAdjustmentResponse,
} from '@furlong/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/api-client';

const ADMIN_USERS_KEY = ['admin', 'users'] as const;

export interface AdminUsersView {
  q: string;
  sort: AdminUserSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** GET /api/admin/users (admins only): searched, sorted, a page at a time (the last page shown while the next loads). */
export function useAdminUsers(view: AdminUsersView, enabled: boolean) {
  return useQuery({
    queryKey: [...ADMIN_USERS_KEY, view],
    queryFn: ({ signal }) =>
      getJson<ListResponse<AdminUserRow>>(
        '/admin/users',
        { q: view.q.trim() || undefined, sort: view.sort, order: view.order, limit: view.limit, offset: view.offset },
        signal,
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** After any admin change of a user: the table, and the audit log, are read again. */
function useAfterAdminChange() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
    void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
  };
}

/** PATCH /api/admin/users/{id} */
export function useUpdateUser() {
  const done = useAfterAdminChange();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & AdminUpdateUserRequest) =>
      sendJson<AdminUserRow>('PATCH', `/admin/users/${id}`, body),
    onSettled: done,
  });
}

/** DELETE /api/admin/users/{id} (soft). */
export function useDeleteUser() {
  const done = useAfterAdminChange();
  return useMutation({
    mutationFn: (id: number) => sendJson<AdminUserRow>('DELETE', `/admin/users/${id}`),
    onSettled: done,
  });
}

/** POST /api/admin/users/{id}/wallet-adjustments */
export function useAdjustWallet() {
  const done = useAfterAdminChange();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & WalletAdjustmentRequest) =>
      sendJson<WalletAdjustmentResponse>('POST', `/admin/users/${id}/wallet-adjustments`, body),
    onSettled: done,
  });
}
