import type { FreeBoard } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { FREE_QUERY_KEY } from './keys';

export const FREE_BOARDS_QUERY_KEY = [...FREE_QUERY_KEY, 'boards'] as const;
// The set changes when its boards finish and a new one is made: read it again now and then.
const REFRESH_MS = 15_000;

/** GET /api/free/boards: the current set of free boards with their odds now. */
export const freeBoardsQuery = queryOptions({
  queryKey: FREE_BOARDS_QUERY_KEY,
  queryFn: ({ signal }) => getJson<{ items: FreeBoard[] }>('/free/boards', undefined, signal),
  refetchInterval: REFRESH_MS,
});

export function useFreeBoards() {
  return useQuery(freeBoardsQuery);
}
