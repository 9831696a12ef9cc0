import type { FairOddsCalibration } from '@furlong/contracts';
import { useQuery } from '@tanstack/react-query';
import { CalibrationChart, calibrationBinsFromApi } from '../../../components/charts/calibration-chart';
import { EmptyState, ErrorMessage, Loading } from '../../../components/ui/status';
import { getJson } from '../../../lib/api-client';

/**
 * Whether the engine's fair odds are right: over the finished races that had them, the runners'
 * fair win chance bin by bin against how often they won (GET /api/handicapping/fair_odds_calibration).
 */
export function FairOddsCalibrationSection() {
  const calibration = useQuery({
    queryKey: ['handicapping', 'fair-odds-calibration'],
    queryFn: ({ signal }) => getJson<FairOddsCalibration>('/handicapping/fair_odds_calibration', undefined, signal),
    staleTime: 60_000,
  });
  const data = calibration.data;
  return (
    <section aria-labelledby="fair-calibration-h">
      <h2 id="fair-calibration-h">Are the fair odds right?</h2>
      {calibration.isPending ? (
        <Loading text="Checking the fair odds against the results..." />
      ) : !data ? (
        <ErrorMessage error={calibration.error} />
      ) : data.races === 0 ? (
        <EmptyState>No race with fair odds has finished yet: the check starts with the first one.</EmptyState>
      ) : (
        <>
          <p className="hint">
            Over {data.races.toLocaleString('en-US')} finished races ({data.runners.toLocaleString('en-US')} runners),
            the engine's fair win chances were off by{' '}
            {data.mean_absolute_error === null ? '—' : `${(data.mean_absolute_error * 100).toFixed(1)}`} percentage
            points on average, bin by bin. A real track's odds can only guess at the true chances; here they are
            measured.
          </p>
          <CalibrationChart
            caption="Fair odds: predicted chance against how often those runners won"
            series={[{ name: 'Fair odds', bins: calibrationBinsFromApi(data.bins) }]}
          />
        </>
      )}
    </section>
  );
}
