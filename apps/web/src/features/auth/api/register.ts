import type { MeResponse, RegisterRequest } from '@furlong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

export const register = (body: RegisterRequest) => sendJson<MeResponse>('POST', '/auth/register', body);

/** POST /api/auth/register: the new account is logged in at once. */
export function useRegister() {
  const client = useQueryClient();
  return useMutation({ mutationFn: register, onSuccess: (me) => setSession(client, me) });
}
