import type { LoginLinkCreated } from '@furlong/contracts';
import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';

/** POST /api/me/login-link: a one-time signed link (60 s) that logs another device into this account. */
export function useLoginLink() {
  return useMutation({ mutationFn: () => sendJson<LoginLinkCreated>('POST', '/me/login-link') });
}
