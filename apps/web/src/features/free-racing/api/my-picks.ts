import type { FreePick } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { FREE_QUERY_KEY } from './keys';

export const MY_FREE_PICKS_QUERY_KEY = [...FREE_QUERY_KEY, 'my-picks'] as const;

/** GET /api/free/picks: the signed-in player's picks, newest first. */
export const myFreePicksQuery = queryOptions({
  queryKey: MY_FREE_PICKS_QUERY_KEY,
  queryFn: ({ signal }) => getJson<{ items: FreePick[] }>('/free/picks', undefined, signal),
});

export function useMyFreePicks(signedIn: boolean) {
  return useQuery({ ...myFreePicksQuery, enabled: signedIn });
}
