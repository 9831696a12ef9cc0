import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { setSession } from '../../../lib/session';

export const logOut = () => sendJson<void>('POST', '/auth/logout');

/** POST /api/auth/logout; afterwards nothing cached for the account is kept. */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: logOut,
    onSettled: () => {
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
      setSession(client, null);
    },
  });
}
