import type { FreeBoard } from '@furlong/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { useFreeBoardStore } from '../hooks/free-board-store';
import { FREE_QUERY_KEY } from './keys';

/** POST /api/free/boards/{id}/start: starts the race for everyone (again: the race as it is). */
export const startFreeRace = (boardId: number) => sendJson<FreeBoard>('POST', `/free/boards/${boardId}/start`);

export function useStartFreeRace() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startFreeRace,
    onSuccess: async (board) => {
      useFreeBoardStore.getState().received(board);
      await client.invalidateQueries({ queryKey: FREE_QUERY_KEY });
    },
  });
}
