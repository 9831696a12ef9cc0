import { useQueries } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';

/** GET /api/past_performance/horse_id/{id}: numeric columns may come as text (PostgreSQL numeric). */
export interface PastPerformanceRecord {
  horse_id: number;
  horse_name: string;
  jockey_id: number | null;
  starts: number | string;
  wins: number | string;
  win_pct_horse: number | string;
  avg_speed_figure_horse: number | string | null;
  earnings_cents: number | string;
  last_race_time_ms: number | string | null;
  last_race_date: string | null;
  win_percentage_jockey: number | string;
}

export const getPastPerformance = (horseId: number, signal?: AbortSignal) =>
  getJson<PastPerformanceRecord>(`/past_performance/horse_id/${horseId}`, undefined, signal);

/** The form figures of each horse; a horse whose figures fail to load is left out (spec §8). */
export function usePastPerformances(horseIds: readonly number[]) {
  return useQueries({
    queries: horseIds.map((id) => ({
      queryKey: ['wagering', 'past-performance', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => getPastPerformance(id, signal),
      staleTime: 60_000,
    })),
  });
}
