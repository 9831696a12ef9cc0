import type { PassLoginCreated, PassLoginInfo, PassLoginStatus } from '@furlong/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/api-client';

export const PASS_POLL_MS = 1000;

/** POST /api/auth/pass: a new pass for this (waiting) device. */
export const createPass = () => sendJson<PassLoginCreated>('POST', '/auth/pass');

export function useCreatePass() {
  return useMutation({ mutationFn: createPass });
}

/**
 * GET /api/auth/pass/{id} every second while pending. When approved, the server has set this
 * device's session cookie and the answer carries the account (the caller stores it).
 */
export function usePassStatus(id: string | undefined) {
  return useQuery({
    queryKey: ['auth', 'pass', id],
    queryFn: ({ signal }) => getJson<PassLoginStatus>(`/auth/pass/${encodeURIComponent(id ?? '')}`, undefined, signal),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'approved' || query.state.error ? false : PASS_POLL_MS),
    retry: false,
    gcTime: 0,
  });
}

export const passInfoQuery = (id: string) =>
  queryOptions({
    queryKey: ['auth', 'pass-info', id],
    queryFn: ({ signal }) => getJson<PassLoginInfo>(`/auth/pass/${encodeURIComponent(id)}/info`, undefined, signal),
    retry: false,
  });

/** GET /api/auth/pass/{id}/info on the approving device. */
export function usePassInfo(id: string, enabled: boolean) {
  return useQuery({ ...passInfoQuery(id), enabled });
}

/** POST /api/auth/pass/{id}/approve or /deny. */
export function useDecidePass(id: string) {
  return useMutation({
    mutationFn: (decision: 'approve' | 'deny') =>
      sendJson<{ status: string }>('POST', `/auth/pass/${encodeURIComponent(id)}/${decision}`),
  });
}
