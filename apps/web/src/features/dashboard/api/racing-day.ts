import type { RacingDay } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** Handle and payouts move with every bet and result: look again this often while shown. */
export const RACING_DAY_REFRESH_MS = 15_000;

export async function getRacingDay(date: string | undefined, signal?: AbortSignal): Promise<RacingDay> {
  return getJson<RacingDay>('/racing_day', { date }, signal);
}

/** GET /api/racing_day: the day's handle and its biggest payouts (today by the server's clock without a date). */
export function racingDayQuery(date: string | undefined) {
  return queryOptions({
    queryKey: ['racing-day', date ?? 'today'],
    queryFn: ({ signal }) => getRacingDay(date, signal),
    refetchInterval: RACING_DAY_REFRESH_MS,
  });
}

export function useRacingDay(date: string | undefined, enabled = true) {
  return useQuery({ ...racingDayQuery(date), enabled });
}
