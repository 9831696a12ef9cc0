import type { LoginRequest, MeResponse } from '@furlong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

export const logIn = (body: LoginRequest) => sendJson<MeResponse>('POST', '/auth/login', body);

/** POST /api/auth/login; on success the session query holds the account. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({ mutationFn: logIn, onSuccess: (me) => setSession(client, me) });
}
