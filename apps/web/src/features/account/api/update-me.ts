import type { MeResponse, UpdateMeRequest } from '@furlong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

export const updateMe = (body: UpdateMeRequest) => sendJson<MeResponse>('PATCH', '/me', body);

/** PATCH /api/me; the session query takes the answer. */
export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateMe, onSuccess: (me) => setSession(client, me) });
}
