import type { PastPerformanceResponse } from '@furlong/contracts';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { getJson } from '../lib/api-client';

/** The one cache key of GET /api/past_performance/horse_id/{id}. */
export const pastPerformanceKey = (horseId: number) => ['past-performance', horseId] as const;

/** GET /api/past_performance/horse_id/{id}: a horse's form figures and its most recent starts. */
export const getPastPerformance = (horseId: number, signal?: AbortSignal) =>
  getJson<PastPerformanceResponse>(`/past_performance/horse_id/${horseId}`, undefined, signal);

export function pastPerformanceQuery(horseId: number) {
  return queryOptions({
    queryKey: pastPerformanceKey(horseId),
    queryFn: ({ signal }) => getPastPerformance(horseId, signal),
    // Figures change only when one of the horse's races finishes.
    staleTime: 60_000,
  });
}

/** One horse's past performance; idle until `horseId` is positive (or while `enabled` is false). */
export function usePastPerformance(horseId: number, enabled = true) {
  return useQuery({ ...pastPerformanceQuery(horseId), enabled: enabled && horseId > 0 });
}

/** The past performance of each horse, in the order given. */
export function usePastPerformances(horseIds: readonly number[]) {
  return useQueries({ queries: horseIds.map((id) => pastPerformanceQuery(id)) });
}
