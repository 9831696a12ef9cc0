import type {
  BacktestResponse,
  PredictorFieldResponse,
  PredictorWeights,
  PredictorWeightsResponse,
} from '@furlong/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../../lib/api-client';

const MY_WEIGHTS_KEY = ['handicapping', 'my-weights'] as const;

/** GET /api/current_races/{id}/predictor: the starters with their form; idle until `raceId` is an id. */
export function usePredictorField(raceId: number | null) {
  return useQuery({
    queryKey: ['handicapping', 'field', raceId],
    queryFn: ({ signal }) => getJson<PredictorFieldResponse>(`/current_races/${raceId}/predictor`, undefined, signal),
    enabled: raceId !== null,
    staleTime: 60_000,
  });
}

/** GET /api/me/predictor_weights (members only). */
export function useMyWeights(enabled: boolean) {
  return useQuery({
    queryKey: MY_WEIGHTS_KEY,
    queryFn: ({ signal }) => getJson<PredictorWeightsResponse>('/me/predictor_weights', undefined, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** PUT /api/me/predictor_weights. */
export function useSaveWeights() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (weights: PredictorWeights) =>
      sendJson<PredictorWeightsResponse>('PUT', '/me/predictor_weights', weights),
    onSuccess: (saved) => client.setQueryData(MY_WEIGHTS_KEY, saved),
  });
}

/** GET /api/handicapping/backtest for these weights; the last answer stays on screen while the next loads. */
export function useBacktest(weights: PredictorWeights) {
  return useQuery({
    queryKey: ['handicapping', 'backtest', weights],
    queryFn: ({ signal }) => getJson<BacktestResponse>('/handicapping/backtest', { ...weights }, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
