import type { CreateHorseRequest, StableHorse } from '@furlong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { STABLE_QUERY_KEY } from './stable-dashboard';

export const createHorse = (body: CreateHorseRequest) => sendJson<StableHorse>('POST', '/stable/horses', body);

/** POST /api/stable/horses (201: the new horse, its abilities drawn by the server); the stable is read again. */
export function useCreateHorse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createHorse,
    onSuccess: () => client.invalidateQueries({ queryKey: STABLE_QUERY_KEY }),
  });
}
