import type { FreeLeaderBoard, FreeLeaderPeriod } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { FREE_QUERY_KEY } from './keys';

/** GET /api/free/leader-board?period=: players by free-race points, today's or all time. */
export function freeLeaderBoardQuery(period: FreeLeaderPeriod) {
  return queryOptions({
    queryKey: [...FREE_QUERY_KEY, 'leader-board', period] as const,
    queryFn: ({ signal }) => getJson<FreeLeaderBoard>('/free/leader-board', { period }, signal),
    refetchInterval: 30_000,
  });
}

export function useFreeLeaderBoard(period: FreeLeaderPeriod) {
  return useQuery(freeLeaderBoardQuery(period));
}
