import type { FreePick } from '@furlong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { FREE_QUERY_KEY } from './keys';

export interface FreePickInput {
  boardId: number;
  post: number;
}

/** POST /api/free/boards/{id}/picks: the player's free pick on a board (a new one replaces it). */
export const pickFreeHorse = ({ boardId, post }: FreePickInput) =>
  sendJson<FreePick>('POST', `/free/boards/${boardId}/picks`, { post });

export function usePickFreeHorse() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: pickFreeHorse,
    onSuccess: () => client.invalidateQueries({ queryKey: FREE_QUERY_KEY }),
  });
}
