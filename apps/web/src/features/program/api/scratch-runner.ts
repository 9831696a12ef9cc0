import type { ScratchRequest, ScratchResult } from '@furlong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentRaceKey } from '../../../api/current-race';
import { sendJson } from '../../../lib/api-client';

/** POST /api/admin/current_races/{id}/scratches (admins): scratch a runner before the off. */
export const scratchRunner = (raceId: number, request: ScratchRequest) =>
  sendJson<ScratchResult>('POST', `/admin/current_races/${raceId}/scratches`, request);

/** Scratches a runner of `raceId`; the race is read again afterwards (its card shows SCR). */
export function useScratchRunner(raceId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: ScratchRequest) => scratchRunner(raceId, request),
    onSettled: () => client.invalidateQueries({ queryKey: currentRaceKey(raceId) }),
  });
}
