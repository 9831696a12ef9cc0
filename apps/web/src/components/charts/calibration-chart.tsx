import { type ChartColor, colorAt } from './chart-spec';
import { ScatterChart } from './scatter-chart';

/** One bin of forecasts: those whose predicted probability fell in [from, to). */
export interface CalibrationChartBin {
  /** The bin's bounds, probabilities 0–1. */
  from: number;
  to: number;
  /** Forecasts in the bin (runners, not races). */
  count: number;
  /** Their mean predicted probability, 0–1. */
  meanPredicted: number;
  /** How often they happened (e.g. won), 0–1. */
  observed: number;
}

/** One forecaster's bins, e.g. "Your weights", "Spec weights", "Tote". */
export interface CalibrationChartSeries {
  name: string;
  bins: readonly CalibrationChartBin[];
  color?: ChartColor;
}

export interface CalibrationChartProps {
  /** One forecaster's bins; or give `series` for several. */
  bins?: readonly CalibrationChartBin[];
  /** Several forecasters, drawn side by side (one panel each) or together (`overlay`). */
  series?: readonly CalibrationChartSeries[];
  caption?: string;
  /** One plot with every series in its own colour instead of a panel per series. */
  overlay?: boolean;
  height?: number;
}

const asPercent = (p: number) => `${Math.round(p * 1000) / 10}%`;
const axisPercent = (p: number) => `${Math.round(p * 100)}%`;
const count = (n: number) => n.toLocaleString('en-US');

/** A bin as the API sends it (snake_case; the back-test's `calibration`): empty bins carry nulls. */
export interface CalibrationApiBin {
  from: number;
  to: number;
  count: number;
  mean_predicted: number | null;
  observed: number | null;
}

/** The API's bins as the chart's, empty ones (no forecasts, null figures) left out. */
export function calibrationBinsFromApi(bins: readonly CalibrationApiBin[]): CalibrationChartBin[] {
  return bins.flatMap((b) =>
    b.count > 0 && b.mean_predicted !== null && b.observed !== null
      ? [{ from: b.from, to: b.to, count: b.count, meanPredicted: b.mean_predicted, observed: b.observed }]
      : [],
  );
}

/**
 * Mean absolute calibration error: |observed − mean predicted| averaged over the bins, each weighted
 * by its count (0 for no forecasts). A probability, 0–1.
 */
export function calibrationError(bins: readonly CalibrationChartBin[]): number {
  const total = bins.reduce((n, b) => n + b.count, 0);
  if (total <= 0) return 0;
  return bins.reduce((sum, b) => sum + b.count * Math.abs(b.observed - b.meanPredicted), 0) / total;
}

function points(bins: readonly CalibrationChartBin[]) {
  return bins
    .filter((b) => b.count > 0)
    .map((b) => ({
      x: b.meanPredicted,
      y: b.observed,
      weight: b.count,
      label: count(b.count),
      name: `${asPercent(b.from)}–${asPercent(b.to)}`,
    }));
}

function errorLine(name: string, bins: readonly CalibrationChartBin[]): string {
  const n = bins.reduce((s, b) => s + b.count, 0);
  return `${name}: mean calibration error ${asPercent(calibrationError(bins))} over ${count(n)} forecasts`;
}

/**
 * Predicted probability (x) against observed frequency (y) per bin, with the line y = x where a
 * perfectly calibrated forecaster's points lie. Each point's area and label give the forecasts in
 * its bin. Several series (e.g. your weights, the spec's, the tote) are drawn in panels side by
 * side, or in one plot with `overlay`.
 */
export function CalibrationChart({
  bins,
  series,
  caption = 'Calibration: predicted against observed',
  overlay = false,
  height = 280,
}: CalibrationChartProps) {
  const all: readonly CalibrationChartSeries[] = series ?? (bins ? [{ name: 'Forecast', bins }] : []);
  const common = {
    xLabel: 'Predicted probability',
    yLabel: 'Observed frequency',
    weightLabel: 'Forecasts',
    formatX: axisPercent,
    formatY: axisPercent,
    formatWeight: count,
    // A little past 0 and 1, so a point in the first or last bin is not cut by the frame.
    xRange: [-0.04, 1.04] as const,
    yRange: [-0.04, 1.04] as const,
    diagonal: true,
    height,
    empty: 'No finished races to measure yet.',
  };
  const note =
    'On the dashed line, things happen as often as predicted. Each point’s size and number: the forecasts in its bin.';
  if (overlay || all.length <= 1) {
    return (
      <ScatterChart
        {...common}
        caption={caption}
        series={all.map((s, i) => ({ label: s.name, color: colorAt(i, s.color), points: points(s.bins) }))}
        summary={`${caption}. ${all.map((s) => errorLine(s.name, s.bins)).join('; ')}.`}
        note={`${note} ${all.map((s) => errorLine(s.name, s.bins)).join('; ')}.`}
      />
    );
  }
  return (
    <section className="calibration" aria-label={caption}>
      <h3 className="chart-caption">{caption}</h3>
      <div className="chart-panels">
        {all.map((s, i) => (
          <ScatterChart
            key={s.name}
            {...common}
            caption={s.name}
            series={[{ label: s.name, color: colorAt(i, s.color), points: points(s.bins) }]}
            summary={`${caption}, ${errorLine(s.name, s.bins)}.`}
            note={`${errorLine(s.name, s.bins).replace(`${s.name}: m`, 'M')}.`}
          />
        ))}
      </div>
      <p className="hint chart-note">{note}</p>
    </section>
  );
}
