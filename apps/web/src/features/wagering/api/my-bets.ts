import type { BetListResponse } from '@furlong/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

export const MY_BETS_QUERY_KEY = ['wagering', 'bets'] as const;

export interface BetsQuery {
  /** Whose bets: the session's own (`me`) or a user id (an admin's view; others get 403). */
  userId: number | 'me';
  sort: string;
  order: 'asc' | 'desc';
  limit: number;
}

/** GET /api/me/bets or GET /api/users/{id}/bets, one page sorted by the server. */
export function getBets({ userId, sort, order, limit }: BetsQuery, signal?: AbortSignal): Promise<BetListResponse> {
  const path = userId === 'me' ? '/me/bets' : `/users/${userId}/bets`;
  return getJson<BetListResponse>(path, { sort, order, limit }, signal);
}

export function betsQuery(query: BetsQuery) {
  return queryOptions({
    queryKey: [...MY_BETS_QUERY_KEY, query],
    queryFn: ({ signal }) => getBets(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBets(query: BetsQuery) {
  return useQuery(betsQuery(query));
}
