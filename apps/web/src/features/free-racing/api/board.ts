import type { FreeBoard } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { FREE_QUERY_KEY } from './keys';

/** GET /api/free/boards/{id}: one board (also one of an older set, e.g. a finished race to replay). */
export function freeBoardQuery(boardId: number) {
  return queryOptions({
    queryKey: [...FREE_QUERY_KEY, 'board', boardId] as const,
    queryFn: ({ signal }) => getJson<FreeBoard>(`/free/boards/${boardId}`, undefined, signal),
  });
}

export function useFreeBoardQuery(boardId: number | null) {
  return useQuery({ ...freeBoardQuery(boardId ?? 0), enabled: boardId !== null });
}
