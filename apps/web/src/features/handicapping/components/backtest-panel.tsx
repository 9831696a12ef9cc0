import type { BacktestResponse, ForecastScore } from '@furlong/contracts';
import { CalibrationChart, calibrationBinsFromApi } from '../../../components/charts/calibration-chart';

const pct = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(1)}%`);
const num = (x: number | null, digits = 3) => (x === null ? '—' : x.toFixed(digits));

/** A $2 flat bet's return as "$1.84 per $1 (−$123.40 on 500 races)". */
function flatBet(score: ForecastScore): string {
  const bet = score.flat_bet;
  if (!bet) return 'no win prices';
  const net = bet.net_cents / 100;
  const sign = net < 0 ? '−' : '+';
  return `$${bet.return_per_dollar.toFixed(2)} per $1 (${sign}$${Math.abs(net).toFixed(2)} on ${bet.races.toLocaleString('en-US')} races)`;
}

/**
 * The back-test's figures side by side — your weights, the spec's, the tote's final odds — and how
 * well calibrated each is: per bin of predicted chance, how often those runners really won.
 */
export function BacktestPanel({ result, updating }: { result: BacktestResponse; updating: boolean }) {
  if (result.races === 0) {
    return <p className="status status-empty">No race has finished yet: there is nothing to test against.</p>;
  }
  return (
    <div className="backtest" aria-busy={updating}>
      <p className="hint">
        {result.races.toLocaleString('en-US')} finished races from {result.first_day} to {result.last_day}, each scored
        with the runners' form as it stood before the race; {result.priced_races.toLocaleString('en-US')} of them ran
        live with a win pool (the tote's figures and the flat bet use those). Computed in {result.compute_ms} ms.
      </p>
      <div className="table-scroll">
        <table className="data-table" aria-label="Back-test">
          <thead>
            <tr>
              <th scope="col">Forecast</th>
              <th scope="col">Races</th>
              <th scope="col">Top pick won</th>
              <th scope="col" title="mean −ln(chance given to the winner); lower is better">
                Log-loss
              </th>
              <th scope="col" title="mean squared error of the chances; lower is better">
                Brier
              </th>
              <th scope="col">$2 win bet on the top pick</th>
              <th scope="col" title="mean |observed − predicted| over the runners; lower is better">
                Calibration error
              </th>
            </tr>
          </thead>
          <tbody>
            {result.scores.map((s) => (
              <tr key={s.name}>
                <th scope="row">{s.label}</th>
                <td>{s.races.toLocaleString('en-US')}</td>
                <td>{pct(s.hit_rate)}</td>
                <td>{num(s.log_loss)}</td>
                <td>{num(s.brier)}</td>
                <td>{flatBet(s)}</td>
                <td>{pct(s.mean_absolute_calibration_error)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CalibrationChart
        caption="Calibration: predicted chance against how often those runners won"
        series={result.scores.map((sc) => ({ name: sc.label, bins: calibrationBinsFromApi(sc.calibration) }))}
      />
    </div>
  );
}
