import type { CatalogKindName } from '@furlong/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import type { CatalogRow } from './catalog-list';

export function catalogRecordQuery(kind: CatalogKindName, id: number) {
  return queryOptions({
    queryKey: ['catalog', kind, 'record', id],
    queryFn: ({ signal }) => getJson<CatalogRow>(`/${kind}/${id}`, undefined, signal),
    staleTime: 60_000,
  });
}

export function useCatalogRecord(kind: CatalogKindName, id: number) {
  return useQuery({ ...catalogRecordQuery(kind, id), enabled: Number.isInteger(id) && id > 0 });
}

export interface PastPerformance {
  horse_id: number;
  horse_name: string;
  starts: number;
  wins: number;
  win_pct_horse: number;
  avg_speed_figure_horse: number;
  earnings_cents: number;
  last_race_time_ms: number | null;
  last_race_date: string | null;
  win_percentage_jockey: number;
  recent_starts: {
    race_id: number;
    race_name: string;
    race_date: string;
    location: string;
    furlongs: number;
    surface_type: string;
    track_condition: string;
    num_horses: number;
    finish_position: number;
    post_position: number;
    finish_time_ms: number;
    speed_figure: number;
    earnings_cents: number;
  }[];
}

export function usePastPerformance(horseId: number, enabled = true) {
  return useQuery({
    queryKey: ['past-performance', horseId],
    queryFn: ({ signal }) => getJson<PastPerformance>(`/past_performance/horse_id/${horseId}`, undefined, signal),
    enabled: enabled && horseId > 0,
    staleTime: 60_000,
  });
}
