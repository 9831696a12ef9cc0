import type { NextToPostResponse } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../lib/api-client';
import { useServerClock } from '../lib/server-clock';

/** Races go off and open all day: look again this often while a board is shown. */
export const NEXT_TO_POST_REFRESH_MS = 10_000;
/** Races every board is fetched with (one cache for all pages; each shows as many as it wants). */
export const NEXT_TO_POST_LIMIT = 12;

/** The one cache key of GET /api/next_to_post. */
export const nextToPostKey = ['next-to-post'] as const;

/**
 * GET /api/next_to_post: races not off yet across all tracks (soonest first), races running now
 * and each track's day. Its racing clock stamp sets the shared server clock, so the minutes to post
 * count down as the server's racing clock runs, at its time scale.
 */
export async function getNextToPost(signal?: AbortSignal): Promise<NextToPostResponse> {
  const board = await getJson<NextToPostResponse>('/next_to_post', { limit: NEXT_TO_POST_LIMIT }, signal);
  useServerClock.getState().observe(board.server_time, board.time_scale);
  return board;
}

export function nextToPostQuery() {
  return queryOptions({
    queryKey: nextToPostKey,
    queryFn: ({ signal }) => getNextToPost(signal),
    refetchInterval: NEXT_TO_POST_REFRESH_MS,
  });
}

export function useNextToPost() {
  return useQuery(nextToPostQuery());
}
